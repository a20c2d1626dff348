import type { ShopifyApp } from '../../platform/shopify/shopify-app.ts';
import { createTokenCipher, tokenPurposes, type TokenCipher } from '../../platform/token-cipher.ts';

/**
 * The cipher of the stores' tokens, keyed from the Shopify app's secret under a purpose of its own:
 * wherever the product talks to Shopify it holds that secret already, and a database copied without
 * it yields no usable token. One per app, made once.
 */
const ciphers = new WeakMap<ShopifyApp, TokenCipher>();

export function shopTokenCipher(shopify: ShopifyApp): TokenCipher {
  let cipher = ciphers.get(shopify);
  if (cipher === undefined) {
    cipher = createTokenCipher(shopify.apiSecret, tokenPurposes.shopTokens);
    ciphers.set(shopify, cipher);
  }
  return cipher;
}

/** The additional authenticated data that ties an encrypted token to its store and column. */
export function shopTokenBinding(shopId: string, field: 'access_token' | 'refresh_token'): string {
  return `shop:${shopId}:${field}`;
}
