import { describe, expect, it } from 'vitest';
import { sessionSince } from '#client/lib/session-since.ts';

/**
 * A signed-in page restored from the back/forward cache asks who is signed in: the page stays
 * while its user's session is open, and is left when the session has ended or another person has
 * signed in since on this browser.
 */

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const userNamed = (uid: string) => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified: true,
  displayName: 'Camille',
  photoURL: null,
  providerId: 'password',
});

describe('a signed-in page restored from the back/forward cache', () => {
  it('is told the session ended (Back after signing out)', async () => {
    expect(await sessionSince(answer(200, { user: null }), 'u1')).toBe('signed-out');
  });

  it('stays while its user’s session is open', async () => {
    expect(await sessionSince(answer(200, { user: userNamed('u1') }), 'u1')).toBe('same');
  });

  it('is told another person signed in since, on a shared computer', async () => {
    expect(await sessionSince(answer(200, { user: userNamed('u2') }), 'u1')).toBe('other-user');
  });

  it('stays when the answer says nothing sure, or none comes (offline)', async () => {
    expect(await sessionSince(answer(503, { error: { code: 'unavailable' } }), 'u1')).toBe('same');
    expect(
      await sessionSince(async () => {
        throw new TypeError('Failed to fetch');
      }, 'u1'),
    ).toBe('same');
  });

  it('asks the BFF afresh, not the browser’s cache', async () => {
    const asked: RequestInit[] = [];
    await sessionSince(async (url, init) => {
      asked.push({ ...init, method: `${init.method} ${url}` });
      return new Response(JSON.stringify({ user: null }), { status: 200 });
    }, 'u1');
    expect(asked).toMatchObject([{ method: 'GET /auth/session', cache: 'no-store' }]);
  });
});
