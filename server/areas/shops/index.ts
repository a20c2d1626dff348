/**
 * What the shops area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { completeShopAuthorization } from './complete-shop-authorization.ts';
export { disconnectShop } from './disconnect-shop.ts';
export { keepStoreActive } from './keep-store-active.ts';
export { listShopConnections, listShops, type ShopConnection } from './list-shops.ts';
export { oauthStatePurgeJob } from './oauth-state-purge-job.ts';
export {
  findShopByDomain,
  handleRefusedAccessToken,
  shopAccess,
  shopNotFound,
} from './shop-access.ts';
export type { ShopAccessDependencies } from './shop-access.ts';
export type { ShopCatalog } from './shop-catalog.ts';
export { requireOwnedShop, shopOwnerOf, storeIdsOfOwner } from './shop-owner.ts';
export { recordStoreActivity } from './store-activity.ts';
export { shopTokenCipher } from './shop-tokens.ts';
export { shopWebhookHandlers } from './shop-webhook-handlers.ts';
export { recordStoreEvent } from './store-live-events.ts';
export { verifiedShopifyQuery } from './shopify-query.ts';
export { startShopAuthorization } from './start-shop-authorization.ts';
export type { AuthorizationRequester } from './start-shop-authorization.ts';
export {
  activeStoreIdsOf,
  pagesAuditedFor,
  requireActiveStore,
  storeActivityOf,
  storeIsPaused,
} from './store-limit.ts';
export { deleteUserShops, usersWithShops } from './user-data.ts';
export type { UserShopsDependencies } from './user-data.ts';
