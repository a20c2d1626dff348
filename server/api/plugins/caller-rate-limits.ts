import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#shared/errors.ts';
import { authenticatedCaller } from './authenticate.ts';

/** A budget of requests per caller and time window. */
export interface CallerRateLimit {
  max: number;
  timeWindowMs: number;
}

/**
 * The writes that cost the product or a platform something for each call, each under a budget per
 * account: generous for an owner clicking through the screens, so that only a script sending them
 * in a loop is refused.
 */
export interface ApiRateLimits {
  /** POST /api/v1/shops/authorizations: each stores an OAuth state and checks the plan. */
  storeAuthorizations: CallerRateLimit;
  /** POST /api/v1/billing/checkout-sessions: each calls Stripe several times. */
  checkoutSessions: CallerRateLimit;
  /** POST /api/v1/billing/portal-sessions: each calls Stripe. */
  portalSessions: CallerRateLimit;
  /** POST /api/v1/shops/:shopId/seo/bulk/drafts: each writes a draft on every selected page. */
  bulkDrafts: CallerRateLimit;
  /** POST /api/v1/shops/:shopId/seo/changes/approve: each queues writes to Shopify. */
  approvals: CallerRateLimit;
  /** POST /api/v1/shops/:shopId/blog/posts: each keeps a post and its versions. */
  postCreations: CallerRateLimit;
}

export const defaultApiRateLimits: ApiRateLimits = {
  storeAuthorizations: { max: 20, timeWindowMs: 10 * 60_000 },
  checkoutSessions: { max: 10, timeWindowMs: 10 * 60_000 },
  portalSessions: { max: 20, timeWindowMs: 10 * 60_000 },
  bulkDrafts: { max: 20, timeWindowMs: 60_000 },
  approvals: { max: 30, timeWindowMs: 60_000 },
  postCreations: { max: 30, timeWindowMs: 10 * 60_000 },
};

/** The key every per-caller limit counts under: the account, whichever session or address calls. */
function callerKeyOf(request: FastifyRequest): string {
  return `uid:${authenticatedCaller(request).uid}`;
}

/**
 * The route option that puts a route under a per-caller budget, counted per route. The route must
 * be under the authentication hook (server/api/routes/v1), which has run when the limit is checked.
 */
export function limitedPerCaller(rule: CallerRateLimit) {
  return { rateLimit: { max: rule.max, timeWindow: rule.timeWindowMs } };
}

/**
 * @fastify/rate-limit, only where a route asks for it (limitedPerCaller), counting per account:
 * one owner's many sessions share one budget, and owners behind one address do not share theirs.
 * As in the BFF (server/bff/plugins/rate-limits.ts), counters live in this process: with several
 * API instances each enforces its own budget, which still bounds what one account can make the
 * product do. A refusal is 429 `rate_limited` with Retry-After.
 */
async function callerRateLimits(fastify: FastifyInstance): Promise<void> {
  await fastify.register(rateLimit, {
    global: false,
    keyGenerator: callerKeyOf,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 429, {
        message: `Too many requests of this kind from this account; retry in ${context.after}`,
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}

export default fp(callerRateLimits, { name: 'api-caller-rate-limits' });
