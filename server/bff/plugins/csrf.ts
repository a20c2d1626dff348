import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { csrfHeader } from '#shared/constants.ts';
import { errorBody } from '#shared/errors.ts';
import { pathOf } from '#server/platform/request-path.ts';

export interface CsrfOptions {
  /** The app's own origin (scheme, host, port), from PUBLIC_URL. */
  publicOrigin: string;
  /**
   * Paths, exactly as sent, that another site's server posts to and that carry no cookie session:
   * Shopify's webhooks and Stripe's events, signed by their sender and checked by the API, and the
   * weekly summary's unsubscribe link, which a mail client posts to (RFC 8058) with a token the
   * product signed for that one purpose in its address.
   */
  serverToServerPaths?: readonly string[];
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for the cookie session. A state-changing request must carry
 * `X-Requested-With: vitrine`, a header a cross-site form cannot set and a cross-site script can
 * only set after a CORS preflight this server never grants; an `Origin` or `Sec-Fetch-Site`, when
 * the browser sends them, must not point elsewhere.
 *
 * The check runs as the request arrives, before its body is read and before any handler, so a refused
 * request changes nothing. It covers every state-changing request, not only those under /auth and /api:
 * checking all of them leaves no path spelling (case, encoding) that could slip past a prefix match.
 * The one exception is a POST to a server-to-server path named exactly (Shopify's webhooks, Stripe's
 * events, the weekly summary's one-click unsubscribe): no browser session acts there, and the request
 * proves itself with a signature (the sender's, or the product's own on the unsubscribe token).
 */
async function csrf(fastify: FastifyInstance, options: CsrfOptions): Promise<void> {
  const serverToServer = new Set(options.serverToServerPaths ?? []);
  fastify.addHook('onRequest', (request, reply, done) => {
    const reason =
      safeMethods.has(request.method) ||
      (request.method === 'POST' && serverToServer.has(pathOf(request.url)))
        ? null
        : rejectionReason(request.headers, options.publicOrigin);
    if (reason === null) {
      done();
      return;
    }
    request.log.warn({ reason }, 'request refused as cross-site');
    void reply.code(403).send(errorBody('csrf_rejected', `Cross-site request refused: ${reason}`));
  });
}

function rejectionReason(
  headers: Record<string, string | string[] | undefined>,
  publicOrigin: string,
): string | null {
  if (headers[csrfHeader.name] !== csrfHeader.value) return `missing ${csrfHeader.name} header`;
  const origin = headers.origin;
  if (origin !== undefined && origin !== publicOrigin) return 'foreign origin';
  if (headers['sec-fetch-site'] === 'cross-site') return 'cross-site fetch';
  return null;
}

export default fp(csrf, { name: 'bff-csrf' });
