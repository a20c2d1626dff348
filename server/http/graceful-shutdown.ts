import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets `close()` finish as soon as the requests in flight have. Fastify stops accepting connections,
 * answers 503 to new requests on open ones and closes idle keep-alive connections; but a connection
 * whose request is still running when closing starts would, once answered, stay open for its
 * keep-alive timeout and hold the close up. Answers sent while closing therefore end their connection.
 */
async function gracefulShutdown(fastify: FastifyInstance): Promise<void> {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

export default fp(gracefulShutdown, { name: 'bff-graceful-shutdown' });
