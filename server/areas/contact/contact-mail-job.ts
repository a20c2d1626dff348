import type { Database } from '../../db/database.ts';
import * as contactMessagesRepository from './contact-messages-repository.ts';
import type { ContactMessageRow } from './contact-messages-repository.ts';
import { reportError } from '../../platform/error-reporting.ts';
import type { Mailer, OutgoingMail } from '../../platform/mail.ts';
import type { JobLog, JobOptions, JobQueue } from '../../jobs/job-queue.ts';

/**
 * The contact form's outbox (issue 4 §3). The API stores a message, then queues a `contact-mail` job
 * for it; this worker mails it to the product's inbox and records `mailed_at`. A mail failure loses
 * nothing: the job retries with backoff, and a sweep every 10 minutes queues again any message still
 * unmailed after 10 minutes, which also covers a job that could not be queued at all.
 */
export const contactMailQueue = 'contact-mail';
export const contactMailSweepQueue = 'contact-mail-sweep';

export interface ContactMailJobData {
  messageId: string;
}

export interface ContactMailDependencies {
  db: Database;
  mailer: Mailer;
  /** Where contact messages are mailed (CONTACT_INBOX). */
  contactInbox: string;
  log: JobLog;
}

/**
 * Retries after 30 s, then doubling with jitter, five times: about half an hour of attempts, after
 * which the sweep takes over at one attempt every 10 minutes for as long as the message is unmailed.
 */
export const contactMailJobOptions: JobOptions = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  retentionDays: 14,
};

/**
 * The sweep's own jobs are not retried: the next sweep is their retry. Retried ones would pile up a
 * new chain of attempts for the same message every 10 minutes while the inbox is unreachable.
 */
const sweptJobOptions: JobOptions = { retryLimit: 0, retentionDays: 14 };

export const sweepIntervalCron = '*/10 * * * *';
/** A message this old and still unmailed has lost its job, or its job has run out of attempts. */
export const unmailedAfterMs = 10 * 60 * 1000;
/** At most this many messages are queued again per sweep; the next sweep takes the rest. */
const sweepBatchSize = 100;

export async function sendContactMailJob(
  queue: JobQueue,
  messageId: string,
  options: JobOptions = contactMailJobOptions,
): Promise<void> {
  const data: ContactMailJobData = { messageId };
  await queue.send(contactMailQueue, data, options);
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
 * after the first one succeeded); a message that no longer exists (its sender deleted their account)
 * is nothing to do. Throws when the mail could not be sent, so that pg-boss retries.
 */
export async function mailContactMessage(
  deps: ContactMailDependencies,
  messageId: string,
): Promise<'mailed' | 'already mailed' | 'gone'> {
  const row = await contactMessagesRepository.findContactMessage(deps.db, messageId);
  if (row === undefined) return 'gone';
  if (row.mailedAt !== null) return 'already mailed';
  await contactMessagesRepository.recordMailAttempt(deps.db, messageId);
  await deps.mailer.send(contactMailOf(row, deps.contactInbox));
  await contactMessagesRepository.markMailed(deps.db, messageId, new Date());
  return 'mailed';
}

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
  for (const id of ids) await sendContactMailJob(queue, id, sweptJobOptions);
  return ids.length;
}

export async function registerContactMailWorker(
  queue: JobQueue,
  deps: ContactMailDependencies,
): Promise<void> {
  await queue.work<ContactMailJobData>(contactMailQueue, async (job) => {
    const attempt = { jobId: job.id, attempt: job.retryCount + 1, retryLimit: job.retryLimit };
    try {
      const outcome = await mailContactMessage(deps, job.data.messageId);
      deps.log.info({ messageId: job.data.messageId, outcome, ...attempt }, 'contact message');
    } catch (error) {
      const lastAttempt = job.retryCount >= job.retryLimit;
      const details = { err: error, messageId: job.data.messageId, ...attempt };
      // The message is safe in the database either way; the sweep keeps trying after the last retry.
      if (lastAttempt) {
        deps.log.error(details, 'contact message not mailed; the sweep will try again');
        reportError(error, { extra: { job: contactMailQueue, ...attempt, lastAttempt } });
      } else {
        deps.log.warn(details, 'contact message not mailed; retrying');
      }
      throw error;
    }
  });

  await queue.work(contactMailSweepQueue, async () => {
    const queued = await sweepUnmailedContactMessages(queue, deps.db);
    if (queued > 0) deps.log.warn({ queued }, 'unmailed contact messages queued again');
  });
  // pg-boss keeps one schedule per queue name, so every instance may set it on start.
  await queue.schedule(contactMailSweepQueue, sweepIntervalCron);
}
