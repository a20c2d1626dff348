import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityContracts as contracts } from '#shared/contracts/activity.ts';
import { readActivity } from '#server/areas/activity/index.ts';
import { storeIdsOfOwner } from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

/** The account's activity across its stores (`/api/v1/activity`). */
export const activityRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  options,
) => {
  const db = options.database.db;
  app.route({
    ...routeOf(app, contracts.list, {
      summary: "The account's activity",
      description:
        'What happened across the caller’s stores, newest first, paged (`offset`, `limit`, 30 by default): stores connected or disconnected, imports, audits with their score change, changes approved, written, failed or undone, conflicts settled, posts published or scheduled, plan changes and payments, each saying who or what did it.',
      tags: ['activity'],
      security: bearerToken,
      answers: { 200: 'One page of the timeline' },
      errors: errorResponses([...authenticatedRouteErrors, 400]),
    }),
    handler: async (request) => {
      const { uid } = authenticatedCaller(request);
      const connected = new Set(await storeIdsOfOwner(db, uid));
      return { data: await readActivity(db, uid, request.query, connected) };
    },
  });
};
