import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isPrerenderedPath } from '#shared/static-pages.ts';
import { appRoutes, type AppRoute, type AppRouteName, type RouteLayout } from '#shared/routes.ts';
import { loadNamespaces } from '#client/lib/i18n.ts';
import { loadStaticPagePayload, type ScreenLoaderData } from '#client/lib/static-page-payload.tsx';
import { RootFrame } from './root-frame.tsx';
import { RootErrorBoundary, ScreenErrorBoundary } from './route-error.tsx';
import { runRouteGuard } from './route-guard.ts';
import { screenLoaders, type ScreenModule } from './screens.ts';

/**
 * The client's router, made from the route table the BFF guards with (shared/routes.ts), so that
 * the two never disagree on which pages exist:
 *
 *   root (consent banner; error boundary for everything below)
 *   └─ one pathless route per layout (authenticated, static, none), each its own chunk
 *      └─ the screens of that layout: a guard loader, the screen's chunk and namespaces (lazy),
 *         and an error boundary inside the layout; '*' (not found) sits in the plain layout.
 *
 * The prerender uses these route objects too (react-router's static handler), so nothing here may
 * touch the browser when imported.
 */

/**
 * What a route waits for when its chunk's import was answered `undefined`: Vite swallows the error
 * once chunk-load recovery has started a reload (client/lib/chunk-load-recovery.ts).
 */
const reloadUnderWay = new Promise<never>(() => {});

/**
 * The module of a route, or, when its chunk failed to load, a component that throws the failure:
 * react-router renders nothing below a route whose `lazy` rejected (it treats the route as still
 * loading), whereas an error thrown while rendering reaches the route's error boundary.
 */
async function loadRouteModule<T>(
  load: () => Promise<T>,
  toRoute: (module: T) => Promise<Pick<RouteObject, 'Component'>>,
): Promise<Pick<RouteObject, 'Component'>> {
  let module: T | undefined;
  try {
    module = await load();
  } catch (error) {
    return {
      Component: function FailedChunk() {
        throw error;
      },
    };
  }
  return module === undefined ? reloadUnderWay : toRoute(module);
}

function loadScreen(name: AppRouteName): Promise<Pick<RouteObject, 'Component'>> {
  return loadRouteModule<ScreenModule>(screenLoaders[name], async (screen) => {
    await loadNamespaces(screen.namespaces ?? []);
    return { Component: screen.default };
  });
}

/** Guard first (a redirect or the guard-failure 404), with the page's data on prerendered paths. */
async function screenLoader(
  route: AppRoute,
  { request }: LoaderFunctionArgs,
): Promise<ScreenLoaderData | null> {
  if (!isPrerenderedPath(route.path)) {
    await runRouteGuard(route, request);
    return null;
  }
  const [, payload] = await Promise.all([
    runRouteGuard(route, request),
    loadStaticPagePayload(route.path, request.signal),
  ]);
  return { payload };
}

function screenRoute(route: AppRoute): RouteObject {
  return {
    id: route.name,
    path: route.path,
    loader: (args) => screenLoader(route, args),
    lazy: () => loadScreen(route.name as AppRouteName),
    ErrorBoundary: ScreenErrorBoundary,
  };
}

const layoutLoaders: Record<RouteLayout, () => Promise<{ default: RouteObject['Component'] }>> = {
  authenticated: () => import('./layouts/authenticated-layout.tsx'),
  static: () => import('./layouts/static-layout.tsx'),
  none: () => import('./layouts/none-layout.tsx'),
};

function layoutRoute(layout: RouteLayout, children: RouteObject[]): RouteObject {
  return {
    id: `layout-${layout}`,
    lazy: async () => {
      const module = (await layoutLoaders[layout]()) as
        { default: RouteObject['Component'] } | undefined;
      if (module === undefined) return reloadUnderWay;
      return { Component: module.default };
    },
    children,
  };
}

const notFoundRoute: RouteObject = {
  id: 'not-found',
  path: '*',
  lazy: async () => {
    const module = (await import('./not-found-page.tsx')) as
      typeof import('./not-found-page.tsx') | undefined;
    if (module === undefined) return reloadUnderWay;
    return { Component: module.default };
  },
  ErrorBoundary: ScreenErrorBoundary,
};

const screensOf = (layout: RouteLayout): RouteObject[] =>
  (appRoutes as readonly AppRoute[]).filter((route) => route.layout === layout).map(screenRoute);

export const appRouteObjects: RouteObject[] = [
  {
    id: 'root',
    // Not lazy: it must render even when a layout's or a screen's chunk fails to load.
    Component: RootFrame,
    ErrorBoundary: RootErrorBoundary,
    children: [
      layoutRoute('authenticated', screensOf('authenticated')),
      layoutRoute('static', screensOf('static')),
      layoutRoute('none', [...screensOf('none'), notFoundRoute]),
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Made at start-up, so that the first screen's code and data load while the translations do. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRouteObjects);
}

/**
 * Resolves once the first screen's code and data are there (or have failed, which the error
 * boundary shows), so that the first render is the page itself rather than an empty fallback.
 */
export function whenRouterReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
