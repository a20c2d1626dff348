import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../../db/database.ts';
import type { IdentityProvider } from '../../../platform/identity.ts';
import { authenticateEveryRequest } from '../../plugins/authenticate.ts';
import { accountRoutes } from './account/index.ts';

/**
 * Everything under /api/v1. The authentication hook is put on the whole folder here, before any
 * route is registered, so a route added later cannot be reached without a verified caller.
 */
export const v1Routes: FastifyPluginAsync<{
  database: DatabaseHandle;
  identity: IdentityProvider;
}> = async (scope, { database, identity }) => {
  authenticateEveryRequest(scope, identity);
  await scope.register(accountRoutes, { prefix: '/account', database });
};
