import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, recoverFromChunkLoadError } from '#client/lib/chunk-load-recovery.ts';
import { reportError } from '#client/lib/error-reporting.ts';
import { GenericErrorPage, GuardFailurePage } from './error-page.tsx';
import { isGuardFailure } from './route-guard.ts';

/**
 * What a route shows when its loader, its code or its rendering failed: one boundary per screen
 * (inside its layout, which keeps working) and one at the root (for the layouts themselves).
 *
 * - a guard that could not decide: the guard-failure 404;
 * - a chunk that failed to load: one reload, which fetches the build that replaced it
 *   (client/lib/chunk-load-recovery.ts); when the reload guard forbids another, the
 *   error page;
 * - a 404 response: "Page Not Found"; anything else: "Internal Server Error", reported.
 */

/** One decision per error: React may render a boundary twice, the page must reload only once. */
const recoveries = new WeakMap<object, boolean>();

function recoverOnce(error: object): boolean {
  let reloading = recoveries.get(error);
  if (reloading === undefined) {
    reloading = recoverFromChunkLoadError();
    recoveries.set(error, reloading);
  }
  return reloading;
}

const reported = new WeakSet<object>();

function reportOnce(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  reportError(error);
}

export function RouteErrorView() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error);
  const reloading =
    !response && typeof error === 'object' && error !== null && isChunkLoadError(error)
      ? recoverOnce(error)
      : false;

  useEffect(() => {
    // Responses are answers the app chose (a 404); a reload fixes a chunk it can fix.
    if (!response && !reloading) reportOnce(error);
  }, [error, response, reloading]);

  if (reloading) return null;
  if (response && isGuardFailure(error.data)) {
    return <GuardFailurePage path={error.data.guardFailedPath} />;
  }
  return <GenericErrorPage status={response ? error.status : 500} />;
}

/** The root's boundary: no layout around it, so it brings its own landmark. */
export function RootErrorBoundary() {
  return (
    <main id="main" className="error-shell">
      <RouteErrorView />
    </main>
  );
}

/** A screen's boundary, rendered inside its layout's `<main>`. */
export function ScreenErrorBoundary() {
  return <RouteErrorView />;
}
