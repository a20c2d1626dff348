import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '#shared/errors.ts';
import type { DatabaseHandle } from '#server/db/database.ts';

export interface HealthOptions {
  database: DatabaseHandle;
  upstreamUrl: string;
  /** How long each readiness check may take. */
  timeoutMs: number;
}

type CheckResult = 'ok' | 'failed';

/**
 * `/healthz`: the process answers (for restarts). `/readyz`: it can do its job, i.e. the database
 * answers and the API's own /healthz says 200 (for load balancers). While the server closes, requests
 * that still arrive on open connections get 503, which tells a balancer to try another instance.
 */
async function health(fastify: FastifyInstance, options: HealthOptions): Promise<void> {
  fastify.get('/healthz', async () => ({ status: 'ok' }));

  fastify.get('/readyz', async (_request, reply) => {
    const [database, upstream] = await Promise.all([
      check(() => options.database.pool.query('select 1'), options.timeoutMs),
      check(async () => {
        const response = await fetch(`${options.upstreamUrl}/healthz`, {
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.body?.cancel();
        if (response.status !== 200)
          throw new Error(`upstream /healthz answered ${response.status}`);
      }, options.timeoutMs),
    ]);
    const checks = { database, upstream };
    reply.header('cache-control', 'no-store');
    if (database === 'ok' && upstream === 'ok') return { status: 'ready', checks };
    const failed = Object.entries(checks)
      .filter(([, result]) => result === 'failed')
      .map(([name]) => name);
    return reply
      .code(503)
      .send({ ...errorBody('not_ready', `Not ready: ${failed.join(', ')} failed`), checks });
  });
}

async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export default fp(health, { name: 'bff-health' });
