import * as z from 'zod/mini';
import type { Database } from '#server/db/database.ts';
import { defineJob, type JobLog, type JobQueue, type SendOptions } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import type { Mailer, OutgoingMail } from '#server/platform/mail.ts';
import * as contactMessagesRepository from './contact-messages-repository.ts';
import type { ContactMessageRow, MailOutcome } from './contact-messages-repository.ts';

/**
 * The contact form's outbox. The API stores a message, then queues a `contact-mail` job for it; the
 * job mails it to the product's inbox and records `mailed_at`. A mail failure loses nothing: the job
 * retries with backoff, and a sweep every 10 minutes queues again any message still unmailed after
 * 10 minutes, which also covers a job that could not be queued at all.
 */

export interface ContactMailDependencies {
  db: Database;
  mailer: Mailer;
  /** Where contact messages are mailed (CONTACT_INBOX). */
  contactInbox: string;
  log: JobLog;
}

/** The mail of a stored message: plain text, so the inbox shows exactly what the sender typed. */
export function contactMailOf(row: ContactMessageRow, contactInbox: string): OutgoingMail {
  return {
    id: row.id,
    to: contactInbox,
    replyTo: { name: row.name, address: row.email },
    subject: `[Vitrine contact] ${row.subject}`,
    text: [
      `Name: ${row.name}`,
      `E-mail: ${row.email}`,
      `Language: ${row.language}`,
      ...(row.store === null ? [] : [`Store: ${row.store}`]),
      `Subject: ${row.subject}`,
      `Sent: ${row.createdAt.toISOString()}`,
      `Message id: ${row.id}`,
      '',
      row.message,
      '',
    ].join('\n'),
  };
}

/**
 * Mails one stored message unless it has been mailed already (a retry, or the sweep's job running
 * after the first one succeeded) or another run is mailing it right now (the sweep's job and the
 * first one at once); a message that no longer exists (its sender deleted their account) is nothing
 * to do. Throws when the mail could not be sent, so that the job is retried.
 */
export async function mailContactMessage(
  deps: Pick<ContactMailDependencies, 'db' | 'mailer' | 'contactInbox'>,
  messageId: string,
): Promise<MailOutcome> {
  return contactMessagesRepository.mailOnce(deps.db, messageId, (row) =>
    deps.mailer.send(contactMailOf(row, deps.contactInbox)),
  );
}

/**
 * Retries after 30 s, then doubling with jitter, five times: about half an hour of attempts, after
 * which the sweep takes over at one attempt every 10 minutes for as long as the message is unmailed.
 */
export const contactMailJob = defineJob({
  name: 'contact-mail',
  payload: z.object({ messageId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  retentionDays: 14,
  concurrency: 2,
  async handle(run, deps: ContactMailDependencies) {
    const { messageId } = run.payload;
    const attempt = { jobId: run.id, attempt: run.retryCount + 1, retryLimit: run.retry.limit };
    try {
      const outcome = await mailContactMessage(deps, messageId);
      deps.log.info({ messageId, outcome, ...attempt }, 'contact message');
    } catch (error) {
      const details = { err: error, messageId, ...attempt };
      // The message is safe in the database either way; the sweep keeps trying after the last retry.
      if (run.lastAttempt) {
        deps.log.error(details, 'contact message not mailed; the sweep will try again');
        reportError(error, {
          extra: { job: contactMailJob.name, ...attempt, lastAttempt: run.lastAttempt },
        });
      } else {
        deps.log.warn(details, 'contact message not mailed; retrying');
      }
      throw error;
    }
  },
});

/** A message this old and still unmailed has lost its job, or its job has run out of attempts. */
export const unmailedAfterMs = 10 * 60 * 1000;
/** At most this many messages are queued again per sweep; the next sweep takes the rest. */
const sweepBatchSize = 100;

/**
 * The sweep's own mail jobs are not retried: the next sweep is their retry. Retried ones would pile
 * up a new chain of attempts for the same message every 10 minutes while the inbox is unreachable.
 */
const sweptJobOptions: SendOptions = { retry: { limit: 0 } };

/** Queues again every message still unmailed after `unmailedAfterMs`; returns how many. */
export async function sweepUnmailedContactMessages(
  queue: JobQueue,
  db: Database,
  now = new Date(),
): Promise<number> {
  const ids = await contactMessagesRepository.findUnmailedIds(
    db,
    new Date(now.getTime() - unmailedAfterMs),
    sweepBatchSize,
  );
  for (const messageId of ids) await queue.send(contactMailJob, { messageId }, sweptJobOptions);
  return ids.length;
}

export interface ContactMailSweepDependencies {
  db: Database;
  jobs: JobQueue;
  log: JobLog;
}

/** Every 10 minutes, the unmailed messages go back to the outbox. */
export const contactMailSweepJob = defineJob({
  name: 'contact-mail-sweep',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  schedule: { cron: '*/10 * * * *', payload: {} },
  async handle(_run, deps: ContactMailSweepDependencies) {
    const queued = await sweepUnmailedContactMessages(deps.jobs, deps.db);
    if (queued > 0) deps.log.warn({ queued }, 'unmailed contact messages queued again');
  },
});
