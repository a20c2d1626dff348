import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appRoutes } from '#shared/routes.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  cookieHeader,
  createGoogleUserWithUnverifiedEmail,
  emulatorHost,
  indexHtml,
  signIn,
  startBff,
  startEchoUpstream,
  withoutRuntimeConfig,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

let upstream: RunningServer;
let bff: BffHarness;
const visitors: Record<
  'anonymous' | 'unverified' | 'verified' | 'google',
  Record<string, string>
> = {
  anonymous: {},
  unverified: {},
  verified: {},
  google: {},
};

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({ upstreamUrl: upstream.url });
  const host = emulatorHost();
  const [unverified, verified, google] = await Promise.all([
    createEmailUser(host, { verified: false }),
    createEmailUser(host),
    // Its address is unverified as far as Google says: only the provider makes it count as verified.
    createGoogleUserWithUnverifiedEmail(),
  ]);
  visitors.unverified = cookieHeader(await signIn(bff.app, unverified));
  visitors.verified = cookieHeader(await signIn(bff.app, verified));
  visitors.google = cookieHeader(await signIn(bff.app, google));
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

type VisitorKind = keyof typeof visitors;

/** What each access class does for each kind of visitor: a redirect target, or null for the page. */
const expectations: Record<
  'auth' | 'guest' | 'open',
  Record<VisitorKind, (path: string) => string | null>
> = {
  auth: {
    anonymous: (path) => `/login?redirect=${encodeURIComponent(path)}`,
    unverified: () => '/verify-email',
    verified: () => null,
    google: () => null,
  },
  guest: {
    anonymous: () => null,
    unverified: () => null,
    verified: () => '/dashboard',
    google: () => '/dashboard',
  },
  open: { anonymous: () => null, unverified: () => null, verified: () => null, google: () => null },
};

const cases = appRoutes.flatMap((route) =>
  (Object.keys(visitors) as VisitorKind[]).map((visitor) => ({ ...route, visitor })),
);

describe('every route of shared/routes.ts, for every kind of visitor', () => {
  test.each(cases)('$path ($access) for a $visitor visitor', async ({ path, access, visitor }) => {
    const response = await bff.app.inject({ method: 'GET', url: path, headers: visitors[visitor] });

    const target = expectations[access][visitor](path);
    if (target === null) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(withoutRuntimeConfig(response.body)).toBe(indexHtml);
    } else {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(target);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

test('the redirect to /login keeps the path and the query', async () => {
  const response = await bff.app.inject({ method: 'GET', url: '/seo/pages?tab=links&page=2' });

  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe('/login?redirect=%2Fseo%2Fpages%3Ftab%3Dlinks%26page%3D2');
});

test.each([
  ['/dashboard/', '/login?redirect=%2Fdashboard%2F'],
  ['/seo/pages/', '/login?redirect=%2Fseo%2Fpages%2F'],
])('a trailing slash does not dodge the guard: %s', async (path, location) => {
  const response = await bff.app.inject({ method: 'GET', url: path });

  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe(location);
});

test('HEAD is guarded like GET', async () => {
  const response = await bff.app.inject({ method: 'HEAD', url: '/settings' });

  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe('/login?redirect=%2Fsettings');
});

test('HEAD of a page that is served answers 200 without a body', async () => {
  const response = await bff.app.inject({ method: 'HEAD', url: '/login' });

  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.body).toBe('');
});

test('/index.html does not serve the app shell around the guards', async () => {
  const response = await bff.app.inject({ method: 'GET', url: '/index.html' });

  expect(response.statusCode).toBe(404);
  expect(response.headers['cache-control']).toBe('no-cache');
});

describe('a signed-in visitor sent to /login with a destination', () => {
  test.each([
    ['/seo/pages', '/seo/pages'],
    ['/seo?tab=links', '/seo?tab=links'],
    ['/settings#language', '/settings#language'],
  ])('goes to the same-site path %s', async (redirect, location) => {
    const response = await bff.app.inject({
      method: 'GET',
      url: `/login?redirect=${encodeURIComponent(redirect)}`,
      headers: visitors.verified,
    });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  test.each([
    '//evil.example',
    '//evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '%2F%2Fevil.example',
    '%2f%2fevil.example',
    '%252F%252Fevil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '%5C%5Cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    'evil.example',
    '',
  ])('falls back to /dashboard for %j', async (redirect) => {
    const response = await bff.app.inject({
      method: 'GET',
      url: `/login?redirect=${encodeURIComponent(redirect)}`,
      headers: visitors.verified,
    });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard');
  });

  test('a repeated redirect parameter falls back to /dashboard', async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/login?redirect=%2Fseo&redirect=%2F%2Fevil.example',
      headers: visitors.verified,
    });

    expect(response.headers.location).toBe('/dashboard');
  });
});
