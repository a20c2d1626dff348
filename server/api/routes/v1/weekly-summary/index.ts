import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { weeklySummaryContracts as contracts } from '#shared/contracts/weekly-summary.ts';
import {
  readWeeklySummarySettings,
  updateWeeklySummarySettings,
} from '#server/areas/account/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

/** The caller's weekly summary settings (`/api/v1/account/weekly-summary`). */
export const weeklySummaryRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const notFound = { 404: 'The caller has no account yet (`account_not_found`)' };
  app.route({
    ...routeOf(app, contracts.read, {
      summary: "Read the caller's weekly summary settings",
      description:
        "Whether the weekly summary is sent (the owner's choice, or the plan's default until they make one: on for Pro and Business, off for Free) and its weekday.",
      tags: ['account'],
      security: bearerToken,
      answers: { 200: 'The settings' },
      errors: errorResponses([...authenticatedRouteErrors, 404], notFound),
    }),
    handler: async (request) => ({
      data: {
        settings: await readWeeklySummarySettings(database.db, authenticatedCaller(request).uid),
      },
    }),
  });

  app.route({
    ...routeOf(app, contracts.update, {
      summary: "Change the caller's weekly summary settings",
      description: '`enabled` records the owner’s choice, kept from then on whatever the plan.',
      tags: ['account'],
      security: bearerToken,
      answers: { 200: 'The settings after the change' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404], notFound),
    }),
    handler: async (request) => ({
      data: {
        settings: await updateWeeklySummarySettings(
          database.db,
          authenticatedCaller(request).uid,
          request.body,
        ),
      },
    }),
  });
};
