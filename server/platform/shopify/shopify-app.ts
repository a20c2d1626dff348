/**
 * Vitrine as a Shopify app: its credentials, the Admin API version it speaks, the access it asks
 * for, and where a store's admin is reached. In production a store lives at `https://{shop}`; in local
 * mode the local Shopify (server/local/shopify) serves every store under its own address, and nothing
 * else differs.
 */

/**
 * The Admin API version every call names, pinned: Shopify releases one a quarter and keeps each for a
 * year at least, so the pin moves deliberately, with the documents of admin-documents.ts checked again.
 */
export const shopifyApiVersion = '2026-10';

/**
 * What the app asks the owner to grant: reading the catalog and its translations and the shop's
 * languages, and the writes the fixes and the blog make (titles, descriptions, alt texts, pages and
 * articles, translations).
 */
export const shopifyScopes = [
  'read_products',
  'write_products',
  'read_content',
  'write_content',
  'read_online_store_pages',
  'read_translations',
  'write_translations',
  'read_locales',
  'write_files',
] as const;

/**
 * Where Shopify sends the owner back after Install, and the app URL it opens for an install started
 * on its side: the BFF's path, at the product's public address. Shopify's allow-list of redirect
 * addresses (shopify.app.toml) names it exactly.
 */
export const shopifyRedirectPath = '/oauth/shopify';

/**
 * Where Shopify delivers every webhook, the store topics the import subscribes and the privacy
 * topics shopify.app.toml subscribes: the BFF's path, at the product's public address.
 */
export const shopifyWebhookPath = '/webhooks/shopify';

export interface ShopifyApp {
  /** The app's client id. */
  readonly apiKey: string;
  /** The app's client secret: signs the OAuth queries and the webhooks, never leaves the server. */
  readonly apiSecret: string;
  readonly apiVersion: string;
  readonly scopes: readonly string[];
  /**
   * The address a store's `/admin/…` paths hang from, for a store's `*.myshopify.com` domain:
   * `https://{shop}` in production, `{local Shopify}/{shop}` in local mode.
   */
  shopUrl(shopDomain: string): string;
}

export function shopifyApp(options: {
  apiKey: string;
  apiSecret: string;
  /** The local Shopify's address in local mode; absent in production. */
  localShopifyUrl?: string;
}): ShopifyApp {
  const { apiKey, apiSecret, localShopifyUrl } = options;
  return {
    apiKey,
    apiSecret,
    apiVersion: shopifyApiVersion,
    scopes: shopifyScopes,
    shopUrl:
      localShopifyUrl === undefined
        ? (shopDomain) => `https://${shopDomain}`
        : (shopDomain) => `${localShopifyUrl}/${shopDomain}`,
  };
}
