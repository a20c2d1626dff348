import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { prerenderedPageFile } from '#shared/build-artifacts.ts';
import { supportedLanguages } from '#shared/constants.ts';
import { plans } from '#shared/plans.ts';
import { prerenderedPaths, staticPagePayload } from '#shared/static-pages.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  cookieHeader,
  createClientBuild,
  emulatorHost,
  indexHtml,
  prerenderedHtml,
  publicUrl,
  rawRequest,
  runtimeConfigOfPage,
  signIn,
  startBff,
  startDevModeBff,
  startEchoUpstream,
  testSessionSecret,
  withoutRuntimeConfig,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

/**
 * The prerendered static pages as the BFF serves them from a build that has them: the language
 * version each request gets, the payload routes, and the runtime configuration that every HTML page
 * carries.
 */

let upstream: RunningServer;
let bff: BffHarness;
let clientDir: string;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  clientDir = await createClientBuild({ prerendered: true });
  bff = await startBff({ upstreamUrl: upstream.url, clientDir });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
  if (clientDir !== undefined) await fs.rm(clientDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return bff.app.inject({ method: 'GET', url, headers });
}

/** The prerendered page as the BFF completes it for this deployment. */
function expectedPage(routePath: (typeof prerenderedPaths)[number], language: 'en' | 'fr') {
  return prerenderedHtml(routePath, language).replaceAll('%VITRINE_PUBLIC_URL%', publicUrl);
}

describe('the language version of a prerendered page', () => {
  test.each([
    ['nothing says otherwise', '/pricing', {}, 'en'],
    ['?lang=fr', '/pricing?lang=fr', {}, 'fr'],
    ['?lang=en, over a French cookie', '/pricing?lang=en', { cookie: 'i18n_redirected=fr' }, 'en'],
    ['the locale cookie', '/pricing', { cookie: 'theme=dark; i18n_redirected=fr' }, 'fr'],
    [
      'the cookie, over Accept-Language',
      '/pricing',
      { cookie: 'i18n_redirected=en', 'accept-language': 'fr' },
      'en',
    ],
    ['Accept-Language', '/pricing', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' }, 'fr'],
    ['Accept-Language q-values', '/pricing', { 'accept-language': 'en;q=0.4, fr;q=0.7' }, 'fr'],
    [
      'Accept-Language naming no supported language',
      '/pricing',
      { 'accept-language': 'de-DE, es;q=0.8' },
      'en',
    ],
    ['Accept-Language refusing French', '/pricing', { 'accept-language': 'fr;q=0, de' }, 'en'],
    [
      'an unsupported ?lang=, then the cookie',
      '/pricing?lang=de',
      { cookie: 'i18n_redirected=fr' },
      'fr',
    ],
    [
      'an unsupported cookie, then Accept-Language',
      '/',
      { cookie: 'i18n_redirected=es', 'accept-language': 'fr' },
      'fr',
    ],
  ] as const)('follows %s', async (_case, url, headers, language) => {
    const response = await get(url, headers);
    const routePath = new URL(url, publicUrl).pathname as (typeof prerenderedPaths)[number];

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-language']).toBe(language);
    expect(withoutRuntimeConfig(response.body)).toBe(expectedPage(routePath, language));
  });

  test.each(
    prerenderedPaths.flatMap((routePath) =>
      supportedLanguages.map((language) => ({ routePath, language })),
    ),
  )(
    '$routePath in $language is the page the build made, with the public URL in place',
    async ({ routePath, language }) => {
      const response = await get(`${routePath}?lang=${language}`);

      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<html lang="${language}">`);
      expect(response.body).toContain(`Prerendered ${routePath} in ${language}`);
      expect(response.body).not.toContain('%VITRINE_PUBLIC_URL%');
      expect(response.body).toContain(`<link rel="canonical" href="${publicUrl}${routePath}`);
    },
  );

  test('is never cached without regard to what chose it', async () => {
    const response = await get('/pricing', { 'accept-encoding': 'br' });

    expect(response.headers['cache-control']).toBe('no-cache');
    const vary = String(response.headers.vary)
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['cookie', 'accept-language', 'accept-encoding']));
  });

  test.each([
    ['br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => gunzipSync(body)],
  ])('is compressed with %s when the browser accepts it', async (encoding, decode) => {
    const response = await get('/legal?lang=fr', { 'accept-encoding': `${encoding}, identity` });

    expect(response.headers['content-encoding']).toBe(encoding);
    expect(withoutRuntimeConfig(decode(response.rawPayload).toString())).toBe(
      expectedPage('/legal', 'fr'),
    );
  });

  test('a trailing slash gets the same page, and HEAD its headers', async () => {
    const slash = await get('/privacy-policy/?lang=fr');
    const head = await bff.app.inject({ method: 'HEAD', url: '/privacy-policy?lang=fr' });

    expect(withoutRuntimeConfig(slash.body)).toBe(expectedPage('/privacy-policy', 'fr'));
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-language']).toBe('fr');
    expect(head.body).toBe('');
  });

  test('is only sent when the page guard lets the visitor through', async () => {
    const session = cookieHeader(await signIn(bff.app, await createEmailUser(emulatorHost())));

    const home = await get('/?lang=fr', session);
    const pricing = await get('/pricing?lang=fr', session);

    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/dashboard');
    expect(pricing.statusCode).toBe(200);
    expect(pricing.headers['content-language']).toBe('fr');
  });

  test('pages that are not prerendered keep the app shell', async () => {
    const response = await get('/blog?lang=fr', { cookie: 'i18n_redirected=fr' });

    expect(response.statusCode).toBe(200);
    expect(withoutRuntimeConfig(response.body)).toBe(indexHtml);
    expect(response.headers['content-language']).toBeUndefined();
  });

  test('the prerendered files are not reachable as static files', async () => {
    for (const url of [
      `/${prerenderedPageFile('/pricing', 'fr')}`,
      `/${prerenderedPageFile('/', 'en')}`,
      '/prerendered/',
      '/prerendered',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Prerendered');
    }
  });
});

describe('files of the build that are not served as they are', () => {
  const rawFileHash = 'sha256-RMYyi3jZpWLAjkI2t8RvCFuliVpuJ/Onv7IJDcK2ilM=';
  const cspHashes = JSON.stringify({ scriptSrc: [rawFileHash] });
  let bffUrl: string;

  beforeAll(async () => {
    await fs.writeFile(path.join(clientDir, 'csp-hashes.json'), cspHashes);
    bffUrl = await bff.app.listen({ port: 0, host: '127.0.0.1' });
  });

  // Spellings a static file server may map back onto these files: doubled and encoded slashes,
  // dot segments (plain and encoded), backslashes, encoded letters, another case, compressed twins.
  test.each([
    '//index.html',
    '///index.html',
    '/%2Findex.html',
    '/%2findex.html',
    '/%2Fprerendered/en/index.html',
    '//prerendered/en/index.html',
    '/prerendered%2Fen%2Findex.html',
    '/%70rerendered/en/index.html',
    '/./index.html',
    '/%2E/index.html',
    '/x/../index.html',
    '/x/%2E%2E/index.html',
    '/assets/../index.html',
    '/assets/..%2Findex.html',
    '/assets/%2E%2E/prerendered/en/index.html',
    '/\\index.html',
    '/%5Cindex.html',
    '/%5Cprerendered%5Cen%5Cindex.html',
    '/INDEX.HTML',
    '/Prerendered/en/index.html',
    '/index.html.br',
    '/index.html.gz',
    '/prerendered/fr/pricing/index.html.gz',
    '/csp-hashes.json',
    '//csp-hashes.json',
    '/%63sp-hashes.json',
  ])('GET %s is not answered with the raw file', async (url) => {
    const response = await rawRequest(bffUrl, {
      path: url,
      headers: { 'accept-encoding': 'identity' },
    });

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toBe(indexHtml);
    expect(response.body).not.toContain('Prerendered');
    expect(response.body).not.toContain(rawFileHash);
  });

  test('the public files at the root of the build are still served', async () => {
    const response = await rawRequest(bffUrl, { path: '/favicon.svg' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<svg');
  });
});

describe('the payload routes', () => {
  test.each([
    ['/_payload.json', '/'],
    ['/pricing/_payload.json', '/pricing'],
    ['/privacy-policy/_payload.json', '/privacy-policy'],
    ['/login/_payload.json', '/login'],
  ] as const)('GET %s: the data of %s, revalidated on each use', async (url, routePath) => {
    const response = await get(url);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(staticPagePayload(routePath))));
  });

  test('the pricing payload carries the plans', async () => {
    expect((await get('/pricing/_payload.json')).json().data.plans).toEqual(
      JSON.parse(JSON.stringify(plans)),
    );
  });

  test('are what the build wrote, not what this server would compute', async () => {
    const ownDir = await createClientBuild({ prerendered: true });
    const written = { path: '/pricing', data: { plans: [], writtenBy: 'the build' } };
    await fs.writeFile(path.join(ownDir, 'pricing', '_payload.json'), JSON.stringify(written));
    const own = await startBff({ upstreamUrl: upstream.url, clientDir: ownDir });
    try {
      const response = await own.app.inject({ method: 'GET', url: '/pricing/_payload.json' });
      expect(response.json()).toEqual(written);
    } finally {
      await own.close();
      await fs.rm(ownDir, { recursive: true, force: true });
    }
  });

  test('a build without prerendered pages gets computed payloads and the shell', async () => {
    const plain = await startBff({ upstreamUrl: upstream.url });
    try {
      const payload = await plain.app.inject({ method: 'GET', url: '/pricing/_payload.json' });
      const page = await plain.app.inject({ method: 'GET', url: '/pricing?lang=fr' });
      expect(payload.json()).toEqual(JSON.parse(JSON.stringify(staticPagePayload('/pricing'))));
      expect(withoutRuntimeConfig(page.body)).toBe(indexHtml);
    } finally {
      await plain.close();
    }
  });

  test('a build with a prerendered page missing stops the start', async () => {
    const broken = await createClientBuild({ prerendered: true });
    await fs.rm(path.join(broken, prerenderedPageFile('/legal', 'fr')));
    try {
      await expect(startBff({ upstreamUrl: upstream.url, clientDir: broken })).rejects.toThrow(
        /client build is incomplete: .*prerendered\/fr\/legal\/index\.html is missing/,
      );
    } finally {
      await fs.rm(broken, { recursive: true, force: true });
    }
  });
});

describe('the runtime configuration block', () => {
  const firebase = { apiKey: 'demo-api-key', authDomain: 'demo-vitrine.firebaseapp.com' };

  test.each([
    ['a prerendered page', '/pricing?lang=fr', 200],
    ['the app shell', '/blog', 200],
    ['the shell of an unknown page', '/no-such-page', 404],
  ])('is in %s, with the public values only', async (_kind, url, status) => {
    const response = await get(url);

    expect(response.statusCode).toBe(status);
    expect(runtimeConfigOfPage(response.body)).toEqual({
      publicUrl,
      errorReporting: null,
      firebase: {
        ...firebase,
        projectId: expect.any(String),
        authEmulatorUrl: `http://${emulatorHost()}`,
      },
    });
    expect(response.body).not.toContain(testSessionSecret);
    // Once, in <head>.
    expect(response.body.match(/id="vitrine-runtime-config"/g)).toHaveLength(1);
    expect(response.body.indexOf('vitrine-runtime-config')).toBeLessThan(
      response.body.indexOf('</head>'),
    );
  });

  test('in production: reporting settings, no emulator, no secret, every value escaped', async () => {
    const serviceAccount = JSON.stringify({
      type: 'service_account',
      private_key: '-----BEGIN PRIVATE KEY-----service-account-secret',
    });
    const production = await startBff({
      upstreamUrl: upstream.url,
      clientDir,
      emulatorHost: undefined,
      config: loadConfig({
        NODE_ENV: 'production',
        TRUST_PROXY: 'false',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'https://vitrine.example/',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        FIREBASE_PROJECT_ID: 'vitrine-prod',
        FIREBASE_API_KEY: 'web-key',
        FIREBASE_AUTH_DOMAIN: 'auth.vitrine.example',
        FIREBASE_SERVICE_ACCOUNT: serviceAccount,
        SESSION_SECRET: testSessionSecret,
        SMTP_URL: 'smtp://127.0.0.1:1',
        MAIL_FROM: 'no-reply@vitrine.example',
        CONTACT_INBOX: 'contact@vitrine.example',
        SHOPIFY_API_KEY: 'shopify-client-id',
        SHOPIFY_API_SECRET: 'shpss_' + 'y'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_live_' + 'k'.repeat(24),
        STRIPE_WEBHOOK_SECRET: 'whsec_' + 'w'.repeat(32),
        SENTRY_DSN: 'https://public@sentry.example/42',
        SENTRY_ENVIRONMENT: '</script><script>alert(1)</script>',
        SENTRY_RELEASE: 'vitrine@1.2.3',
      }),
    });
    try {
      for (const url of ['/', '/?lang=fr', '/blog', '/nowhere']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(runtimeConfigOfPage(response.body)).toEqual({
          publicUrl: 'https://vitrine.example',
          errorReporting: {
            dsn: 'https://public@sentry.example/42',
            environment: '</script><script>alert(1)</script>',
            release: 'vitrine@1.2.3',
            production: true,
          },
          firebase: {
            apiKey: 'web-key',
            authDomain: 'auth.vitrine.example',
            projectId: 'vitrine-prod',
          },
        });
        expect(response.body).not.toContain('<script>alert(1)');
        expect(response.body).toContain('\\u003c/script>\\u003cscript>alert(1)');
        expect(response.body).not.toContain(testSessionSecret);
        expect(response.body).not.toContain('service-account-secret');
        expect(response.body).not.toContain('PRIVATE KEY');
      }
      const page = await production.app.inject({ method: 'GET', url: '/pricing?lang=fr' });
      expect(page.body).toContain(
        '<link rel="canonical" href="https://vitrine.example/pricing?lang=fr">',
      );
    } finally {
      await production.close();
    }
  });

  test('a release left at its default is null, so that the client names its build', async () => {
    const response = await startBff({
      upstreamUrl: upstream.url,
      clientDir,
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: publicUrl,
        SENTRY_DSN: 'http://public@127.0.0.1:9/1',
      }),
    }).then(async (own) => {
      try {
        return await own.app.inject({ method: 'GET', url: '/' });
      } finally {
        await own.close();
      }
    });

    expect(runtimeConfigOfPage(response.body).errorReporting).toEqual({
      dsn: 'http://public@127.0.0.1:9/1',
      environment: 'development',
      release: null,
      production: false,
    });
  });
});

describe('robots.txt and sitemap.xml', () => {
  test('robots.txt allows everything and names the sitemap', async () => {
    const response = await get('/robots.txt');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`);
  });

  test('sitemap.xml lists each language version of the public pages with its alternates', async () => {
    const response = await get('/sitemap.xml');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      ['/', '/pricing', '/legal', '/privacy', '/privacy-policy'].flatMap((routePath) => [
        `${publicUrl}${routePath}`,
        `${publicUrl}${routePath}?lang=fr`,
      ]),
    );
    expect(response.body).not.toContain('/login');
    expect(response.body).toContain(
      `<xhtml:link rel="alternate" hreflang="fr" href="${publicUrl}/pricing?lang=fr"/>`,
    );
    expect(response.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${publicUrl}/pricing"/>`,
    );
    expect(response.body.match(/<url>/g)).toHaveLength(10);
    expect(response.body.match(/hreflang=/g)).toHaveLength(30);
  });
});

describe('dev mode (Vite in middleware mode)', () => {
  let dev: BffHarness;

  beforeAll(async () => {
    dev = await startDevModeBff(upstream.url, {
      'index.html':
        '<!doctype html><html><head><title>dev</title></head><body><div id="root"></div></body></html>',
    });
  });

  afterAll(async () => {
    await dev?.close();
  });

  test('pages get the shell with the runtime configuration', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/pricing?lang=fr' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/@vite/client');
    expect(runtimeConfigOfPage(response.body).publicUrl).toBe(publicUrl);
  });

  test('payloads are computed from shared/static-pages.ts', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/pricing/_payload.json' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(staticPagePayload('/pricing'))));
  });

  test('robots.txt and the sitemap come from the BFF, not from Vite', async () => {
    const robots = await dev.app.inject({ method: 'GET', url: '/robots.txt' });
    const sitemap = await dev.app.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(robots.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
  });
});
