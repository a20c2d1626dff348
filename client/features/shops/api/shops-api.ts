import { shopsContracts as contracts } from '#shared/contracts/shops.ts';
import type { ShopDisconnection, ShopList } from '#shared/schemas/shops.ts';
import { callApi } from '#client/lib/call-api.ts';

/**
 * The stores' calls, through the BFF, by their contracts (shared/contracts/shops.ts). The list
 * itself is read in client/lib/store-list.ts, for every screen that shows it.
 */

/** Shopify's install screen for the store: where the popup goes to ask the owner's consent. */
export async function startShopAuthorization(
  shopDomain: string,
): Promise<{ authorizeUrl: string; shopDomain: string }> {
  return (await callApi(contracts.startAuthorization, { body: { shop: shopDomain } })).data;
}

/** Chooses the store that stays active when the plan allows fewer than are connected; the stores. */
export async function keepShopActive(shopId: string): Promise<ShopList> {
  return (await callApi(contracts.keepActive, { params: { shopId } })).data;
}

/** Removes the app from the store and deletes Vitrine's copy of it; what was removed. */
export async function disconnectShop(shopId: string): Promise<ShopDisconnection> {
  return (await callApi(contracts.disconnect, { params: { shopId } })).data;
}
