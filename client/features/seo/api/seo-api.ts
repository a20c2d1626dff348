import { shopListSchema, type ShopList } from '../../../../shared/schemas/shops.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The owner's stores, which the SEO screens choose from, read with the API's own schema
 * (shared/schemas/shops.ts); the SEO routes are called by their contracts (shared/contracts/seo.ts).
 */

const shopsPath = '/api/v1/shops';

/** The owner's stores, each with its import's state: the audit reads a store once imported. */
export async function fetchShops(): Promise<ShopList> {
  const answer = await apiRequest('GET', shopsPath, shopListSchema);
  return answer.data;
}
