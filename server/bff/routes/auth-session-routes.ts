import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { errorResponseSchema } from '#shared/schemas/errors.ts';
import {
  createSessionBodySchema,
  sessionResponseSchema,
  sessionStateResponseSchema,
  verificationEmailBodySchema,
} from '#shared/schemas/session.ts';
import {
  createSession,
  endEverySession,
  endSession,
  reauthenticateSession,
  SessionEndedError,
  sendVerificationEmail,
  type SessionContext,
} from '#server/areas/sessions/index.ts';
import {
  addressKeyOf,
  createFailureLimit,
  rateLimitedRoute,
  type BffRateLimits,
} from '../plugins/rate-limits.ts';
import { requireSession } from '../plugins/session.ts';

export interface AuthSessionRoutesOptions {
  context: SessionContext;
  rateLimits: BffRateLimits;
  /** Where the link of a verification e-mail leads once the address is verified. */
  verificationContinueUrl: string;
}

/** A sign-in's two Firebase tokens take a few kilobytes; nothing bigger is read. */
const signInBodyLimitBytes = 32 * 1024;

const errorResponses = {
  401: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * The session routes under /auth: open a session from a fresh sign-in, tell who is signed in, re-read
 * the claims, re-authenticate, send the verification e-mail, sign out here or everywhere.
 */
export async function authSessionRoutes(
  fastify: FastifyInstance,
  options: AuthSessionRoutesOptions,
): Promise<void> {
  const { context } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Counts per session where there is one, so users behind one address do not share a budget. */
  const sessionOrAddressKey = (request: FastifyRequest): string => {
    const idHash = request.sessionIdHash();
    return idHash === undefined ? `ip:${addressKeyOf(request)}` : `session:${idHash}`;
  };

  /**
   * Sign-ins are limited on what fails, per address, so that a stranger's junk never spends the
   * budget of people who sign in for real. Not per account: a failed attempt names no account that
   * can be believed (its token did not verify), and counting on the account it claims would let
   * anyone lock a user out by naming them. Guessing passwords happens at Firebase, which limits that
   * per account itself; what reaches the BFF are tokens, which cannot be guessed.
   */
  const failedSignIns = createFailureLimit(options.rateLimits.signIn);

  app.post(
    '/auth/session',
    {
      config: rateLimitedRoute(options.rateLimits.signInAttempts),
      onRequest: failedSignIns.onRequest,
      onResponse: failedSignIns.onResponse,
      bodyLimit: signInBodyLimitBytes,
      schema: {
        body: createSessionBodySchema,
        response: { 200: sessionResponseSchema, 400: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createSession(context, request.body, request.sessionIdHash());
      reply.setSessionCookie(created.sessionId);
      return { user: created.user };
    },
  );

  app.get(
    '/auth/session',
    {
      config: rateLimitedRoute(options.rateLimits.session),
      schema: { response: { 200: sessionStateResponseSchema, 429: errorResponseSchema } },
    },
    async (request) => {
      // Every page of a visitor who is not signed in asks this: the answer is a fact, not a failure,
      // so it is a 200 (a 401 would be logged as an error in every visitor's console).
      const session = await request.getSession();
      if (session === null) return { user: null };
      try {
        const { user } = await request.getFreshTokens();
        return { user };
      } catch (error) {
        // Firebase ended the session (user deleted or disabled, tokens revoked): signed out now.
        if (error instanceof SessionEndedError) return { user: null };
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
      const idHash = request.sessionIdHash();
      if (idHash !== undefined) await endSession(context, idHash);
      reply.clearSessionCookie();
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/session/reauthenticate',
    {
      config: rateLimitedRoute(options.rateLimits.signInAttempts),
      onRequest: failedSignIns.onRequest,
      onResponse: failedSignIns.onResponse,
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
    async (request, reply) => {
      const session = await requireSession(request);
      const renewed = await reauthenticateSession(context, session, request.body);
      reply.setSessionCookie(renewed.sessionId);
      return { user: renewed.user };
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
      reply.clearSessionCookie();
      return reply.code(204).send();
    },
  );
}
