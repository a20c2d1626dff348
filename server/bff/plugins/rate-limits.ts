import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../shared/errors.ts';

/** A budget of requests per client IP and time window. */
export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

export interface BffRateLimits {
  /** POST /auth/session: each call costs Firebase round trips and is what a credential-stuffer repeats. */
  signIn: RateLimitRule;
  /** The other /auth/session routes: read on every app start, so a more generous budget. */
  session: RateLimitRule;
  /**
   * POST /api/v1/contact: beside the API's limit per user, so that one address with many accounts
   * cannot flood the inbox.
   */
  contact: RateLimitRule;
  /**
   * POST /auth/session/verification-email, per session (per IP without one): each call mails a
   * person, so one user cannot be flooded, nor Firebase's sending quota spent.
   */
  verificationEmail: RateLimitRule;
}

export const defaultRateLimits: BffRateLimits = {
  signIn: { max: 30, timeWindowMs: 60_000 },
  session: { max: 300, timeWindowMs: 60_000 },
  contact: { max: 10, timeWindowMs: 60 * 60_000 },
  verificationEmail: { max: 1, timeWindowMs: 30_000 },
};

/**
 * The route option that puts a route under a rule, counted per route and per IP, or per whatever
 * `keyOf` returns for the request.
 */
export function rateLimitedRoute(rule: RateLimitRule, keyOf?: (request: FastifyRequest) => string) {
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.timeWindowMs,
      ...(keyOf !== undefined && { keyGenerator: keyOf }),
    },
  };
}

/**
 * @fastify/rate-limit, only where a route asks for it. Counters live in this process: with several BFF
 * instances each enforces its own budget, which still bounds what one address can do to Firebase.
 */
async function rateLimits(fastify: FastifyInstance): Promise<void> {
  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 429, {
        message: `Too many requests; retry in ${context.after}`,
      }),
  });
}

export default fp(rateLimits, { name: 'bff-rate-limits' });
