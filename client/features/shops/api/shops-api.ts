import {
  shopAuthorizationSchema,
  shopDisconnectionSchema,
  shopListSchema,
  type ShopDisconnection,
  type ShopList,
} from '#shared/schemas/shops.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { shopsPath } from '#client/lib/store-list.ts';

/**
 * The stores' calls, through the BFF, read with the API's own schemas (shared/schemas/shops.ts).
 * The list itself is read in client/lib/store-list.ts, for every screen that shows it.
 */

export const shopAuthorizationsPath = `${shopsPath}/authorizations`;

/** Shopify's install screen for the store: where the popup goes to ask the owner's consent. */
export async function startShopAuthorization(
  shopDomain: string,
): Promise<{ authorizeUrl: string; shopDomain: string }> {
  const answer = await apiRequest('POST', shopAuthorizationsPath, shopAuthorizationSchema, {
    shop: shopDomain,
  });
  return answer.data;
}

/** Chooses the store that stays active when the plan allows fewer than are connected; the stores. */
export async function keepShopActive(shopId: string): Promise<ShopList> {
  const answer = await apiRequest(
    'POST',
    `${shopsPath}/${encodeURIComponent(shopId)}/keep-active`,
    shopListSchema,
  );
  return answer.data;
}

/** Removes the app from the store and deletes Vitrine's copy of it; what was removed. */
export async function disconnectShop(shopId: string): Promise<ShopDisconnection> {
  const answer = await apiRequest(
    'DELETE',
    `${shopsPath}/${encodeURIComponent(shopId)}`,
    shopDisconnectionSchema,
  );
  return answer.data;
}
