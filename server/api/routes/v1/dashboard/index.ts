import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardContracts as contracts } from '#shared/contracts/dashboard.ts';
import { readDashboard } from '#server/areas/dashboard/index.ts';
import type { ShopCatalog } from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

export interface DashboardRoutesOptions {
  database: DatabaseHandle;
  catalog: Pick<ShopCatalog, 'states'>;
}

/** The owner's dashboard (`/api/v1/dashboard`), built in one call. */
export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (
  app,
  options,
) => {
  const db = options.database.db;
  app.route({
    ...routeOf(app, contracts.read, {
      summary: "The owner's dashboard",
      description:
        "The way to value ticked from the account's state, the plan's usage, and the chosen store (`shopId`, or the first): each language's score with its change and trend, the five actions that gain the most, translation debt, changes, blog and sync state. A store of another owner shows the first store instead.",
      tags: ['dashboard'],
      security: bearerToken,
      answers: { 200: 'The dashboard' },
      errors: errorResponses([...authenticatedRouteErrors, 400]),
    }),
    handler: async (request) => {
      const caller = authenticatedCaller(request);
      return {
        data: await readDashboard(
          { db, catalog: options.catalog },
          { uid: caller.uid, emailVerified: caller.emailVerified },
          request.query.shopId,
        ),
      };
    },
  });
};
