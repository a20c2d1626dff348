import type { AdminClient } from '#server/platform/shopify/admin-client.ts';
import { collectionQuery, productQuery } from '#server/platform/shopify/admin-documents.ts';
import type { WebhookDelivery } from '#server/platform/shopify/webhook-delivery.ts';
import { tellCopyChanged, type CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import { readShopDetails } from './catalog-sync.ts';
import { catalogReconcileJob } from './catalog-reconcile-job.ts';
import { refetchCollection, refetchProduct } from './refetch-records.ts';

/**
 * What the catalog does with Shopify's webhooks. The webhooks area verifies and records each delivery
 * and calls the handler of its topic from a job; the composition root gives it these handlers.
 *
 * A delivery only says that something changed: the handler reads the record again by id and stores
 * what Shopify has now, so deliveries that arrive late, twice or out of order all end in the same
 * copy. A delivery older than what the copy holds (its `updated_at` before the stored one) is
 * ignored without asking Shopify. A delivery for a store its owner's plan pauses is skipped (logged):
 * the reconciliation that follows the pause's end catches up what it told. A change to a product or
 * collection that a partial copy lacks (beyond what the owner's plan lets it hold) is skipped too.
 */

export type WebhookHandler = (delivery: WebhookDelivery) => Promise<void>;

type Json = Record<string, unknown>;

/** The resource's global id: `admin_graphql_api_id`, or built from the REST `id`. */
function gidOf(payload: Json, type: 'Product' | 'Collection'): string | undefined {
  if (typeof payload.admin_graphql_api_id === 'string') return payload.admin_graphql_api_id;
  const id = payload.id;
  if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) {
    return `gid://shopify/${type}/${id}`;
  }
  return undefined;
}

function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whether the store still has the product or collection, as Shopify answers its query by id. */
async function isStillAtShopify(
  client: AdminClient,
  type: 'Product' | 'Collection',
  gid: string,
): Promise<boolean> {
  if (type === 'Product') {
    const answer = await client.request<{ product: Json | null }>(productQuery, { id: gid });
    return answer.product !== null;
  }
  const answer = await client.request<{ collection: Json | null }>(collectionQuery, { id: gid });
  return answer.collection !== null;
}

export function catalogWebhookHandlers(deps: CatalogDependencies): Record<string, WebhookHandler> {
  /**
   * The store and its copy's state, or undefined when the copy does not exist (nothing to keep) or
   * the store is paused (nothing to keep up to date).
   */
  const target = async (delivery: WebhookDelivery) => {
    const shop = await deps.shops.findShopByDomain(delivery.shopDomain);
    if (shop === undefined) return undefined;
    if (await deps.shops.storeIsPaused(shop.shopId)) {
      deps.log.info(
        { shopId: shop.shopId, topic: delivery.topic },
        'webhook skipped: the store is paused by its plan',
      );
      return undefined;
    }
    const state = await catalogRepository.findSyncState(deps.db, shop.shopId);
    if (state === undefined) return undefined;
    return { shopId: shop.shopId, state };
  };

  /** The audit of the record follows its change in the copy. */
  const pagesChanged = (shopId: string, gids: readonly string[]) => {
    const { onPagesChanged } = deps;
    return tellCopyChanged(deps, shopId, onPagesChanged && (() => onPagesChanged(shopId, gids)));
  };

  const changed =
    (type: 'Product' | 'Collection'): WebhookHandler =>
    async (delivery) => {
      const found = await target(delivery);
      const payload = (delivery.payload ?? {}) as Json;
      const gid = gidOf(payload, type);
      if (found === undefined || gid === undefined) return;
      const kind = type === 'Product' ? 'product' : 'collection';
      const sent = dateOf(payload.updated_at);
      const stored = await catalogRepository.storedUpdatedAt(deps.db, found.shopId, kind, gid);
      if (sent !== undefined && stored !== undefined && sent < stored) {
        deps.log.info(
          { shopId: found.shopId, gid, topic: delivery.topic },
          'stale delivery ignored',
        );
        return;
      }
      // A copy its owner's plan limits does not grow past its limit: a record it lacks is beyond it.
      if (stored === undefined && found.state.partialKinds.includes(`${kind}s`)) {
        deps.log.info(
          { shopId: found.shopId, gid, topic: delivery.topic },
          'webhook skipped: the record is beyond what the plan lets the copy hold',
        );
        return;
      }
      const access = await deps.shops.shopAccess(found.shopId);
      const client = deps.adminClient(found.shopId, access.shopDomain);
      const context = {
        shopId: found.shopId,
        writer: 'follow-up' as const,
        locales: found.state.runLocales,
      };
      const outcome =
        type === 'Product'
          ? await refetchProduct(deps, client, context, gid)
          : await refetchCollection(deps, client, context, gid);
      if (outcome !== 'stale') {
        await catalogRepository.touchLastSynced(deps.db, found.shopId);
        await pagesChanged(found.shopId, [gid]);
      }
    };

  /**
   * A deletion's body is `{"id": …}` and nothing else: it names no store, so the store is the one
   * X-Shopify-Shop-Domain names. Shopify signs the body only (the HMAC of the raw bytes,
   * webhook-signature.ts), so neither that header nor the topic is signed, and a signed body of
   * another delivery could arrive as this one. The record is removed only once Shopify, asked with
   * the named store's token, no longer has it: a record still there is left as it is (its changes
   * arrive by their own deliveries and the reconciliation), and an id of another store is one this
   * store's copy never holds.
   */
  const deleted =
    (type: 'Product' | 'Collection'): WebhookHandler =>
    async (delivery) => {
      const found = await target(delivery);
      const gid = gidOf((delivery.payload ?? {}) as Json, type);
      if (found === undefined || gid === undefined) return;
      const access = await deps.shops.shopAccess(found.shopId);
      const client = deps.adminClient(found.shopId, access.shopDomain);
      if (await isStillAtShopify(client, type, gid)) {
        deps.log.warn(
          { shopId: found.shopId, gid, topic: delivery.topic },
          'deletion ignored: Shopify still has the record',
        );
        return;
      }
      const deletedAt = delivery.triggeredAt ?? new Date();
      await catalogRepository.deleteRecord(deps.db, found.shopId, gid, deletedAt);
      await catalogRepository.touchLastSynced(deps.db, found.shopId);
      await pagesChanged(found.shopId, [gid]);
    };

  /**
   * The shop's name, domains, currency or languages changed. A language published or withdrawn
   * changes which translations the copy keeps: the reconciliation reads them for that store.
   */
  const shopChanged: WebhookHandler = async (delivery) => {
    const found = await target(delivery);
    if (found === undefined) return;
    const access = await deps.shops.shopAccess(found.shopId);
    const client = deps.adminClient(found.shopId, access.shopDomain);
    const shop = await readShopDetails(deps, client, found.shopId);
    const before = [...found.state.runLocales].sort().join(',');
    if (shop.translatedLocales.join(',') !== before && found.state.phase === 'ready') {
      await deps.jobs.send(catalogReconcileJob, { shopId: found.shopId });
    }
    await catalogRepository.touchLastSynced(deps.db, found.shopId);
  };

  return {
    'products/create': changed('Product'),
    'products/update': changed('Product'),
    'products/delete': deleted('Product'),
    'collections/create': changed('Collection'),
    'collections/update': changed('Collection'),
    'collections/delete': deleted('Collection'),
    'shop/update': shopChanged,
    'locales/create': shopChanged,
    'locales/update': shopChanged,
  };
}
