import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { session as sessionRules } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import {
  ensureFreshIdToken,
  SessionEndedError,
  endSession,
  resolveSession,
  type ActiveSession,
  type FreshTokens,
  type SessionContext,
  hashSessionId,
  isWellFormedSessionId,
} from '#server/areas/sessions/index.ts';
import { reportError, requestReportContext } from '#server/platform/error-reporting.ts';
import { isRevokedTokenChallenge } from '#server/platform/identity.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of this request's cookie, or null; looked up at most once per request. */
    getSession(): Promise<ActiveSession | null>;
    /**
     * The session's user and an ID token fit to forward, refreshed first when it is about to expire (or
     * always with `force`). Throws 401 `unauthenticated` without a session, 401 `session_expired` when
     * Firebase ended it, 503 `identity_provider_unavailable` when Firebase cannot be reached.
     */
    getFreshTokens(options?: { force?: boolean }): Promise<FreshTokens>;
    /** The hash of the cookie's session id when it is well formed, whether or not it opens a session. */
    sessionIdHash(): string | undefined;
  }
  interface FastifyReply {
    /** Sets the cookie of a session just created. */
    setSessionCookie(sessionId: string): void;
    /** Clears the session cookie when the reply leaves (sign-out, or a cookie that opens nothing). */
    clearSessionCookie(): void;
  }
}

export interface SessionPluginOptions {
  context: SessionContext;
}

/**
 * The cookie holds only the random session id. `__Host-` makes the browser insist on Secure, Path=/ and
 * no Domain, so no subdomain can plant or read it. Max-Age is the absolute lifetime (30 days): the
 * cookie never outlives its row, and a browser restart does not sign the user out; the idle expiry
 * (7 days) is enforced on the row.
 */
const cookieAttributes = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

/** Per request: the session lookup, and what to do with the session cookie when the reply leaves. */
interface RequestSessionState {
  lookup?: Promise<ActiveSession | null>;
  cookie: 'keep' | 'clear' | 'set';
  /** The session whose ID token this request handed out, to forward to the API. */
  tokensOf?: ActiveSession;
}

/** The session as every BFF route reads it: from the cookie, once per request. */
async function sessionPlugin(
  fastify: FastifyInstance,
  options: SessionPluginOptions,
): Promise<void> {
  const { context } = options;
  const states = new WeakMap<FastifyRequest, RequestSessionState>();
  const stateOf = (request: FastifyRequest): RequestSessionState => {
    let state = states.get(request);
    if (state === undefined) {
      state = { cookie: 'keep' };
      states.set(request, state);
    }
    return state;
  };

  const lookUpSession = async (
    request: FastifyRequest,
    state: RequestSessionState,
  ): Promise<ActiveSession | null> => {
    const sessionId = request.cookies[sessionRules.cookieName];
    if (sessionId === undefined) return null;
    const session = isWellFormedSessionId(sessionId)
      ? await resolveSession(context, sessionId)
      : null;
    // A cookie that opens nothing (expired, signed out elsewhere, forged) is cleared on the way back.
    if (session === null) state.cookie = 'clear';
    return session;
  };

  fastify.decorateRequest('getSession', function getSession(this: FastifyRequest) {
    const state = stateOf(this);
    state.lookup ??= lookUpSession(this, state);
    return state.lookup;
  });

  fastify.decorateRequest(
    'getFreshTokens',
    async function getFreshTokens(this: FastifyRequest, refreshOptions?: { force?: boolean }) {
      const session = await requireSession(this);
      try {
        const tokens = await ensureFreshIdToken(context, session, refreshOptions);
        stateOf(this).tokensOf = session;
        return tokens;
      } catch (error) {
        if (error instanceof SessionEndedError) stateOf(this).cookie = 'clear';
        throw error;
      }
    },
  );

  fastify.decorateRequest('sessionIdHash', function sessionIdHash(this: FastifyRequest) {
    const sessionId = this.cookies[sessionRules.cookieName];
    return isWellFormedSessionId(sessionId) ? hashSessionId(sessionId) : undefined;
  });

  fastify.decorateReply(
    'setSessionCookie',
    function setSessionCookie(this: FastifyReply, sessionId: string) {
      stateOf(this.request).cookie = 'set';
      // Set only on a session just created, so its Max-Age is exactly the session's absolute lifetime.
      this.setCookie(sessionRules.cookieName, sessionId, {
        ...cookieAttributes,
        maxAge: sessionRules.absoluteExpiryMs / 1000,
      });
    },
  );

  fastify.decorateReply('clearSessionCookie', function clearSessionCookie(this: FastifyReply) {
    stateOf(this.request).cookie = 'clear';
  });

  const clearCookie = (reply: FastifyReply) => {
    reply.setCookie(sessionRules.cookieName, '', {
      ...cookieAttributes,
      maxAge: 0,
      expires: new Date(0),
    });
  };

  // Callback style: it runs for every answer, and almost always has nothing to wait for.
  fastify.addHook('onSend', (request, reply, _payload, done) => {
    const state = states.get(request);
    // The API refused the session's own token because Firebase no longer honours the user's tokens
    // (revoked, disabled, deleted): the refresh token is dead too, so the session ends here rather
    // than failing every call until the token's hour is up. Its cookie goes with this answer, and
    // the client finds itself signed out at its next look at the session.
    if (
      state?.tokensOf !== undefined &&
      reply.statusCode === 401 &&
      isRevokedTokenChallenge(reply.getHeader('www-authenticate'))
    ) {
      const { uid, idHash } = state.tokensOf;
      request.log.info({ uid }, 'session ended: the API refused its revoked token');
      endSession(context, idHash)
        .catch((error: unknown) => {
          // The row outlives its dead token (the database is down, say), yet this browser is signed
          // out all the same and gets the API's answer, not a 500. A copy of the cookie used later
          // meets the same refusal from the API, and the session is ended then.
          request.log.error({ err: error, uid }, 'revoked session could not be ended');
          reportError(error, requestReportContext(request));
        })
        .then(() => {
          clearCookie(reply);
          done();
        });
      return;
    }
    if (state?.cookie === 'clear') clearCookie(reply);
    done();
  });
}

/** The request's live session; 401 `unauthenticated` without one. */
export async function requireSession(request: FastifyRequest): Promise<ActiveSession> {
  const session = await request.getSession();
  if (session === null)
    throw new AppError('unauthenticated', 401, { message: 'No session; sign in first' });
  return session;
}

export default fp(sessionPlugin, {
  name: 'bff-session',
  dependencies: ['@fastify/cookie'],
});
