import {
  shopAuthorizationSchema,
  shopDisconnectionSchema,
  shopListSchema,
  type ShopDisconnection,
  type ShopList,
} from '../../../../shared/schemas/shops.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The stores' calls, through the BFF, read with the API's own schemas (shared/schemas/shops.ts). */

export const shopsPath = '/api/v1/shops';
export const shopAuthorizationsPath = `${shopsPath}/authorizations`;

/** The owner's stores, each with its connection and import state, and what the plan allows. */
export async function fetchShops(): Promise<ShopList> {
  const answer = await apiRequest('GET', shopsPath, shopListSchema);
  return answer.data;
}

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
