import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sessionBindingHeader } from '#server/http/session-binding.ts';
import { encryptedTokens } from '#server/areas/shops/complete-shop-authorization.ts';
import { insertShop } from '#server/areas/shops/shops-repository.ts';
import type { PlanId } from '#shared/plans.ts';
import { bearer, type ApiTestContext } from './api-test-app.ts';
import { createEmailUser, type TestUser } from './auth-emulator-users.ts';
import { subscribeToPlan } from './billing-plans.ts';
import type { TestShopify } from './local-shopify.ts';
import { testShopTokens, uniqueShopDomain } from './shops-test-support.ts';

/** The owners and their stores that the API's tests of stores and of their audit start from. */
/** An owner registered through the API, on `plan` (a paid one through an active subscription). */
export async function registeredOwner(
  api: ApiTestContext,
  plan: PlanId = 'free',
): Promise<TestUser> {
  const user = await createEmailUser(api.emulatorHost);
  const response = await api.app.inject({
    method: 'POST',
    url: '/api/v1/account/register',
    headers: bearer(user.idToken),
    payload: {
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'en',
      email: user.email,
      emailVerified: true,
    },
  });
  expect(response.statusCode).toBe(201);
  if (plan !== 'free') await subscribeToPlan(api.database.db, user.uid, plan);
  return user;
}

/** An owner whose calls come through a BFF session: they carry its binding. */
export interface OwnerInSession extends TestUser {
  binding: string;
}

/** An owner registered through the API, with the binding of a BFF session of theirs. */
export async function ownerInSession(api: ApiTestContext): Promise<OwnerInSession> {
  return { ...(await registeredOwner(api)), binding: randomBytes(32).toString('hex') };
}

/**
 * A store of `owner` as a completed authorization leaves it (tokens encrypted as the product does),
 * or as an uninstall leaves it; its id.
 */
export async function connectedStore(
  api: ApiTestContext,
  owner: TestUser,
  shopDomain = uniqueShopDomain(),
  status: 'active' | 'uninstalled' = 'active',
  connectedAt = new Date('2026-11-20T10:00:00Z'),
): Promise<string> {
  const id = randomUUID();
  await insertShop(api.database.db, {
    id,
    ownerUid: owner.uid,
    shopDomain,
    status,
    ...(status === 'uninstalled' && { errorCode: 'shopify_refused' }),
    scopes: 'read_products',
    connectedAt,
    ...(status === 'active' &&
      encryptedTokens(testShopTokens, id, {
        accessToken: 'shpat_test',
        scope: 'read_products',
        accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
        refreshToken: 'shprt_test',
        refreshTokenExpiresAt: new Date(Date.now() + 86_400_000),
      })),
  });
  return id;
}

/**
 * The local Shopify's store connected to `owner` as an owner connects it: the app installed through
 * Shopify's own OAuth flow, its real tokens kept encrypted as the product keeps them; its id.
 */
export async function storeConnectedToLocalShopify(
  api: ApiTestContext,
  shopify: TestShopify,
  owner: TestUser,
  shopDomain = shopify.shopDomain,
): Promise<string> {
  const grant = await shopify.installApp({ shopDomain });
  const id = randomUUID();
  await insertShop(api.database.db, {
    id,
    ownerUid: owner.uid,
    shopDomain,
    status: 'active',
    scopes: grant.scope,
    connectedAt: new Date(),
    ...encryptedTokens(testShopTokens, id, {
      accessToken: grant.access_token,
      scope: grant.scope,
      accessTokenExpiresAt: new Date(Date.now() + grant.expires_in * 1000),
      refreshToken: grant.refresh_token,
      refreshTokenExpiresAt: new Date(Date.now() + grant.refresh_token_expires_in * 1000),
    }),
  });
  return id;
}

/** What an owner's browser sends along to start or complete an authorization: a BFF session's binding. */
function ownerSession(owner: TestUser, binding: string) {
  return { ...bearer(owner.idToken), [sessionBindingHeader]: binding };
}

/** Starts an authorization of the local Shopify's store for `owner`; Shopify's install screen. */
export async function startedAuthorization(
  api: ApiTestContext,
  shopify: TestShopify,
  owner: TestUser,
  binding = randomBytes(32).toString('hex'),
): Promise<URL> {
  const started = await api.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations',
    headers: ownerSession(owner, binding),
    payload: { shop: shopify.shopDomain.replace(/\.myshopify\.com$/, '') },
  });
  expect(started.statusCode, started.body).toBe(200);
  return new URL(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl);
}

/**
 * The local Shopify's store connected to `owner` as the product connects it: the authorization
 * started through the API, Install chosen on Shopify's screen, and the redirect's query handed to the
 * API's callback. The callback's answer, for the test to read.
 */
export async function connectThroughShopify(
  api: ApiTestContext,
  shopify: TestShopify,
  owner: TestUser,
): Promise<LightMyRequestResponse> {
  const binding = randomBytes(32).toString('hex');
  const authorizeUrl = await startedAuthorization(api, shopify, owner, binding);
  const fields = new URLSearchParams(authorizeUrl.search);
  fields.set('decision', 'install');
  const decision = await fetch(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  const location = decision.headers.get('location');
  if (location === null) throw new Error(`The install was refused (HTTP ${decision.status})`);
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations/callback',
    headers: ownerSession(owner, binding),
    payload: { query: new URL(location).search.slice(1) },
  });
}
