import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { shopifyWebhookBodyLimitBytes } from '#shared/constants.ts';
import { shopsContracts } from '#shared/contracts/shops.ts';
import { AppError } from '#shared/errors.ts';
import { flowPaths } from '#shared/routes.ts';
import { isShopDomain } from '#shared/shop-domain.ts';
import { sessionBindingOf } from '#server/http/session-binding.ts';
import { shopifyRedirectPath, shopifyWebhookPath } from '#server/platform/shopify/shopify-app.ts';
import { SessionEndedError } from '#server/areas/sessions/index.ts';
import {
  completionPath,
  popupAnswerPage,
  popupAnswerPolicy,
  type ConnectionOutcome,
} from '../popup-answer-page.ts';
import { sessionCallerHeaders, type UpstreamApi } from '../upstream-api.ts';
import { forwardWebhook, keepRawBodies } from '../webhook-forwarder.ts';

export interface ShopifyRoutesOptions {
  /** The BFF's connections to the product API, which the API proxy uses too (upstream-api.ts). */
  api: UpstreamApi;
}

/** The stores screen, where a connection starts. */
const shopsPath = '/shops';

/** The stores screen's parameter naming a store to connect (an install started in Shopify). */
const connectParameter = 'connect';

/** The headers of a Shopify delivery the API needs; nothing else of the request is passed on. */
const forwardedWebhookHeaders = [
  'content-type',
  'x-shopify-topic',
  'x-shopify-hmac-sha256',
  'x-shopify-shop-domain',
  'x-shopify-api-version',
  'x-shopify-webhook-id',
  'x-shopify-triggered-at',
  'x-shopify-event-id',
] as const;

/**
 * Where Shopify meets the BFF without the app's client in between:
 *
 * - `GET /oauth/shopify`, Shopify's redirect back after Install (with `code`), and the app URL
 *   Shopify opens when an install starts from Shopify's side (`shop`, `timestamp`, `hmac`, `host`;
 *   no `code`). The redirect back needs no session rule of its own: its query is forwarded to the
 *   API with the session's ID token, the API checks everything, and the popup is answered with a
 *   small page that tells the window that opened it and closes (server/bff/popup-answer-page.ts).
 *   An install from Shopify's side is checked on arrival (signature, time, store domain: the API's
 *   `POST /shopify/install-requests`, which holds the app's secret), since its signature is only
 *   good for 90 seconds and a sign-in may take longer: once checked, only the store's domain goes
 *   on, to the stores screen (`/shops?connect=<domain>`, through sign-in without a session), where
 *   the owner connects it. A visit Shopify did not sign (no `code`, no `hmac`) goes to the stores.
 * - `POST /webhooks/shopify`, forwarded as it came (raw body, Shopify's headers) to the API, which
 *   checks the signature. No session and no CSRF check: Shopify has neither; the body is limited.
 *
 * The query of /oauth/shopify carries a code and a state, or a signature: it is never logged (the
 * request logger keeps paths only) and never put into another URL.
 */
export async function shopifyRoutes(
  fastify: FastifyInstance,
  options: ShopifyRoutesOptions,
): Promise<void> {
  const { api } = options;

  keepRawBodies(fastify);

  fastify.get(shopifyRedirectPath, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const rawQuery = queryOf(request.url);
    const params = new URLSearchParams(rawQuery);
    if (!params.has('code')) {
      // Neither Shopify's redirect after Install nor an install started in Shopify (both signed):
      // no connection is under way, and nothing is worth checking. The stores are where one starts.
      if (!params.has('hmac')) return reply.redirect(shopsPath);
      return startFromShopify(request, reply, rawQuery);
    }
    const session = await request.getSession();
    // A callback without a session cannot be completed: the session that asked is gone.
    if (session === null) {
      return answerPopup(reply, { result: 'failed', error: 'unauthenticated' });
    }
    let idToken: string;
    try {
      ({ idToken } = await request.getFreshTokens());
    } catch (error) {
      const code = error instanceof SessionEndedError ? 'session_expired' : codeOf(error);
      return answerPopup(reply, { result: 'failed', error: code });
    }
    const answer = await callApi(api, {
      path: shopsContracts.completeAuthorization.path,
      body: JSON.stringify({ query: rawQuery }),
      headers: {
        ...sessionCallerHeaders(
          { idToken, sessionBinding: sessionBindingOf(session.idHash) },
          request,
        ),
        'content-type': 'application/json',
      },
    });
    if (answer.status !== 200) {
      request.log.info({ code: answer.errorCode }, 'store connection refused');
      return answerPopup(reply, { result: 'failed', error: answer.errorCode });
    }
    const shopDomain = stringAt(answer.body, 'shopDomain') ?? '';
    return answerPopup(reply, { result: 'connected', shop: shopDomain });
  });

  /**
   * An install started in Shopify: the API checks the query before anything else (a forged or stale
   * one gets the refusal, session or not), then the owner goes to the stores screen with the store's
   * domain, signing in first when there is no session. The connection itself starts there, from the
   * owner's click, like any other.
   */
  async function startFromShopify(request: FastifyRequest, reply: FastifyReply, rawQuery: string) {
    const answer = await callApi(api, {
      path: '/shopify/install-requests',
      body: JSON.stringify({ query: rawQuery }),
      headers: {
        'content-type': 'application/json',
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
      },
    });
    if (answer.status !== 200) {
      request.log.info({ code: answer.errorCode }, 'install request from Shopify refused');
      return reply.redirect(completionPath({ result: 'failed', error: answer.errorCode }));
    }
    const shopDomain = stringAt(answer.body, 'shopDomain');
    if (shopDomain === undefined || !isShopDomain(shopDomain)) {
      return reply.redirect(completionPath({ result: 'failed', error: 'internal_error' }));
    }
    const landing = `${shopsPath}?${new URLSearchParams({ [connectParameter]: shopDomain }).toString()}`;
    const session = await request.getSession();
    return reply.redirect(
      session === null ? `${flowPaths.login}?redirect=${encodeURIComponent(landing)}` : landing,
    );
  }

  fastify.post(
    shopifyWebhookPath,
    { bodyLimit: shopifyWebhookBodyLimitBytes, compress: false },
    async (request, reply) =>
      forwardWebhook(api, request, reply, {
        path: shopifyWebhookPath,
        headers: forwardedWebhookHeaders,
      }),
  );
}

/** The query string as it came, without its `?`. */
function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/** The popup's answer (server/bff/popup-answer-page.ts), under its own content policy. */
function answerPopup(reply: FastifyReply, outcome: ConnectionOutcome) {
  return reply
    .header('content-security-policy', popupAnswerPolicy)
    .type('text/html; charset=utf-8')
    .send(popupAnswerPage(outcome));
}

function codeOf(error: unknown): string {
  return error instanceof AppError ? error.code : 'internal_error';
}

interface ApiAnswer {
  status: number;
  body: unknown;
  /** The error's code, for an answer that is not 200. */
  errorCode: string;
}

async function callApi(
  api: UpstreamApi,
  request: { path: string; body: string; headers: Dispatcher.RequestOptions['headers'] },
): Promise<ApiAnswer> {
  let response: Dispatcher.ResponseData;
  try {
    response = await api.request({ method: 'POST', ...request });
  } catch {
    return { status: 502, body: null, errorCode: 'upstream_unavailable' };
  }
  let body: unknown = null;
  try {
    body = await response.body.json();
  } catch {
    // An answer that is not JSON is reported by its status alone.
  }
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  const errorCode =
    typeof code === 'string' && /^[a-z_]{1,64}$/i.test(code) ? code : 'internal_error';
  return { status: response.statusCode, body, errorCode };
}

/** A string field of an answer's `data`. */
function stringAt(body: unknown, field: string): string | undefined {
  const value = (body as { data?: Record<string, unknown> } | null)?.data?.[field];
  return typeof value === 'string' ? value : undefined;
}
