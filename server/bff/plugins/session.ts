import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { session as sessionRules } from '../../../shared/constants.ts';
import { AppError } from '../../../shared/errors.ts';
import { errorResponseSchema } from '../../../shared/schemas/errors.ts';
import {
  createSessionBodySchema,
  sessionResponseSchema,
  verificationEmailBodySchema,
} from '../../../shared/schemas/session.ts';
import { createSession } from '../../areas/sessions/create-session.ts';
import { endEverySession } from '../../areas/sessions/end-every-session.ts';
import { endSession, purgeExpiredSessions } from '../../areas/sessions/end-session.ts';
import { reauthenticateSession } from '../../areas/sessions/reauthenticate-session.ts';
import {
  ensureFreshIdToken,
  SessionEndedError,
} from '../../areas/sessions/refresh-session-tokens.ts';
import { resolveSession } from '../../areas/sessions/resolve-session.ts';
import { sendVerificationEmail } from '../../areas/sessions/send-verification-email.ts';
import type {
  ActiveSession,
  FreshTokens,
  SessionContext,
} from '../../areas/sessions/session-context.ts';
import { hashSessionId, isWellFormedSessionId } from '../../areas/sessions/session-id.ts';
import { rateLimitedRoute, type BffRateLimits } from './rate-limits.ts';

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
  }
}

export interface SessionPluginOptions {
  context: SessionContext;
  rateLimits: BffRateLimits;
  /** Where the link of a verification e-mail leads once the address is verified. */
  verificationContinueUrl: string;
}

/**
 * The cookie holds only the random session id. `__Host-` makes the browser insist on Secure, Path=/ and
 * no Domain, so no subdomain can plant or read it. Max-Age is the absolute lifetime (30 days): the
 * cookie never outlives its row, and a browser restart does not sign the user out; the idle expiry
 * (7 days) is enforced on the row.
 */
const cookieAttributes = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;
const purgeIntervalMs = 60 * 60 * 1000;
/** A sign-in's two Firebase tokens take a few kilobytes; nothing bigger is read. */
const signInBodyLimitBytes = 32 * 1024;

/** Per request: the session lookup, and what to do with the session cookie when the reply leaves. */
interface RequestSessionState {
  lookup?: Promise<ActiveSession | null>;
  cookie: 'keep' | 'clear' | 'set';
}

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
      const session = await this.getSession();
      if (session === null)
        throw new AppError('unauthenticated', 401, { message: 'No session; sign in first' });
      try {
        return await ensureFreshIdToken(context, session, refreshOptions);
      } catch (error) {
        if (error instanceof SessionEndedError) stateOf(this).cookie = 'clear';
        throw error;
      }
    },
  );

  /** Set only on a session just created, so its Max-Age is exactly the session's absolute lifetime. */
  const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, sessionId: string) => {
    stateOf(request).cookie = 'set';
    reply.setCookie(sessionRules.cookieName, sessionId, {
      ...cookieAttributes,
      maxAge: sessionRules.absoluteExpiryMs / 1000,
    });
  };
  const clearSessionCookie = (reply: FastifyReply) => {
    reply.setCookie(sessionRules.cookieName, '', {
      ...cookieAttributes,
      maxAge: 0,
      expires: new Date(0),
    });
  };

  fastify.addHook('onSend', async (request, reply) => {
    if (states.get(request)?.cookie === 'clear') clearSessionCookie(reply);
  });

  const requireSession = async (request: FastifyRequest): Promise<ActiveSession> => {
    const session = await request.getSession();
    if (session === null)
      throw new AppError('unauthenticated', 401, { message: 'No session; sign in first' });
    return session;
  };
  /** Counts per session where there is one, so users behind one address do not share a budget. */
  const sessionOrAddressKey = (request: FastifyRequest): string => {
    const sessionId = request.cookies[sessionRules.cookieName];
    return isWellFormedSessionId(sessionId)
      ? `session:${hashSessionId(sessionId)}`
      : `ip:${request.ip}`;
  };

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const errorResponses = {
    401: errorResponseSchema,
    429: errorResponseSchema,
    503: errorResponseSchema,
  };

  app.post(
    '/auth/session',
    {
      config: rateLimitedRoute(options.rateLimits.signIn),
      bodyLimit: signInBodyLimitBytes,
      schema: {
        body: createSessionBodySchema,
        response: { 200: sessionResponseSchema, 400: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const previousId = request.cookies[sessionRules.cookieName];
      const previousIdHash = isWellFormedSessionId(previousId)
        ? hashSessionId(previousId)
        : undefined;
      const created = await createSession(context, request.body, previousIdHash);
      setSessionCookie(request, reply, created.sessionId);
      return { user: created.user };
    },
  );

  app.get(
    '/auth/session',
    {
      config: rateLimitedRoute(options.rateLimits.session),
      schema: { response: { 200: sessionResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const session = await request.getSession();
      if (session === null) throw new AppError('unauthenticated', 401, { message: 'No session' });
      try {
        const { user } = await request.getFreshTokens();
        return { user };
      } catch (error) {
        // "Who is signed in" stays answerable while Firebase is down; API calls report the outage.
        if (error instanceof AppError && error.code === 'identity_provider_unavailable') {
          return { user: session.claims };
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/session/refresh',
    {
      config: rateLimitedRoute(options.rateLimits.session),
      schema: { response: { 200: sessionResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const { user } = await request.getFreshTokens({ force: true });
      return { user };
    },
  );

  app.delete(
    '/auth/session',
    {
      config: rateLimitedRoute(options.rateLimits.session),
      schema: { response: { 204: z.undefined(), 429: errorResponseSchema } },
    },
    async (request, reply) => {
      const sessionId = request.cookies[sessionRules.cookieName];
      if (isWellFormedSessionId(sessionId)) await endSession(context, hashSessionId(sessionId));
      stateOf(request).cookie = 'clear';
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/session/reauthenticate',
    {
      config: rateLimitedRoute(options.rateLimits.signIn),
      bodyLimit: signInBodyLimitBytes,
      schema: {
        body: createSessionBodySchema,
        response: {
          200: sessionResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const user = await reauthenticateSession(context, session, request.body);
      return { user };
    },
  );

  app.post(
    '/auth/session/verification-email',
    {
      config: rateLimitedRoute(options.rateLimits.verificationEmail, sessionOrAddressKey),
      schema: {
        body: verificationEmailBodySchema,
        response: {
          204: z.undefined(),
          400: errorResponseSchema,
          409: errorResponseSchema,
          502: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // Refreshed (401 without a session), so that an address verified meanwhile in another browser is known here.
      const tokens = await request.getFreshTokens({ force: true });
      await sendVerificationEmail(context, tokens, {
        continueUrl: options.verificationContinueUrl,
        language: request.body.language,
      });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/auth/sessions',
    {
      config: rateLimitedRoute(options.rateLimits.session),
      schema: { response: { 204: z.undefined(), ...errorResponses } },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      await endEverySession(context, session.uid);
      stateOf(request).cookie = 'clear';
      return reply.code(204).send();
    },
  );

  const purge = () => {
    purgeExpiredSessions(context).catch((error: unknown) => {
      fastify.log.warn({ err: error }, 'purging expired sessions failed');
    });
  };
  const purgeTimer = setInterval(purge, purgeIntervalMs);
  purgeTimer.unref();
  fastify.addHook('onClose', async () => clearInterval(purgeTimer));
}

export default fp(sessionPlugin, {
  name: 'bff-session',
  dependencies: ['@fastify/cookie', 'bff-rate-limits'],
});
