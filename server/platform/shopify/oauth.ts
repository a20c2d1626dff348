import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ShopifyApp } from './shopify-app.ts';

/**
 * Shopify's authorization-code grant, as the app's server speaks it: the install screen's address,
 * the signature on the queries Shopify sends back, the code exchange, the refresh of an expiring
 * offline token, whether a token is still accepted, and the app's removal from a store. Plain HTTP calls to `shopUrl(shop)`, so local
 * mode's Shopify answers them exactly as Shopify does.
 *
 * No function here puts a token in a URL, an error message or a log line.
 */

/** How long a call to Shopify may take before it counts as Shopify being unavailable. */
const requestTimeoutMs = 10_000;

/**
 * The waits before each new attempt at a refresh Shopify could not answer: three attempts in all.
 * A `Retry-After` Shopify sends is honoured up to the longest of them.
 */
export const defaultRefreshRetryDelaysMs: readonly number[] = [500, 2000];

/**
 * Shopify's install screen for `shopDomain`, asking for the app's scopes and an offline token
 * (`grant_options[]` present and empty), with `state` to be handed back to `redirectUri`. The query
 * is written the way Shopify's own library writes it: URLSearchParams, then `+` as `%20`.
 */
export function shopifyAuthorizeUrl(
  shopify: ShopifyApp,
  request: { shopDomain: string; redirectUri: string; state: string },
): string {
  const query = new URLSearchParams({
    client_id: shopify.apiKey,
    scope: shopify.scopes.join(','),
    redirect_uri: request.redirectUri,
    state: request.state,
    'grant_options[]': '',
  });
  return `${shopify.shopUrl(request.shopDomain)}/admin/oauth/authorize?${query.toString().replaceAll('+', '%20')}`;
}

/** How long the question whether a store exists may take before the install screen is opened anyway. */
const storeCheckTimeoutMs = 3_000;

/**
 * Whether Shopify has a store at `shopDomain`: its install screen answers 404 to an address no store
 * has, which the owner would otherwise only see in the popup and close, as if cancelled. Asked with
 * the app's key alone (no redirect address, no state), so that nothing can be granted. Any other
 * answer, or none in time, counts as a store: its install screen will say what is wrong.
 */
export async function storeExistsAtShopify(
  shopify: ShopifyApp,
  shopDomain: string,
): Promise<boolean> {
  const query = new URLSearchParams({ client_id: shopify.apiKey });
  try {
    const response = await fetch(
      `${shopify.shopUrl(shopDomain)}/admin/oauth/authorize?${query.toString()}`,
      { redirect: 'manual', signal: AbortSignal.timeout(storeCheckTimeoutMs) },
    );
    await response.body?.cancel();
    return response.status !== 404;
  } catch {
    return true;
  }
}

/**
 * Whether a query Shopify sent (the install request, the redirect back after Install) carries
 * Shopify's signature: `hmac` is the hex HMAC-SHA256, under the app's secret, of the other
 * parameters (`signature` left out too) sorted by name and written as a query string. Compared in
 * constant time. A parameter given twice is refused: Shopify never sends one so, and which copy was
 * signed could not be told.
 */
export function isSignedByShopify(apiSecret: string, query: URLSearchParams): boolean {
  const names = [...query.keys()];
  if (new Set(names).size !== names.length) return false;
  const hmac = query.get('hmac');
  if (hmac === null || !/^[0-9a-f]{64}$/i.test(hmac)) return false;
  const signed = new URLSearchParams(
    [...query.entries()]
      .filter(([name]) => name !== 'hmac' && name !== 'signature')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const expected = createHmac('sha256', apiSecret)
    .update(signed.toString().replaceAll('+', '%20'))
    .digest();
  return timingSafeEqual(expected, Buffer.from(hmac, 'hex'));
}

/** What Shopify grants for a store: an offline token that expires, and the token that renews it. */
export interface ShopifyTokenGrant {
  accessToken: string;
  /** The scopes granted, comma-separated as Shopify writes them. */
  scope: string;
  /** Null for a token that does not expire (granted before expiring tokens). */
  accessTokenExpiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}

/** Shopify answered, and said no: the code, the refresh token or the access token is not honoured. */
export class ShopifyRefusedError extends Error {
  constructor(
    readonly status: number,
    /** Shopify's `error` field when it gave one (`invalid_grant`…); never a token. */
    readonly reason: string,
  ) {
    super(`Shopify refused the request (${status} ${reason})`);
    this.name = 'ShopifyRefusedError';
  }
}

/**
 * Whether a refusal says that the grant itself is over: OAuth's `invalid_grant`, the refresh token
 * (or code) revoked, expired or unknown, as after the app's removal. Nothing else Shopify refuses
 * says so: `invalid_client` is about the app's own credentials (a secret rotated, a
 * misconfiguration), `invalid_request` about the request; ending the stores' connections for them
 * would end every store's for a mistake of the app's.
 */
export function endsTheGrant(error: unknown): boolean {
  return error instanceof ShopifyRefusedError && error.reason === 'invalid_grant';
}

/** Shopify could not be reached, did not answer in time, or could not answer now (408, 429, 5xx). */
export class ShopifyUnavailableError extends Error {
  /** How long Shopify asked to wait before trying again (its `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options?: { cause?: unknown; retryAfterMs?: number }) {
    super(message, options);
    this.name = 'ShopifyUnavailableError';
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/**
 * Whether an HTTP status says that Shopify could not answer now rather than that it refuses: a
 * request it took too long to read (408), too many requests (429), a failure on its side (5xx).
 */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Trades the code of Shopify's redirect for the store's offline token, asking for one that expires. */
export function exchangeAuthorizationCode(
  shopify: ShopifyApp,
  shopDomain: string,
  code: string,
): Promise<ShopifyTokenGrant> {
  return requestTokens(shopify, shopDomain, {
    client_id: shopify.apiKey,
    client_secret: shopify.apiSecret,
    code,
    expiring: '1',
  });
}

/**
 * A new token pair for the store; Shopify replaces the refresh token each time it is used.
 *
 * A refresh Shopify could not answer (no answer, 408, 429, 5xx) is made again after each of
 * `retryDelaysMs`, then fails with ShopifyUnavailableError. Sending the same refresh token again is
 * safe even when Shopify did issue a pair that never arrived: the token it replaced stays usable
 * until the replacement is used. A refusal (ShopifyRefusedError) is not retried.
 */
export async function refreshAccessToken(
  shopify: ShopifyApp,
  shopDomain: string,
  refreshToken: string,
  retryDelaysMs: readonly number[] = defaultRefreshRetryDelaysMs,
): Promise<ShopifyTokenGrant> {
  const longestWaitMs = Math.max(0, ...retryDelaysMs);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await requestTokens(shopify, shopDomain, {
        client_id: shopify.apiKey,
        client_secret: shopify.apiSecret,
        refresh_token: refreshToken,
        grant_type: 'refresh_token',
      });
    } catch (error) {
      const delayMs = retryDelaysMs[attempt];
      if (!(error instanceof ShopifyUnavailableError) || delayMs === undefined) throw error;
      await sleep(Math.min(error.retryAfterMs ?? delayMs, longestWaitMs));
    }
  }
}

/**
 * Removes the app from the store (Shopify then invalidates its tokens and deletes its webhook
 * subscriptions). Resolves true when Shopify confirmed, false when the token no longer opens
 * anything (the app was removed already); throws ShopifyUnavailableError when Shopify cannot say.
 */
export async function uninstallApp(
  shopify: ShopifyApp,
  shopDomain: string,
  accessToken: string,
): Promise<boolean> {
  const response = await callShopify(
    `${shopify.shopUrl(shopDomain)}/admin/api_permissions/current.json`,
    {
      method: 'DELETE',
      headers: { 'x-shopify-access-token': accessToken, accept: 'application/json' },
    },
  );
  await response.body?.cancel();
  if (response.ok) return true;
  if (isTransientStatus(response.status)) {
    throw new ShopifyUnavailableError(`Shopify answered ${response.status} to the uninstall`);
  }
  return false;
}

/**
 * Whether Shopify still accepts the access token, asked with the cheapest query the Admin API
 * answers (the shop's id, one point): false on 401, true on any other answer (a store frozen or
 * locked still has the app installed); throws ShopifyUnavailableError when Shopify cannot say
 * (no answer, 408, 429, 5xx).
 */
export async function isAccessTokenAccepted(
  shopify: ShopifyApp,
  shopDomain: string,
  accessToken: string,
): Promise<boolean> {
  const response = await callShopify(
    `${shopify.shopUrl(shopDomain)}/admin/api/${shopify.apiVersion}/graphql.json`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-shopify-access-token': accessToken,
      },
      body: JSON.stringify({ query: '{ shop { id } }' }),
    },
  );
  await response.body?.cancel();
  if (isTransientStatus(response.status)) {
    throw new ShopifyUnavailableError(`Shopify answered ${response.status} to a token check`);
  }
  return response.status !== 401;
}

async function requestTokens(
  shopify: ShopifyApp,
  shopDomain: string,
  body: Record<string, string>,
): Promise<ShopifyTokenGrant> {
  const response = await callShopify(`${shopify.shopUrl(shopDomain)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (isTransientStatus(response.status)) {
    await response.body?.cancel();
    const retryAfterMs = retryAfterMsOf(response);
    throw new ShopifyUnavailableError(
      `Shopify answered ${response.status} to a token request`,
      retryAfterMs === undefined ? {} : { retryAfterMs },
    );
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch (error) {
    if (response.ok) {
      throw new ShopifyUnavailableError(`Shopify answered ${response.status} without JSON`, {
        cause: error,
      });
    }
    answer = {};
  }
  if (!response.ok) throw new ShopifyRefusedError(response.status, errorNameOf(answer));
  return grantOf(answer);
}

async function callShopify(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    // The message of a fetch failure names the address only; the request's body is not in it.
    throw new ShopifyUnavailableError('Shopify cannot be reached', { cause: error });
  }
}

/** `Retry-After` in seconds (Shopify writes `2.0`), in milliseconds; undefined when absent or not a delay. */
function retryAfterMsOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function errorNameOf(answer: unknown): string {
  const error = (answer as { error?: unknown } | null)?.error;
  return typeof error === 'string' && /^[a-z_]{1,64}$/.test(error) ? error : 'refused';
}

function grantOf(answer: unknown): ShopifyTokenGrant {
  const fields = (answer ?? {}) as Record<string, unknown>;
  const { access_token: accessToken, scope } = fields;
  if (typeof accessToken !== 'string' || accessToken === '' || typeof scope !== 'string') {
    throw new ShopifyUnavailableError('Shopify answered a token request without a token');
  }
  const now = Date.now();
  const expiry = (seconds: unknown) =>
    typeof seconds === 'number' && seconds > 0 ? new Date(now + seconds * 1000) : null;
  const refreshToken = fields.refresh_token;
  return {
    accessToken,
    scope,
    accessTokenExpiresAt: expiry(fields.expires_in),
    refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : null,
    refreshTokenExpiresAt: expiry(fields.refresh_token_expires_in),
  };
}
