import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApiApp } from '#server/api/app.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { contactMailJob } from '#server/areas/contact/contact-mail-job.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { createMailer, type Mailer } from '#server/platform/mail.ts';
import { createTestJobQueue } from '../support/api-test-app.ts';
import { createTestIdentity, openTestDatabase } from '../support/integration-services.ts';

/**
 * The contact tests' API: the real app, a real pg-boss queue in a schema of its own, and the
 * contact-mail worker writing .eml files into a temporary folder as local mode does.
 */

export const contactInbox = 'inbox@vitrine.test';
export const mailFrom = 'Vitrine <no-reply@vitrine.test>';

export interface WorkerLog {
  level: 'info' | 'warn' | 'error';
  details: object;
  message: string;
}

export interface ContactTestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  identity: IdentityProvider;
  jobs: JobQueue;
  /** The pg-boss schema of this context's jobs. */
  jobSchema: string;
  /** Where the local mailer writes; `<mailDir>/mail/*.eml`. */
  mailDir: string;
  /** The console lines the local mailer printed. */
  printed: string[];
  workerLog: WorkerLog[];
  close(): Promise<void>;
}

export interface ContactTestOptions {
  /** Stands between the worker and the local mailer, e.g. to fail a send. */
  wrapMailer?: (mailer: Mailer) => Mailer;
  /** What the API sends jobs with, e.g. a queue that refuses them. */
  wrapJobs?: (jobs: JobQueue) => JobQueue;
}

export async function startContactApi(
  options: ContactTestOptions = {},
): Promise<ContactTestContext> {
  const database = openTestDatabase();
  const identity = createTestIdentity();
  const jobSchema = `pgboss_contact_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const jobs = createTestJobQueue(jobSchema);
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-mail-'));
  const printed: string[] = [];
  const workerLog: WorkerLog[] = [];
  const localMailer = createMailer(
    { mode: 'local', dataDir: mailDir, mail: { from: mailFrom, contactInbox } },
    (line) => printed.push(line),
  );
  const mailer = options.wrapMailer?.(localMailer) ?? localMailer;
  const logAt =
    (level: WorkerLog['level']) =>
    (details: object, message: string): void => {
      workerLog.push({ level, details, message });
    };

  await jobs.start();
  const log = { info: logAt('info'), warn: logAt('warn'), error: logAt('error') };
  await jobs.work(contactMailJob, { db: database.db, mailer, contactInbox, log });
  const app = await buildApiApp({
    database,
    identity,
    jobs: options.wrapJobs?.(jobs) ?? jobs,
    logLevel: 'silent',
  });
  return {
    app,
    database,
    identity,
    jobs,
    jobSchema,
    mailDir,
    printed,
    workerLog,
    async close() {
      await app.close();
      await jobs.stop();
      mailer.close();
      await database.pool.query(`drop schema if exists ${jobSchema} cascade`);
      await identity.close();
      await database.close();
      await fs.rm(mailDir, { recursive: true, force: true });
    },
  };
}

/** The .eml files written so far, as text. */
export async function writtenMails(mailDir: string): Promise<{ file: string; text: string }[]> {
  const directory = path.join(mailDir, 'mail');
  const files = await fs.readdir(directory).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map(async (file) => ({
        file: path.join(directory, file),
        text: await fs.readFile(path.join(directory, file), 'utf8'),
      })),
  );
}

export interface StoredContactMessage {
  id: string;
  uid: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  created_at: Date;
  mailed_at: Date | null;
  attempts: number;
}

export async function contactRowsOf(
  database: DatabaseHandle,
  uid: string,
): Promise<StoredContactMessage[]> {
  const result = await database.pool.query<StoredContactMessage>(
    'select * from contact_messages where uid = $1 order by created_at',
    [uid],
  );
  return result.rows;
}

export async function contactRow(
  database: DatabaseHandle,
  id: string,
): Promise<StoredContactMessage | undefined> {
  const result = await database.pool.query<StoredContactMessage>(
    'select * from contact_messages where id = $1',
    [id],
  );
  return result.rows[0];
}
