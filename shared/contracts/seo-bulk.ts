import * as z from 'zod/mini';
import {
  bulkDraftsBodySchema,
  bulkDraftsSchema,
  bulkPreviewBodySchema,
  bulkPreviewSchema,
} from '../schemas/seo-bulk.ts';
import { defineContract } from './api-contract.ts';

/**
 * The routes of bulk edits (shared/schemas/seo-bulk.ts): the preview of the templates' values and
 * the drafts made of them, approved through the SEO changes' own route (seo-changes.ts).
 */

const shopParams = z.object({ shopId: z.uuid() });

export const seoBulkContracts = {
  preview: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/seo/bulk/preview',
    params: shopParams,
    body: bulkPreviewBodySchema,
    responses: { 200: bulkPreviewSchema },
  }),
  createDrafts: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/seo/bulk/drafts',
    params: shopParams,
    body: bulkDraftsBodySchema,
    responses: { 201: bulkDraftsSchema },
  }),
};
