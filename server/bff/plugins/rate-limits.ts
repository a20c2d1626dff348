import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
}

export const defaultRateLimits: BffRateLimits = {
  signIn: { max: 30, timeWindowMs: 60_000 },
  session: { max: 300, timeWindowMs: 60_000 },
};

/** The route option that puts a route under a rule (counted per route and per IP). */
export function rateLimitedRoute(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.timeWindowMs } };
}

/**
 * @fastify/rate-limit, only where a route asks for it. Counters live in this process: with several BFF
 * instances each enforces its own budget, which still bounds what one address can do to Firebase.
 */
async function rateLimits(fastify: FastifyInstance): Promise<void> {
  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many requests; retry in ${context.after}`),
  });
}

export default fp(rateLimits, { name: 'bff-rate-limits' });
