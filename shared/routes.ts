/**
 * The route table (docs/product.md, "Pages and who may open them"), the one source for the BFF's page
 * guards, the client's router and the build's route manifest.
 *
 * access:
 * - `auth`: signed-in users only.
 * - `guest`: visitors who are not signed in (a verified session is sent to the dashboard).
 * - `open`: served to everyone, with no guard: the pricing and privacy-policy pages, the blog's
 *   public page and the flow pages that links from e-mails and popups land on.
 */
export type RouteLayout = 'authenticated' | 'static' | 'none';
export type RouteAccess = 'auth' | 'guest' | 'open';

export interface AppRoute {
  readonly path: string;
  /** A stable name for the route, derived from the path where nothing better names it. */
  readonly name: string;
  readonly layout: RouteLayout;
  readonly access: RouteAccess;
}

export const appRoutes = [
  { path: '/seo', name: 'seo', layout: 'authenticated', access: 'auth' },
  { path: '/seo/pages', name: 'seo-pages', layout: 'authenticated', access: 'auth' },
  { path: '/blog', name: 'blog', layout: 'authenticated', access: 'open' },
  { path: '/blog/editor', name: 'blog-editor', layout: 'authenticated', access: 'auth' },
  { path: '/home', name: 'home', layout: 'authenticated', access: 'auth' },
  { path: '/', name: 'index', layout: 'static', access: 'guest' },
  { path: '/legal', name: 'legal', layout: 'static', access: 'guest' },
  { path: '/login', name: 'login', layout: 'none', access: 'guest' },
  { path: '/shops', name: 'shops', layout: 'authenticated', access: 'auth' },
  { path: '/contact', name: 'contact', layout: 'authenticated', access: 'auth' },
  { path: '/pricing', name: 'pricing', layout: 'static', access: 'open' },
  { path: '/privacy', name: 'privacy', layout: 'static', access: 'guest' },
  { path: '/settings', name: 'settings', layout: 'authenticated', access: 'auth' },
  { path: '/dashboard', name: 'dashboard', layout: 'authenticated', access: 'auth' },
  { path: '/blog-no-shop', name: 'blog-no-shop', layout: 'authenticated', access: 'auth' },
  { path: '/subscription', name: 'subscription', layout: 'authenticated', access: 'auth' },
  { path: '/verify-email', name: 'verify-email', layout: 'none', access: 'open' },
  { path: '/verify-email-success', name: 'verify-email-success', layout: 'none', access: 'open' },
  { path: '/oauth/complete', name: 'oauth-complete', layout: 'none', access: 'open' },
  { path: '/privacy-policy', name: 'privacy-policy', layout: 'static', access: 'open' },
] as const satisfies readonly AppRoute[];

export type AppRoutePath = (typeof appRoutes)[number]['path'];
export type AppRouteName = (typeof appRoutes)[number]['name'];

/** Where the sign-in, sign-up and verification flows land (docs/product.md, "Flows"). */
export const flowPaths = {
  login: '/login',
  verifyEmail: '/verify-email',
  verifyEmailSuccess: '/verify-email-success',
  afterSignIn: '/dashboard',
} as const satisfies Record<string, AppRoutePath>;

const routesByPath: ReadonlyMap<string, AppRoute> = new Map(
  appRoutes.map((route) => [route.path, route]),
);

/** The route for a pathname, ignoring one trailing slash; undefined for unknown paths. */
export function findRoute(pathname: string): AppRoute | undefined {
  const normalized =
    pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return routesByPath.get(normalized);
}
