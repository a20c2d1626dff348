import type Stripe from 'stripe';
import { accountDeletionJob, orphanedStoresSweepJob } from './areas/account/index.ts';
import { handleStripeEvent } from './areas/billing/index.ts';
import { deleteStorePosts, startBlogJobs, type BlogDependencies } from './areas/blog/index.ts';
import {
  adminClients,
  type CatalogDependencies,
  type ShopAccessProvider,
  importPartialCopiesAgain,
  queueCatalogImport,
  refreshArticle,
  startCatalogJobs,
  catalogStates,
  catalogSummaries,
  deleteStoreCopy,
  catalogWebhookHandlers,
} from './areas/catalog/index.ts';
import { contactMailJob, contactMailSweepJob } from './areas/contact/index.ts';
import {
  auditStoresAfterUpgrade,
  deleteStoreAudit,
  type SeoDependencies,
  startSeoJobs,
  queuePageAudit,
  startAudit,
} from './areas/seo/index.ts';
import {
  deleteStoreChanges,
  deleteUserChanges,
  startSeoChangesJobs,
  type SeoChangesDependencies,
} from './areas/seo-changes/index.ts';
import { liveEventPurgeJob } from './areas/live/index.ts';
import { sessionPurgeJob } from './areas/sessions/index.ts';
import {
  oauthStatePurgeJob,
  findShopByDomain,
  handleRefusedAccessToken,
  shopAccess,
  type ShopAccessDependencies,
  type ShopCatalog,
  shopWebhookHandlers,
  activeStoreIdsOf,
  pagesAuditedFor,
  storeIsPaused,
  type UserShopsDependencies,
} from './areas/shops/index.ts';
import {
  webhookDeliveryJob,
  webhookDeliveryPurgeJob,
  webhookDeliverySweepJob,
  type StripeEventHandler,
  type WebhookHandlers,
} from './areas/webhooks/index.ts';
import { deleteUserWeeklySummaries, weeklySummaryJob } from './areas/weekly-summary/index.ts';
import type { Database } from './db/database.ts';
import type { JobLog, JobQueue } from './jobs/job-queue.ts';
import type { IdentityProvider } from './platform/identity.ts';
import type { Mailer } from './platform/mail.ts';
import { localStorefronts } from './platform/storefront/local-storefronts.ts';
import { createStorefrontFetcher } from './platform/storefront/storefront-fetcher.ts';
import type { AdminClient } from './platform/shopify/admin-client.ts';
import type { ShopifyApp } from './platform/shopify/shopify-app.ts';
import type { TokenCipher } from './platform/token-cipher.ts';

/** What the jobs of every area need; the workers run where the API runs (roles `all` and `api`). */
export interface WorkerDependencies {
  db: Database;
  identity: IdentityProvider;
  mailer: Mailer;
  jobs: JobQueue;
  /** Vitrine as a Shopify app, for the jobs that read or write a store. */
  shopify: ShopifyApp;
  /** Vitrine's Stripe account, which the billing area reads each subscription back from. */
  stripe: Stripe;
  /** The cipher of the stores' tokens (server/areas/shops/shop-tokens.ts). */
  shopTokens: TokenCipher;
  /** Where contact messages are mailed (CONTACT_INBOX). */
  contactInbox: string;
  /** The copy of each connected store's catalog (server/areas/shops/shop-catalog.ts). */
  shopCatalog: ShopCatalog;
  log: JobLog;
  /** The product's public address: Shopify delivers webhooks to `${publicUrl}/webhooks/shopify`. */
  publicUrl: string;
  /**
   * Local mode's local Shopify, which answers the stores' storefronts too: the storefront pass
   * reaches them there. Unset in production, where the fetcher reaches only public addresses.
   */
  localShopifyUrl?: string;
  /**
   * How many requests a second the storefront pass sends to the local Shopify's storefronts: local
   * mode's pace (config.ts). Unset, and always in production, a store's storefront is crawled at
   * the fetcher's polite two a second.
   */
  localStorefrontRequestsPerSecond?: number;
}

/** What each webhook topic does, gathered from the areas that handle them. */
export function webhookHandlers(deps: WorkerDependencies): WebhookHandlers {
  return {
    ...shopWebhookHandlers({ ...deps, catalog: deps.shopCatalog }),
    ...catalogWebhookHandlers(catalogDependencies(deps)),
  };
}

/**
 * What becomes of Stripe's events: the billing area reads their subscription back from Stripe, and
 * a plan that now reads more pages has the catalog import again the copies the old plan held in
 * part and the SEO area audit the owner's other stores again.
 */
export function stripeEventHandler(deps: WorkerDependencies): StripeEventHandler {
  return (event) =>
    handleStripeEvent(
      {
        db: deps.db,
        stripe: deps.stripe,
        log: deps.log,
        onPageLimitGrown: async (uid) => {
          // A copy the old plan held in part is imported again; its audit follows the import.
          const reimported = await importPartialCopiesAgain(
            deps,
            await activeStoreIdsOf(deps.db, uid),
          );
          await auditStoresAfterUpgrade(seoDependencies(deps), uid, new Set(reimported));
        },
      },
      event,
    );
}

/**
 * Puts every job the areas define to work, one line per job (the catalog's in one). A queue whose
 * job is not listed here keeps its jobs until an instance that lists it starts.
 */
export async function startWorkers(deps: WorkerDependencies): Promise<void> {
  await deps.jobs.work(accountDeletionJob, {
    ...deps,
    stores: userShopsDependencies(deps),
    deleteUserChanges,
    deleteUserWeeklySummaries,
  });
  await deps.jobs.work(orphanedStoresSweepJob, { ...deps, stores: userShopsDependencies(deps) });
  await deps.jobs.work(contactMailJob, deps);
  await deps.jobs.work(contactMailSweepJob, deps);
  await deps.jobs.work(sessionPurgeJob, deps);
  await deps.jobs.work(liveEventPurgeJob, deps);
  await deps.jobs.work(oauthStatePurgeJob, deps);
  await deps.jobs.work(webhookDeliveryJob, {
    ...deps,
    handlers: webhookHandlers(deps),
    stripeEvents: stripeEventHandler(deps),
  });
  await deps.jobs.work(webhookDeliveryPurgeJob, deps);
  await deps.jobs.work(webhookDeliverySweepJob, deps);
  await startCatalogJobs(catalogDependencies(deps));
  await startSeoJobs(seoDependencies(deps));
  await startSeoChangesJobs(seoChangesDependencies(deps));
  await startBlogJobs(blogDependencies(deps));
  await deps.jobs.work(weeklySummaryJob, deps);
}

/** What disconnecting a deleted account's stores needs, from what every worker has. */
function userShopsDependencies(deps: WorkerDependencies): UserShopsDependencies {
  return { shopify: deps.shopify, shopTokens: deps.shopTokens, catalog: deps.shopCatalog };
}

/** What the SEO area's jobs need, from what every worker has. */
export function seoDependencies(
  deps: Pick<
    WorkerDependencies,
    'db' | 'jobs' | 'log' | 'publicUrl' | 'localShopifyUrl' | 'localStorefrontRequestsPerSecond'
  >,
): SeoDependencies {
  const connectTo =
    deps.localShopifyUrl === undefined ? undefined : localStorefronts(deps.localShopifyUrl);
  return {
    db: deps.db,
    jobs: deps.jobs,
    log: deps.log,
    storefront: {
      openFetcher: () =>
        createStorefrontFetcher({
          publicUrl: deps.publicUrl,
          // A pass reads one store: two requests a second to that store, whatever its domains; in
          // local mode, the local Shopify's storefronts at local mode's pace (config.ts).
          paceAcrossHosts: true,
          ...(connectTo !== undefined && { connectTo }),
          ...(connectTo !== undefined &&
            deps.localStorefrontRequestsPerSecond !== undefined && {
              routedRequestsPerSecond: deps.localStorefrontRequestsPerSecond,
            }),
        }),
    },
  };
}

/**
 * The Admin API clients of this process, one per store (adminClients), shared by the catalog's jobs,
 * its webhook handlers and the writes of the SEO changes: Shopify's budget is per app and store, so
 * all of them must count against the same one.
 */
const adminClientsOf = new WeakMap<
  WorkerDependencies,
  (shopId: string, shopDomain: string) => AdminClient
>();

function storeAdminClients(deps: WorkerDependencies) {
  let clients = adminClientsOf.get(deps);
  if (clients === undefined) {
    clients = adminClients(deps.shopify, shopAccessProvider(deps));
    adminClientsOf.set(deps, clients);
  }
  return clients;
}

/**
 * What the SEO changes' write job needs: the store's Admin API client, the one the catalog uses, and
 * the audit of the pages written, queued as the catalog's changes queue it.
 */
function seoChangesDependencies(deps: WorkerDependencies): SeoChangesDependencies {
  const shops = shopAccessProvider(deps);
  const clients = storeAdminClients(deps);
  const seo = seoDependencies(deps);
  return {
    db: deps.db,
    jobs: deps.jobs,
    log: deps.log,
    adminClient: async (shopId) => {
      const { shopDomain } = await shops.shopAccess(shopId);
      return clients(shopId, shopDomain);
    },
    onPagesWritten: (shopId, gids) => queuePageAudit(seo, shopId, gids, 'written'),
  };
}

/**
 * What the blog's publication needs: the store's Admin API client, the one the catalog and the SEO
 * writes use, and the catalog's reading of the article again once a post is written, so that it
 * joins the copy (and the audit) as any article does.
 */
function blogDependencies(deps: WorkerDependencies): BlogDependencies {
  const shops = shopAccessProvider(deps);
  const clients = storeAdminClients(deps);
  return {
    db: deps.db,
    jobs: deps.jobs,
    log: deps.log,
    adminClient: async (shopId) => {
      const { shopDomain } = await shops.shopAccess(shopId);
      return clients(shopId, shopDomain);
    },
    onArticleWritten: (shopId, articleGid) =>
      refreshArticle(catalogDependencies(deps), shopId, articleGid),
  };
}

/**
 * The shops area's functions as the catalog asks for them (server/areas/catalog/catalog-dependencies.ts):
 * a store's address and a valid token, found by id or by domain, and whether its plan pauses it.
 */
export function shopAccessProvider(deps: ShopAccessDependencies): ShopAccessProvider {
  return {
    shopAccess: (shopId) => shopAccess(deps, shopId),
    findShopByDomain: (shopDomain) => findShopByDomain(deps.db, shopDomain),
    storeIsPaused: (shopId) => storeIsPaused(deps.db, shopId),
    pagesAuditedFor: (shopId) => pagesAuditedFor(deps.db, shopId),
    handleRefusedAccessToken: (shopId, errorCode, refusedAccessToken) =>
      handleRefusedAccessToken(deps, shopId, errorCode, refusedAccessToken),
  };
}

/**
 * What the catalog's jobs and webhook handlers need, from what every worker has. A copy imported is
 * audited in full, unless its owner's plan pauses the store (a paused store reconnected); the records
 * a webhook or a reconciliation changed are audited again on their own.
 */
function catalogDependencies(deps: WorkerDependencies): CatalogDependencies {
  const shops = shopAccessProvider(deps);
  const seo = seoDependencies(deps);
  return {
    onImportFinished: async (shopId) => {
      if (await storeIsPaused(deps.db, shopId)) {
        deps.log.info(
          { shopId },
          'seo audit after import skipped: the store is paused by its plan',
        );
        return;
      }
      await startAudit(seo, shopId, 'import');
    },
    onPagesChanged: (shopId, gids) => queuePageAudit(seo, shopId, gids, 'store-changed'),
    db: deps.db,
    jobs: deps.jobs,
    log: deps.log,
    shopify: deps.shopify,
    shops,
    publicUrl: deps.publicUrl,
    adminClient: storeAdminClients(deps),
  };
}

/**
 * The catalog's side of connected stores as the shops area asks for it
 * (server/areas/shops/shop-catalog.ts): queue the first import, tell the copies' states or sum them up, delete one
 * (and with it the store's audit, which is made of the copy, and the owner's changes of its texts).
 */
export function storeCatalog(deps: { db: Database; jobs: JobQueue }): ShopCatalog {
  return {
    queueImport: (shopId) => queueCatalogImport(deps, shopId),
    states: (shopIds) => catalogStates(deps.db, shopIds),
    summaries: (shopIds) => catalogSummaries(deps.db, shopIds),
    deleteStoreCopy: async (shopId) => {
      const removed = await deleteStoreCopy(deps.db, shopId);
      await deleteStoreAudit(deps.db, shopId);
      await deleteStoreChanges(deps.db, shopId);
      await deleteStorePosts(deps.db, shopId);
      return removed;
    },
  };
}
