import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { sendUpstreamFailure, type UpstreamApi } from './upstream-api.ts';

/**
 * Keeps the bodies of the plugin's requests as bytes: a webhook's signature is over the bytes as
 * its sender sent them, and parsing them first could change what is checked.
 */
export function keepRawBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
}

/**
 * Forwards a webhook delivery to the API as it came: its raw body and the named headers only (with
 * the request's id and the sender's address), and answers with the API's status and body. The API
 * checks the signature. An API out of reach is answered 502 (504 when it is too slow): not 2xx, so
 * the sender (Shopify, Stripe) delivers again later.
 */
export async function forwardWebhook(
  api: UpstreamApi,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { path: string; headers: readonly string[] },
): Promise<FastifyReply> {
  const headers: Record<string, string> = {
    'x-request-id': request.id,
    'x-forwarded-for': request.ip,
  };
  for (const name of options.headers) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let response: Dispatcher.ResponseData;
  let body: string;
  try {
    response = await api.request({
      method: 'POST',
      path: options.path,
      headers,
      body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    });
    body = await response.body.text();
  } catch (error) {
    sendUpstreamFailure(reply, error);
    return reply;
  }
  return reply
    .code(response.statusCode)
    .type(String(response.headers['content-type'] ?? 'application/json'))
    .send(body);
}
