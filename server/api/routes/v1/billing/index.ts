import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { AppError } from '#shared/errors.ts';
import type { PlanId } from '#shared/plans.ts';
import { billingContracts as contracts } from '#shared/contracts/billing.ts';
import { getAccount } from '#server/areas/account/index.ts';
import {
  type BillingAccount,
  type CheckoutSettings,
  cancelSubscription,
  resumeSubscription,
  changeSubscription,
  requireLiveSubscription,
  openBillingPortal,
  planLimitsOf,
  type PriceCatalog,
  readBillingOverview,
  startCheckout,
} from '#server/areas/billing/index.ts';
import { postsCountedThisMonth } from '#server/areas/blog/index.ts';
import { pagesCoveredByLastAudits } from '#server/areas/seo/index.ts';
import {
  keepStoreActive,
  listShops,
  type ShopCatalog,
  storeActivityOf,
} from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { limitedPerCaller, type ApiRateLimits } from '../../../plugins/caller-rate-limits.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { logStripeFailures } from '../../../plugins/log-stripe-failures.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

/** What the API needs to sell plans; given by the composition root. */
export interface BillingRoutesOptions {
  database: DatabaseHandle;
  stripe: Stripe;
  /** The paid plans' Stripe prices, read at the start (price-catalog.ts). */
  prices: PriceCatalog;
  settings: CheckoutSettings;
  /** The stores' catalog copies, which the shops area's listing reads. */
  catalog: Pick<ShopCatalog, 'summaries'>;
  /** The budgets per account of the costly writes (server/api/plugins/caller-rate-limits.ts). */
  rateLimits: ApiRateLimits;
}

const stripeErrors = {
  502: 'Stripe refused the request (`billing_unavailable`)',
  503: 'Stripe cannot be reached or failed (`billing_unavailable`), or Firebase cannot be reached (`identity_provider_unavailable`)',
};
const accountMissing = 'The caller has no account yet (`account_not_found`)';

/**
 * The caller's plan and subscription (`/api/v1/billing`). Payments, plan changes and cancellations
 * happen at Stripe; these routes open Stripe's pages or ask Stripe for the change, and answer 202:
 * the plan changes when Stripe's event arrives, never here, so the client reads the state again.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const { database, stripe, prices, settings, catalog, rateLimits } = options;
  const db = database.db;
  const billing = { db, stripe, prices, settings };
  logStripeFailures(app);

  const billingAccountOf = async (
    request: Parameters<typeof authenticatedCaller>[0],
  ): Promise<BillingAccount> => {
    const { uid } = authenticatedCaller(request);
    const account = await getAccount(db, uid);
    return {
      uid,
      email: account.email,
      displayName: account.displayName,
      language: account.language,
    };
  };

  /**
   * Going to `plan`, which may allow fewer stores than the owner has connected: then the owner names
   * the store that stays active (`keepStoreId`), which is recorded before Stripe is asked, so the
   * stores beyond the limit are the ones the owner expects whenever the new plan applies.
   */
  const keepChosenStore = async (uid: string, plan: PlanId, keepStoreId: string | undefined) => {
    const { connected } = await storeActivityOf(db, uid);
    if (connected <= planLimitsOf(plan).limits.stores) return;
    if (keepStoreId === undefined) {
      throw new AppError('store_choice_required', 409, {
        message: `The ${plan} plan allows fewer stores than the ${connected} connected: name the one that stays active (keepStoreId)`,
        field: 'keepStoreId',
      });
    }
    await keepStoreActive(db, uid, keepStoreId);
  };

  app.route({
    ...routeOf(app, contracts.overview, {
      summary: "The caller's plan, subscription and usage",
      description:
        'The plan whose limits apply now, the subscription behind it (also when it no longer grants its plan), the usage against each limit, and the connected stores with those beyond the limit paused.',
      tags: ['billing'],
      security: bearerToken,
      answers: { 200: 'The overview' },
      errors: errorResponses([...authenticatedRouteErrors, 404], { 404: accountMissing }),
    }),
    handler: async (request) => {
      const { uid } = authenticatedCaller(request);
      await getAccount(db, uid);
      const { shops } = await listShops({ db, catalog }, uid);
      const stores = shops.map(({ id, shopDomain, paused }) => ({ id, shopDomain, paused }));
      const pagesAudited = await pagesCoveredByLastAudits(
        db,
        stores.map((store) => store.id),
      );
      const posts = await postsCountedThisMonth(
        db,
        stores.map((store) => store.id),
      );
      const data = await readBillingOverview(db, uid, {
        stores,
        pagesAudited,
        blogPostsThisMonth: posts.used,
      });
      return { data };
    },
  });

  app.route({
    ...routeOf(app, contracts.startCheckout, {
      summary: 'Subscribe to a paid plan',
      description:
        "Answers the address of Stripe's Checkout for the plan and period, in the account's language. The plan applies once Stripe's event says the payment succeeded.",
      tags: ['billing'],
      security: bearerToken,
      answers: { 201: "Stripe's Checkout" },
      errors: errorResponses(
        [...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409, 429, 502, 503],
        {
          404: accountMissing,
          409: 'The account already has a live subscription: change its plan instead (`subscription_exists`), or another checkout of the account is being opened (`checkout_in_progress`)',
          ...stripeErrors,
        },
      ),
    }),
    config: limitedPerCaller(rateLimits.checkoutSessions),
    handler: async (request, reply) => {
      const account = await billingAccountOf(request);
      const url = await startCheckout(billing, account, request.body);
      return reply.code(201).send({ data: { url } });
    },
  });

  app.route({
    ...routeOf(app, contracts.startPortalSession, {
      summary: "Open Stripe's customer portal",
      description:
        'Answers the address of the portal (invoices, payment method, billing details), in the account language, coming back to the subscription page.',
      tags: ['billing'],
      security: bearerToken,
      answers: { 201: "Stripe's customer portal" },
      errors: errorResponses(
        [...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409, 429, 502, 503],
        {
          404: accountMissing,
          409: 'The account never subscribed (`no_subscription`)',
          ...stripeErrors,
        },
      ),
    }),
    config: limitedPerCaller(rateLimits.portalSessions),
    handler: async (request, reply) => {
      const account = await billingAccountOf(request);
      const url = await openBillingPortal(billing, account);
      return reply.code(201).send({ data: { url } });
    },
  });

  app.route({
    ...routeOf(app, contracts.changeSubscription, {
      summary: 'Change plan or period',
      description:
        "Moves the live subscription to the plan and period, prorated, and withdraws a cancellation. A plan that allows fewer stores than are connected needs `keepStoreId`, the store that stays active. Accepted (202): the plan changes when Stripe's event arrives. When the change's invoice cannot be paid now, Stripe holds the change until it is: `paymentUrl` is that invoice's payment page, and the plan stays as it was until it is paid.",
      tags: ['billing'],
      security: bearerToken,
      answers: { 202: 'Stripe took the change' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409, 502, 503], {
        404: 'No such store on this account (`shop_not_found`), or no account yet (`account_not_found`)',
        409: 'No live subscription (`no_subscription`), or `keepStoreId` is needed (`store_choice_required`)',
        ...stripeErrors,
      }),
    }),
    handler: async (request, reply) => {
      const { uid } = await billingAccountOf(request);
      const { plan, interval, keepStoreId } = request.body;
      const subscription = await requireLiveSubscription(db, uid);
      await keepChosenStore(uid, plan, keepStoreId);
      const { paymentUrl } = await changeSubscription(billing, subscription, { plan, interval });
      return reply.code(202).send({ data: { accepted: true as const, paymentUrl } });
    },
  });

  app.route({
    ...routeOf(app, contracts.cancelSubscription, {
      summary: 'Cancel at the end of the period',
      description:
        "The subscription ends when the period paid for ends, and the Free plan's limits apply then. When Free allows fewer stores than are connected, `keepStoreId` names the store that stays active. Accepted (202): Stripe's event records it.",
      tags: ['billing'],
      security: bearerToken,
      answers: { 202: 'Stripe took the cancellation' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409, 502, 503], {
        404: 'No such store on this account (`shop_not_found`), or no account yet (`account_not_found`)',
        409: 'No live subscription (`no_subscription`), or `keepStoreId` is needed (`store_choice_required`)',
        ...stripeErrors,
      }),
    }),
    handler: async (request, reply) => {
      const { uid } = await billingAccountOf(request);
      const subscription = await requireLiveSubscription(db, uid);
      await keepChosenStore(uid, 'free', request.body.keepStoreId);
      await cancelSubscription(billing, subscription);
      return reply.code(202).send({ data: { accepted: true as const } });
    },
  });

  app.route({
    ...routeOf(app, contracts.resumeSubscription, {
      summary: 'Withdraw a cancellation',
      description:
        "The subscription renews again at the period's end. Accepted (202): Stripe's event records it.",
      tags: ['billing'],
      security: bearerToken,
      answers: { 202: 'Stripe took the resumption' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 409, 502, 503], {
        404: accountMissing,
        409: 'No live subscription (`no_subscription`)',
        ...stripeErrors,
      }),
    }),
    handler: async (request, reply) => {
      const { uid } = await billingAccountOf(request);
      const subscription = await requireLiveSubscription(db, uid);
      await resumeSubscription(billing, subscription);
      return reply.code(202).send({ data: { accepted: true as const } });
    },
  });
};
