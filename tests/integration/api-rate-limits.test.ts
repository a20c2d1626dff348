import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPriceCatalog } from '#server/areas/billing/price-catalog.ts';
import { sessionBindingHeader } from '#server/http/session-binding.ts';
import { createStripeClient } from '#server/platform/stripe/stripe-client.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import { uniqueShopDomain } from '../support/shops-test-support.ts';

/**
 * The budgets per account of the writes that cost something at each call (starting a store's
 * authorization, opening Checkout or the portal at the local Stripe, saving a bulk edit, approving
 * drafts), here two calls each: the third of an account is refused with 429 `rate_limited` and
 * Retry-After, while another account still has its own. A manual audit asked for again within its
 * cooldown is refused the same way.
 */

const budget = { max: 2, timeWindowMs: 10 * 60_000 };
let local: TestStripe;
let api: ApiTestContext;

beforeAll(async () => {
  local = await startTestStripe();
  const stripe = createStripeClient({
    secretKey: local.secretKey,
    webhookSecret: local.webhookSecret,
    automaticTax: false,
    apiUrl: local.url,
  });
  const prices = await loadPriceCatalog(stripe);
  api = await startApiForTests({
    billing: {
      stripe,
      prices,
      settings: { publicUrl: 'http://localhost:3000', automaticTax: false },
    },
    rateLimits: {
      storeAuthorizations: budget,
      checkoutSessions: budget,
      portalSessions: budget,
      bulkDrafts: budget,
      approvals: budget,
    },
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await local?.stop();
});

function post(owner: TestUser, url: string, payload: object) {
  // Each call as through a session of its own: the budget is the account's, whatever the session.
  const headers = { ...bearer(owner.idToken), [sessionBindingHeader]: randomUUID() };
  return api.app.inject({ method: 'POST', url, headers, payload });
}

/** A write of an owner, whatever the owner needs for it to be one the route takes. */
interface LimitedWrite {
  name: string;
  send(owner: TestUser, shopId: string): ReturnType<typeof post>;
}

const limitedWrites: LimitedWrite[] = [
  {
    name: 'a store authorization',
    send: (owner) => post(owner, '/api/v1/shops/authorizations', { shop: uniqueShopDomain() }),
  },
  {
    name: 'a checkout session',
    send: (owner) =>
      post(owner, '/api/v1/billing/checkout-sessions', { plan: 'pro', interval: 'month' }),
  },
  {
    name: 'a portal session',
    send: (owner) => post(owner, '/api/v1/billing/portal-sessions', {}),
  },
  {
    name: 'a bulk edit',
    send: (owner, shopId) =>
      post(owner, `/api/v1/shops/${shopId}/seo/bulk/drafts`, {
        selection: {},
        field: 'seoTitle',
        templates: { en: '{title}' },
      }),
  },
  {
    name: 'an approval',
    send: (owner, shopId) =>
      post(owner, `/api/v1/shops/${shopId}/seo/changes/approve`, { changeIds: [randomUUID()] }),
  },
];

describe.each(limitedWrites)('$name', ({ send }) => {
  it('is refused, past the budget of the account, with `rate_limited` and Retry-After', async () => {
    const owner = await registeredOwner(api, 'business');
    const shopId = await connectedStore(api, owner);
    for (let call = 0; call < budget.max; call += 1) {
      const within = await send(owner, shopId);
      expect(within.statusCode, within.body).not.toBe(429);
    }

    const refused = await send(owner, shopId);

    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await registeredOwner(api, 'business');
    const otherShopId = await connectedStore(api, other);
    expect((await send(other, otherShopId)).statusCode).not.toBe(429);
  });
});

describe('a manual audit', () => {
  const startAudit = (owner: TestUser, shopId: string) =>
    post(owner, `/api/v1/shops/${shopId}/seo/audits`, {});

  async function recordManualRun(shopId: string, state: string, finishedAgo: string | null) {
    await api.database.pool.query(
      `insert into seo_audit_runs (shop_id, trigger, state, finished_at, page_limit)
       values ($1, 'manual', $2, now() - $3::interval, 100)`,
      [shopId, state, finishedAgo],
    );
  }

  it('asked for again within 5 minutes of the last one is refused with `rate_limited` and Retry-After', async () => {
    const owner = await registeredOwner(api);
    const shopId = await connectedStore(api, owner);
    await recordManualRun(shopId, 'done', '1 minute');

    const refused = await startAudit(owner, shopId);

    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(4 * 60);
  });

  it('is joined, not refused, while one is under way', async () => {
    const owner = await registeredOwner(api);
    const shopId = await connectedStore(api, owner);
    await recordManualRun(shopId, 'done', '1 minute');
    await recordManualRun(shopId, 'running', null);

    const joined = await startAudit(owner, shopId);

    expect(joined.statusCode).toBe(200);
  });
});
