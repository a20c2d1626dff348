import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { apiBodyLimitBytes } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { contactFormRules } from '#shared/schemas/contact.ts';
import { pathOf } from '#server/platform/request-path.ts';
import { sessionBindingHeader, sessionBindingOf } from '#server/http/session-binding.ts';
import { isTraversalAttempt } from '../request-paths.ts';
import { createSessionSlots, type SessionSlot } from '../session-slots.ts';
import { sendUpstreamFailure, sessionCallerHeaders, type UpstreamApi } from '../upstream-api.ts';
import { rateLimitedRoute, type RateLimitRule } from './rate-limits.ts';
import { requireSession } from './session.ts';

export interface ApiProxyOptions {
  /** The BFF's connections to the product API (upstream-api.ts). */
  api: UpstreamApi;
  /** Per-IP budget of POST /api/v1/contact. */
  contactRateLimit: RateLimitRule;
  /** Requests one session may have under way here at once; more are refused with 429. */
  requestsPerSession: number;
}

/** An answer of the API up to this size is read whole before it is passed on (see callApi). */
const wholeAnswerBytes = 64 * 1024;

/**
 * Headers the browser sends that the API must never see: the session cookie, any bearer or session
 * binding of its own, forwarding headers, which only the BFF may state (it sets X-Forwarded-For itself), and those of the
 * browser's own connection (the call to the API has its own, its length set from the body sent).
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
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'upgrade',
  'expect',
  'content-length',
  sessionBindingHeader,
];
const droppedResponseHeaders = [
  'set-cookie',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
];

/** What the proxy keeps about a request from its arrival to its end. */
interface ProxiedRequest {
  slot: SessionSlot;
  /** The session's binding, which the API ties a store's authorization to. */
  sessionBinding: string;
  /** The handler's work, once it has started: it settles when the call to the API is over. */
  handling?: Promise<unknown>;
  /** The connection closed before the answer was sent: nobody will read it. */
  clientGone: boolean;
}

/**
 * The token-handler proxy: `/api/v1/*`, and nothing else, goes to the API with the session's fresh
 * ID token as the bearer instead of the browser's cookie.
 *
 * The connections to the API are shared by every user of this instance, so no request may hold one
 * longer than the API takes to answer it. A request is checked as it arrives (its path, a session, a
 * free slot of that session), then its body is read whole, within the route's limit and the server's
 * request timeout, and only then is it sent on: a client that sends its body slowly, or never, holds
 * nothing but its own slot.
 */
async function apiProxy(fastify: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const { api } = options;

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  const slots = createSessionSlots(options.requestsPerSession);
  const proxied = new WeakMap<FastifyRequest, ProxiedRequest>();

  // Before the body is read (nothing is read for a request that will be refused anyway), and after
  // the routes' own onRequest hooks, so that a per-address limit counts an attempt without a session.
  fastify.addHook('preParsing', async (request, reply, payload) => {
    if (isTraversalAttempt(pathOf(request.url))) {
      throw new AppError('path_rejected', 400, {
        message: 'The path contains dot segments or encoded separators',
      });
    }
    refuseUnknownLength(request.headers);
    const session = await requireSession(request);
    const slot = slots.take(session.idHash);
    if (slot === undefined) {
      reply.header('retry-after', '1');
      throw new AppError('rate_limited', 429, {
        message: `At most ${options.requestsPerSession} API requests of one session at a time`,
      });
    }
    const state: ProxiedRequest = {
      slot,
      sessionBinding: sessionBindingOf(session.idHash),
      clientGone: false,
    };
    proxied.set(request, state);
    // The slot is given back once the answer is over and, if the call to the API had started, that
    // call too: a client that gives up does not free its slot while the API still works for it.
    const answerOver = () => {
      state.clientGone = !reply.raw.writableFinished;
      void (state.handling ?? Promise.resolve()).finally(() => slot.release());
    };
    reply.raw.once('finish', answerOver).once('close', answerOver);
    return payload;
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply, state: ProxiedRequest) => {
    const { idToken } = await request.getFreshTokens();
    // A client that went away while its body was read or its token refreshed is not acted for.
    if (state.clientGone) return reply;
    const caller = { idToken, sessionBinding: state.sessionBinding };
    // Tracked, so that a stop lets it finish even when its client has gone.
    await api.track(callApi(api, request, reply, caller, () => state.clientGone));
    return reply;
  };
  const handle = (request: FastifyRequest, reply: FastifyReply) => {
    // Every request here has passed the preParsing hook above, which keeps its state.
    const state = proxied.get(request)!;
    const handling = forward(request, reply, state);
    state.handling = handling.catch(() => undefined);
    return handling;
  };

  // The contact form is what a spammer would repeat from one address with many accounts, and its
  // bodies are small: the BFF counts it per IP and applies its limit.
  fastify.post(
    '/api/v1/contact',
    {
      config: rateLimitedRoute(options.contactRateLimit),
      bodyLimit: contactFormRules.bodyLimitBytes,
      // The API's answers pass through as they come; nothing here compresses them.
      compress: false,
    },
    handle,
  );
  fastify.all('/api/v1/*', { bodyLimit: apiBodyLimitBytes, compress: false }, handle);
}

/**
 * Sends the request, its body read already, to the API and the API's answer back. Resolves once the
 * call is over: answered and passed on, failed and answered for, or dropped because the client had
 * gone by the time the API answered.
 */
async function callApi(
  api: UpstreamApi,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: { idToken: string; sessionBinding: string },
  clientGone: () => boolean,
): Promise<void> {
  const body = request.body;
  let response: Dispatcher.ResponseData;
  try {
    response = await api.request({
      method: request.method as Dispatcher.HttpMethod,
      // The path and query as sent; the path was checked for traversal on arrival.
      path: request.url,
      headers: forwardedHeaders(request, caller),
      // The body as it came, charset and all.
      body: Buffer.isBuffer(body) ? body : null,
    });
  } catch (error) {
    sendUpstreamFailure(reply, error);
    return;
  }
  if (clientGone()) {
    await response.body.dump();
    return;
  }
  const passOnHeaders = () =>
    reply.code(response.statusCode).headers(returnedHeaders(response.headers));
  if (hasNoBody(request.method, response.statusCode)) {
    // Its Content-Length, if any, is that of the body a GET would get (HEAD) or of the one the
    // client already holds (304): there are no bytes to wait for, and none are sent on.
    await response.body.dump();
    await passOnHeaders().send();
    return;
  }
  const length = Number(response.headers['content-length']);
  if (length <= wholeAnswerBytes) {
    // Nearly every answer of the API is a small JSON document: read whole, it leaves in one write with
    // its headers, without a stream piped through the server's machinery. The API's headers are set
    // only once its body is here, so an answer cut short gets the proxy's own error, not a mix.
    let whole: Buffer;
    try {
      whole = await readWhole(response.body, length);
    } catch (error) {
      sendUpstreamFailure(reply, error);
      return;
    }
    await passOnHeaders().send(whole);
    return;
  }
  await new Promise<void>((callOver) => {
    response.body.once('close', () => callOver());
    void passOnHeaders().send(response.body);
  });
}

/** An answer that by HTTP carries no body, whatever its headers say. */
function hasNoBody(method: string, statusCode: number): boolean {
  return method === 'HEAD' || statusCode === 204 || statusCode === 304;
}

/** The stream's bytes, `length` of them as its Content-Length announced. */
async function readWhole(stream: NodeJS.ReadableStream, length: number): Promise<Buffer> {
  const body = Buffer.allocUnsafe(length);
  let offset = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    if (offset + bytes.length > length) throw new Error('The API sent more than it announced');
    bytes.copy(body, offset);
    offset += bytes.length;
  }
  if (offset !== length) throw new Error('The API sent less than it announced');
  return body;
}

/**
 * A body of unknown length (chunked) is refused outright: browsers always send Content-Length for
 * the bodies this client makes. Oversized bodies are refused by Fastify from Content-Length alone,
 * before any of their bytes are read.
 */
function refuseUnknownLength(headers: IncomingHttpHeaders): void {
  if (headers['content-length'] === undefined && headers['transfer-encoding'] !== undefined) {
    throw new AppError('length_required', 411, {
      message: 'Request bodies must declare their length',
    });
  }
}

/** The browser's headers, less those the API must never see, plus those that speak for the session. */
function forwardedHeaders(
  request: FastifyRequest,
  caller: { idToken: string; sessionBinding: string },
): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = { ...request.headers };
  for (const name of strippedRequestHeaders) delete forwarded[name];
  return { ...forwarded, ...sessionCallerHeaders(caller, request) };
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

export default apiProxy;
