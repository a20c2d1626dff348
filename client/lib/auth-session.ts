import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { authInitializationFallbackMs, authTokenWait, csrfHeader } from '#shared/constants.ts';
import { sessionStateResponseSchema, type AuthUser } from '#shared/schemas/session.ts';

/**
 * Who is signed in, as the BFF says (`GET /auth/session`): the session cookie is httpOnly, so the
 * client only ever knows the user through this answer.
 *
 * - `pending`: no answer yet;
 * - `signed-in` / `signed-out` (200, with a user or `null`);
 * - `unknown`: any other answer, or no answer at all; the session cannot be established, so
 *   `auth` routes refuse to render (their guard fails) while guest and open routes do.
 *
 * Auth is initialised at the first answer or 1 s after the start, whichever comes first:
 * the app start and API calls wait for that, not for a slow answer.
 */

export type AuthState =
  | { status: 'pending' }
  | { status: 'signed-out' }
  | { status: 'unknown' }
  | { status: 'signed-in'; user: AuthUser };

export const sessionPath = '/auth/session';

export type SessionFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface AuthSessionOptions {
  fetch: SessionFetch;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AuthSession {
  initAuth(): void;
  initAuthForPrerender(): void;
  isAuthInitialized(): boolean;
  getAuthState(): AuthState;
  subscribe(listener: () => void): () => void;
  whenSessionKnown(): Promise<AuthState>;
  setSignedInUser(user: AuthUser | null): void;
  signOut(): Promise<void>;
}

const pendingState: AuthState = { status: 'pending' };
const signedOutState: AuthState = { status: 'signed-out' };
const unknownState: AuthState = { status: 'unknown' };

const requestHeaders = { accept: 'application/json', [csrfHeader.name]: csrfHeader.value };

/**
 * The state that an answer of `GET /auth/session` means, read with the schema the BFF answers with:
 * `{ user: null }` is a signed-out visitor; anything else than the contract is `unknown`.
 */
export async function authStateFromResponse(response: Response): Promise<AuthState> {
  if (response.status !== 200) return unknownState;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return unknownState;
  }
  const parsed = z.safeParse(sessionStateResponseSchema, body);
  if (!parsed.success) return unknownState;
  const { user } = parsed.data;
  return user === null ? signedOutState : { status: 'signed-in', user };
}

export function createAuthSession(options: AuthSessionOptions): AuthSession {
  let state: AuthState = pendingState;
  let started = false;
  let initialized = false;
  let fallbackTimer: unknown;
  const listeners = new Set<() => void>();
  const waitingForAnswer = new Set<(state: AuthState) => void>();

  function notify(): void {
    for (const listener of [...listeners]) listener();
  }

  function settle(next: AuthState): void {
    state = next;
    initialized = true;
    if (fallbackTimer !== undefined) {
      options.clearTimeout(fallbackTimer);
      fallbackTimer = undefined;
    }
    for (const resolve of [...waitingForAnswer]) resolve(next);
    waitingForAnswer.clear();
    notify();
  }

  async function askSession(): Promise<void> {
    let next: AuthState;
    try {
      const response = await options.fetch(sessionPath, {
        method: 'GET',
        credentials: 'same-origin',
        headers: requestHeaders,
      });
      next = await authStateFromResponse(response);
    } catch {
      next = unknownState;
    }
    // A sign-in or sign-out made meanwhile (setSignedInUser) is newer than this answer.
    if (state.status === 'pending') settle(next);
  }

  function initAuth(): void {
    if (started) return;
    started = true;
    fallbackTimer = options.setTimeout(() => {
      fallbackTimer = undefined;
      if (initialized) return;
      initialized = true;
      notify();
    }, authInitializationFallbackMs);
    void askSession();
  }

  return {
    initAuth,
    initAuthForPrerender() {
      // A prerendered page is the same for every visitor: nobody is signed in.
      started = true;
      settle(signedOutState);
    },
    isAuthInitialized: () => initialized,
    getAuthState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenSessionKnown() {
      initAuth();
      if (state.status !== 'pending') return Promise.resolve(state);
      return new Promise((resolve) => {
        const giveUp = options.setTimeout(() => {
          waitingForAnswer.delete(answer);
          resolve(unknownState);
        }, authTokenWait.intervalMs * authTokenWait.attempts);
        function answer(known: AuthState): void {
          options.clearTimeout(giveUp);
          resolve(known);
        }
        waitingForAnswer.add(answer);
      });
    },
    setSignedInUser(user) {
      started = true;
      settle(user === null ? signedOutState : { status: 'signed-in', user });
    },
    async signOut() {
      try {
        await options.fetch(sessionPath, {
          method: 'DELETE',
          credentials: 'same-origin',
          headers: requestHeaders,
        });
      } catch {
        // Offline: the session cookie stays until it expires, but this tab is signed out.
      }
      settle(signedOutState);
    },
  };
}

/** The browser's session, read through fetch; timers are looked up at call time. */
const authSession: AuthSession = createAuthSession({
  fetch: (url, init) => fetch(url, init),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/** Starts `GET /auth/session` and the 1 s fallback; later calls do nothing. */
export function initAuth(): void {
  authSession.initAuth();
}

/** For the prerender in Node: signed out and initialised at once, no request. */
export function initAuthForPrerender(): void {
  authSession.initAuthForPrerender();
}

export function isAuthInitialized(): boolean {
  return authSession.isAuthInitialized();
}

export function getAuthState(): AuthState {
  return authSession.getAuthState();
}

export function subscribeAuth(listener: () => void): () => void {
  return authSession.subscribe(listener);
}

const serverAuthState = (): AuthState => signedOutState;

/** The state for a component; the prerender renders every page signed out. */
export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, serverAuthState);
}

/** The state once the BFF has answered; `unknown` when it has not after 5 s (authTokenWait). */
export function whenSessionKnown(): Promise<AuthState> {
  return authSession.whenSessionKnown();
}

/** For the sign-in and sign-out flows, once the BFF has opened or closed the session. */
export function setSignedInUser(user: AuthUser | null): void {
  authSession.setSignedInUser(user);
}

/** `DELETE /auth/session`, then signed out, even when the request failed. */
export function signOut(): Promise<void> {
  return authSession.signOut();
}
