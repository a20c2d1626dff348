import { AppError } from '#shared/errors.ts';
import { isShopDomain } from '#shared/shop-domain.ts';
import { isSignedByShopify } from '#server/platform/shopify/oauth.ts';

/**
 * How far a signed query's `timestamp` may be from our clock, either way: Shopify's own library
 * allows 90 seconds. A query older than that is a replay, whatever its signature.
 */
export const signedQueryToleranceSeconds = 90;

/**
 * The checks every query Shopify sends to the app passes before anything else is read from it: its
 * signature, its time, and a store domain that is one. Returns the parameters, trusted from then on.
 */
export function verifiedShopifyQuery(
  apiSecret: string,
  rawQuery: string,
  now: Date,
): { params: URLSearchParams; shopDomain: string } {
  const params = new URLSearchParams(rawQuery);
  if (!isSignedByShopify(apiSecret, params)) {
    throw new AppError('oauth_signature_invalid', 401, {
      message: 'The query does not carry a valid Shopify signature',
    });
  }
  const timestamp = Number(params.get('timestamp'));
  if (
    !Number.isInteger(timestamp) ||
    Math.abs(now.getTime() / 1000 - timestamp) > signedQueryToleranceSeconds
  ) {
    throw new AppError('oauth_signature_invalid', 401, {
      message: 'The signed query is too old or from the future',
    });
  }
  const shopDomain = params.get('shop') ?? '';
  if (!isShopDomain(shopDomain)) {
    throw new AppError('invalid_shop_domain', 400, {
      message: 'The query names no *.myshopify.com store',
      field: 'shop',
    });
  }
  return { params, shopDomain };
}
