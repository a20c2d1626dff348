/**
 * `npm run bench:bff`: what the BFF adds to an API call. It compares a session-checked, proxied
 * `GET /api/v1/account/me` with the same call made straight to the API with the bearer token, in the
 * two ways the product runs:
 *
 * - production's topology: the BFF (`ROLE=bff`) and the API (`ROLE=api`) as separate processes;
 * - one process (`ROLE=all`), as `npm start` runs it, against the same separate API.
 *
 * For each it prints
 * - the BFF's added latency per call: p50 and p99 of calls made one at a time on one kept-alive
 *   connection, direct and proxied alternately, in milliseconds with microsecond precision; the added
 *   latency is the proxied percentile minus the direct one (goals: ≤ 0.5 ms at p50, ≤ 2 ms at p99);
 * - the saturated throughput: requests per second with many connections, direct and proxied in
 *   alternating rounds, and their ratio (goal: proxied ≥ 80 % of direct). The connections are
 *   spread over several signed-in users, two per user, as real traffic is: one session alone would
 *   meet the BFF's bound on the calls a session may have under way at once.
 *
 * Every process shares one embedded PostgreSQL and one Auth Emulator, started here in a temporary
 * directory on free ports, so it runs beside `npm start` and leaves nothing behind. A missed goal is
 * printed, not failed: these machines are noisy, and the figures are read side by side, run by run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'undici';
import { loadConfig } from '#server/config.ts';
import { findFreePort } from '#server/local/free-port.ts';
import { startLocalServices } from '#server/local/local-services.ts';
import { createEmailUser } from '../tests/support/auth-emulator-users.ts';
import { openSessionWithAccount } from '../tests/support/product-session.ts';
import { testProjectId } from '../tests/support/test-environment.ts';
import { removeDataFolder } from './lib/data-folder.mjs';
import { startProductProcess, type ProductProcess } from './lib/product-process.ts';

const sequentialCalls = Number(process.env.BENCH_CALLS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const users = Math.max(1, Math.ceil(connections / 2));
const goals = { addedP50Ms: 0.5, addedP99Ms: 2, throughputRatio: 0.8 };

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Target {
  origin: string;
  /** The headers of each signed-in user's calls: a bearer token straight to the API, or a cookie. */
  headersByUser: Array<Record<string, string>>;
}

const callPath = '/api/v1/account/me';

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface LatencyRound {
  direct: { p50: number; p99: number };
  proxied: { p50: number; p99: number };
}

/**
 * `calls` calls one at a time on each path, alternating, each path on one kept-alive connection of
 * its own, so that a slow spell of the machine weighs on both alike. Milliseconds.
 */
async function measureLatency(
  direct: Target,
  proxied: Target,
  calls: number,
): Promise<LatencyRound> {
  const clients = [direct, proxied].map((target) => new Client(target.origin, { pipelining: 1 }));
  const timings: [number[], number[]] = [[], []];
  try {
    for (let call = 0; call < calls; call += 1) {
      for (const [index, target] of [direct, proxied].entries()) {
        const started = process.hrtime.bigint();
        const response = await clients[index]!.request({
          method: 'GET',
          path: callPath,
          headers: target.headersByUser[0],
        });
        await response.body.dump();
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) {
          throw new Error(`${target.origin}${callPath} answered ${response.statusCode}`);
        }
        timings[index]!.push(elapsed);
      }
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
  const [directTimes, proxiedTimes] = timings.map((times) => [...times].sort((a, b) => a - b));
  return {
    direct: { p50: percentile(directTimes!, 0.5), p99: percentile(directTimes!, 0.99) },
    proxied: { p50: percentile(proxiedTimes!, 0.5), p99: percentile(proxiedTimes!, 0.99) },
  };
}

/**
 * Requests per second with `connections` connections for `seconds`, each connection calling as each
 * of the users in turn; throws on any failed answer.
 */
async function measureThroughput(target: Target, seconds: number): Promise<number> {
  const result = await autocannon({
    url: target.origin,
    requests: target.headersByUser.map((headers) => ({ method: 'GET', path: callPath, headers })),
    connections,
    duration: seconds,
    workers: 1,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${count} × ${status}`)
      .join(', ');
    throw new Error(
      `${failed} failed answers from ${target.origin}${callPath} (${statuses}; ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  }
  return result.requests.average;
}

const ms = (value: number) => `${value.toFixed(3)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'missed');

async function compare(label: string, direct: Target, proxied: Target): Promise<void> {
  log(`${label}: warming up…`);
  await measureLatency(direct, proxied, 300);
  await measureThroughput(direct, 2);
  await measureThroughput(proxied, 2);

  const latencyRounds: LatencyRound[] = [];
  const throughputRounds: Array<{ direct: number; proxied: number }> = [];
  for (let round = 0; round < rounds; round += 1) {
    log(`${label}: round ${round + 1} of ${rounds}…`);
    latencyRounds.push(await measureLatency(direct, proxied, sequentialCalls));
    const directRps = await measureThroughput(direct, durationSeconds);
    const proxiedRps = await measureThroughput(proxied, durationSeconds);
    throughputRounds.push({ direct: directRps, proxied: proxiedRps });
  }

  console.log(`\n${label}`);
  console.log(
    `  one call at a time (${sequentialCalls} calls per path per round), then ${connections} connections for ${durationSeconds} s per path`,
  );
  for (const [index, latency] of latencyRounds.entries()) {
    const throughput = throughputRounds[index]!;
    console.log(
      `  round ${index + 1}: direct p50 ${ms(latency.direct.p50)} p99 ${ms(latency.direct.p99)}` +
        ` | proxied p50 ${ms(latency.proxied.p50)} p99 ${ms(latency.proxied.p99)}` +
        ` | direct ${throughput.direct.toFixed(0)} req/s, proxied ${throughput.proxied.toFixed(0)} req/s`,
    );
  }
  const addedP50 = median(latencyRounds.map((round) => round.proxied.p50 - round.direct.p50));
  const addedP99 = median(latencyRounds.map((round) => round.proxied.p99 - round.direct.p99));
  const ratio = median(throughputRounds.map((round) => round.proxied / round.direct));
  console.log(
    `  BFF's added latency (median of rounds): p50 ${ms(addedP50)} (goal ≤ ${goals.addedP50Ms} ms, ${verdict(addedP50 <= goals.addedP50Ms)})` +
      `, p99 ${ms(addedP99)} (goal ≤ ${goals.addedP99Ms} ms, ${verdict(addedP99 <= goals.addedP99Ms)})`,
  );
  console.log(
    `  saturated throughput, proxied/direct (median of rounds): ${(ratio * 100).toFixed(1)} % (goal ≥ ${goals.throughputRatio * 100} %, ${verdict(ratio >= goals.throughputRatio)})`,
  );
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-bff-'));
  // As root, PostgreSQL runs as a system user of its own; opened to it, the cluster stays inside.
  await fs.chmod(dataDir, 0o755);
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_PORT: String(await findFreePort()),
    LOCAL_SHOPIFY_PORT: String(await findFreePort()),
    LOCAL_STRIPE_PORT: String(await findFreePort()),
    // The project the user-making helpers of the tests address.
    FIREBASE_PROJECT_ID: testProjectId,
  });
  if (config.mode !== 'local') throw new Error('The benchmark runs in local mode');
  log(
    'Starting PostgreSQL, the Auth Emulator and the local Shopify, then the API, the BFF and a one-process product…',
  );
  const services = await startLocalServices(config, log);
  const processes: ProductProcess[] = [];
  try {
    const shared = {
      DATABASE_URL: services.databaseUrl,
      FIREBASE_AUTH_EMULATOR_HOST: services.authEmulatorHost,
      SESSION_SECRET: services.sessionSecret,
      LOCAL_SHOPIFY_URL: services.localShopifyUrl,
      LOCAL_STRIPE_URL: services.localStripeUrl,
      // Request logs would measure the terminal; warnings still show.
      LOG_LEVEL: 'warn',
    };
    const start = async (label: string, env: NodeJS.ProcessEnv) => {
      const started = await startProductProcess({ projectId: testProjectId, log, label, env });
      processes.push(started);
      await started.ready;
      return started;
    };
    const api = await start('[api]', { ...shared, ROLE: 'api', HOST: '127.0.0.1' });
    const apiOrigin = api.url.replace('localhost', '127.0.0.1');
    const bff = await start('[bff]', { ...shared, ROLE: 'bff', UPSTREAM_URL: apiOrigin });
    const all = await start('[all]', { ...shared, ROLE: 'all' });

    /** A new user with an account and a session on the BFF: its ID token and its session cookie. */
    const signIn = async (index: number) => {
      const user = await createEmailUser(services.authEmulatorHost, {
        displayName: `Bench User ${index + 1}`,
      });
      return { idToken: user.idToken, cookie: await openSessionWithAccount(bff.url, user) };
    };
    const signedIn = [];
    for (let index = 0; index < users; index += 1) signedIn.push(await signIn(index));
    const cookies = signedIn.map(({ cookie }) => ({ cookie }));

    const direct: Target = {
      origin: apiOrigin,
      headersByUser: signedIn.map(({ idToken }) => ({ authorization: `Bearer ${idToken}` })),
    };
    const throughBff: Target = {
      origin: bff.url.replace('localhost', '127.0.0.1'),
      headersByUser: cookies,
    };
    const throughAll: Target = {
      origin: all.url.replace('localhost', '127.0.0.1'),
      headersByUser: cookies,
    };
    await compare('Production topology: BFF and API as separate processes', direct, throughBff);
    await compare('One process (ROLE=all), against the same separate API', direct, throughAll);
    console.log(
      '\nIn local mode every API call verifies its token against keys the Auth Emulator serves, and the',
    );
    console.log('load generator runs on the same two cores as the servers and PostgreSQL.');
  } finally {
    await Promise.allSettled(processes.map((started) => started.stop()));
    await services.stop();
    await removeDataFolder(dataDir);
  }
}

await main();
