import type { Database } from '#server/db/database.ts';
import type { JobLog, JobQueue } from '#server/jobs/job-queue.ts';
import { createAdminClient, type AdminClient } from '#server/platform/shopify/admin-client.ts';
import type { ShopifyApp } from '#server/platform/shopify/shopify-app.ts';

/**
 * What the catalog needs of the shops area: a store's address and a valid token, a way to say
 * that Shopify refused it, whether the owner's plan pauses the store and how many pages it audits. The composition root passes the shops area's functions
 * (server/areas/shops/shop-access.ts), so the catalog reads no table of theirs.
 */
export interface ShopAccessProvider {
  /** A token valid for at least a few minutes (refreshed first when needed). */
  shopAccess(shopId: string): Promise<{ shopId: string; shopDomain: string; accessToken: string }>;
  findShopByDomain(shopDomain: string): Promise<{ shopId: string; ownerUid: string } | undefined>;
  /**
   * Whether the store is beyond what its owner's plan allows: its copy is kept but not brought up
   * to date (no reconciliation, no refetch) until the plan allows it again; the first
   * reconciliation then catches up what changed meanwhile.
   */
  storeIsPaused(shopId: string): Promise<boolean>;
  /**
   * The pages the store's owner's plan audits, which bounds how much of the store the copy holds
   * (copyLimitFor in catalog-sync.ts).
   */
  pagesAuditedFor(shopId: string): Promise<number>;
  /**
   * Shopify answered 401 to `refusedAccessToken`: `replaced` when the store holds a newer one to try
   * instead (another process refreshed the pair, or this call did: a store still holding the refused
   * token has its pair refreshed once), `ended` when Shopify refused that refresh (the owner must
   * connect the store again). Throws when Shopify could not answer the refresh.
   */
  handleRefusedAccessToken(
    shopId: string,
    errorCode: string,
    refusedAccessToken: string,
  ): Promise<'ended' | 'replaced'>;
}

export interface CatalogDependencies {
  db: Database;
  jobs: JobQueue;
  shopify: ShopifyApp;
  shops: ShopAccessProvider;
  /** The product's public address; webhooks are delivered to `${publicUrl}/webhooks/shopify`. */
  publicUrl: string;
  log: JobLog;
  /** One Admin API client per store, so that each keeps its store's rate limit (adminClients()). */
  adminClient(shopId: string, shopDomain: string): AdminClient;
  /**
   * Hears that a store's import finished: the whole copy is new. The composition root queues the
   * store's audit here; the catalog knows nothing of it.
   */
  onImportFinished?: (shopId: string) => Promise<void>;
  /**
   * Hears that these records may have changed: stored or deleted by a webhook's refetch, or read
   * again or removed by a reconciliation (which names every page and article, of which no webhook
   * tells).
   */
  onPagesChanged?: (shopId: string, gids: readonly string[]) => Promise<void>;
  /** How often a running bulk operation is asked about; default 1 s. */
  bulkPollIntervalMs?: number;
  /** How long a result file's download may send nothing before it is given up; default 60 s. */
  bulkFileIdleTimeoutMs?: number;
}

/**
 * The Admin API clients of every store this process talks to, one per store: Shopify's budget is per
 * app and store, so requests for one store share what its client learnt of that budget.
 */
export function adminClients(
  shopify: ShopifyApp,
  shops: ShopAccessProvider,
): (shopId: string, shopDomain: string) => AdminClient {
  const clients = new Map<string, AdminClient>();
  return (shopId, shopDomain) => {
    let client = clients.get(shopId);
    if (client === undefined) {
      client = createAdminClient({
        endpoint: `${shopify.shopUrl(shopDomain)}/admin/api/${shopify.apiVersion}/graphql.json`,
        accessToken: async () => (await shops.shopAccess(shopId)).accessToken,
        onUnauthorized: (refusedToken) =>
          shops.handleRefusedAccessToken(shopId, 'shop_needs_reconnecting', refusedToken),
      });
      clients.set(shopId, client);
    }
    return client;
  };
}

/**
 * Tells the listener that the copy changed, without letting its failure fail the import or the
 * delivery that stored the change: the copy is right whatever the listener does.
 */
export async function tellCopyChanged(
  deps: Pick<CatalogDependencies, 'log'>,
  shopId: string,
  listener: (() => Promise<void>) | undefined,
): Promise<void> {
  if (listener === undefined) return;
  try {
    await listener();
  } catch (error) {
    deps.log.warn({ err: error, shopId }, 'a listener of the catalog copy failed');
  }
}
