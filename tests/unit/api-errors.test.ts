import type { DecodedIdToken } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp } from '#server/api/app.ts';
import { describeError, describeValidationIssue } from '#server/http/error-replies.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { AppError } from '#shared/errors.ts';

describe('describeValidationIssue', () => {
  it('names the field of a bad value in the code and in field', () => {
    expect(
      describeValidationIssue({
        keyword: 'invalid_value',
        instancePath: '/language',
        message: 'bad',
        params: {},
      }),
    ).toEqual({
      statusCode: 400,
      code: 'invalid_language',
      field: 'language',
      message: 'language: bad',
    });
  });

  it('joins a nested path with dots', () => {
    expect(
      describeValidationIssue({
        keyword: 'invalid_type',
        instancePath: '/address/city',
        params: {},
      }),
    ).toMatchObject({
      code: 'invalid_address.city',
      field: 'address.city',
    });
  });

  it('reports an unknown field as unknown_field with its name', () => {
    expect(
      describeValidationIssue({
        keyword: 'unrecognized_keys',
        instancePath: '/',
        params: { keys: ['role', 'plan'] },
      }),
    ).toMatchObject({ statusCode: 400, code: 'unknown_field', field: 'role' });
  });

  it('reports a wrong value as a whole as invalid_request', () => {
    expect(
      describeValidationIssue({ keyword: 'invalid_type', instancePath: '/', params: {} }),
    ).toMatchObject({
      statusCode: 400,
      code: 'invalid_request',
    });
  });
});

describe('describeError', () => {
  it('keeps the status, code and field of an AppError', () => {
    expect(
      describeError(new AppError('account_mismatch', 403, { message: 'no', field: 'email' })),
    ).toEqual({
      statusCode: 403,
      code: 'account_mismatch',
      message: 'no',
      field: 'email',
    });
  });

  it('hides everything about an unexpected error', () => {
    const described = describeError(new Error('relation "accounts" does not exist at 10.0.0.7'));

    expect(described).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'Internal server error',
    });
  });

  it('hides the message of a 5xx that carries its own status', () => {
    const upstream = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), {
      statusCode: 503,
    });

    expect(describeError(upstream)).toMatchObject({
      statusCode: 500,
      message: 'Internal server error',
    });
  });
});

describe('the API when its database fails', () => {
  const token = 'header.payload-that-must-never-be-logged.signature';
  const logLines: string[] = [];
  const stubIdentity: IdentityProvider = {
    projectId: 'demo-vitrine',
    async verifyIdToken(idToken) {
      if (idToken !== token)
        throw Object.assign(new Error('bad token'), { code: 'auth/argument-error' });
      return {
        uid: 'user-1',
        email: 'user-1@example.com',
        email_verified: true,
        firebase: { identities: {}, sign_in_provider: 'password' },
      } as unknown as DecodedIdToken;
    },
    refreshIdToken: () => Promise.reject(new Error('not used')),
    revokeRefreshTokens: () => Promise.reject(new Error('not used')),
    // Asked by reads whether the user's tokens still count: they do.
    findUser: (uid) =>
      Promise.resolve({
        uid,
        email: `${uid}@example.com`,
        emailVerified: true,
        providerIds: ['password'],
        disabled: false,
        tokensValidAfter: null,
      }),
    deleteUser: () => Promise.reject(new Error('not used')),
    updateDisplayName: () => Promise.reject(new Error('not used')),
    sendVerificationEmail: () => Promise.reject(new Error('not used')),
    listGoogleUsers: () => Promise.reject(new Error('not used')),
    close: () => Promise.resolve(),
  };
  const downDatabaseUrl = 'postgres://vitrine:secret-password@127.0.0.1:1/vitrine';
  // Never started: like the database, it is down.
  const jobs: JobQueue = createJobQueue({ databaseUrl: downDatabaseUrl, onError: () => {} });
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApiApp>>;

  beforeAll(async () => {
    // Nothing listens on port 1: every query fails with ECONNREFUSED, as with a database that is down.
    database = openDatabase(downDatabaseUrl, {
      maxConnections: 1,
    });
    app = await buildApiApp({
      database,
      identity: stubIdentity,
      jobs,
      logLevel: 'info',
      logStream: { write: (line: string) => void logLines.push(line) },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 500 internal_error without the cause, and logs the cause', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'request-under-test' },
    });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Internal server error' },
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|secret-password/);

    const entries = logLines.map(
      (line) => JSON.parse(line) as { level: number; reqId?: string; err?: { message?: string } },
    );
    const failure = entries.find(
      (entry) => entry.level >= 50 && entry.reqId === 'request-under-test',
    );
    expect(failure?.err?.message).toMatch(/ECONNREFUSED/);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('logs why a token was refused, but never the token', async () => {
    const refusedToken = 'another.token-that-must-never-be-logged.x';
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: { authorization: `Bearer ${refusedToken}` },
    });

    expect(response.statusCode).toBe(401);
    expect(logLines.join('\n')).toContain('auth/argument-error');
    expect(logLines.join('\n')).not.toContain(refusedToken);
  });

  it.each(['auth/invalid-id-token', 'auth/invalid-argument', 'auth/id-token-revoked'])(
    'answers 401, as the BFF does, when firebase-admin refuses the token with %s',
    async (code) => {
      const refusingApp = await buildApiApp({
        database,
        identity: {
          ...stubIdentity,
          verifyIdToken: () => Promise.reject(Object.assign(new Error('refused'), { code })),
        },
        jobs,
        logLevel: 'silent',
      });
      try {
        const response = await refusingApp.inject({
          method: 'GET',
          url: '/api/v1/account/me',
          headers: { authorization: `Bearer ${token}` },
        });

        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      } finally {
        await refusingApp.close();
      }
    },
  );

  it('answers 500, not 401, when verification fails for a reason other than the token', async () => {
    const failingIdentity: IdentityProvider = {
      ...stubIdentity,
      verifyIdToken: () => Promise.reject(new Error('socket hang up')),
    };
    const failingApp = await buildApiApp({
      database,
      identity: failingIdentity,
      jobs,
      logLevel: 'silent',
    });
    try {
      const response = await failingApp.inject({
        method: 'GET',
        url: '/api/v1/account/me',
        headers: { authorization: `Bearer ${token}` },
      });

      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'internal_error', message: 'Internal server error' },
      });
    } finally {
      await failingApp.close();
    }
  });
});
