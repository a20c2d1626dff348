import { describe, expect, it } from 'vitest';
import { leaveIfSignedOut } from '#client/lib/leave-if-signed-out.ts';

/**
 * A signed-in page shown again from the back/forward cache asks who is signed in, and leaves for
 * the sign-in page only when the session has ended.
 */

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function leftFor(fetchSession: Parameters<typeof leaveIfSignedOut>[0]): Promise<string[]> {
  const left: string[] = [];
  await leaveIfSignedOut(fetchSession, (path) => left.push(path));
  return left;
}

describe('a signed-in page restored from the back/forward cache', () => {
  it('leaves for /login when the session has ended (Back after signing out)', async () => {
    expect(await leftFor(answer(200, { user: null }))).toEqual(['/login']);
  });

  it('stays while the session is open', async () => {
    const user = {
      uid: 'u1',
      email: 'camille@example.com',
      emailVerified: true,
      displayName: 'Camille',
      photoURL: null,
      providerId: 'password',
    };
    const left = await leftFor(answer(200, { user }));
    expect(left).toEqual([]);
  });

  it('stays when the answer says nothing sure, or none comes (offline)', async () => {
    expect(await leftFor(answer(503, { error: { code: 'unavailable' } }))).toEqual([]);
    expect(
      await leftFor(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual([]);
  });

  it('asks the BFF afresh, not the browser’s cache', async () => {
    const asked: RequestInit[] = [];
    await leaveIfSignedOut(
      async (url, init) => {
        asked.push({ ...init, method: `${init.method} ${url}` });
        return new Response(JSON.stringify({ user: null }), { status: 200 });
      },
      () => {},
    );
    expect(asked).toMatchObject([{ method: 'GET /auth/session', cache: 'no-store' }]);
  });
});
