import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopsContracts as contracts } from '#shared/contracts/shops.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { AppError } from '#shared/errors.ts';
import { sessionBindingFrom } from '#server/http/session-binding.ts';
import { reportError, requestReportContext } from '#server/platform/error-reporting.ts';
import type { ShopifyApp } from '#server/platform/shopify/shopify-app.ts';
import type { TokenCipher } from '#server/platform/token-cipher.ts';
import { limitedPerCaller, type ApiRateLimits } from '../../../plugins/caller-rate-limits.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { getAccount } from '#server/areas/account/index.ts';
import {
  keepStoreActive,
  completeShopAuthorization,
  disconnectShop,
  listShops,
  type ShopCatalog,
  startShopAuthorization,
  type AuthorizationRequester,
} from '#server/areas/shops/index.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

/** What the API needs to connect stores; given by the composition root. */
export interface ShopsRoutesOptions {
  database: DatabaseHandle;
  shopify: ShopifyApp;
  /** The cipher of the stores' tokens (server/areas/shops/shop-tokens.ts). */
  shopTokens: TokenCipher;
  /** Where Shopify sends the owner back: the BFF's `/oauth/shopify` at the public address. */
  oauthRedirectUri: string;
  /** The copy of each store's catalog, kept by the catalog area. */
  catalog: ShopCatalog;
  /** The budgets per account of the costly writes (server/api/plugins/caller-rate-limits.ts). */
  rateLimits: ApiRateLimits;
}

/** The caller's connected Shopify stores. Every route acts on the caller's stores and no other. */
export const shopsRoutes: FastifyPluginAsyncZod<ShopsRoutesOptions> = async (app, options) => {
  const { database, shopify, shopTokens, oauthRedirectUri, catalog, rateLimits } = options;
  const db = database.db;
  const authorizationDeps = { db, shopify, redirectUri: oauthRedirectUri };

  /** The caller and the session the call came through; a caller without an account answers 404. */
  const requesterOf = async (request: Parameters<typeof authenticatedCaller>[0]) => {
    const { uid } = authenticatedCaller(request);
    const sessionBinding = sessionBindingFrom(request.headers);
    // An authorization is bound to the browser session that started it; a call that did not come
    // through the BFF has none, and a state bound to nothing would match any callback without one.
    if (sessionBinding === '') {
      throw new AppError('unauthenticated', 401, {
        message: 'A store is connected from a browser session, through the BFF',
      });
    }
    await getAccount(db, uid);
    const requester: AuthorizationRequester = { uid, sessionBinding };
    return requester;
  };

  app.route({
    ...routeOf(app, contracts.list, {
      summary: "List the caller's stores",
      description:
        'Each store with its connection state, what the copy of its catalog holds and whether the plan pauses it (`paused`: beyond the stores the plan allows, its data readable but neither synced nor audited), and how many stores the plan allows.',
      tags: ['shops'],
      security: bearerToken,
      answers: { 200: 'The stores' },
      errors: errorResponses([...authenticatedRouteErrors, 404], {
        404: 'The caller has no account yet (`account_not_found`)',
      }),
    }),
    handler: async (request) => {
      const { uid } = authenticatedCaller(request);
      await getAccount(db, uid);
      return { data: await listShops({ db, catalog }, uid) };
    },
  });

  app.route({
    ...routeOf(app, contracts.startAuthorization, {
      summary: 'Start connecting a store',
      description:
        "Answers the address of Shopify's install screen for the store, to open in a popup. The authorization must come back within 10 minutes, through the same session.",
      tags: ['shops'],
      security: bearerToken,
      answers: { 200: "Shopify's install screen" },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 404, 429], {
        400: 'Not a store address (`invalid_shop_domain`, `field: shop`), or an invalid body',
        403: "The plan's store limit is reached (`plan_limit_reached`, `limit: stores`, with the plan that lifts it)",
        404: 'No Shopify store has this address (`shop_does_not_exist`, `field: shop`), or the caller has no account yet (`account_not_found`)',
      }),
    }),
    config: limitedPerCaller(rateLimits.storeAuthorizations),
    handler: async (request) => {
      const requester = await requesterOf(request);
      const started = await startShopAuthorization(authorizationDeps, requester, {
        shop: request.body.shop,
      });
      return { data: started };
    },
  });

  app.route({
    ...routeOf(app, contracts.completeAuthorization, {
      summary: "Complete a store's connection",
      description:
        "Shopify's redirect after Install, its query as it came. Checked in order: Shopify's signature, its time, the store's domain, the state (single use, issued to the caller, this session and this store, within 10 minutes); then the code is traded for the store's tokens, stored encrypted, and the catalog's import is queued.",
      tags: ['shops'],
      security: bearerToken,
      answers: { 200: 'The store is connected' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 404, 409, 502], {
        400: 'A store domain that is not one (`invalid_shop_domain`), a state that is not valid here (`oauth_state_invalid`), no code (`oauth_denied`), or an invalid body',
        401: 'No valid ID token (`unauthenticated`), or a query Shopify did not sign or that is too old (`oauth_signature_invalid`)',
        403: "The plan's store limit is reached (`plan_limit_reached`, `limit: stores`, with the plan that lifts it); a store already connected to the caller may reconnect",
        404: 'The caller has no account yet (`account_not_found`)',
        409: 'The store is connected to another account (`shop_connected_elsewhere`)',
        502: 'Shopify refused the code (`shopify_refused`)',
        503: 'Shopify or Firebase cannot be reached (`shopify_unavailable`, `identity_provider_unavailable`)',
      }),
    }),
    handler: async (request) => {
      const requester = await requesterOf(request);
      const connected = await completeShopAuthorization(
        { db, shopify, shopTokens, catalog },
        requester,
        { query: request.body.query },
      );
      return { data: connected };
    },
  });

  app.route({
    ...routeOf(app, contracts.keepActive, {
      summary: 'Keep a store active',
      description:
        'When the plan allows fewer stores than are connected, the owner chooses which stay active: the store chosen last comes first, the others beyond the limit are paused. Answers the stores as listed.',
      tags: ['shops'],
      security: bearerToken,
      answers: { 200: 'The stores, this one active' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], {
        400: 'Not a store id (`invalid_shopId`)',
        404: 'No such store on this account (`shop_not_found`)',
      }),
    }),
    handler: async (request) => {
      const { uid } = authenticatedCaller(request);
      await keepStoreActive(db, uid, request.params.shopId);
      return { data: await listShops({ db, catalog }, uid) };
    },
  });

  app.route({
    ...routeOf(app, contracts.disconnect, {
      summary: 'Disconnect a store',
      description:
        "Removes the app from the store at Shopify (best effort), then deletes the copy of its catalog and the store's tokens. Answers what was removed.",
      tags: ['shops'],
      security: bearerToken,
      answers: { 200: 'Disconnected' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], {
        400: 'Not a store id (`invalid_shopId`)',
        404: 'No such store on this account (`shop_not_found`)',
      }),
    }),
    handler: async (request) => {
      const { uid } = authenticatedCaller(request);
      const disconnected = await disconnectShop(
        {
          db,
          shopify,
          shopTokens,
          catalog,
          onUninstallFailure: (error) => {
            // The store is disconnected all the same; the owner can remove the app in Shopify.
            request.log.warn(
              { err: error },
              'the app could not be removed from the store at Shopify',
            );
            reportError(error, requestReportContext(request));
          },
        },
        uid,
        request.params.shopId,
      );
      return { data: disconnected };
    },
  });
};
