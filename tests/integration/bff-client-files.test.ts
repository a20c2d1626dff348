import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import {
  builtAssetName,
  builtAssetSource,
  buildMeta,
  clientHeaders,
  createClientBuild,
  emulatorHost,
  indexHtml,
  latestBuild,
  localShopifyUrl,
  startBff,
  startEchoUpstream,
  testSessionSecret,
  withoutRuntimeConfig,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

let upstream: RunningServer;
let bff: BffHarness;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({ upstreamUrl: upstream.url });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return bff.app.inject({ method: 'GET', url, headers });
}

describe('hashed assets', () => {
  test.each([
    ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['identity', undefined, (body: Buffer) => body],
  ])(
    'Accept-Encoding %s: the precompressed twin, cached for a year as immutable',
    async (acceptEncoding, encoding, decode) => {
      const response = await get(`/assets/${builtAssetName}`, {
        'accept-encoding': acceptEncoding,
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(decode(response.rawPayload).toString()).toBe(builtAssetSource);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    },
  );

  test('a missing asset is a plain 404, not the app shell', async () => {
    const response = await get('/assets/app-000000.js');

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('the app shell', () => {
  test.each([
    ['br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => gunzipSync(body)],
  ])(
    'is compressed with %s when the browser accepts it, and never cached',
    async (encoding, decode) => {
      const response = await get('/', { 'accept-encoding': encoding });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(withoutRuntimeConfig(decode(response.rawPayload).toString())).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  test.each(['/no-such-page', '/blog/some/deep/page?ref=mail', '/Dashboard'])(
    'is what an unknown page %s gets, with status 404',
    async (url) => {
      const response = await get(url);

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(withoutRuntimeConfig(response.body)).toBe(indexHtml);
    },
  );

  test('is compressed for unknown pages too', async () => {
    const response = await get('/no-such-page', { 'accept-encoding': 'br' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
    expect(withoutRuntimeConfig(brotliDecompressSync(response.rawPayload).toString())).toBe(
      indexHtml,
    );
  });

  test('an unknown path asked with another method gets a JSON 404', async () => {
    const response = await bff.app.inject({
      method: 'POST',
      url: '/no-such-page',
      headers: clientHeaders,
    });

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  test('other files at the root of the build are served, revalidated on each use', async () => {
    const response = await get('/favicon.svg');

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<svg');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('build manifests', () => {
  test('GET /builds/latest.json: the current build, never cached', async () => {
    const response = await get(`/builds/latest.json?t=${Date.now()}`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(latestBuild);
  });

  test("GET /builds/meta/{id}.json: that build's route manifest", async () => {
    const response = await get(`/builds/meta/${latestBuild.id}.json`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(buildMeta);
  });

  test.each([
    '/builds/meta/no-such-build.json',
    '/builds/meta/..%2Flatest.json',
    '/builds/meta/latest',
    '/builds/other.json',
  ])('%s is a JSON 404', async (url) => {
    const response = await get(url);

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  test('the latest build is read from disk on each request', async () => {
    const next = { id: 'build-next', timestamp: latestBuild.timestamp + 1 };
    const clientDir = await createClientBuild();
    const own = await startBff({ upstreamUrl: upstream.url, clientDir });
    try {
      await fs.writeFile(path.join(clientDir, 'builds', 'latest.json'), JSON.stringify(next));
      expect((await own.app.inject({ method: 'GET', url: '/builds/latest.json' })).json()).toEqual(
        next,
      );
    } finally {
      await own.close();
      await fs.rm(clientDir, { recursive: true, force: true });
    }
  });
});

describe('security headers', () => {
  const emulatorOrigins = () => {
    const port = emulatorHost().split(':')[1];
    return `http://127.0.0.1:${port} http://localhost:${port}`;
  };
  const localPolicy = () =>
    [
      "default-src 'self'",
      // The fixture's build declares no inline script: nothing to trust by hash, 'self' alone.
      "script-src 'self'",
      "worker-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: https://lh3.googleusercontent.com https://cdn.shopify.com ${localShopifyUrl} http://localhost:3100`,
      "font-src 'self'",
      `connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com ${emulatorOrigins()}`,
      `frame-src https://demo-vitrine.firebaseapp.com https://accounts.google.com ${emulatorOrigins()}`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join('; ');

  const everyKindOfResponse: Array<
    [string, () => Promise<{ statusCode: number; headers: Record<string, unknown> }>]
  > = [
    ['a page', () => get('/')],
    ['a guard redirect', () => get('/dashboard')],
    ['the SPA 404', () => get('/no-such-page')],
    ['an asset', () => get(`/assets/${builtAssetName}`)],
    ['a build manifest', () => get('/builds/latest.json')],
    ['a session answer', () => get('/auth/session')],
    ['an API refusal', () => get('/api/v1/account/me')],
    ['a JSON 404', () => get('/api/v2/nothing')],
    ['a CSRF refusal', () => bff.app.inject({ method: 'DELETE', url: '/auth/session' })],
    ['a health check', () => get('/healthz')],
  ];

  test.each(everyKindOfResponse)('are on %s', async (_kind, send) => {
    const response = await send();

    expect(response.headers['content-security-policy']).toBe(localPolicy());
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Local mode runs on plain http://localhost; HSTS there would stick to localhost in the browser.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test('production adds HSTS and allows no emulator, no local Shopify, only Shopify’s CDN', async () => {
    const production = await startBff({
      upstreamUrl: upstream.url,
      emulatorHost: undefined,
      localShopifyUrl: undefined,
      config: loadConfig({
        NODE_ENV: 'production',
        TRUST_PROXY: 'false',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'https://vitrine.example',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        FIREBASE_PROJECT_ID: 'vitrine-prod',
        FIREBASE_API_KEY: 'key',
        FIREBASE_AUTH_DOMAIN: 'auth.vitrine.example',
        FIREBASE_SERVICE_ACCOUNT: '{"type":"service_account"}',
        SESSION_SECRET: testSessionSecret,
        SMTP_URL: 'smtp://127.0.0.1:1',
        MAIL_FROM: 'no-reply@vitrine.example',
        CONTACT_INBOX: 'contact@vitrine.example',
        SHOPIFY_API_KEY: 'shopify-client-id',
        SHOPIFY_API_SECRET: 'shpss_' + 'y'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_live_' + 'k'.repeat(24),
        STRIPE_WEBHOOK_SECRET: 'whsec_' + 'w'.repeat(32),
      }),
    });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/' });

      expect(response.headers['strict-transport-security']).toBe(
        'max-age=63072000; includeSubDomains',
      );
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain(
        'frame-src https://auth.vitrine.example https://accounts.google.com;',
      );
      expect(policy).toContain(
        "img-src 'self' data: https://lh3.googleusercontent.com https://cdn.shopify.com;",
      );
      expect(policy).not.toContain('http://');
    } finally {
      await production.close();
    }
  });

  test('inline scripts the build declares in csp-hashes.json are allowed by hash, and the file is not served', async () => {
    const hash = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
    const clientDir = await createClientBuild();
    await fs.writeFile(
      path.join(clientDir, 'csp-hashes.json'),
      JSON.stringify({ scriptSrc: [hash] }),
    );
    const own = await startBff({ upstreamUrl: upstream.url, clientDir });
    try {
      const response = await own.app.inject({ method: 'GET', url: '/' });
      expect(String(response.headers['content-security-policy'])).toContain(
        `script-src 'self' 'strict-dynamic' '${hash}';`,
      );
      expect((await own.app.inject({ method: 'GET', url: '/csp-hashes.json' })).statusCode).toBe(
        404,
      );
    } finally {
      await own.close();
      await fs.rm(clientDir, { recursive: true, force: true });
    }
  });

  test('a malformed csp-hashes.json stops the start', async () => {
    const clientDir = await createClientBuild();
    await fs.writeFile(
      path.join(clientDir, 'csp-hashes.json'),
      JSON.stringify({ scriptSrc: ["'unsafe-inline'"] }),
    );
    try {
      await expect(startBff({ upstreamUrl: upstream.url, clientDir })).rejects.toThrow(
        /csp-hashes\.json is malformed/,
      );
    } finally {
      await fs.rm(clientDir, { recursive: true, force: true });
    }
  });

  test('a missing client build stops the start with a clear message', async () => {
    await expect(
      startBff({ upstreamUrl: upstream.url, clientDir: '/nonexistent/vitrine-client' }),
    ).rejects.toThrow(/client build is missing/);
  });
});
