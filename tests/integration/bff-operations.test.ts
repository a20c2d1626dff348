import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  closedPortUrl,
  cookieHeader,
  emulatorHost,
  signIn,
  startBff,
  startDevModeBff,
  startEchoUpstream,
  startHangingUpstream,
  testConfig,
  type BffHarness,
  type EchoUpstream,
  type RunningServer,
} from './bff-test-harness.ts';

let upstream: EchoUpstream;

beforeAll(async () => {
  upstream = await startEchoUpstream();
});

afterAll(async () => {
  await upstream?.close();
});

describe('behind a trusted load balancer (TRUST_PROXY)', () => {
  let bff: BffHarness;

  beforeAll(async () => {
    bff = await startBff({
      upstreamUrl: upstream.url,
      config: testConfig({ TRUST_PROXY: '10.0.0.0/8' }),
      rateLimits: {
        signIn: { max: 2, timeWindowMs: 60_000 },
        session: { max: 100, timeWindowMs: 60_000 },
      },
    });
  });

  afterAll(async () => {
    await bff?.close();
  });

  const signInThroughBalancer = (client: string) =>
    bff.app.inject({
      method: 'POST',
      url: '/auth/session',
      headers: { ...clientHeaders, 'x-forwarded-for': client },
      payload: { idToken: 'bad', refreshToken: 'bad' },
      remoteAddress: '10.1.2.3',
    });

  test("rate limits count each client behind the balancer, not the balancer: a stranger's junk does not lock the others out", async () => {
    expect((await signInThroughBalancer('203.0.113.1')).statusCode).toBe(401);
    expect((await signInThroughBalancer('203.0.113.1')).statusCode).toBe(401);
    expect((await signInThroughBalancer('203.0.113.1')).statusCode).toBe(429);
    expect((await signInThroughBalancer('203.0.113.2')).statusCode).toBe(401);
    const user = await createEmailUser(emulatorHost());
    const honest = await bff.app.inject({
      method: 'POST',
      url: '/auth/session',
      headers: { ...clientHeaders, 'x-forwarded-for': '203.0.113.3' },
      payload: { idToken: user.idToken, refreshToken: user.refreshToken },
      remoteAddress: '10.1.2.3',
    });
    expect(honest.statusCode).toBe(200);
  });

  test('an IPv6 client behind the balancer is counted per /64', async () => {
    expect((await signInThroughBalancer('2001:db8:aa:1::1')).statusCode).toBe(401);
    expect((await signInThroughBalancer('2001:db8:aa:1::2')).statusCode).toBe(401);
    expect((await signInThroughBalancer('2001:db8:aa:1::3')).statusCode).toBe(429);
  });
});

describe('rate limits on /auth/session', () => {
  let bff: BffHarness;

  beforeAll(async () => {
    bff = await startBff({
      upstreamUrl: upstream.url,
      rateLimits: {
        signIn: { max: 2, timeWindowMs: 60_000 },
        signInAttempts: { max: 100, timeWindowMs: 60_000 },
        session: { max: 3, timeWindowMs: 60_000 },
      },
    });
  });

  afterAll(async () => {
    await bff?.close();
  });

  const signInFrom = (remoteAddress: string, payload: object) =>
    bff.app.inject({
      method: 'POST',
      url: '/auth/session',
      headers: clientHeaders,
      payload,
      remoteAddress,
    });
  const junk = { idToken: 'bad', refreshToken: 'bad' };
  const tokensOf = async () => {
    const user = await createEmailUser(emulatorHost());
    return { idToken: user.idToken, refreshToken: user.refreshToken };
  };

  test('failed sign-ins over the budget of an address get 429 rate_limited and open nothing; other addresses are unaffected', async () => {
    const tokens = await tokensOf();

    expect((await signInFrom('10.0.0.1', junk)).statusCode).toBe(401);
    expect((await signInFrom('10.0.0.1', junk)).statusCode).toBe(401);
    const limited = await signInFrom('10.0.0.1', tokens);

    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: expect.any(String) },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect((await signInFrom('10.0.0.2', tokens)).statusCode).toBe(200);
  });

  test('successful sign-ins do not count: the people behind one address sign in as often as they need', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signInFrom('10.0.0.5', await tokensOf())).statusCode).toBe(200);
    }
    // The failures the address has left are untouched by those successes.
    expect((await signInFrom('10.0.0.5', junk)).statusCode).toBe(401);
    expect((await signInFrom('10.0.0.5', junk)).statusCode).toBe(401);
    expect((await signInFrom('10.0.0.5', junk)).statusCode).toBe(429);
  });

  test('an IPv6 client is counted per /64, so that one network cannot walk around the budget address by address', async () => {
    expect((await signInFrom('2001:db8:5:1::1', junk)).statusCode).toBe(401);
    expect((await signInFrom('2001:db8:5:1:ffff:ffff:ffff:fffe', junk)).statusCode).toBe(401);
    expect((await signInFrom('2001:0db8:0005:0001:0:0:0:9', junk)).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await signInFrom('2001:db8:5:2::1', junk)).statusCode).toBe(401);
  });

  test('an IPv4 client is counted per address, whether it arrives as IPv4 or as IPv4-mapped IPv6', async () => {
    expect((await signInFrom('198.51.100.30', junk)).statusCode).toBe(401);
    expect((await signInFrom('::ffff:198.51.100.30', junk)).statusCode).toBe(401);
    expect((await signInFrom('::ffff:c633:641e', junk)).statusCode).toBe(429);
    // Its neighbour is someone else.
    expect((await signInFrom('198.51.100.31', junk)).statusCode).toBe(401);
  });

  test('the other session routes have their own budget', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push(
        (await bff.app.inject({ method: 'GET', url: '/auth/session', remoteAddress: '10.0.0.3' }))
          .statusCode,
      );
    }

    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  test('pages are not rate limited', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await bff.app.inject({ method: 'GET', url: '/login', remoteAddress: '10.0.0.4' }))
          .statusCode,
      ).toBe(200);
    }
  });
});

describe('every sign-in counts toward a budget of attempts per address', () => {
  let bff: BffHarness;

  beforeAll(async () => {
    bff = await startBff({
      upstreamUrl: upstream.url,
      rateLimits: {
        signIn: { max: 100, timeWindowMs: 60_000 },
        signInAttempts: { max: 2, timeWindowMs: 60_000 },
      },
    });
  });

  afterAll(async () => {
    await bff?.close();
  });

  test('which bounds the sessions and Firebase calls one address can cause, successes included', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const user = await createEmailUser(emulatorHost());
      const response = await bff.app.inject({
        method: 'POST',
        url: '/auth/session',
        headers: clientHeaders,
        payload: { idToken: user.idToken, refreshToken: user.refreshToken },
        remoteAddress: '2001:db8:9:9::1',
      });
      statuses.push(response.statusCode);
    }

    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe("the contact form's limit per address", () => {
  let bff: BffHarness;

  beforeAll(async () => {
    bff = await startBff({
      upstreamUrl: upstream.url,
      rateLimits: { contact: { max: 1, timeWindowMs: 60_000 } },
    });
  });

  afterAll(async () => {
    await bff?.close();
  });

  const sendFrom = (remoteAddress: string) =>
    bff.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { ...clientHeaders, 'content-type': 'application/json' },
      payload: '{}',
      remoteAddress,
    });

  test('counts IPv6 clients per /64 too', async () => {
    // Without a session the BFF answers 401, but the attempt is counted first.
    expect((await sendFrom('2001:db8:7:1::1')).statusCode).toBe(401);
    expect((await sendFrom('2001:db8:7:1::2')).statusCode).toBe(429);
    expect((await sendFrom('2001:db8:7:2::1')).statusCode).toBe(401);
  });
});

describe('health', () => {
  let healthy: BffHarness;
  let upstreamDown: BffHarness;
  let upstreamHanging: BffHarness;
  let databaseDown: BffHarness;
  let hanging: RunningServer;

  beforeAll(async () => {
    hanging = await startHangingUpstream();
    [healthy, upstreamDown, upstreamHanging, databaseDown] = await Promise.all([
      startBff({ upstreamUrl: upstream.url }),
      startBff({ upstreamUrl: await closedPortUrl() }),
      startBff({ upstreamUrl: hanging.url, readinessTimeoutMs: 300 }),
      closedPortUrl().then((url) =>
        startBff({
          upstreamUrl: upstream.url,
          databaseUrl: `postgres://nobody:none@${new URL(url).host}/none`,
        }),
      ),
    ]);
  });

  afterAll(async () => {
    await Promise.all([
      healthy?.close(),
      upstreamDown?.close(),
      upstreamHanging?.close(),
      databaseDown?.close(),
    ]);
    await hanging?.close();
  });

  test('GET /healthz answers 200 while the process runs, whatever its dependencies do', async () => {
    for (const bff of [healthy, upstreamDown, databaseDown]) {
      const response = await bff.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  test('GET /readyz answers 200 when the database and the API answer', async () => {
    const response = await healthy.app.inject({ method: 'GET', url: '/readyz' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', upstream: 'ok' },
    });
  });

  test.each([
    ['the API is down', () => upstreamDown, { database: 'ok', upstream: 'failed' }],
    [
      'the API does not answer within the time allowed',
      () => upstreamHanging,
      { database: 'ok', upstream: 'failed' },
    ],
    ['the database is down', () => databaseDown, { database: 'failed', upstream: 'ok' }],
  ])('GET /readyz answers 503 naming the failed check when %s', async (_case, bff, checks) => {
    const startedAt = Date.now();
    const response = await bff().app.inject({ method: 'GET', url: '/readyz' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'not_ready', message: expect.any(String) },
      checks,
    });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});

describe('graceful shutdown', () => {
  test('requests in flight finish, new connections are refused, and the close does not wait for idle keep-alives', async () => {
    const bff = await startBff({ upstreamUrl: upstream.url });
    let closed = false;
    try {
      const url = await bff.app.listen({ port: 0, host: '127.0.0.1' });
      const sessionId = await signIn(bff.app, await createEmailUser(emulatorHost()));

      const inFlight = fetch(`${url}/api/v1/slow?ms=600`, { headers: cookieHeader(sessionId) });
      await delay(200);
      const closing = bff.close().then(() => {
        closed = true;
      });
      await delay(50);
      const refused = await fetch(`${url}/healthz`, { headers: { connection: 'close' } }).then(
        (response) => response.status,
        () => 'refused',
      );

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ slow: true });
      expect([503, 'refused']).toContain(refused);
      // The connection of the finished request must not hold the close up for its keep-alive time.
      const closedInTime = await Promise.race([
        closing.then(() => true),
        delay(5_000).then(() => false),
      ]);
      expect(closedInTime).toBe(true);
    } finally {
      if (!closed) await bff.close();
    }
  });
});

describe('dev mode (Vite in middleware mode)', () => {
  let bff: BffHarness;

  beforeAll(async () => {
    bff = await startDevModeBff(upstream.url, {
      'index.html':
        '<!doctype html><html><head><title>dev</title></head><body><div id="root"></div><script type="module" src="/main.ts"></script></body></html>',
      'main.ts': "const greeting: string = 'hello from vite';\nconsole.log(greeting);\n",
    });
  });

  afterAll(async () => {
    await bff?.close();
  });

  test('pages get index.html transformed by Vite, behind the same guards', async () => {
    const page = await bff.app.inject({ method: 'GET', url: '/' });
    const guarded = await bff.app.inject({ method: 'GET', url: '/dashboard' });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/@vite/client');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(guarded.statusCode).toBe(302);
    expect(guarded.headers.location).toBe('/login?redirect=%2Fdashboard');
  });

  test('Vite serves the modules, with the security headers and a CSP relaxed for HMR', async () => {
    const module = await bff.app.inject({ method: 'GET', url: '/main.ts' });

    expect(module.statusCode).toBe(200);
    expect(module.body).toContain('hello from vite');
    expect(module.body).not.toContain(': string');
    expect(module.headers['x-content-type-options']).toBe('nosniff');
    const policy = String(module.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'unsafe-inline';");
    expect(policy).toMatch(/connect-src [^;]*ws:/);
  });

  test('an unknown page gets the transformed index.html with status 404', async () => {
    const response = await bff.app.inject({ method: 'GET', url: '/no-such-page' });

    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('/@vite/client');
  });

  test('index.html, /auth and /api stay with the BFF', async () => {
    expect((await bff.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
    expect((await bff.app.inject({ method: 'GET', url: '/auth/session' })).json()).toEqual({
      user: null,
    });
    expect(
      (await bff.app.inject({ method: 'GET', url: '/api/v1/account/me' })).json().error.code,
    ).toBe('unauthenticated');
  });
});
