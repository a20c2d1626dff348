import { setTimeout as delay } from 'node:timers/promises';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevocationCache } from '#server/api/plugins/revocation-cache.ts';
import { issueFormToken } from '#server/areas/contact/form-token.ts';
import { revokedTokenChallenge, type IdentityProvider } from '#server/platform/identity.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import {
  createEmailUser,
  deleteUser,
  disableUser,
  signInWithPassword,
  type TestUser,
} from '../support/auth-emulator-users.ts';
import { registeredOwner } from '../support/owners-and-stores.ts';

/**
 * A user whose tokens Firebase no longer honours (refresh tokens revoked after a stolen cookie or a
 * password change, user disabled, user deleted) loses the API although their ID token keeps a valid
 * signature for the rest of its hour: writes at once, reads within the revocation cache's window.
 * Against the real Auth Emulator.
 *
 * In emulator mode firebase-admin looks the user up on every verifyIdToken, checkRevoked or not, so
 * through the API the emulator refuses such reads at once. In production it does not, and the
 * revocation cache is what refuses them: its window is therefore tested on the cache itself, with
 * the emulator's real answers and a window made short.
 */

/** Lookups of the user record our code made (the cache's, the register check's), by uid. */
const lookups = new Map<string, number>();
/** When set, our lookups of the user fail the way firebase-admin reports an unreachable Firebase. */
let firebaseUnreachable = false;

let api: ApiTestContext;

beforeAll(async () => {
  api = await startApiForTests({
    wrapIdentity: (identity): IdentityProvider => ({
      ...identity,
      findUser: async (uid) => {
        lookups.set(uid, (lookups.get(uid) ?? 0) + 1);
        if (firebaseUnreachable) {
          throw Object.assign(new Error('Error while making request: connect ECONNREFUSED'), {
            code: 'app/network-error',
          });
        }
        return identity.findUser(uid);
      },
    }),
  });
});

afterAll(async () => {
  await api?.close();
});

/** Revocation compares whole seconds: wait for the next one, so the sign-in comes strictly before. */
const nextSecond = () => delay(1_100);

const ways = {
  'revoked refresh tokens': (user: TestUser) => api.identity.revokeRefreshTokens(user.uid),
  'a disabled user': (user: TestUser) => disableUser(api.emulatorHost, user.uid),
  'a deleted user': (user: TestUser) => deleteUser(api.emulatorHost, user.uid),
};

describe('the revocation cache of reads, against the real emulator', () => {
  it.each(Object.entries(ways))(
    'refuses a token of %s once its window has passed, and not before',
    async (_way, endTheTokens) => {
      const user = await createEmailUser(api.emulatorHost);
      const claims = await api.identity.verifyIdToken(user.idToken);
      await nextSecond();
      const cache = createRevocationCache(api.identity, { maxAgeMs: 1_000 });
      expect(await cache.revocationOf(claims)).toBeNull();

      await endTheTokens(user);

      // Within the window the reading Firebase gave is believed: that is what spares a lookup per call.
      expect(await cache.revocationOf(claims)).toBeNull();
      await delay(1_000);
      expect(await cache.revocationOf(claims)).toMatch(
        /^auth\/(id-token-revoked|user-disabled|user-not-found)$/,
      );
    },
  );

  it('asks Firebase once per user and window, however many calls arrive together', async () => {
    const user = await createEmailUser(api.emulatorHost);
    const claims = await api.identity.verifyIdToken(user.idToken);
    const cache = createRevocationCache(api.identity, { maxAgeMs: 60_000 });

    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.revocationOf(claims)));
    await cache.revocationOf(claims);

    expect(answers).toEqual(Array.from({ length: 20 }, () => null));
    expect(lookups.get(user.uid)).toBe(1);
  });

  it('asks Firebase now for a write, and the reads that follow learn what it said', async () => {
    const user = await createEmailUser(api.emulatorHost);
    const claims = await api.identity.verifyIdToken(user.idToken);
    const cache = createRevocationCache(api.identity, { maxAgeMs: 60 * 60_000 });
    expect(await cache.revocationOf(claims)).toBeNull();

    await nextSecond();
    await api.identity.revokeRefreshTokens(user.uid);

    // The read is served from the hour-long window; the write is not.
    expect(await cache.revocationOf(claims)).toBeNull();
    expect(await cache.revocationOf(claims, { askNow: true })).toBe('auth/id-token-revoked');
    expect(await cache.revocationOf(claims)).toBe('auth/id-token-revoked');
  });

  it('still honours a new sign-in after a revocation', async () => {
    const user = await createEmailUser(api.emulatorHost);
    await nextSecond();
    await api.identity.revokeRefreshTokens(user.uid);
    await nextSecond();
    const again = await signInWithPassword(api.emulatorHost, user.email, user.password);
    const cache = createRevocationCache(api.identity, { maxAgeMs: 0 });

    expect(await cache.revocationOf(await api.identity.verifyIdToken(again.idToken))).toBeNull();
  });
});

function read(idToken: string) {
  return api.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(idToken) });
}

const writes = (user: TestUser): InjectOptions[] => [
  { method: 'PUT', url: '/api/v1/account/me', payload: { language: 'fr' } },
  {
    method: 'POST',
    url: '/api/v1/account/register',
    payload: {
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'en',
      email: user.email,
      emailVerified: true,
    },
  },
];

const registered = () => registeredOwner(api);

async function contactMessage(user: TestUser) {
  return {
    name: 'Jeanne Martin',
    email: user.email,
    subject: 'Question',
    message: 'Hello, a question about plans.',
    language: 'en',
    // Issued ten seconds ago, as if the user had typed.
    formToken: await issueFormToken(api.database.db, user.uid, new Date(Date.now() - 10_000)),
  };
}

async function rowCount(table: 'accounts' | 'contact_messages', uid: string): Promise<number> {
  const result = await api.database.pool.query(`select 1 from ${table} where uid = $1`, [uid]);
  return result.rowCount ?? 0;
}

describe('/api/v1 with a token whose user Firebase no longer honours', () => {
  it('serves a token Firebase honours, without a challenge (the control)', async () => {
    const user = await registered();

    const response = await read(user.idToken);

    expect(response.statusCode).toBe(200);
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it.each(Object.entries(ways))(
    'refuses writes with %s at once, and reads within the window, naming the revocation',
    async (_way, endTheTokens) => {
      const user = await registered();
      await nextSecond();
      await endTheTokens(user);

      for (const write of writes(user)) {
        const response = await api.app.inject({ ...write, headers: bearer(user.idToken) });
        expect(response.statusCode, `${write.method} ${write.url}`).toBe(401);
        expect(errorOf(response).code).toBe('unauthenticated');
        expect(response.headers['www-authenticate']).toBe(revokedTokenChallenge);
      }
      const contact = await api.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        headers: bearer(user.idToken),
        payload: await contactMessage(user),
      });
      expect(contact.statusCode).toBe(401);
      expect(await rowCount('contact_messages', user.uid)).toBe(0);

      // This API process had not read the user yet: its window starts now, so the read is refused.
      const response = await read(user.idToken);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe(revokedTokenChallenge);
    },
  );

  it('after DELETE /api/v1/account/delete, a call with the old token re-creates neither the account nor a contact message', async () => {
    const user = await registered();
    const message = await contactMessage(user);
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/delete',
      headers: bearer(user.idToken),
    });
    expect(deleted.statusCode).toBe(204);

    // A second tab, or another BFF instance's cache, still holds the token.
    const registration = await api.app.inject({
      ...writes(user)[1]!,
      headers: bearer(user.idToken),
    });
    const contact = await api.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: bearer(user.idToken),
      payload: message,
    });

    expect(registration.statusCode).toBe(401);
    expect(contact.statusCode).toBe(401);
    expect(await rowCount('accounts', user.uid)).toBe(0);
    expect(await rowCount('contact_messages', user.uid)).toBe(0);
  });

  it('answers 503 identity_provider_unavailable when Firebase cannot be asked, rather than serving blind', async () => {
    const user = await registered();
    const stranger = await createEmailUser(api.emulatorHost);
    firebaseUnreachable = true;
    try {
      // A write always asks; a read asks when nothing recent is known of its user.
      const write = await api.app.inject({ ...writes(user)[0]!, headers: bearer(user.idToken) });
      const firstRead = await read(stranger.idToken);

      for (const response of [write, firstRead]) {
        expect(response.statusCode).toBe(503);
        expect(errorOf(response).code).toBe('identity_provider_unavailable');
      }
    } finally {
      firebaseUnreachable = false;
    }
  });
});
