import { describe, expect, it } from 'vitest';
import {
  guardRedirect,
  guardTarget,
  safeRedirectTarget,
  visitorOf,
  type Visitor,
} from '#shared/navigation-guard.ts';
import { appRoutes, findRoute, type AppRoute } from '#shared/routes.ts';

/**
 * Who may open each page (docs/product.md, "Pages and who may open them"), written out again here
 * rather than read from shared/routes.ts, so that a changed rule in the route table fails this test.
 */
const documentedAccess: Record<string, 'auth' | 'guest' | 'none'> = {
  '/seo': 'auth',
  '/seo/pages': 'auth',
  '/blog': 'none',
  '/blog/editor': 'auth',
  '/home': 'auth',
  '/': 'guest',
  '/legal': 'guest',
  '/login': 'guest',
  '/shops': 'auth',
  '/contact': 'auth',
  '/pricing': 'none',
  '/privacy': 'guest',
  '/settings': 'auth',
  '/dashboard': 'auth',
  '/blog-no-shop': 'auth',
  '/subscription': 'auth',
  '/verify-email': 'none',
  '/verify-email-success': 'none',
  '/oauth/complete': 'none',
  '/privacy-policy': 'none',
};

const visitors = {
  'signed out': { signedIn: false },
  unverified: { signedIn: true, emailVerified: false },
  verified: { signedIn: true, emailVerified: true },
} satisfies Record<string, Visitor>;
type VisitorKind = keyof typeof visitors;

function expectedRedirect(path: string, visitor: VisitorKind): string | null {
  switch (documentedAccess[path]) {
    case 'auth':
      if (visitor === 'signed out') return `/login?redirect=${encodeURIComponent(path)}`;
      return visitor === 'unverified' ? '/verify-email' : null;
    case 'guest':
      return visitor === 'verified' ? '/dashboard' : null;
    case 'none':
      return null;
    default:
      throw new Error(`${path} is not in the documented route table`);
  }
}

describe('the route table', () => {
  it('holds exactly the documented paths, each once', () => {
    expect(appRoutes.map((route) => route.path).sort()).toEqual(
      Object.keys(documentedAccess).sort(),
    );
  });

  it('finds a route with or without one trailing slash, and nothing for unknown paths', () => {
    expect(findRoute('/seo/pages/')?.name).toBe('seo-pages');
    expect(findRoute('/')?.name).toBe('index');
    expect(findRoute('/no-such-page')).toBeUndefined();
    expect(findRoute('/seo/pages/extra')).toBeUndefined();
  });
});

describe('guardRedirect', () => {
  const cases = appRoutes.flatMap((route: AppRoute) =>
    (Object.keys(visitors) as VisitorKind[]).map((visitor) => ({
      path: route.path,
      visitor,
      route,
      expected: expectedRedirect(route.path, visitor),
    })),
  );

  it.each(cases)('$path for a $visitor visitor → $expected', ({ route, visitor, expected }) => {
    expect(guardRedirect(route, visitors[visitor], route.path)).toBe(expected);
  });

  it('keeps the query of the requested page in the sign-in redirect, encoded', () => {
    const dashboard = findRoute('/dashboard')!;
    expect(guardRedirect(dashboard, visitors['signed out'], '/dashboard?tab=overview')).toBe(
      '/login?redirect=%2Fdashboard%3Ftab%3Doverview',
    );
  });
});

describe('visitorOf', () => {
  it('reads no session as a signed-out visitor', () => {
    expect(visitorOf(null)).toEqual({ signedIn: false });
  });

  it.each([
    ['password', false, false],
    ['password', true, true],
    ['email', false, false],
    ['google.com', false, true],
    ['google.com', true, true],
  ])(
    'reads a %s session with emailVerified %s as verified: %s',
    (providerId, emailVerified, verified) => {
      expect(visitorOf({ providerId, emailVerified })).toEqual({
        signedIn: true,
        emailVerified: verified,
      });
    },
  );
});

describe('guardTarget', () => {
  const login = findRoute('/login')!;
  const dashboard = findRoute('/dashboard')!;
  const legal = findRoute('/legal')!;

  it.each(
    appRoutes.flatMap((route: AppRoute) =>
      (Object.keys(visitors) as VisitorKind[]).map((visitor) => ({ route, visitor })),
    ),
  )(
    'without a redirect, is guardRedirect: $route.path for a $visitor visitor',
    ({ route, visitor }) => {
      expect(guardTarget(route, visitors[visitor], route.path, null)).toBe(
        guardRedirect(route, visitors[visitor], route.path),
      );
    },
  );

  it('sends a verified visitor on /login to the redirect it names, when it is a path of this site', () => {
    expect(
      guardTarget(login, visitors.verified, '/login?redirect=%2Fseo%3Fx%3D1', '/seo?x=1'),
    ).toBe('/seo?x=1');
  });

  it.each(['//evil.example', 'https://evil.example', ''])(
    'sends a verified visitor on /login with the unsafe redirect %j to the dashboard',
    (requested) => {
      expect(guardTarget(login, visitors.verified, '/login', requested)).toBe('/dashboard');
    },
  );

  it('leaves the visitors /login lets in on the page, whatever redirect they carry', () => {
    expect(guardTarget(login, visitors['signed out'], '/login?redirect=%2Fseo', '/seo')).toBeNull();
    expect(guardTarget(login, visitors.unverified, '/login?redirect=%2Fseo', '/seo')).toBeNull();
  });

  it('follows the redirect on /login only: other guest pages and auth pages ignore it', () => {
    expect(guardTarget(legal, visitors.verified, '/legal?redirect=%2Fseo', '/seo')).toBe(
      '/dashboard',
    );
    expect(
      guardTarget(dashboard, visitors['signed out'], '/dashboard?redirect=%2Fseo', '/seo'),
    ).toBe('/login?redirect=%2Fdashboard%3Fredirect%3D%252Fseo');
  });
});

describe('safeRedirectTarget', () => {
  it.each(['/x?y#z', '/settings', '/seo/pages?sort=score&order=desc', '/caf%C3%A9'])(
    'accepts the same-origin path %j as it is',
    (target) => {
      expect(safeRedirectTarget(target)).toBe(target);
    },
  );

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['an encoded protocol-relative URL', '%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a double-encoded protocol-relative URL', '%252F%252Fevil.example'],
    ['a slash and an encoded slash', '/%2Fevil.example'],
    ['a tab before the slashes, which browsers drop', '\t//evil'],
    ['an encoded tab between the slashes', '/%09/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a dot segment that normalises to two slashes', '/.//evil.example'],
    ['a parent segment that normalises to two slashes', '/a/..//evil.example'],
    ['an encoded dot segment that normalises to two slashes', '/%2e//evil.example'],
    ['a relative path without a leading slash', 'dashboard'],
    ['a path after a space', ' /dashboard'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['an empty value', ''],
    ['a very long value', `/${'a'.repeat(5000)}`],
  ])('falls back to the dashboard for %s', (_description, target) => {
    expect(safeRedirectTarget(target)).toBe('/dashboard');
  });

  it('falls back to the dashboard when there is no target at all', () => {
    expect(safeRedirectTarget(null)).toBe('/dashboard');
    expect(safeRedirectTarget(undefined)).toBe('/dashboard');
  });
});
