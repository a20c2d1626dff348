import type { StorefrontFetcherOptions } from './storefront-fetcher.ts';

/**
 * Local mode's route to the stores' storefronts: the local Shopify answers them by the Host a
 * request names (server/local/shopify/storefront-routes.ts), under the names it gives its stores,
 * `www.<name>.example` and `<name>.myshopify.com` (`.example` is reserved, RFC 2606: no real store
 * has it). Any other host is left to the fetcher, which refuses local addresses. Production routes
 * nothing: it gives the fetcher no `connectTo`.
 */
export function localStorefronts(
  localShopifyUrl: string,
): NonNullable<StorefrontFetcherOptions['connectTo']> {
  const server = new URL(localShopifyUrl);
  const port = Number(server.port) || (server.protocol === 'https:' ? 443 : 80);
  return (url) =>
    /\.example$|\.myshopify\.com$/i.test(url.hostname)
      ? {
          protocol: server.protocol === 'https:' ? 'https:' : 'http:',
          hostname: server.hostname,
          port,
        }
      : undefined;
}
