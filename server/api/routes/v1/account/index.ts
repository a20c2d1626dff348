import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountResponseSchema,
  registerAccountBodySchema,
  updateAccountBodySchema,
} from '../../../../../shared/schemas/account.ts';
import type { DatabaseHandle } from '../../../../db/database.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { deleteAccount } from '../../../services/account/delete-account.ts';
import { getAccount } from '../../../services/account/get-account.ts';
import { registerAccount } from '../../../services/account/register-account.ts';
import { updateAccount } from '../../../services/account/update-account.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

/** The caller's own backend account (spec §7). Every route acts on the caller's uid and no other. */
export const accountRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.post(
    '/register',
    {
      schema: {
        summary: "Create the caller's account",
        tags: ['account'],
        security: bearerToken,
        body: registerAccountBodySchema,
        response: {
          201: accountResponseSchema.describe('The new account'),
          ...errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 409], {
            403: 'The payload contradicts the ID token (`account_mismatch`, with `field`) or the e-mail is not verified (`email_not_verified`)',
            409: 'The caller already has an account (`account_exists`)',
          }),
        },
      },
    },
    async (request, reply) => {
      const user = await registerAccount(database.db, authenticatedCaller(request), request.body);
      return reply.code(201).send({ data: { user } });
    },
  );

  app.get(
    '/me',
    {
      schema: {
        summary: "Read the caller's account",
        tags: ['account'],
        security: bearerToken,
        response: {
          200: accountResponseSchema.describe('The account'),
          ...errorResponses([...authenticatedRouteErrors, 404], {
            404: 'The caller has no account yet (`account_not_found`)',
          }),
        },
      },
    },
    async (request) => {
      const user = await getAccount(database.db, authenticatedCaller(request).uid);
      return { data: { user } };
    },
  );

  app.put(
    '/me',
    {
      schema: {
        summary: "Change the caller's preferences and profile",
        tags: ['account'],
        security: bearerToken,
        body: updateAccountBodySchema,
        response: {
          200: accountResponseSchema.describe('The account after the change'),
          ...errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404], {
            404: 'The caller has no account yet (`account_not_found`)',
          }),
        },
      },
    },
    async (request) => {
      const user = await updateAccount(database.db, authenticatedCaller(request).uid, request.body);
      return { data: { user } };
    },
  );

  app.delete(
    '/delete',
    {
      schema: {
        summary: "Delete the caller's account and sessions",
        description: 'Idempotent: answers 204 whether or not there was anything left to delete.',
        tags: ['account'],
        security: bearerToken,
        response: {
          204: z.null().describe('Deleted, or nothing to delete'),
          ...errorResponses(authenticatedRouteErrors),
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(database.db, authenticatedCaller(request).uid);
      return reply.code(204).send(null);
    },
  );
};
