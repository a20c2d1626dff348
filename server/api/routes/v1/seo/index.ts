import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoContracts as contracts } from '#shared/contracts/seo.ts';
import { AppError } from '#shared/errors.ts';
import {
  listLeftOutPages,
  listSeoPages,
  readSeoOverview,
  readSeoPage,
  requireManualAuditCooldownOver,
  startAudit,
} from '#server/areas/seo/index.ts';
import { requireOwnedShop, shopNotFound } from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

export interface SeoRoutesOptions {
  database: DatabaseHandle;
  jobs: JobQueue;
}

const notOwned = {
  400: 'Not a store id (`invalid_shopId`), or an invalid query',
  404: 'No such store on this account (`shop_not_found`)',
};

/**
 * The SEO audit of one of the caller's stores (`/api/v1/shops/:shopId/seo…`). A store of another
 * owner answers 404, as one that does not exist.
 */
export const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = async (app, options) => {
  const { database, jobs } = options;
  const db = database.db;

  /** The caller, once the store is known to be theirs. */
  const ownerOf = async (request: Parameters<typeof authenticatedCaller>[0], shopId: string) => {
    const { uid } = authenticatedCaller(request);
    await requireOwnedShop(db, uid, shopId);
    return uid;
  };

  app.route({
    ...routeOf(app, contracts.overview, {
      summary: "The store's SEO audit",
      description:
        'Its score per audited language with the trend, the findings by severity and by check, the translation coverage, the pages most in need of work, and the last run.',
      tags: ['seo'],
      security: bearerToken,
      answers: { 200: 'The overview' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return { data: await readSeoOverview(db, request.params.shopId) };
    },
  });

  app.route({
    ...routeOf(app, contracts.listPages, {
      summary: "The store's audited pages",
      description:
        'Filtered by kind, language, check, severity and score range, searched by title and handle (`q`), sorted and paged.',
      tags: ['seo'],
      security: bearerToken,
      answers: { 200: 'One page of the list' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return { data: await listSeoPages(db, request.params.shopId, request.query) };
    },
  });

  app.route({
    ...routeOf(app, contracts.leftOutPages, {
      summary: 'The pages the audit left out',
      description:
        "The store's published pages the audit does not hold, past the plan's page limit: each kind in turn, the most recently changed first (the order the next run takes them in), each with its address in Shopify's admin; paged.",
      tags: ['seo'],
      security: bearerToken,
      answers: { 200: 'One page of the list' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], notOwned),
    }),
    handler: async (request) => {
      await ownerOf(request, request.params.shopId);
      return { data: await listLeftOutPages(db, request.params.shopId, request.query) };
    },
  });

  app.route({
    ...routeOf(app, contracts.pageDetail, {
      summary: 'One audited page',
      description:
        "The page in each audited language: its address, score, texts, images and findings. The page is named by its Shopify global id's type and number (`gid://shopify/Product/123` is `Product/123`).",
      tags: ['seo'],
      security: bearerToken,
      answers: { 200: 'The page' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 404], {
        ...notOwned,
        404: 'No such store on this account (`shop_not_found`), or no such page in its audit (`not_found`)',
      }),
    }),
    handler: async (request) => {
      const { shopId, resourceType, resourceId } = request.params;
      await ownerOf(request, shopId);
      const page = await readSeoPage(db, shopId, `gid://shopify/${resourceType}/${resourceId}`);
      if (page === undefined) {
        throw new AppError('not_found', 404, { message: 'No such page in the audit' });
      }
      return { data: page };
    },
  });

  app.route({
    ...routeOf(app, contracts.startAudit, {
      summary: 'Audit the store now',
      description:
        "Queues a full audit of the store with the owner's page limit (202), or answers the run already queued or under way (200): one run at a time per store. A store the owner's plan pauses is not audited, and one audited on request less than 5 minutes ago is audited again once they have passed (429, with `Retry-After`).",
      tags: ['seo'],
      security: bearerToken,
      answers: { 200: 'The run already queued or under way', 202: 'The run queued' },
      errors: errorResponses([...authenticatedRouteErrors, 400, 403, 404, 429], {
        ...notOwned,
        429: 'The store was audited on request less than 5 minutes ago (`rate_limited`, with `Retry-After`)',
        403: 'The store is paused: the plan allows fewer stores than are connected (`plan_limit_reached`, `limit: stores`, with the plan that lifts it)',
      }),
    }),
    handler: async (request, reply) => {
      const { shopId } = request.params;
      await ownerOf(request, shopId);
      await requireManualAuditCooldownOver(db, shopId);
      const started = await startAudit({ db, jobs }, shopId, 'manual');
      // Disconnected between the two statements.
      if (started === undefined) throw shopNotFound();
      return reply.code(started.queued ? 202 : 200).send({ data: started.run });
    },
  });
};
