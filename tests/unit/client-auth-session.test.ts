import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAuthSession,
  type AuthSession,
  type SessionFetch,
} from '#client/lib/auth-session.ts';
import type { AuthUser } from '#shared/schemas/session.ts';

const user: AuthUser = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
  photoURL: null,
  providerId: 'password',
  emailVerified: true,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch whose answer the test gives when it wants. */
function heldFetch() {
  let answer!: (response: Response) => void;
  let fail!: (error: Error) => void;
  const fetch = vi.fn<SessionFetch>(
    () =>
      new Promise<Response>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { fetch, answer: (r: Response) => answer(r), fail: (e: Error) => fail(e) };
}

function session(fetch: SessionFetch): AuthSession {
  return createAuthSession({
    fetch,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('initAuth', () => {
  it('asks GET /auth/session once, with the cookie and the CSRF header', () => {
    const { fetch } = heldFetch();
    const auth = session(fetch);
    expect(auth.getAuthState()).toEqual({ status: 'pending' });
    auth.initAuth();
    auth.initAuth();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/auth/session');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'vitrine' },
    });
  });

  it('is signed in on 200 and initialised at the answer, before the fallback', async () => {
    const { fetch, answer } = heldFetch();
    const auth = session(fetch);
    const listener = vi.fn();
    auth.subscribe(listener);
    auth.initAuth();
    expect(auth.isAuthInitialized()).toBe(false);
    answer(json(200, { user }));
    await vi.advanceTimersByTimeAsync(10);
    expect(auth.isAuthInitialized()).toBe(true);
    expect(auth.getAuthState()).toEqual({ status: 'signed-in', user });
    expect(listener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('is signed out on a user of null, unknown on any other answer or an invalid body', async () => {
    const cases: Array<[Response, string]> = [
      [json(200, { user: null }), 'signed-out'],
      [json(401, { error: { code: 'unauthenticated' } }), 'unknown'],
      [json(503, { error: { code: 'identity_provider_unavailable' } }), 'unknown'],
      [json(429, {}), 'unknown'],
      [json(200, { user: { uid: 'u1' } }), 'unknown'],
      [new Response('<html>', { status: 200 }), 'unknown'],
    ];
    for (const [response, status] of cases) {
      const auth = session(async () => response);
      auth.initAuth();
      await vi.advanceTimersByTimeAsync(0);
      expect(auth.getAuthState().status).toBe(status);
      expect(auth.isAuthInitialized()).toBe(true);
    }
  });

  it('is unknown when the network fails', async () => {
    const { fetch, fail } = heldFetch();
    const auth = session(fetch);
    auth.initAuth();
    fail(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getAuthState()).toEqual({ status: 'unknown' });
  });

  it('reports initialised after 1 s without an answer, still pending', async () => {
    const { fetch, answer } = heldFetch();
    const auth = session(fetch);
    const listener = vi.fn();
    auth.subscribe(listener);
    auth.initAuth();
    await vi.advanceTimersByTimeAsync(999);
    expect(auth.isAuthInitialized()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(auth.isAuthInitialized()).toBe(true);
    expect(auth.getAuthState()).toEqual({ status: 'pending' });
    expect(listener).toHaveBeenCalledTimes(1);
    answer(json(200, { user: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getAuthState()).toEqual({ status: 'signed-out' });
  });
});

describe('whenSessionKnown', () => {
  it('resolves at the answer', async () => {
    const { fetch, answer } = heldFetch();
    const auth = session(fetch);
    auth.initAuth();
    const known = auth.whenSessionKnown();
    await vi.advanceTimersByTimeAsync(1500);
    answer(json(200, { user }));
    await expect(known).resolves.toEqual({ status: 'signed-in', user });
    await expect(auth.whenSessionKnown()).resolves.toEqual({ status: 'signed-in', user });
  });

  it('resolves unknown when no answer came within 5 s', async () => {
    const { fetch } = heldFetch();
    const auth = session(fetch);
    auth.initAuth();
    let result: unknown;
    void auth.whenSessionKnown().then((state) => (result = state));
    await vi.advanceTimersByTimeAsync(4999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ status: 'unknown' });
  });

  it('starts auth when nothing has yet', () => {
    const { fetch } = heldFetch();
    void session(fetch).whenSessionKnown();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in, sign-out and the prerender', () => {
  it('takes a user from the sign-in flows over a late answer', async () => {
    const { fetch, answer } = heldFetch();
    const auth = session(fetch);
    auth.initAuth();
    auth.setSignedInUser(user);
    answer(json(200, { user: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getAuthState()).toEqual({ status: 'signed-in', user });
    auth.setSignedInUser(null);
    expect(auth.getAuthState()).toEqual({ status: 'signed-out' });
  });

  it('signs out with DELETE /auth/session and the CSRF header', async () => {
    const fetch = vi.fn<SessionFetch>(async () => new Response(null, { status: 204 }));
    const auth = session(fetch);
    auth.setSignedInUser(user);
    await auth.signOut();
    expect(fetch).toHaveBeenCalledWith(
      '/auth/session',
      expect.objectContaining({
        method: 'DELETE',
        headers: expect.objectContaining({ 'x-requested-with': 'vitrine' }),
      }),
    );
    expect(auth.getAuthState()).toEqual({ status: 'signed-out' });
  });

  it('is signed out even when the sign-out request fails', async () => {
    const auth = session(() => Promise.reject(new TypeError('Failed to fetch')));
    auth.setSignedInUser(user);
    await auth.signOut();
    expect(auth.getAuthState()).toEqual({ status: 'signed-out' });
  });

  it('is signed out and initialised at once for the prerender, without a request', () => {
    const fetch = vi.fn<SessionFetch>();
    const auth = session(fetch);
    auth.initAuthForPrerender();
    auth.initAuth();
    expect(auth.isAuthInitialized()).toBe(true);
    expect(auth.getAuthState()).toEqual({ status: 'signed-out' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
