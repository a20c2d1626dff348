import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoBulkContracts as contracts } from '#shared/contracts/seo-bulk.ts';
import { maxPagesPerBulkEdit } from '#shared/schemas/seo-bulk.ts';
import { listSeoPages } from '#server/areas/seo/index.ts';
import {
  saveBulkDrafts,
  previewBulkEdit,
  type BulkPageSelector,
} from '#server/areas/seo-changes/index.ts';
import { requireOwnedShop } from '#server/areas/shops/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { limitedPerCaller, type ApiRateLimits } from '../../../plugins/caller-rate-limits.ts';
import { authenticatedCaller } from '../../../plugins/authenticate.ts';
import { routeOf } from '../../contract-route.ts';
import { authenticatedRouteErrors, errorResponses, jsonBodyErrors } from '../../error-responses.ts';

/** The OpenAPI security requirement of every route here; the scheme is declared in app.ts. */
const bearerToken = [{ firebaseIdToken: [] }];

export interface SeoBulkRoutesOptions {
  database: DatabaseHandle;
  /** The budgets per account of the costly writes (server/api/plugins/caller-rate-limits.ts). */
  rateLimits: ApiRateLimits;
}

const invalidTemplate =
  'A template that cannot be read (`invalid_template`, `field` naming its language: an unknown placeholder or a brace not closed), markup in a template (`markup_not_allowed`, `field` naming its language), a language the store does not publish (`invalid_language`), no template at all (`invalid_templates`), or another invalid request';
const planWithout =
  'The plan has no bulk edits (`plan_feature_unavailable`): Pro and Business have them';

/**
 * Bulk edits of a store's SEO titles or meta descriptions (`/api/v1/shops/:shopId/seo/bulk/…`):
 * one template per language over the pages the page list's filters select, previewed with the
 * audit's checks, then saved as drafts approved like any other (`POST …/seo/changes/approve`). A
 * store of another owner answers 404, as one that does not exist.
 */
export const seoBulkRoutes: FastifyPluginAsyncZod<SeoBulkRoutesOptions> = async (app, options) => {
  const db = options.database.db;

  /** The caller, once the store is known to be theirs. */
  const ownerOf = async (request: Parameters<typeof authenticatedCaller>[0], shopId: string) => {
    const { uid } = authenticatedCaller(request);
    await requireOwnedShop(db, uid, shopId);
    return uid;
  };

  /** The pages the audit's list selects, in its default order: the bulk edit's pages. */
  const selectorOf =
    (shopId: string): BulkPageSelector =>
    async (selection, limit) => {
      const list = await listSeoPages(db, shopId, { ...selection, offset: 0, limit });
      return { total: list.total, pageIds: list.pages.map((page) => page.id) };
    };

  app.route({
    ...routeOf(app, contracts.preview, {
      summary: 'Preview a bulk edit',
      description: `The values the templates give on the pages the filters select (at most ${maxPagesPerBulkEdit}), worst score first, \`limit\` pages from \`offset\`: for each language, the value now, the value proposed, its length and width, what the audit's checks of the field would find with it, and why it would be skipped; with the counts of values ready and skipped over the whole selection. Nothing is saved.`,
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 200: 'The preview' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 404], {
        400: invalidTemplate,
        403: planWithout,
        404: 'No such store on this account (`shop_not_found`)',
      }),
    }),
    handler: async (request) => {
      const { shopId } = request.params;
      const uid = await ownerOf(request, shopId);
      return { data: await previewBulkEdit(db, shopId, uid, request.body, selectorOf(shopId)) };
    },
  });

  app.route({
    ...routeOf(app, contracts.createDrafts, {
      summary: 'Save a bulk edit as drafts',
      description:
        'Saves the values the templates give as drafts on every selected page, or on the selected pages in `pageIds`, replacing the drafts those fields had (201). Values with a skip reason are left out and counted. Nothing is sent to Shopify until the drafts are approved through `POST …/seo/changes/approve`.',
      tags: ['seo changes'],
      security: bearerToken,
      answers: { 201: 'The drafts saved' },
      errors: errorResponses([...authenticatedRouteErrors, ...jsonBodyErrors, 403, 404, 429], {
        400: invalidTemplate,
        403: `${planWithout}; or the store is paused: the plan allows fewer stores than are connected (\`plan_limit_reached\`, \`limit: stores\`, with the plan that lifts it)`,
        404: 'No such store on this account (`shop_not_found`)',
      }),
    }),
    config: limitedPerCaller(options.rateLimits.bulkDrafts),
    handler: async (request, reply) => {
      const { shopId } = request.params;
      const uid = await ownerOf(request, shopId);
      const drafts = await saveBulkDrafts(db, shopId, uid, request.body, selectorOf(shopId));
      return reply.code(201).send({ data: drafts });
    },
  });
};
