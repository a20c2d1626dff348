import { createBrowserRouter, type RouteObject } from 'react-router';
import { appRoutes, type AppRouteName } from '../../shared/routes.ts';
import { RootErrorBoundary } from './root-error-boundary.tsx';

/**
 * The client's router, made from the route table the BFF guards with (shared/routes.ts), so that
 * the two never disagree on which pages exist. Every screen is its own chunk: the first page loads
 * only its own code.
 */

/** The screen of a route. Every route shows the generic screen until its area brings its own. */
async function loadScreen(routeName: AppRouteName): Promise<Pick<RouteObject, 'element'>> {
  const { RouteScreen } = await import('./route-screen.tsx');
  return { element: <RouteScreen routeName={routeName} /> };
}

export const appRouteObjects: RouteObject[] = [
  {
    id: 'root',
    // Not lazy: it must render even when a screen's chunk fails to load.
    ErrorBoundary: RootErrorBoundary,
    children: [
      ...appRoutes.map((route): RouteObject => ({
        id: route.name,
        path: route.path,
        lazy: () => loadScreen(route.name),
      })),
      {
        id: 'not-found',
        path: '*',
        lazy: async () => {
          const { NotFoundPage } = await import('./not-found-page.tsx');
          return { Component: NotFoundPage };
        },
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Made at start-up so that the first screen's chunk loads while the translations do. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRouteObjects);
}

/**
 * Resolves once the first screen's code is loaded (or has failed, which the error boundary shows),
 * so that the first render is the page itself rather than an empty fallback.
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
