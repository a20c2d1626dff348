import { data, redirect } from 'react-router';
import { guardTarget, visitorOf, type Visitor } from '#shared/navigation-guard.ts';
import type { AppRoute } from '#shared/routes.ts';
import { whenSessionKnown, type AuthState } from '#client/lib/auth-session.ts';

/**
 * The client half of the page guards (the BFF runs the same guard before it serves a page): every
 * in-app navigation runs it in the route's loader, from the same table and the same rule
 * (shared/navigation-guard.ts).
 */

/** What the guard knows about the visitor, or undefined while the session is not established. */
function visitorOfSession(state: AuthState): Visitor | undefined {
  switch (state.status) {
    case 'signed-out':
      return visitorOf(null);
    case 'signed-in':
      return visitorOf(state.user);
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
 * Runs the guard for a loader: throws a redirect, or a 404 response when the session cannot be
 * established for an `auth` route (a `guest` route is shown then: it has nothing to protect). Open
 * routes never wait for the session.
 */
export async function runRouteGuard(route: AppRoute, request: Request): Promise<void> {
  if (route.access === 'open') return;
  const url = new URL(request.url);
  const visitor = visitorOfSession(await whenSessionKnown());
  if (visitor === undefined) {
    if (route.access === 'auth') {
      throw data<GuardFailure>({ guardFailedPath: url.pathname }, { status: 404 });
    }
    return;
  }
  const target = guardTarget(
    route,
    visitor,
    `${url.pathname}${url.search}`,
    url.searchParams.get('redirect'),
  );
  if (target !== null) throw redirect(target);
}
