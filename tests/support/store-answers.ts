import type { Shop } from '#shared/schemas/shops.ts';

/**
 * One store as `GET /api/v1/shops` answers it, for the client's tests: an empty, connected store of
 * Maison Exemple unless `fields` says otherwise. One place, so that a field the API adds is added
 * once for every test that reads stores.
 */
export function storeAnswer(fields: Partial<Shop> & Pick<Shop, 'state'>): Shop {
  return {
    id: 'shop-1',
    shopDomain: 'maison-exemple.myshopify.com',
    name: 'Maison Exemple',
    primaryDomain: null,
    currency: 'EUR',
    locales: [],
    errorCode: null,
    progress: null,
    counts: {
      products: 0,
      collections: 0,
      pages: 0,
      blogs: 0,
      articles: 0,
      media: 0,
      translations: 0,
    },
    partialCopy: [],
    connectedAt: '2026-11-01T10:00:00.000Z',
    lastSyncedAt: null,
    paused: false,
    ...fields,
  };
}
