import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isUnder, pathOf } from '#server/platform/request-path.ts';

export interface PrivateAnswersOptions {
  /** Path prefixes whose answers depend on who asks (a session cookie, a bearer token). */
  prefixes: readonly string[];
}

/**
 * Answers that depend on who asks are never stored, by the browser (its back/forward cache and disk
 * cache, where the next user of a shared computer would find them) nor by a cache in between. Set as
 * the answer leaves, so that errors, refusals and the API's answers passed through get it too.
 */
async function privateAnswers(
  fastify: FastifyInstance,
  options: PrivateAnswersOptions,
): Promise<void> {
  const isPrivate = (path: string) => options.prefixes.some((prefix) => isUnder(path, prefix));
  fastify.addHook('onSend', (request, reply, _payload, done) => {
    // The route matched as well as the path sent: the router decodes what a prefix test on the raw
    // path would miss (`/%61pi/v1/…` reaches the /api/v1 routes).
    const routeUrl = request.routeOptions.url;
    if (isPrivate(pathOf(request.url)) || (routeUrl !== undefined && isPrivate(routeUrl))) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
}

export default fp(privateAnswers, { name: 'private-answers' });
