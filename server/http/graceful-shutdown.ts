import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets `close()` finish as soon as the requests in flight have. Fastify stops accepting connections
 * and closes idle keep-alive connections; a request that still arrives on a connection the client had
 * opened before is answered as usual (server-options.ts turns Fastify's 503 off). But a connection
 * whose request is running when closing starts would, once answered, stay open for its keep-alive
 * timeout and hold the close up, or carry the client's next request. Answers sent while closing
 * therefore end their connection, and the client opens a new one elsewhere.
 */
async function gracefulShutdown(fastify: FastifyInstance): Promise<void> {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
}

export default fp(gracefulShutdown, { name: 'graceful-shutdown' });
