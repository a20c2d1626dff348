import { describe, expect, test } from 'vitest';
import {
  contentSecurityPolicy,
  openerPolicyFor,
  securityHeaders,
  type SecurityHeadersOptions,
} from '#server/bff/plugins/security-headers.ts';

const production: SecurityHeadersOptions = {
  production: true,
  devServer: false,
  firebaseAuthDomain: 'auth.vitrine.example',
  scriptHashes: ['sha256-abc='],
};

function directive(policy: string, name: string): string | undefined {
  return policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

describe('content security policy', () => {
  test('production: scripts by hash only, images of the site, of Google profiles and of Shopify’s CDN, no plugins, no base, no framing', () => {
    const policy = contentSecurityPolicy(production);

    expect(policy).toBe(
      [
        "default-src 'self'",
        "script-src 'self' 'strict-dynamic' 'sha256-abc='",
        "worker-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https://lh3.googleusercontent.com https://cdn.shopify.com",
        "font-src 'self'",
        "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com",
        'frame-src https://auth.vitrine.example https://accounts.google.com',
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ].join('; '),
    );
  });

  test('every declared inline-script hash is trusted, and what those scripts load, but no host as such', () => {
    const policy = contentSecurityPolicy({
      ...production,
      scriptHashes: ['sha256-abc=', 'sha384-def'],
    });

    expect(directive(policy, 'script-src')).toBe(
      "'self' 'strict-dynamic' 'sha256-abc=' 'sha384-def'",
    );
    expect(policy).not.toMatch(/https:\/\/apis\.google\.com|'unsafe-inline' 'sha|https: /);
  });

  test("a build without inline scripts trusts no script dynamically: 'self' alone", () => {
    const policy = contentSecurityPolicy({ ...production, scriptHashes: [] });

    expect(directive(policy, 'script-src')).toBe("'self'");
  });

  test('the error reporter is reached only at the origin of the configured DSN', () => {
    const policy = contentSecurityPolicy({
      ...production,
      sentryDsn: 'https://abc123@o4500.ingest.us.sentry.io/4501',
    });

    expect(directive(policy, 'connect-src')).toContain('https://o4500.ingest.us.sentry.io');
    expect(directive(contentSecurityPolicy(production), 'connect-src')).not.toContain('sentry');
  });

  test('local mode lets the browser reach the Auth Emulator, under either loopback name', () => {
    const policy = contentSecurityPolicy({
      ...production,
      production: false,
      emulatorHost: '127.0.0.1:9099',
    });

    expect(directive(policy, 'connect-src')).toContain(
      'http://127.0.0.1:9099 http://localhost:9099',
    );
    expect(directive(policy, 'frame-src')).toContain('http://127.0.0.1:9099 http://localhost:9099');
  });

  test('local mode shows the images the local Shopify serves for its stores, under either loopback name', () => {
    const local = { ...production, production: false, emulatorHost: '127.0.0.1:9099' };

    expect(
      directive(
        contentSecurityPolicy({ ...local, localShopifyUrl: 'http://127.0.0.1:3100' }),
        'img-src',
      ),
    ).toBe(
      "'self' data: https://lh3.googleusercontent.com https://cdn.shopify.com http://127.0.0.1:3100 http://localhost:3100",
    );
    expect(
      directive(
        contentSecurityPolicy({ ...local, localShopifyUrl: 'http://localhost:3100/' }),
        'img-src',
      ),
    ).toMatch(/ http:\/\/localhost:3100 http:\/\/127\.0\.0\.1:3100$/);
    // Its address is an image source only: nothing else of the page may reach it.
    const policy = contentSecurityPolicy({ ...local, localShopifyUrl: 'http://127.0.0.1:3100' });
    expect(policy.match(/:3100/g)).toHaveLength(2);
  });

  test('dev mode allows the HMR websocket and the inline react-refresh preamble', () => {
    const policy = contentSecurityPolicy({
      ...production,
      production: false,
      devServer: true,
      scriptHashes: ['sha256-abc='],
    });

    // Hashes would switch 'unsafe-inline' off, so dev mode gives none.
    expect(directive(policy, 'script-src')).toBe("'self' 'unsafe-inline'");
    expect(directive(policy, 'connect-src')).toMatch(/ ws: wss:$/);
  });
});

test('HSTS only in production', () => {
  const names = (options: SecurityHeadersOptions) => securityHeaders(options).map(([name]) => name);

  expect(names(production)).toContain('strict-transport-security');
  expect(names({ ...production, production: false })).not.toContain('strict-transport-security');
});

test('the pages Shopify’s popup comes back through keep their opener; every other page isolates', () => {
  expect(securityHeaders(production)).toContainEqual([
    'cross-origin-opener-policy',
    'same-origin-allow-popups',
  ]);
  expect(openerPolicyFor('/oauth/shopify?code=abc&shop=maison.myshopify.com')).toBe('unsafe-none');
  expect(openerPolicyFor('/oauth/complete?result=connected&shop=maison.myshopify.com')).toBe(
    'unsafe-none',
  );
  expect(openerPolicyFor('/oauth/complete/')).toBe('unsafe-none');
  expect(openerPolicyFor('/shops')).toBeUndefined();
  expect(openerPolicyFor('/oauth/completed')).toBeUndefined();
  expect(openerPolicyFor('/login?redirect=/oauth/complete')).toBeUndefined();
});
