import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { guardTarget, visitorOf } from '#shared/navigation-guard.ts';
import { appRoutes, type AppRoute } from '#shared/routes.ts';

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
      const target = guardTarget(
        route,
        visitorOf(session === null ? null : session.claims),
        request.url,
        redirectQueryValue(request.query),
      );
      if (target !== null) {
        // The answer depends on the cookie: no cache may keep it.
        return reply.header('cache-control', 'no-store').redirect(target, 302);
      }
      return reply.sendPage(route.path);
    });
  }
}

/** The `redirect` query parameter, or null when it is absent or not a single value. */
function redirectQueryValue(query: unknown): string | null {
  const value = (query as Record<string, unknown>).redirect;
  return typeof value === 'string' ? value : null;
}

export default fp(pageGuards, {
  name: 'bff-page-guards',
  dependencies: ['bff-session', 'bff-client-files'],
});
