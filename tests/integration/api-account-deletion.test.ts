import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWithinLimit } from '#server/areas/contact/contact-messages-repository.ts';
import { issueFormToken } from '#server/areas/contact/form-token.ts';
import { accountDeletionJob } from '#server/areas/account/account-deletion-job.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import {
  bearer,
  errorOf,
  startApiForTests,
  type ApiTestContext,
  insertTestSession,
} from '../support/api-test-app.ts';
import {
  craftIdToken,
  createEmailUser,
  createGoogleUser,
  signInWithPassword,
} from '../support/auth-emulator-users.ts';
import { testProjectId } from '../support/test-environment.ts';
import { eventually } from '../support/eventually.ts';
import { registeredOwner } from '../support/owners-and-stores.ts';

/**
 * Account deletion and the cancellation of an unverified sign-up, against the real
 * PostgreSQL, the real Auth Emulator and the real pg-boss queue with its worker. Firebase failures
 * are made the way firebase-admin reports an unreachable Firebase.
 */

/** How many of the next deleteUser calls fail, by uid. */
const failingFirebaseDeletes = new Map<string, number>();
/**
 * Calls that wait once Firebase said their user is still there (by uid, for the next lookup only):
 * a call let through just before a deletion, that does its work just after, as a second tab or
 * another BFF instance may.
 */
const pausedAfterChecks = new Map<string, Promise<void>>();
/** Users deleted from Firebase right after the next lookup found them, as a racing deletion would. */
const deletedAfterChecks = new Set<string>();
/** When set, the queue refuses every job, as it would with its database down. */
let queueDown = false;
/** When set, the retry limit of the jobs sent, so that a test sees a job run out of attempts. */
let retryLimitOfNextJobs: number | undefined;

function firebaseUnreachable(): Error {
  return Object.assign(new Error('Error while making request: connect ECONNREFUSED'), {
    code: 'app/network-error',
  });
}

let api: ApiTestContext;

beforeAll(async () => {
  api = await startApiForTests({
    wrapIdentity: (identity): IdentityProvider => ({
      ...identity,
      findUser: async (uid) => {
        const user = await identity.findUser(uid);
        const paused = pausedAfterChecks.get(uid);
        pausedAfterChecks.delete(uid);
        if (paused !== undefined) await paused;
        if (deletedAfterChecks.delete(uid)) await identity.deleteUser(uid);
        return user;
      },
      deleteUser: async (uid) => {
        const failures = failingFirebaseDeletes.get(uid) ?? 0;
        if (failures > 0) {
          failingFirebaseDeletes.set(uid, failures - 1);
          throw firebaseUnreachable();
        }
        await identity.deleteUser(uid);
      },
    }),
    wrapJobs: (jobs): JobQueue => ({
      ...jobs,
      // The product's first retry waits a minute; a test waits a second or two.
      send: (job, payload, options) =>
        queueDown
          ? Promise.reject(new Error('connect ECONNREFUSED (job queue)'))
          : jobs.send(job, payload, {
              ...options,
              retry: {
                ...options?.retry,
                delaySeconds: 1,
                ...(retryLimitOfNextJobs !== undefined && { limit: retryLimitOfNextJobs }),
              },
            }),
    }),
  });
});

afterAll(async () => {
  await api?.close();
});

const registeredUser = () => registeredOwner(api);

async function addContactMessage(uid: string, email: string): Promise<void> {
  const stored = await insertWithinLimit(
    api.database.db,
    {
      uid,
      name: 'Camille',
      email,
      subject: 'Hello',
      message: 'A message to delete.',
      language: 'en',
    },
    { maxPerWindow: 5, windowStart: new Date(Date.now() - 3_600_000) },
  );
  expect(stored).toBeDefined();
}

async function rowCount(
  table: 'accounts' | 'sessions' | 'contact_messages' | 'activity_entries',
  uid: string,
): Promise<number> {
  const column = table === 'activity_entries' ? 'owner_uid' : 'uid';
  const result = await api.database.pool.query(`select 1 from ${table} where ${column} = $1`, [
    uid,
  ]);
  return result.rowCount ?? 0;
}

interface JobRow {
  state: string;
  retry_count: number;
}

/** The user's deletion jobs of the first pass (a payload without `pass` is one). */
async function deletionJobsOf(uid: string): Promise<JobRow[]> {
  const result = await api.database.pool.query<JobRow>(
    `select state, retry_count from ${api.jobSchema}.job
      where name = $1 and data->>'uid' = $2 and coalesce(data->>'pass', 'first') = 'first'`,
    [accountDeletionJob.name, uid],
  );
  return result.rows;
}

interface SecondPassRow {
  id: string;
  state: string;
  created_on: Date;
  start_after: Date;
}

async function secondPassesOf(uid: string): Promise<SecondPassRow[]> {
  const result = await api.database.pool.query<SecondPassRow>(
    `select id, state, created_on, start_after from ${api.jobSchema}.job
      where name = $1 and data->>'uid' = $2 and data->>'pass' = 'second'`,
    [accountDeletionJob.name, uid],
  );
  return result.rows;
}

function deleteAccount(idToken: string) {
  return api.app.inject({
    method: 'DELETE',
    url: '/api/v1/account/delete',
    headers: bearer(idToken),
  });
}

/** The user's tokens are checked against validSince; an hour back lets a crafted old sign-in pass. */
async function allowOldSignIns(uid: string): Promise<void> {
  const response = await fetch(
    `http://${api.emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${testProjectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        localId: uid,
        validSince: String(Math.floor(Date.now() / 1000) - 3600),
      }),
    },
  );
  expect(response.ok).toBe(true);
}

describe('DELETE /api/v1/account/delete', () => {
  it('deletes the account, every session, the contact messages, the activity and the Firebase user at once: 204, and the job finds nothing left', async () => {
    const user = await registeredUser();
    await Promise.all([
      insertTestSession(api.database, user.uid),
      insertTestSession(api.database, user.uid),
    ]);
    await addContactMessage(user.uid, user.email);
    await api.database.pool.query(
      `insert into activity_entries (owner_uid, kind, actor, details)
       values ($1, 'plan.changed', 'stripe', '{"plan":"pro"}')`,
      [user.uid],
    );

    const response = await deleteAccount(user.idToken);

    expect(response.statusCode).toBe(204);
    expect(await rowCount('accounts', user.uid)).toBe(0);
    expect(await rowCount('sessions', user.uid)).toBe(0);
    expect(await rowCount('contact_messages', user.uid)).toBe(0);
    expect(await rowCount('activity_entries', user.uid)).toBe(0);
    expect(await api.identity.findUser(user.uid)).toBeNull();
    // The durable job was queued first; with nothing left, it completes at its first attempt.
    const jobs = await eventually(
      'the deletion job to complete',
      () => deletionJobsOf(user.uid),
      (rows) => rows.every((row) => row.state === 'completed'),
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('answers 202 when Firebase fails, and the job retries with backoff until the user is gone', async () => {
    const user = await registeredUser();
    await insertTestSession(api.database, user.uid);
    // The inline attempt and the job's first attempt both meet an unreachable Firebase.
    failingFirebaseDeletes.set(user.uid, 2);

    const response = await deleteAccount(user.idToken);

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { status: 'pending' } });
    // What could be deleted is gone already: sessions first, then the account.
    expect(await rowCount('sessions', user.uid)).toBe(0);
    expect(await rowCount('accounts', user.uid)).toBe(0);
    expect(await api.identity.findUser(user.uid)).not.toBeNull();

    const jobs = await eventually(
      'the retried deletion job to complete',
      () => deletionJobsOf(user.uid),
      (rows) => rows.some((row) => row.state === 'completed'),
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(failingFirebaseDeletes.get(user.uid)).toBe(0);
    expect(await api.identity.findUser(user.uid)).toBeNull();
    expect(await rowCount('accounts', user.uid)).toBe(0);
    expect(await rowCount('sessions', user.uid)).toBe(0);
  });

  it('queues a new job when a job runs out of attempts, until the user is gone', async () => {
    const user = await registeredUser();
    // The inline attempt, then the first job's only attempt and the second job's both fail.
    failingFirebaseDeletes.set(user.uid, 3);
    retryLimitOfNextJobs = 0;
    let response;
    try {
      response = await deleteAccount(user.idToken);
    } finally {
      retryLimitOfNextJobs = undefined;
    }

    expect(response.statusCode).toBe(202);
    const jobs = await eventually(
      'a deletion job to complete after its failures',
      () => deletionJobsOf(user.uid),
      (rows) => rows.some((row) => row.state === 'completed'),
    );
    expect(jobs.map((job) => job.state).sort()).toEqual(['completed', 'failed', 'failed']);
    expect(await api.identity.findUser(user.uid)).toBeNull();
  });

  it('answers 503 account_deletion_failed and deletes nothing when the job cannot be queued', async () => {
    const user = await registeredUser();
    await insertTestSession(api.database, user.uid);
    queueDown = true;
    let response;
    try {
      response = await deleteAccount(user.idToken);
    } finally {
      queueDown = false;
    }

    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('account_deletion_failed');
    expect(await rowCount('accounts', user.uid)).toBe(1);
    expect(await rowCount('sessions', user.uid)).toBe(1);
    expect(await api.identity.findUser(user.uid)).not.toBeNull();
    expect(await deletionJobsOf(user.uid)).toEqual([]);
  });

  it('answers 403 recent_login_required to a sign-in older than five minutes, and deletes nothing', async () => {
    const user = await registeredUser();
    await allowOldSignIns(user.uid);

    const response = await deleteAccount(craftIdToken(user, { authTimeSecondsAgo: 6 * 60 }));

    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('recent_login_required');
    expect(await rowCount('accounts', user.uid)).toBe(1);
    expect(await api.identity.findUser(user.uid)).not.toBeNull();
    expect(await deletionJobsOf(user.uid)).toEqual([]);
  });

  it('accepts a sign-in of four minutes ago', async () => {
    const user = await registeredUser();
    await allowOldSignIns(user.uid);

    const response = await deleteAccount(craftIdToken(user, { authTimeSecondsAgo: 4 * 60 }));

    expect(response.statusCode).toBe(204);
    expect(await api.identity.findUser(user.uid)).toBeNull();
  });
});

describe('what a call still carrying the old token does around a deletion', () => {
  it('a registration let through just before the Firebase user went is refused, and creates nothing', async () => {
    const user = await createEmailUser(api.emulatorHost);
    deletedAfterChecks.add(user.uid);

    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/account/register',
      headers: bearer(user.idToken),
      payload: {
        accountType: 'email',
        subscriptionPlan: 'free',
        language: 'en',
        email: user.email,
        emailVerified: true,
      },
    });

    expect(deletedAfterChecks.has(user.uid)).toBe(false);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('unauthenticated');
    expect(await rowCount('accounts', user.uid)).toBe(0);
  });

  it('the job queues a second pass to start once the last ID token has expired, which deletes what was re-created meanwhile', async () => {
    const user = await registeredUser();
    const formToken = await issueFormToken(
      api.database.db,
      user.uid,
      new Date(Date.now() - 10_000),
    );
    // A contact message from a second tab: its token passes the checks, then the deletion happens.
    let resume!: () => void;
    pausedAfterChecks.set(user.uid, new Promise<void>((resolve) => (resume = resolve)));
    const lateMessage = api.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: bearer(user.idToken),
      payload: {
        name: 'Camille',
        email: user.email,
        subject: 'Hello',
        message: 'Sent from a second tab.',
        language: 'en',
        formToken,
      },
    });
    await eventually(
      'the first pass to go on after its checks',
      async () => pausedAfterChecks.has(user.uid),
      (waiting) => !waiting,
    );

    expect((await deleteAccount(user.idToken)).statusCode).toBe(204);
    const [secondPass] = await eventually(
      'the second pass to be queued',
      () => secondPassesOf(user.uid),
      (rows) => rows.length > 0,
    );
    // The first pass queues the second before it returns: pg-boss marks it completed just after.
    const firstPasses = await eventually(
      'the first pass to end',
      () => deletionJobsOf(user.uid),
      (rows) => rows.every((row) => row.state !== 'created' && row.state !== 'active'),
    );
    expect(firstPasses.map((job) => job.state)).toEqual(['completed']);

    // The second pass waits for the user's last token to expire: an hour, and a margin for clocks.
    expect(secondPass).toBeDefined();
    expect(secondPass!.state).toBe('created');
    const delaySeconds =
      (secondPass!.start_after.getTime() - secondPass!.created_on.getTime()) / 1000;
    expect(delaySeconds).toBeGreaterThanOrEqual(60 * 60);
    expect(delaySeconds).toBeLessThanOrEqual(70 * 60);

    // Meanwhile the late calls land: the message, and an account row slipped in the same way.
    resume();
    expect((await lateMessage).statusCode).toBe(201);
    await api.database.pool.query(
      `insert into accounts (uid, email, display_name, account_type) values ($1, $2, 'Late', 'email')`,
      [user.uid, user.email],
    );
    expect(await rowCount('contact_messages', user.uid)).toBe(1);

    // An hour later (the queue is told it is time), the second pass deletes them, and stops there.
    await api.database.pool.query(
      `update ${api.jobSchema}.job set start_after = now() where id = $1`,
      [secondPass!.id],
    );
    const [done] = await eventually(
      'the second pass to complete',
      () => secondPassesOf(user.uid),
      (rows) => rows.every((row) => row.state === 'completed'),
    );
    expect(done?.state).toBe('completed');
    expect(await rowCount('contact_messages', user.uid)).toBe(0);
    expect(await rowCount('accounts', user.uid)).toBe(0);
    expect(await secondPassesOf(user.uid)).toHaveLength(1);
  });
});

describe('DELETE /api/v1/account/registration', () => {
  function cancelRegistration(idToken: string) {
    return api.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/registration',
      headers: bearer(idToken),
    });
  }

  it('deletes the Firebase user, the sessions and the contact messages of an unverified e-mail sign-up: 204', async () => {
    const user = await createEmailUser(api.emulatorHost, { verified: false });
    await insertTestSession(api.database, user.uid);
    await addContactMessage(user.uid, user.email);

    const response = await cancelRegistration(user.idToken);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await api.identity.findUser(user.uid)).toBeNull();
    expect(await rowCount('sessions', user.uid)).toBe(0);
    expect(await rowCount('contact_messages', user.uid)).toBe(0);
  });

  it('refuses with 403 email_already_verified once the address is verified, even with a token minted before', async () => {
    const user = await createEmailUser(api.emulatorHost, { verified: false });
    const verifiedMeanwhile = await fetch(
      `http://${api.emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${testProjectId}/accounts:update`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: user.uid, emailVerified: true }),
      },
    );
    expect(verifiedMeanwhile.ok).toBe(true);
    await insertTestSession(api.database, user.uid);

    const response = await cancelRegistration(user.idToken);

    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('email_already_verified');
    expect(await api.identity.findUser(user.uid)).not.toBeNull();
    expect(await rowCount('sessions', user.uid)).toBe(1);
  });

  it('refuses a Google user with 403 email_already_verified', async () => {
    const user = await createGoogleUser(api.emulatorHost);

    const response = await cancelRegistration(user.idToken);

    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('email_already_verified');
    expect(await api.identity.findUser(user.uid)).not.toBeNull();
  });
});

describe('PUT /api/v1/account/me', () => {
  it('saves a new display name on the Firebase user too', async () => {
    const user = await registeredUser();

    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me',
      headers: bearer(user.idToken),
      payload: { displayName: '  Grace Hopper ' },
    });

    expect(response.statusCode).toBe(200);
    const fresh = await signInWithPassword(api.emulatorHost, user.email, user.password);
    const claims = await api.identity.verifyIdToken(fresh.idToken);
    expect(claims.name).toBe('Grace Hopper');
  });
});
