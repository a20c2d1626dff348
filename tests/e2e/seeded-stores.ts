/**
 * The local Shopify's seeded stores that the e2e specs connect, one for each spec: a store connects
 * to one Vitrine account at a time, so specs sharing one would have to take turns on it; with a
 * store each, they run side by side in parallel workers. playwright.config.ts has local mode seed
 * them all (LOCAL_SHOPIFY_STORES). Each store's catalog is generated from its name
 * (server/local/shopify/seeded-store.ts): the same kinds of pages and defects, in other places.
 */

export interface SpecStore {
  name: string;
  /** `<name>.myshopify.com`, the address an owner types. */
  domain: string;
  /** The shop's name in Shopify, which the local Shopify makes from the store's: "Maison Exemple". */
  displayName: string;
}

function specStore(name: string): SpecStore {
  return {
    name,
    domain: `${name}.myshopify.com`,
    displayName: name
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' '),
  };
}

export const specStores = {
  /** shops.spec.ts: connected, disconnected, revoked and uninstalled, one test after another. */
  stores: specStore('maison-exemple'),
  /** seo.spec.ts: audited, its storefront read, a description written and undone. */
  audit: specStore('maison-audit'),
  /** seo-bulk.spec.ts: bulk edits written and undone. */
  bulkEdits: specStore('maison-retouches'),
  /** blog.spec.ts: posts written in both languages. */
  blog: specStore('maison-journal'),
  /** blog-publish.spec.ts: posts published, edited in Shopify, and the Free plan's limit. */
  blogPublish: specStore('maison-gazette'),
  /** blog-publish.spec.ts: a post scheduled, then visible. */
  blogSchedule: specStore('maison-agenda'),
  /** dashboard.spec.ts: connected by a new account, audited, read on the dashboard. */
  dashboard: specStore('maison-tableau'),
  /** live-updates.spec.ts: a product edited in Shopify while the owner's /seo screen is open. */
  live: specStore('maison-direct'),
} as const;

/** What playwright.config.ts gives local mode to seed (LOCAL_SHOPIFY_STORES). */
export const specStoreNames = Object.values(specStores).map((store) => store.name);
