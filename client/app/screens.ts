import type { ComponentType } from 'react';
import { findRoute, type AppRouteName } from '#shared/routes.ts';
import { loadNamespaces, type Namespace } from '#client/lib/i18n.ts';
import { createPreloadQueue } from '#client/lib/route-preload.ts';

/**
 * The code of every screen, one chunk each, named by route. A screen module exports its component
 * as default and the translation namespaces it reads beyond `common`; the route loads both before
 * it renders (router.tsx).
 */

export interface ScreenModule {
  default: ComponentType;
  namespaces?: readonly Namespace[];
}

export const screenLoaders: Record<AppRouteName, () => Promise<ScreenModule>> = {
  index: () => import('#client/features/marketing/pages/index-page.tsx'),
  pricing: () => import('#client/features/marketing/pages/pricing-page.tsx'),
  legal: () => import('#client/features/marketing/pages/legal-page.tsx'),
  privacy: () => import('#client/features/marketing/pages/privacy-page.tsx'),
  'privacy-policy': () => import('#client/features/marketing/pages/privacy-policy-page.tsx'),
  dashboard: () => import('#client/features/dashboard/pages/dashboard-page.tsx'),
  home: () => import('#client/features/dashboard/pages/home-page.tsx'),
  shops: () => import('#client/features/shops/pages/shops-page.tsx'),
  'oauth-complete': () => import('#client/features/shops/pages/oauth-complete-page.tsx'),
  seo: () => import('#client/features/seo/pages/seo-overview-page.tsx'),
  'seo-pages': () => import('#client/features/seo/pages/seo-pages-page.tsx'),
  blog: () => import('#client/features/blog/pages/blog-page.tsx'),
  'blog-no-shop': () => import('#client/features/blog/pages/blog-no-shop-page.tsx'),
  'blog-editor': () => import('#client/features/blog/pages/blog-editor-page.tsx'),
  subscription: () => import('#client/features/subscription/pages/subscription-page.tsx'),
  settings: () => import('#client/features/settings/pages/settings-page.tsx'),
  contact: () => import('#client/features/contact/pages/contact-page.tsx'),
  login: () => import('#client/features/account/pages/login-page.tsx'),
  'verify-email': () => import('#client/features/account/pages/verify-email-page.tsx'),
  'verify-email-success': () =>
    import('#client/features/account/pages/verify-email-success-page.tsx'),
};

/**
 * Which translation namespaces each route's screen reads beyond `common`: its area's, and `auth`
 * where the identity provider's messages can show. Known before the screen's code arrives, so that
 * the app start fetches them alongside `common`, and a link's preload alongside the screen's code,
 * rather than after it; each screen declares the same list itself (`namespaces`), which the route
 * loads before it renders, and tests/unit/screen-namespaces.test.ts keeps the two in agreement.
 */
export const routeNamespaces: Record<AppRouteName, readonly Namespace[]> = {
  index: ['marketing'],
  pricing: ['marketing'],
  legal: ['marketing'],
  privacy: ['marketing'],
  'privacy-policy': ['marketing'],
  dashboard: ['dashboard', 'seo-checks'],
  home: ['dashboard'],
  shops: ['shops'],
  'oauth-complete': ['shops'],
  seo: ['seo', 'seo-checks'],
  'seo-pages': ['seo', 'seo-checks'],
  blog: ['blog'],
  'blog-no-shop': ['blog'],
  'blog-editor': ['blog', 'seo-checks'],
  subscription: ['subscription'],
  settings: ['settings', 'auth'],
  contact: ['contact'],
  login: ['account', 'auth'],
  'verify-email': ['account', 'auth'],
  'verify-email-success': ['account', 'auth'],
};

/** The namespaces of the screen at `pathname`; none for a path no route has. */
export function namespacesForPath(pathname: string): readonly Namespace[] {
  const route = findRoute(pathname);
  return route === undefined ? [] : routeNamespaces[route.name as AppRouteName];
}

const preloadQueue = createPreloadQueue();

/**
 * Fetches the code and the translations of the screen at `pathname` ahead of a navigation (a link
 * hovered, focused or seen while the browser is idle); at most five at a time, each once. Unknown
 * paths do nothing.
 */
export function preloadRoute(pathname: string): void {
  const route = findRoute(pathname);
  if (route === undefined) return;
  const name = route.name as AppRouteName;
  void preloadQueue.preload(name, () =>
    Promise.all([screenLoaders[name](), loadNamespaces(routeNamespaces[name])]),
  );
}
