import { recordLiveEvent } from '#server/areas/live/index.ts';
import type { WebhookDelivery } from '#server/platform/shopify/webhook-delivery.ts';
import { isAppStillInstalled, type ShopAccessDependencies } from './shop-access.ts';
import type { ShopCatalog } from './shop-catalog.ts';
import { deleteShop, endShopConnection, findShopRowByDomain } from './shops-repository.ts';
import { recordStoreActivity } from './store-activity.ts';

/**
 * What the shops area does with the topics about a store's connection and the privacy topics every
 * Shopify app must answer, by topic. The composition root registers them with the webhooks area.
 */
export function shopWebhookHandlers(
  deps: ShopAccessDependencies & { catalog: Pick<ShopCatalog, 'deleteStoreCopy'> },
): Record<string, (delivery: WebhookDelivery) => Promise<void>> {
  return {
    /**
     * The owner removed the app in Shopify's admin: the tokens are dead, and deleted at once. The
     * store stays listed, marked uninstalled (shown as needing to be reconnected), with its copy,
     * until the owner disconnects it or Shopify asks for the shop's data to be erased. The signature
     * covers the body, not the store the headers name: before a connection is ended, Shopify is asked
     * whether its token is really refused; a store where the app is still installed is left alone,
     * and a Shopify that cannot say fails the job, which tries again.
     */
    'app/uninstalled': async (delivery) => {
      const shop = await findShopRowByDomain(deps.db, delivery.shopDomain);
      if (shop === undefined) return;
      // A removal older than the current connection concerns an installation since replaced.
      if (isOlderThanConnection(delivery, shop.connectedAt)) return;
      if (shop.status === 'active' && (await isAppStillInstalled(deps, shop.id))) return;
      await endShopConnection(deps.db, shop.id, 'uninstalled', 'shopify_refused');
      if (shop.status === 'active') {
        await recordStoreActivity(deps.db, shop.id, {
          kind: 'store.disconnected',
          actor: 'shopify-webhook',
        });
      }
      await recordLiveEvent(deps.db, {
        ownerUid: shop.ownerUid,
        shopId: shop.id,
        type: 'store.disconnected',
      });
    },
    /**
     * Shopify asks, 48 hours after the app's removal, that everything kept about the store be erased:
     * the copy of its catalog, then the store's row. A store connected again within those 48 hours has
     * the app installed: Shopify's erasure concerns the removal before, and the owner's store is kept.
     */
    'shop/redact': async (delivery) => {
      const shop = await findShopRowByDomain(deps.db, delivery.shopDomain);
      if (shop === undefined || shop.status === 'active') return;
      await deps.catalog.deleteStoreCopy(shop.id);
      await deleteShop(deps.db, shop.id);
    },
    // Vitrine keeps nothing about a store's customers: there is nothing to report or erase. The
    // delivery is recorded (without its payload) as the answer having been given.
    'customers/data_request': async () => {},
    'customers/redact': async () => {},
  };
}

function isOlderThanConnection(delivery: WebhookDelivery, connectedAt: Date): boolean {
  return delivery.triggeredAt !== null && delivery.triggeredAt < connectedAt;
}
