import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An answer sent before the request's body has arrived (a refusal from its headers alone: no session,
 * too many requests, too large) closes its connection. The rest of the body would otherwise have to
 * be read to reach the next request on that connection, and a client that never sends it would keep
 * the connection for itself.
 */
async function unreadBodies(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onSend', (request, reply, _payload, done) => {
    // Requests injected in-process (light-my-request) have no such flag, and their body whole.
    if (request.raw.complete === false) reply.header('connection', 'close');
    done();
  });
}

export default fp(unreadBodies, { name: 'unread-bodies' });
