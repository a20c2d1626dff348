import { data, redirect } from 'react-router';
import { guardRedirect, safeRedirectTarget, type Visitor } from '../../shared/navigation-guard.ts';
import { flowPaths, type AppRoute } from '../../shared/routes.ts';
import { whenSessionKnown, type AuthState } from '../lib/auth-session.ts';

/**
 * The client half of the page guards (the BFF runs the same guard before it serves a page): every
 * in-app navigation runs it in the route's loader, from the same table and the same rule.
 */

/** Firebase's provider id for Google; such users count as verified (spec §4, "Google login"). */
const googleProvider = 'google.com';

/** What the guard knows about the visitor, or undefined while the session is not established. */
export function visitorOf(state: AuthState): Visitor | undefined {
  switch (state.status) {
    case 'signed-out':
      return { signedIn: false };
    case 'signed-in':
      return {
        signedIn: true,
        emailVerified: state.user.emailVerified || state.user.providerId === googleProvider,
      };
    default:
      return undefined;
  }
}

/** The data of the 404 a failing guard throws: the route's error boundary shows it. */
export interface GuardFailure {
  guardFailedPath: string;
}

export function isGuardFailure(value: unknown): value is GuardFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<GuardFailure>).guardFailedPath === 'string'
  );
}

/**
 * Where a visitor asking for `url` on `route` must go instead, or null to show the page; undefined
 * when the guard cannot decide (an `auth` route while the session cannot be established). A signed-in
 * visitor on /login with a `redirect` goes there when it is a path of this site, as the BFF does.
 */
export function guardTarget(
  route: AppRoute,
  visitor: Visitor | undefined,
  url: Pick<URL, 'pathname' | 'search' | 'searchParams'>,
): string | null | undefined {
  if (route.access === 'open') return null;
  if (visitor === undefined) return route.access === 'auth' ? undefined : null;
  const target = guardRedirect(route, visitor, `${url.pathname}${url.search}`);
  if (target === flowPaths.afterSignIn && route.path === flowPaths.login) {
    const requested = url.searchParams.get('redirect');
    if (requested !== null) return safeRedirectTarget(requested);
  }
  return target;
}

/**
 * Runs the guard for a loader: throws a redirect, or a 404 response when the session cannot be
 * established for an `auth` route. Open routes never wait for the session.
 */
export async function runRouteGuard(route: AppRoute, request: Request): Promise<void> {
  if (route.access === 'open') return;
  const url = new URL(request.url);
  const visitor = visitorOf(await whenSessionKnown());
  const target = guardTarget(route, visitor, url);
  if (target === undefined) {
    throw data<GuardFailure>({ guardFailedPath: url.pathname }, { status: 404 });
  }
  if (target !== null) throw redirect(target);
}
