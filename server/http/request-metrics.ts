import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RecordRequest, ServerName } from '#server/platform/metrics.ts';

export interface RequestMetricsOptions {
  server: ServerName;
  record: RecordRequest;
}

/**
 * Counts every answered request and its time, labelled by the route pattern Fastify matched
 * (`/api/v1/shops/:shopId`, `/*` for the client's files), never by the URL, so that no id, token or
 * query string reaches a label and a stranger's made-up paths all count as one `unmatched` route.
 */
async function requestMetrics(fastify: FastifyInstance, options: RequestMetricsOptions) {
  fastify.addHook('onResponse', async (request, reply) => {
    options.record({
      server: options.server,
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}

export default fp(requestMetrics, { name: 'request-metrics' });
