/**
 * `npm run bench:bff`: what the BFF costs. In one run it measures a session-checked, proxied
 * `GET /api/v1/account/me` through the BFF against the same call made straight to the API with the
 * bearer token, and prints requests per second, p50 and p99 latency for both and their ratios.
 * Goal (ARCHITECTURE.md): proxied p50 and p99 at most 1.3× direct.
 *
 * It starts its own product in local mode (embedded PostgreSQL, Auth Emulator) in a temporary
 * directory on free ports, so it runs beside `npm start` and leaves nothing behind.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { findFreePort } from '../server/local/free-port.ts';
import { startProduct } from '../server/start-product.ts';
import { createEmailUser } from '../tests/support/auth-emulator-users.ts';
import { testProjectId } from '../tests/support/test-environment.ts';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * One connection measures what a call costs, with no queueing; ten connections saturate this
 * machine and measure capacity, where the BFF and the API share one event loop (ROLE=all).
 */
const scenarios = [
  { connections: 1, label: '1 connection: the cost of one call' },
  { connections: 10, label: '10 connections: saturated' },
];

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration: seconds, workers: 1 });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: non2xx,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(rounds: Figures[]): Figures {
  return {
    requestsPerSecond: median(rounds.map((figures) => figures.requestsPerSecond)),
    p50: median(rounds.map((figures) => figures.p50)),
    p99: median(rounds.map((figures) => figures.p99)),
    errors: rounds.reduce((sum, figures) => sum + figures.errors, 0),
  };
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'));
  // PostgreSQL runs as a system user of its own when we are root; it must be able to enter the folder.
  await fs.chmod(dataDir, 0o755);
  const port = await findFreePort();
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_PORT: String(await findFreePort()),
    // The project the user-making helpers of the tests address.
    FIREBASE_PROJECT_ID: testProjectId,
  });
  if (config.mode !== 'local') throw new Error('The benchmark runs in local mode');
  const product = await startProduct(config, (line) => process.stderr.write(`${line}\n`));
  try {
    const user = await createEmailUser(`127.0.0.1:${config.authEmulatorPort}`, {
      displayName: 'Bench User',
    });
    const bffUrl = product.bffUrl!;
    const apiUrl = product.apiUrl!;

    const sessionResponse = await fetch(`${bffUrl}/auth/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'vitrine',
        origin: bffUrl,
      },
      body: JSON.stringify({ idToken: user.idToken, refreshToken: user.refreshToken }),
    });
    if (sessionResponse.status !== 200)
      throw new Error(`Could not open a session: ${sessionResponse.status}`);
    const sessionCookie = (sessionResponse.headers.get('set-cookie') ?? '').split(';')[0]!;

    const register = await fetch(`${bffUrl}/api/v1/account/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'vitrine',
        origin: bffUrl,
        cookie: sessionCookie,
      },
      body: JSON.stringify({
        accountType: 'email',
        subscriptionPlan: 'free',
        language: 'en',
        email: user.email,
        emailVerified: true,
      }),
    });
    if (register.status !== 201)
      throw new Error(`Could not register the account: ${register.status}`);

    const direct = {
      url: `${apiUrl}/api/v1/account/me`,
      headers: { authorization: `Bearer ${user.idToken}` },
    };
    const proxied = { url: `${bffUrl}/api/v1/account/me`, headers: { cookie: sessionCookie } };

    process.stderr.write(
      `Warming up, then ${rounds} alternating rounds of ${durationSeconds} s per path and scenario…\n`,
    );
    await measure(direct.url, direct.headers, 2, 10);
    await measure(proxied.url, proxied.headers, 2, 10);

    const row = (name: string, figures: Figures) =>
      `${name.padEnd(18)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${figures.p50.toFixed(1).padStart(5)} ms   p99 ${figures.p99.toFixed(1).padStart(5)} ms   errors ${figures.errors}`;
    const verdicts: boolean[] = [];
    for (const scenario of scenarios) {
      // Alternating rounds, so that a slow spell of this shared machine weighs on both paths alike.
      const directRounds: Figures[] = [];
      const proxiedRounds: Figures[] = [];
      for (let round = 0; round < rounds; round += 1) {
        directRounds.push(
          await measure(direct.url, direct.headers, durationSeconds, scenario.connections),
        );
        proxiedRounds.push(
          await measure(proxied.url, proxied.headers, durationSeconds, scenario.connections),
        );
      }
      console.log(`\nGET /api/v1/account/me, ${scenario.label}`);
      for (let round = 0; round < rounds; round += 1) {
        console.log(row(`round ${round + 1} direct`, directRounds[round]!));
        console.log(row(`round ${round + 1} proxied`, proxiedRounds[round]!));
      }
      const directFigures = medianFigures(directRounds);
      const proxiedFigures = medianFigures(proxiedRounds);
      console.log(row('median direct', directFigures));
      console.log(row('median proxied', proxiedFigures));
      const p50Ratio = proxiedFigures.p50 / directFigures.p50;
      const p99Ratio = proxiedFigures.p99 / directFigures.p99;
      const met = p50Ratio <= 1.3 && p99Ratio <= 1.3;
      verdicts.push(met);
      console.log(
        `ratios proxied/direct: req/s ${(proxiedFigures.requestsPerSecond / directFigures.requestsPerSecond).toFixed(2)}   p50 ${p50Ratio.toFixed(2)}×   p99 ${p99Ratio.toFixed(2)}×   goal (≤ 1.30×) ${met ? 'met' : 'missed'}`,
      );
    }
    console.log(
      '\nLatencies are whole milliseconds (autocannon). In local mode every API call also makes a round trip to the Auth Emulator, which firebase-admin asks about each token.',
    );
    process.exitCode = verdicts.every(Boolean) ? 0 : 1;
  } finally {
    await product.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
