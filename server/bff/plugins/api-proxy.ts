import replyFrom from '@fastify/reply-from';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { apiBodyLimitBytes } from '../../../shared/constants.ts';
import { AppError, errorBody } from '../../../shared/errors.ts';
import { contactFormRules } from '../../../shared/schemas/contact.ts';
import { pathOf } from '../../platform/request-path.ts';
import { isTraversalAttempt } from '../request-paths.ts';
import { rateLimitedRoute, type RateLimitRule } from './rate-limits.ts';

export interface ApiProxyOptions {
  /** The product API's origin, e.g. http://127.0.0.1:4100. */
  upstreamUrl: string;
  /** How long the API may take to answer (headers, then each body chunk) before the BFF gives up. */
  timeoutMs: number;
  /** Per-IP budget of POST /api/v1/contact. */
  contactRateLimit: RateLimitRule;
}

/**
 * Headers the browser sends that the API must never see: the session cookie, any bearer of its own,
 * and forwarding headers, which only the BFF may state (it sets X-Forwarded-For itself).
 */
const strippedRequestHeaders = [
  'cookie',
  'authorization',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
];
const droppedResponseHeaders = [
  'set-cookie',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
];

/**
 * The token-handler proxy (ARCHITECTURE.md, "Sessions" 3): `/api/v1/*`, and nothing else, goes to the
 * API with the session's fresh ID token as the bearer. Bodies are streamed through untouched: this
 * scope parses no content type, the API validates and limits them.
 */
async function apiProxy(fastify: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  await fastify.register(replyFrom, {
    base: options.upstreamUrl,
    undici: {
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      // An HTTPS upstream must present a valid certificate (undici's default, stated so nobody relaxes it).
      connect: { timeout: options.timeoutMs, rejectUnauthorized: true },
    },
    // The API's answers pass through as they are; a retried POST could act twice.
    retryMethods: [],
    destroyAgent: true,
    disableRequestLogging: true,
  });

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const forward = async (request: FastifyRequest, reply: FastifyReply, bodyLimitBytes: number) => {
    const path = pathOf(request.url);
    if (isTraversalAttempt(path)) {
      throw new AppError('path_rejected', 400, {
        message: 'The path contains dot segments or encoded separators',
      });
    }
    refuseOversizedBody(request.headers, bodyLimitBytes);
    const { idToken } = await request.getFreshTokens();
    return reply.from(path, {
      rewriteRequestHeaders: (_request, headers) =>
        forwardedHeaders(headers as IncomingHttpHeaders, idToken, request.id, request.ip),
      rewriteHeaders: (headers) => returnedHeaders(headers as IncomingHttpHeaders),
      onError: (proxyReply, { error }) => sendUpstreamFailure(proxyReply, error),
    });
  };

  // The contact form is what a spammer would repeat from one address with many accounts, and its
  // bodies are small: the BFF counts it per IP and refuses a large body itself, as the API would.
  fastify.post(
    '/api/v1/contact',
    { config: rateLimitedRoute(options.contactRateLimit) },
    (request, reply) => forward(request, reply, contactFormRules.bodyLimitBytes),
  );
  fastify.all('/api/v1/*', (request, reply) => forward(request, reply, apiBodyLimitBytes));
}

/**
 * The API refuses bodies over its limit with 413, but it answers as soon as the headers say so and
 * closes the connection while the upload is still going, which the proxy can only report as a
 * failure. So the BFF applies the same limit first. A body of unknown length (chunked) is refused
 * outright: browsers always send Content-Length for the bodies this client makes.
 */
function refuseOversizedBody(headers: IncomingHttpHeaders, limitBytes: number): void {
  const declaredLength = headers['content-length'];
  if (declaredLength === undefined) {
    if (headers['transfer-encoding'] !== undefined) {
      throw new AppError('length_required', 411, {
        message: 'Request bodies must declare their length',
      });
    }
    return;
  }
  if (Number(declaredLength) > limitBytes) {
    throw new AppError('payload_too_large', 413, {
      message: `Request bodies are limited to ${limitBytes} bytes`,
    });
  }
}

function forwardedHeaders(
  headers: IncomingHttpHeaders,
  idToken: string,
  requestId: string,
  clientIp: string,
): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = { ...headers };
  for (const name of strippedRequestHeaders) delete forwarded[name];
  forwarded.authorization = `Bearer ${idToken}`;
  forwarded['x-request-id'] = requestId;
  // The address as the BFF saw it, not whatever the browser claimed.
  forwarded['x-forwarded-for'] = clientIp;
  return forwarded;
}

/**
 * The API's response headers minus `set-cookie` (only the BFF sets cookies on this origin) and the
 * hop-by-hop headers of the BFF-to-API connection, which say nothing about the browser's.
 */
function returnedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const returned: IncomingHttpHeaders = { ...headers };
  for (const name of droppedResponseHeaders) delete returned[name];
  return returned;
}

/** reply-from reports 504 for every kind of timeout; anything else means the API could not be reached. */
function sendUpstreamFailure(
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  error: Error,
): void {
  const statusCode = (error as { statusCode?: number }).statusCode;
  reply.request.log.warn(
    { code: (error as { code?: string }).code, statusCode },
    'upstream API request failed',
  );
  if (statusCode === 504) {
    void reply.code(504).send(errorBody('upstream_timeout', 'The API did not answer in time'));
  } else {
    void reply.code(502).send(errorBody('upstream_unavailable', 'The API cannot be reached'));
  }
}

export default apiProxy;
