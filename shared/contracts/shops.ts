import * as z from 'zod/mini';
import {
  shopAuthorizationSchema,
  shopConnectedSchema,
  shopDisconnectionSchema,
  shopListSchema,
  signedQueryBodySchema,
  startShopAuthorizationBodySchema,
} from '../schemas/shops.ts';
import { defineContract } from './api-contract.ts';

/**
 * The routes of the caller's connected stores (shared/schemas/shops.ts): the list, a connection
 * started and completed through Shopify's install screen, the store kept active, a disconnection.
 */

const shopParams = z.object({ shopId: z.uuid() });

export const shopsContracts = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/shops',
    responses: { 200: shopListSchema },
  }),
  startAuthorization: defineContract({
    method: 'POST',
    path: '/api/v1/shops/authorizations',
    body: startShopAuthorizationBodySchema,
    responses: { 200: shopAuthorizationSchema },
  }),
  /** Called by the BFF when Shopify sends the owner back, never by the browser. */
  completeAuthorization: defineContract({
    method: 'POST',
    path: '/api/v1/shops/authorizations/callback',
    body: signedQueryBodySchema,
    responses: { 200: shopConnectedSchema },
  }),
  keepActive: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/keep-active',
    params: shopParams,
    responses: { 200: shopListSchema },
  }),
  disconnect: defineContract({
    method: 'DELETE',
    path: '/api/v1/shops/:shopId',
    params: shopParams,
    responses: { 200: shopDisconnectionSchema },
  }),
};
