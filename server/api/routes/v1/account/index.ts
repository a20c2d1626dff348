import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountContracts as contracts } from '#shared/contracts/account.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { reportError, requestReportContext } from '#server/platform/error-reporting.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import type { UserShopsDependencies } from '#server/areas/shops/index.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { logStripeFailures } from '../../../plugins/log-stripe-failures.ts';
import {
  cancelRegistration,
  getAccount,
  registerAccount,
  requestAccountDeletion,
  updateAccount,
} from '#server/areas/account/index.ts';
import { deleteUserChanges } from '#server/areas/seo-changes/index.ts';
import { deleteUserWeeklySummaries } from '#server/areas/weekly-summary/index.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

export interface AccountRoutesOptions {
  database: DatabaseHandle;
  identity: IdentityProvider;
  jobs: JobQueue;
  /** Cancels the account's subscriptions before a deletion; absent where the API runs without billing. */
  stripe?: Stripe | undefined;
  /**
   * Disconnects the account's stores in a deletion; absent where the API runs without stores, and
   * then the account-deletion job disconnects them.
   */
  stores?: UserShopsDependencies;
}

/** The caller's own backend account. Every route acts on the caller's uid and no other. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { database, identity, jobs, stripe, stores },
) => {
  // A deletion starts by cancelling the subscriptions at Stripe.
  logStripeFailures(app);
  app.route({
    ...routeOf(app, contracts.register, {
      summary: "Create the caller's account",
      tags: ['account'],
      security: bearerToken,
      answers: { 201: 'The new account' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 409], {
        403: 'The payload contradicts the ID token (`account_mismatch`, with `field`) or the e-mail is not verified (`email_not_verified`)',
        409: 'The caller already has an account (`account_exists`)',
      }),
    }),
    handler: async (request, reply) => {
      const user = await registerAccount(
        { db: database.db, identity },
        authenticatedCaller(request),
        request.body,
      );
      return reply.code(201).send({ data: { user } });
    },
  });

  app.route({
    ...routeOf(app, contracts.read, {
      summary: "Read the caller's account",
      tags: ['account'],
      security: bearerToken,
      answers: { 200: 'The account' },
      errors: errorResponses([...authenticatedRouteErrors, 404], {
        404: 'The caller has no account yet (`account_not_found`)',
      }),
    }),
    handler: async (request) => {
      const user = await getAccount(database.db, authenticatedCaller(request).uid);
      return { data: { user } };
    },
  });

  app.route({
    ...routeOf(app, contracts.update, {
      summary: "Change the caller's preferences and profile",
      description: 'A new `displayName` is saved on the Firebase user too.',
      tags: ['account'],
      security: bearerToken,
      answers: { 200: 'The account after the change' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 503], {
        404: 'The caller has no account yet (`account_not_found`)',
        503: 'The account was saved but Firebase could not take the display name; retry (`identity_provider_unavailable`)',
      }),
    }),
    handler: async (request) => {
      const user = await updateAccount(
        { db: database.db, identity },
        authenticatedCaller(request).uid,
        request.body,
      );
      return { data: { user } };
    },
  });

  app.route({
    ...routeOf(app, contracts.delete, {
      summary: "Delete the caller's account, stores, sessions and Firebase user",
      description:
        'Needs a sign-in of the last five minutes. The subscriptions are cancelled at Stripe first; ' +
        'then a durable job is queued, and everything is deleted at once, each store disconnected ' +
        '(the app removed at Shopify); what fails is left to the job, which retries with backoff. ' +
        'Idempotent.',
      tags: ['account'],
      security: bearerToken,
      answers: {
        204: 'Deleted, or nothing was left to delete',
        202: 'Partly deleted; the account-deletion job deletes the rest (`status: pending`)',
      },
      errors: errorResponses([...authenticatedRouteErrors, 403, 503], {
        403: 'The sign-in is older than five minutes (`recent_login_required`)',
        503: 'A subscription could not be cancelled at Stripe (`subscription_cancel_failed`) or the deletion could not be queued (`account_deletion_failed`); nothing was deleted',
      }),
    }),
    handler: async (request, reply) => {
      const outcome = await requestAccountDeletion(
        {
          db: database.db,
          identity,
          jobs,
          stripe,
          stores,
          deleteUserChanges,
          deleteUserWeeklySummaries,
        },
        authenticatedCaller(request),
      );
      if (outcome.status === 'done') return reply.code(204).send(null);
      // The job is stored and will finish; the failure is still worth knowing about now.
      request.log.warn({ err: outcome.failure }, 'inline account deletion failed; the job retries');
      reportError(outcome.failure, requestReportContext(request));
      return reply.code(202).send({ data: { status: 'pending' as const } });
    },
  });

  app.route({
    ...routeOf(app, contracts.cancelRegistration, {
      summary: 'Cancel an e-mail sign-up whose address is not verified yet',
      description:
        "Deletes the Firebase user, the user's sessions and contact messages; no account exists yet.",
      tags: ['account'],
      security: bearerToken,
      answers: { 204: 'Cancelled, or the user was already gone' },
      errors: errorResponses([...authenticatedRouteErrors, 403], {
        403: 'The address is verified, or the user signs in with Google (`email_already_verified`)',
      }),
    }),
    handler: async (request, reply) => {
      await cancelRegistration({ db: database.db, identity }, authenticatedCaller(request));
      return reply.code(204).send(null);
    },
  });
};
