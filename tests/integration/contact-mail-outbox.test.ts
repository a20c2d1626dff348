import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '#server/areas/contact/form-token.ts';
import * as contactMessagesRepository from '#server/areas/contact/contact-messages-repository.ts';
import {
  mailContactMessage,
  contactMailJob,
  sweepUnmailedContactMessages,
} from '#server/areas/contact/contact-mail-job.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { createMailer, type Mailer, type OutgoingMail } from '#server/platform/mail.ts';
import { bearer } from '../support/api-test-app.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import { emulatorHost } from '../support/integration-services.ts';
import { closedPortUrl } from './bff-test-harness.ts';
import {
  contactInbox,
  contactRow,
  mailFrom,
  startContactApi,
  writtenMails,
  type ContactTestContext,
} from './contact-test-support.ts';
import { eventually } from '../support/eventually.ts';

/**
 * The contact outbox: a mail failure loses no message. The worker retries a failed send with
 * backoff, the sweep queues again what is left unmailed, and a message whose job could not even be
 * queued is still stored and mailed later.
 */

let api: ContactTestContext;
let failingMailer: Mailer;
/** How many more sends of each mail (by its id) go to an SMTP server that is not there. */
const failuresLeft = new Map<string, number>();
const smtpPassword = 'smtp-password-never-logged';

beforeAll(async () => {
  const closedPort = new URL(await closedPortUrl()).port;
  failingMailer = createMailer({
    mode: 'production',
    mail: {
      smtpUrl: `smtp://vitrine:${smtpPassword}@127.0.0.1:${closedPort}`,
      from: mailFrom,
      contactInbox,
    },
  });
  api = await startContactApi({
    wrapMailer: (localMailer) => ({
      async send(mail: OutgoingMail) {
        const failures = failuresLeft.get(mail.id) ?? 0;
        if (failures === 0) return localMailer.send(mail);
        failuresLeft.set(mail.id, failures - 1);
        return failingMailer.send(mail);
      },
      close: () => localMailer.close(),
    }),
  });
});

afterAll(async () => {
  await api?.close();
  failingMailer?.close();
});

/** Retries one second apart, so that a test sees them. */
const quickRetries = { retry: { limit: 2, delaySeconds: 1, backoff: false } };

async function storedMessage(subject = 'Outbox test'): Promise<string> {
  const user = await createEmailUser(emulatorHost());
  const row = await contactMessagesRepository.insertWithinLimit(
    api.database.db,
    {
      uid: user.uid,
      name: 'Sam Sender',
      email: user.email,
      subject,
      message: 'A message that must reach the inbox.',
      language: 'en',
    },
    { maxPerWindow: 5, windowStart: new Date(Date.now() - 3_600_000) },
  );
  if (row === undefined) throw new Error('the message was not stored');
  return row.id;
}

function mailsOf(messageId: string) {
  return writtenMails(api.mailDir).then((mails) =>
    mails.filter(({ file }) => file.includes(messageId)),
  );
}

describe('the contact-mail worker', () => {
  it('retries a send that failed and records the mail once it went', async () => {
    const messageId = await storedMessage();
    failuresLeft.set(messageId, 1);

    await api.jobs.send(contactMailJob, { messageId }, quickRetries);

    const mailed = await eventually(
      'the message to be mailed',
      () => contactRow(api.database, messageId),
      (row) => row !== undefined && row.mailed_at !== null,
    );
    expect(mailed?.attempts).toBe(2);
    expect(await mailsOf(messageId)).toHaveLength(1);
    const failure = api.workerLog.find(
      (entry) =>
        entry.level === 'warn' && (entry.details as { messageId?: string }).messageId === messageId,
    );
    expect(failure?.message).toBe('contact message not mailed; retrying');
    expect(String((failure?.details as { err?: unknown }).err)).toMatch(/ECONNREFUSED/);
    // Neither the log nor the error the job keeps quotes the SMTP account.
    const withErrors = (_key: string, value: unknown) =>
      value instanceof Error ? { ...value, message: value.message, stack: value.stack } : value;
    expect(JSON.stringify(api.workerLog, withErrors)).not.toContain(smtpPassword);
    const jobOutputs = await api.database.pool.query<{ output: unknown }>(
      `select output from ${api.jobSchema}.job where data->>'messageId' = $1`,
      [messageId],
    );
    expect(JSON.stringify(jobOutputs.rows)).not.toContain(smtpPassword);
  });

  it('keeps the message when every retry failed, and the sweep mails it later', async () => {
    const messageId = await storedMessage();
    failuresLeft.set(messageId, 3);

    await api.jobs.send(contactMailJob, { messageId }, quickRetries);

    await eventually(
      'the worker to log the failed attempt',
      async () => api.workerLog,
      (log) =>
        log.some(
          (entry) =>
            entry.level === 'error' &&
            (entry.details as { messageId?: string }).messageId === messageId,
        ),
    );
    expect(await contactRow(api.database, messageId)).toMatchObject({
      mailed_at: null,
      attempts: 3,
    });

    // Far in the past, so that only this test's sweep (with its own clock) can see it; eleven
    // minutes later as the sweep sees it, the SMTP server is back.
    const base = new Date('2003-01-01T00:00:00Z');
    await setCreatedAt(messageId, base);
    const queued = await sweepUnmailedContactMessages(
      api.jobs,
      api.database.db,
      new Date(base.getTime() + 11 * 60_000),
    );

    expect(queued).toBe(1);
    const mailed = await eventually(
      'the message to be mailed after its retries',
      () => contactRow(api.database, messageId),
      (row) => row !== undefined && row.mailed_at !== null,
    );
    expect(mailed?.attempts).toBe(4);
    expect(await mailsOf(messageId)).toHaveLength(1);
  });

  it('does nothing for a message mailed already or deleted since', async () => {
    const sent: OutgoingMail[] = [];
    const recordingMailer: Mailer = { send: async (mail) => void sent.push(mail), close() {} };
    const deps = {
      db: api.database.db,
      mailer: recordingMailer,
      contactInbox,
      log: { info() {}, warn() {}, error() {} },
    };
    const messageId = await storedMessage();

    expect(await mailContactMessage(deps, messageId)).toBe('mailed');
    expect(await mailContactMessage(deps, messageId)).toBe('already mailed');
    await api.database.pool.query('delete from contact_messages where id = $1', [messageId]);
    expect(await mailContactMessage(deps, messageId)).toBe('gone');

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      id: messageId,
      to: contactInbox,
      replyTo: { name: 'Sam Sender', address: expect.stringMatching(/@example\.com$/) },
      subject: '[Vitrine contact] Outbox test',
    });
  });
});

describe("two runs mailing the same message at once (its job and a sweep's, or two workers)", () => {
  it('mail it once: the second finds it being mailed and leaves it', async () => {
    const sent: OutgoingMail[] = [];
    let releaseFirstSend = () => {};
    const firstSendHeld = new Promise<void>((resolve) => (releaseFirstSend = resolve));
    // The first send waits until the second run is over, so the two overlap for certain.
    const holdingMailer: Mailer = {
      async send(mail) {
        sent.push(mail);
        if (sent.length === 1) await firstSendHeld;
      },
      close() {},
    };
    const deps = { db: api.database.db, mailer: holdingMailer, contactInbox };
    const messageId = await storedMessage();

    const first = mailContactMessage(deps, messageId);
    await eventually(
      'one mail to be sent',
      async () => sent.length,
      (count) => count === 1,
    );
    const second = await mailContactMessage(deps, messageId);
    releaseFirstSend();

    expect(await first).toBe('mailed');
    expect(second).toBe('being mailed');
    expect(sent).toHaveLength(1);
    expect(await contactRow(api.database, messageId)).toMatchObject({
      mailed_at: expect.any(Date),
      attempts: 1,
    });
  });
});

describe('the sweep', () => {
  it('queues messages left unmailed for ten minutes, not newer or mailed ones', async () => {
    const [unmailed, recent, mailed] = await Promise.all([
      storedMessage('Unmailed'),
      storedMessage('Recent'),
      storedMessage('Mailed'),
    ]);
    // Far in the past, so that only this test's sweep (with its own clock) can see them.
    const base = new Date('2001-01-01T00:00:00Z');
    await setCreatedAt(unmailed, base);
    await setCreatedAt(recent, new Date(base.getTime() + 5 * 60_000));
    await setCreatedAt(mailed, base);
    await api.database.pool.query('update contact_messages set mailed_at = now() where id = $1', [
      mailed,
    ]);

    const queued = await sweepUnmailedContactMessages(
      api.jobs,
      api.database.db,
      new Date(base.getTime() + 12 * 60_000),
    );

    expect(queued).toBe(1);
    await eventually(
      'the unmailed message to be mailed',
      () => contactRow(api.database, unmailed),
      (row) => row !== undefined && row.mailed_at !== null,
    );
    expect(await contactRow(api.database, recent)).toMatchObject({ mailed_at: null, attempts: 0 });
    expect(await mailsOf(mailed)).toEqual([]);
    // Left unmailed in the past, it would be in the way of the next test's sweep.
    await api.database.pool.query('delete from contact_messages where id = $1', [recent]);
  });
});

describe('POST /api/v1/contact when its job cannot be queued', () => {
  let refusingApi: ContactTestContext;

  beforeAll(async () => {
    refusingApi = await startContactApi({
      wrapJobs: (jobs): JobQueue => ({
        ...jobs,
        send: () => Promise.reject(new Error('the job queue is down')),
      }),
    });
  });

  afterAll(async () => {
    await refusingApi?.close();
  });

  it('still answers 201 with the message stored, and the sweep mails it', async () => {
    const user = await createEmailUser(emulatorHost());
    const formToken = await issueFormToken(
      refusingApi.database.db,
      user.uid,
      new Date(Date.now() - 10_000),
    );

    const response = await refusingApi.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: bearer(user.idToken),
      payload: {
        name: 'Sam Sender',
        email: user.email,
        subject: 'Queue down',
        message: 'Nothing may be lost when the queue is down.',
        language: 'en',
        formToken,
      },
    });

    expect(response.statusCode).toBe(201);
    const { messageId } = response.json<{ data: { messageId: string } }>().data;
    expect(await contactRow(refusingApi.database, messageId)).toMatchObject({
      subject: 'Queue down',
      mailed_at: null,
    });

    const base = new Date('2000-01-01T00:00:00Z');
    await setCreatedAt(messageId, base);
    // The real queue (the worker's) is fine; only the API's sends were refused.
    const queued = await sweepUnmailedContactMessages(
      refusingApi.jobs,
      refusingApi.database.db,
      new Date(base.getTime() + 11 * 60_000),
    );

    expect(queued).toBe(1);
    await eventually(
      'the message to be mailed by the refusing server',
      () => contactRow(refusingApi.database, messageId),
      (row) => row !== undefined && row.mailed_at !== null,
    );
    const mails = (await writtenMails(refusingApi.mailDir)).filter(({ file }) =>
      file.includes(messageId),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Nothing may be lost when the queue is down.');
  });
});

async function setCreatedAt(messageId: string, createdAt: Date): Promise<void> {
  await api.database.pool.query('update contact_messages set created_at = $2 where id = $1', [
    messageId,
    createdAt,
  ]);
}
