import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { authenticateEveryRequest } from '../../plugins/authenticate.ts';
import callerRateLimits, {
  defaultApiRateLimits,
  type ApiRateLimits,
} from '../../plugins/caller-rate-limits.ts';
import { accountRoutes } from './account/index.ts';
import { activityRoutes } from './activity/index.ts';
import { blogRoutes } from './blog/index.ts';
import { billingRoutes, type BillingRoutesOptions } from './billing/index.ts';
import { contactRoutes } from './contact/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { seoBulkRoutes } from './seo/bulk.ts';
import { seoChangeRoutes } from './seo/changes.ts';
import { seoRoutes } from './seo/index.ts';
import { shopsRoutes, type ShopsRoutesOptions } from './shops/index.ts';
import { weeklySummaryRoutes } from './weekly-summary/index.ts';

/**
 * Everything under /api/v1. The authentication hook is put on the whole folder here, before any
 * route is registered, so a route added later cannot be reached without a verified caller.
 */
export const v1Routes: FastifyPluginAsync<{
  database: DatabaseHandle;
  identity: IdentityProvider;
  jobs: JobQueue;
  /** The stores' routes; absent, there are none (tests of other routes). */
  shops?: Omit<ShopsRoutesOptions, 'database' | 'rateLimits'>;
  /** The plans' routes, which list the stores too; absent, there are none (tests of other routes). */
  billing?: Omit<BillingRoutesOptions, 'database' | 'catalog' | 'rateLimits'>;
  /** Budgets per account of the costly writes; each defaults to defaultApiRateLimits'. */
  rateLimits?: Partial<ApiRateLimits>;
}> = async (scope, { database, identity, jobs, shops, billing, rateLimits: budgets }) => {
  authenticateEveryRequest(scope, identity);
  // After the authentication hook, which the limits' own hooks follow: they count per account.
  await scope.register(callerRateLimits);
  const rateLimits: ApiRateLimits = { ...defaultApiRateLimits, ...budgets };
  await scope.register(accountRoutes, {
    prefix: '/account',
    database,
    identity,
    jobs,
    stripe: billing?.stripe,
    ...(shops !== undefined && {
      stores: { shopify: shops.shopify, shopTokens: shops.shopTokens, catalog: shops.catalog },
    }),
  });
  await scope.register(weeklySummaryRoutes, { prefix: '/account/weekly-summary', database });
  await scope.register(contactRoutes, { prefix: '/contact', database, jobs });
  await scope.register(activityRoutes, { prefix: '/activity', database });
  if (shops !== undefined) {
    await scope.register(shopsRoutes, { prefix: '/shops', database, rateLimits, ...shops });
    await scope.register(seoRoutes, { prefix: '/shops', database, jobs });
    await scope.register(seoChangeRoutes, { prefix: '/shops', database, jobs, rateLimits });
    await scope.register(seoBulkRoutes, { prefix: '/shops', database, rateLimits });
    await scope.register(blogRoutes, { prefix: '/shops', database, jobs, rateLimits });
    await scope.register(dashboardRoutes, {
      prefix: '/dashboard',
      database,
      catalog: shops.catalog,
    });
    if (billing !== undefined) {
      await scope.register(billingRoutes, {
        prefix: '/billing',
        database,
        catalog: shops.catalog,
        rateLimits,
        ...billing,
      });
    }
  }
};
