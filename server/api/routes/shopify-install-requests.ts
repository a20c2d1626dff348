import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { verifiedShopifyQuery } from '#server/areas/shops/index.ts';
import { describedAs, errorResponses, jsonBodyErrors } from './error-responses.ts';

export interface ShopifyInstallRequestRoutesOptions {
  /** The Shopify app's secret, which signs the query Shopify opens the app with. */
  shopifyApiSecret: string;
}

const installRequestBodySchema = z.strictObject({
  /** The query Shopify opened the app URL with, as it came (without the `?`). */
  query: z.string().check(z.minLength(1), z.maxLength(4096)),
});

const checkedInstallRequestSchema = z.object({ data: z.object({ shopDomain: z.string() }) });

/**
 * An install started from Shopify's side: Shopify opens the app URL (the BFF's /oauth/shopify) with
 * `shop`, `timestamp`, `host` and `hmac`. The BFF has it checked here the moment it arrives, before
 * any sign-in, since the signature is only good for 90 seconds. No ID token: Shopify's signature is
 * the proof, and the answer is only the store's domain it vouches for. It changes nothing, and the
 * app's secret stays with the API, which checks the OAuth queries and webhooks Shopify signs with it.
 */
export const shopifyInstallRequestRoutes: FastifyPluginAsyncZod<
  ShopifyInstallRequestRoutesOptions
> = async (app, options) => {
  app.post(
    '/shopify/install-requests',
    {
      schema: {
        summary: 'Check an install request from Shopify',
        description:
          "Checked in order: Shopify's signature (`hmac`), the `timestamp` within 90 seconds, the `shop` a `*.myshopify.com` domain. Answers the store's domain.",
        tags: ['shops'],
        body: installRequestBodySchema,
        response: {
          200: describedAs(checkedInstallRequestSchema, 'The store Shopify vouches for'),
          ...errorResponses([...jsonBodyErrors, 401, 500], {
            400: 'The query names no store (`invalid_shop_domain`), or an invalid body',
            401: 'A query Shopify did not sign, or signed more than 90 seconds away (`oauth_signature_invalid`)',
          }),
        },
      },
    },
    async (request) => {
      const { shopDomain } = verifiedShopifyQuery(
        options.shopifyApiSecret,
        request.body.query,
        new Date(),
      );
      return { data: { shopDomain } };
    },
  );
};
