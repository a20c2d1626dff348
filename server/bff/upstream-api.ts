import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { errorBody } from '#shared/errors.ts';
import { sessionBindingHeader } from '#server/http/session-binding.ts';

/**
 * The BFF's way to the product API, one per instance, shared by the API proxy
 * (plugins/api-proxy.ts) and Shopify's routes (routes/shopify-routes.ts): one pool of connections,
 * the headers with which a call speaks for a session, and the answer when the API does not answer.
 */
export interface UpstreamApi {
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  /**
   * Keeps `call` among the calls under way until it settles, and returns it: a stop lets every one
   * finish, those of clients that have already gone included, before the connections are closed.
   */
  track<T>(call: Promise<T>): Promise<T>;
  /** Waits for the calls under way, then closes the connections. */
  close(): Promise<void>;
}

/** Connections kept to the API, shared by every session of this instance. */
const upstreamConnections = 128;

export function connectUpstreamApi(options: {
  /** The product API's origin, e.g. http://127.0.0.1:4100. */
  upstreamUrl: string;
  /** How long the API may take to answer (headers, then each body chunk) before the BFF gives up. */
  timeoutMs: number;
}): UpstreamApi {
  const pool = new Pool(options.upstreamUrl, {
    connections: upstreamConnections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    // An HTTPS upstream must present a valid certificate (undici's default, stated so nobody relaxes it).
    connect: { timeout: options.timeoutMs, rejectUnauthorized: true },
  });
  const calls = new Set<Promise<unknown>>();
  return {
    request: (requestOptions) => pool.request(requestOptions),
    track(call) {
      const settled = call.catch(() => undefined);
      calls.add(settled);
      void settled.finally(() => calls.delete(settled));
      return call;
    },
    async close() {
      await Promise.all(calls);
      await pool.close();
    },
  };
}

/**
 * The headers with which the BFF speaks for a session: its fresh ID token as the bearer, its binding
 * (which the API ties a store's authorization to), the request's id, and the client's address as the
 * BFF saw it, not whatever the browser claimed.
 */
export function sessionCallerHeaders(
  caller: { idToken: string; sessionBinding: string },
  request: { id: string; ip: string },
): IncomingHttpHeaders {
  return {
    authorization: `Bearer ${caller.idToken}`,
    [sessionBindingHeader]: caller.sessionBinding,
    'x-request-id': request.id,
    'x-forwarded-for': request.ip,
  };
}

/** undici's codes for an API that was reached but did not answer in time. */
const timeoutCodes = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** A call the API did not answer: 504 when it took too long, 502 when it could not be reached. */
export function sendUpstreamFailure(reply: FastifyReply, error: unknown): void {
  const code = (error as { code?: string }).code;
  reply.request.log.warn({ code }, 'upstream API request failed');
  if (reply.sent) return;
  if (code !== undefined && timeoutCodes.has(code)) {
    void reply.code(504).send(errorBody('upstream_timeout', 'The API did not answer in time'));
  } else {
    void reply.code(502).send(errorBody('upstream_unavailable', 'The API cannot be reached'));
  }
}
