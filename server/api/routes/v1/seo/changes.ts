import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors.ts';
import { seoChangeContracts as contracts } from '#shared/contracts/seo-changes.ts';
import {
  approveChanges,
  discardDraft,
  listBatches,
  listChanges,
  resolveConflict,
  saveDraft,
  undoBatch,
  undoChange,
} from '#server/areas/seo-changes/index.ts';
import { requireOwnedShop } from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { limitedPerCaller, type ApiRateLimits } from '../../../plugins/caller-rate-limits.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

export interface SeoChangeRoutesOptions {
  database: DatabaseHandle;
  jobs: JobQueue;
  /** The budgets per account of the costly writes (server/api/plugins/caller-rate-limits.ts). */
  rateLimits: ApiRateLimits;
}

const notOwned = {
  400: 'Not a store id (`invalid_shopId`), or an invalid request',
  404: 'No such store on this account (`shop_not_found`), or no such change on it (`change_not_found`)',
};
const paused =
  'The store is paused: the plan allows fewer stores than are connected (`plan_limit_reached`, `limit: stores`, with the plan that lifts it)';

/**
 * The owner's fixes of a store's SEO texts (`/api/v1/shops/:shopId/seo/…`): drafts, their approval
 * in batches written to Shopify by a job, conflicts resolved, and undo. A store of another owner
 * answers 404, as one that does not exist.
 */
export const seoChangeRoutes: FastifyPluginAsyncZod<SeoChangeRoutesOptions> = async (
  app,
  options,
) => {
  const { database, jobs, rateLimits } = options;
  const db = database.db;

  /** The caller, once the store is known to be theirs. */
  const ownerOf = async (request: Parameters<typeof authenticatedCaller>[0], shopId: string) => {
    const { uid } = authenticatedCaller(request);
    await requireOwnedShop(db, uid, shopId);
    return uid;
  };

  app.route({
    ...routeOf(app, contracts.saveDraft, {
      summary: "Save a draft of a page's SEO text",
      description:
        "The owner's new value of one field (SEO title, meta description or an image's alt text) in one language, replacing an earlier draft of it. Nothing is sent to Shopify until it is approved. The draft keeps the value it was edited from, which Shopify must still hold when it is written.",
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 200: 'The draft saved' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 404, 422], {
        400: 'A language the store does not publish (`invalid_language`), a field the page does not have in it (`invalid_field`), an image that is not the page’s (`invalid_targetId`), a value too long (`invalid_value`), markup in the value (`markup_not_allowed`), or another invalid request',
        404: 'No such store on this account (`shop_not_found`), or no such page in its copy (`not_found`)',
        422: 'A translation of a text the primary language does not have (`translation_source_missing`)',
      }),
    }),
    handler: async (request) => {
      const { shopId, resourceType, resourceId } = request.params;
      const uid = await ownerOf(request, shopId);
      const gid = `gid://shopify/${resourceType}/${resourceId}`;
      const draft = await saveDraft(db, shopId, uid, gid, request.body);
      if (draft === undefined) {
        throw new AppError('not_found', 404, { message: 'No such page in the store’s copy' });
      }
      return { data: draft };
    },
  });

  app.route({
    ...routeOf(app, contracts.discardDraft, {
      summary: 'Delete a draft',
      description: 'Only a draft: an approved change is part of the store’s history.',
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 204: 'The draft deleted' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404, 409], {
        ...notOwned,
        409: 'The change is no draft (`change_state_conflict`)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, changeId } = request.params;
      await ownerOf(request, shopId);
      await discardDraft(db, shopId, changeId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOf(app, contracts.listChanges, {
      summary: "The store's SEO changes",
      description:
        'Newest first, narrowed to one page (`page=Product/123`) or to states (`state=draft,conflict`), paged, with the counts by state of the store (or page).',
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 200: 'One page of the list' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], {
        ...notOwned,
        400: 'An invalid query, such as a state that is none (`invalid_state`)',
      }),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return { data: await listChanges(db, request.params.shopId, request.query) };
    },
  });

  app.route({
    ...routeOf(app, contracts.listBatches, {
      summary: "The store's latest approvals and undos",
      description:
        'Newest first, `limit` of them (default 5): each batch counted whole (its changes by state, how many can still be undone, how many pages), with its first pages by title and who approved it.',
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 200: 'The latest batches' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return { data: await listBatches(db, request.params.shopId, request.query) };
    },
  });

  app.route({
    ...routeOf(app, contracts.approve, {
      summary: 'Approve drafts',
      description:
        'Approves the drafts together as one batch and queues their write to Shopify (202). All or nothing: every id must be a draft of this store.',
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 202: 'The batch queued' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 404, 409, 429], {
        ...notOwned,
        403: paused,
        409: 'A change is no draft (`change_state_conflict`): nothing was approved',
      }),
    }),
    config: limitedPerCaller(rateLimits.approvals),
    handler: async (request, reply) => {
      const { shopId } = request.params;
      const uid = await ownerOf(request, shopId);
      const batch = await approveChanges({ db, jobs }, shopId, uid, request.body.changeIds);
      return reply.code(202).send({ data: batch });
    },
  });

  app.route({
    ...routeOf(app, contracts.resolve, {
      summary: 'Resolve a conflict',
      description:
        "`shopify` keeps Shopify's value (the change is discarded); `mine` writes the owner's value over it (the change is approved again, with Shopify's value as the one it replaces).",
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 202: 'The change resolved' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 404, 409], {
        ...notOwned,
        403: paused,
        409: 'The change is not in conflict (`change_state_conflict`)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, changeId } = request.params;
      const uid = await ownerOf(request, shopId);
      const change = await resolveConflict({ db, jobs }, shopId, uid, changeId, request.body.keep);
      return reply.code(202).send({ data: change });
    },
  });

  app.route({
    ...routeOf(app, contracts.undoChange, {
      summary: 'Undo a change',
      description:
        'Writes back the value an applied change replaced, as a new batch (202), after reading Shopify’s value, which must still be the one applied.',
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 202: 'The undo queued' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 403, 404, 409], {
        ...notOwned,
        403: paused,
        409: 'The change is not applied, is an undo, or is being undone (`change_state_conflict`)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, changeId } = request.params;
      const uid = await ownerOf(request, shopId);
      return reply.code(202).send({ data: await undoChange({ db, jobs }, shopId, uid, changeId) });
    },
  });

  app.route({
    ...routeOf(app, contracts.undoBatch, {
      summary: 'Undo a batch',
      description:
        'Writes back the previous value of every applied change of the batch not undone yet, as a new batch (202).',
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 202: 'The undo queued' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 403, 404, 409], {
        ...notOwned,
        403: paused,
        404: 'No such store on this account (`shop_not_found`), or no such batch on it (`change_not_found`)',
        409: 'The batch has no applied change left to undo (`change_state_conflict`)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId, batchId } = request.params;
      const uid = await ownerOf(request, shopId);
      return reply.code(202).send({ data: await undoBatch({ db, jobs }, shopId, uid, batchId) });
    },
  });
};
