import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { contactFormRules, type ContactMessageBody } from '#shared/schemas/contact.ts';
import type { Database } from '#server/db/database.ts';
import * as contactMessagesRepository from './contact-messages-repository.ts';
import { contactMailJob } from './contact-mail-job.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { checkFormToken } from './form-token.ts';

export interface SubmitContactMessageDependencies {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

const hourMs = 60 * 60 * 1000;

/**
 * Stores a contact message, then queues its mail. Storing comes first and is what the
 * 201 promises: once the row exists the message cannot be lost, because the outbox sweep mails any
 * row left unmailed, even when queueing its job failed here.
 *
 * The spam defences run in the order that tells a bot least: a filled honeypot gets the same 201 as
 * a real message (with an id that exists nowhere), before the token or the limit could say anything.
 */
export async function submitContactMessage(
  deps: SubmitContactMessageDependencies,
  uid: string,
  body: ContactMessageBody,
  now = new Date(),
): Promise<{ messageId: string }> {
  if (body.website !== undefined && body.website.trim() !== '') {
    deps.log.info({ uid }, 'contact message dropped: honeypot filled');
    return { messageId: randomUUID() };
  }
  await checkFormToken(deps.db, uid, body.formToken, now);

  const stored = await contactMessagesRepository.insertWithinLimit(
    deps.db,
    {
      uid,
      name: body.name,
      email: body.email,
      subject: body.subject,
      store: body.store ?? null,
      message: body.message,
      language: body.language,
    },
    {
      maxPerWindow: contactFormRules.messagesPerUserPerHour,
      windowStart: new Date(now.getTime() - hourMs),
    },
  );
  if (stored === undefined) {
    throw new AppError('rate_limited', 429, {
      message: `At most ${contactFormRules.messagesPerUserPerHour} messages an hour; try again later`,
    });
  }

  try {
    await deps.jobs.send(contactMailJob, { messageId: stored.id });
  } catch (error) {
    deps.log.warn(
      { err: error, messageId: stored.id },
      'contact mail job not queued; the outbox sweep will mail the stored message',
    );
  }
  return { messageId: stored.id };
}
