import { AppError } from '#shared/errors.ts';
import { ShopifyRefusedError } from '#server/platform/shopify/oauth.ts';

/**
 * A failed call to Shopify as the caller is answered: 502 `shopify_refused` when Shopify said no,
 * 503 `shopify_unavailable` when it could not say. The cause is kept for the logs; it names no token.
 */
export function shopifyFailure(error: unknown, what: string): AppError {
  if (error instanceof ShopifyRefusedError) {
    return new AppError('shopify_refused', 502, {
      message: `${what} was refused by Shopify (${error.reason})`,
      cause: error,
    });
  }
  return new AppError('shopify_unavailable', 503, {
    message: 'Shopify cannot be reached; try again',
    cause: error,
  });
}
