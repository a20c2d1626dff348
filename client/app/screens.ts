import type { ComponentType } from 'react';
import { findRoute, type AppRouteName, type RouteLayout } from '../../shared/routes.ts';
import type { Namespace } from '../lib/i18n.ts';
import { createPreloadQueue } from '../lib/route-preload.ts';

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
  index: () => import('../features/marketing/pages/index-page.tsx'),
  pricing: () => import('../features/marketing/pages/pricing-page.tsx'),
  legal: () => import('../features/marketing/pages/legal-page.tsx'),
  privacy: () => import('../features/marketing/pages/privacy-page.tsx'),
  'privacy-policy': () => import('../features/marketing/pages/privacy-policy-page.tsx'),
  dashboard: () => import('../features/dashboard/pages/dashboard-page.tsx'),
  home: () => import('../features/dashboard/pages/home-page.tsx'),
  shops: () => import('../features/shops/pages/shops-page.tsx'),
  'oauth-shopify': () => import('../features/shops/pages/oauth-shopify-page.tsx'),
  'oauth-complete': () => import('../features/shops/pages/oauth-complete-page.tsx'),
  seo: () => import('../features/seo/pages/seo-overview-page.tsx'),
  'seo-pages': () => import('../features/seo/pages/seo-pages-page.tsx'),
  blog: () => import('../features/blog/pages/blog-page.tsx'),
  'blog-no-shop': () => import('../features/blog/pages/blog-no-shop-page.tsx'),
  subscription: () => import('../features/subscription/pages/subscription-page.tsx'),
  settings: () => import('../features/settings/pages/settings-page.tsx'),
  contact: () => import('../features/contact/pages/contact-page.tsx'),
  login: () => import('../features/account/pages/login-page.tsx'),
  'verify-email': () => import('../features/account/pages/verify-email-page.tsx'),
  'verify-email-success': () => import('../features/account/pages/verify-email-success-page.tsx'),
};

/**
 * The namespace a layout's screens read, known before their code arrives, so that the app start
 * fetches it alongside `common` rather than after the first screen's chunk (the screen's own
 * `namespaces` stay the reference: loading one already loaded costs nothing).
 */
const layoutNamespaces: Record<RouteLayout, readonly Namespace[]> = {
  static: ['marketing'],
  authenticated: ['app'],
  none: ['app'],
};

/** The screens that show the sign-in forms or the identity provider's messages (spec §8). */
const authNamespaceRoutes: ReadonlySet<string> = new Set([
  'login',
  'verify-email',
  'verify-email-success',
  'settings',
]);

export function namespacesForPath(pathname: string): readonly Namespace[] {
  const route = findRoute(pathname);
  if (route === undefined) return [];
  const namespaces = layoutNamespaces[route.layout];
  return authNamespaceRoutes.has(route.name) ? [...namespaces, 'auth'] : namespaces;
}

const preloadQueue = createPreloadQueue();

/**
 * Fetches the code of the screen at `pathname` ahead of a navigation (a link hovered, focused or
 * seen while the browser is idle); at most five at a time, each once. Unknown paths do nothing.
 */
export function preloadRoute(pathname: string): void {
  const route = findRoute(pathname);
  if (route === undefined) return;
  const name = route.name as AppRouteName;
  void preloadQueue.preload(name, screenLoaders[name]);
}
