import {
  createTokenCipher,
  tokenPurposes,
  type TokenCipher,
} from '#server/platform/token-cipher.ts';

/**
 * The cipher of the stores' tokens, keyed from the product's own secret (SESSION_SECRET, which also
 * keys the sessions' tokens) under a purpose of its own, so the two keys stay independent. Not from
 * the Shopify app's secret: Shopify lets the app's owner rotate that one, and every stored token
 * would then be unreadable and every store would need reconnecting. A database copied without the
 * product's secret yields no usable token. Made once by the composition root.
 */
export function shopTokenCipher(productSecret: string): TokenCipher {
  return createTokenCipher(productSecret, tokenPurposes.shopTokens);
}

/** The additional authenticated data that ties an encrypted token to its store and column. */
export function shopTokenBinding(shopId: string, field: 'access_token' | 'refresh_token'): string {
  return `shop:${shopId}:${field}`;
}
