import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { guardRedirect, safeRedirectTarget } from '../../../shared/navigation-guard.ts';
import { appRoutes, flowPaths, type AppRoute } from '../../../shared/routes.ts';
import { visitorOf } from '../sessions/session-user.ts';

/**
 * The pages of the route table, guarded before the page (prerendered, or the app shell) is sent
 * (the client runs the same guard from the same table; this one makes the redirect happen before any
 * script loads). Page guards read the session's cached claims and never call Firebase, so a page
 * load is one database read; an ended Firebase account is noticed on the next API call, which ends
 * the session.
 */
async function pageGuards(fastify: FastifyInstance): Promise<void> {
  for (const route of appRoutes as readonly AppRoute[]) {
    fastify.get(route.path, async (request, reply) => {
      const session = await request.getSession();
      const target = redirectTarget(
        route,
        session === null ? null : session.claims,
        request.url,
        request.query,
      );
      if (target !== null) {
        // The answer depends on the cookie: no cache may keep it.
        return reply.header('cache-control', 'no-store').redirect(target, 302);
      }
      return reply.sendPage(route.path);
    });
  }
}

function redirectTarget(
  route: AppRoute,
  user: Parameters<typeof visitorOf>[0],
  pathAndQuery: string,
  query: unknown,
): string | null {
  const target = guardRedirect(route, visitorOf(user), pathAndQuery);
  // A signed-in visitor sent to /login with a destination (the redirect an auth page added) goes there,
  // provided it is a path on this site.
  if (target === flowPaths.afterSignIn && route.path === flowPaths.login) {
    const requested = (query as Record<string, unknown>).redirect;
    if (requested !== undefined)
      return safeRedirectTarget(typeof requested === 'string' ? requested : null);
  }
  return target;
}

export default fp(pageGuards, {
  name: 'bff-page-guards',
  dependencies: ['bff-session', 'bff-client-files'],
});
