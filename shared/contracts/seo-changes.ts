import * as z from 'zod/mini';
import {
  approveBodySchema,
  batchListQuerySchema,
  batchListSchema,
  batchResponseSchema,
  changeListQuerySchema,
  changeListSchema,
  changeResponseSchema,
  resolveBodySchema,
  saveDraftBodySchema,
} from '../schemas/seo-changes.ts';
import { pageResourceTypes } from '../schemas/seo.ts';
import { defineContract, noBody } from './api-contract.ts';

/**
 * The routes of the owner's fixes of a store's SEO texts (shared/schemas/seo-changes.ts tells a
 * change's life): drafts, their approval in batches, a conflict's answer, and undo.
 */

const shopParams = z.object({ shopId: z.uuid() });
const changeParams = z.object({ shopId: z.uuid(), changeId: z.uuid() });

export const seoChangeContracts = {
  saveDraft: defineContract({
    method: 'PUT',
    path: '/api/v1/shops/:shopId/seo/pages/:resourceType/:resourceId/draft',
    params: z.object({
      shopId: z.uuid(),
      resourceType: z.enum(pageResourceTypes),
      resourceId: z.string().check(z.regex(/^\d{1,20}$/)),
    }),
    body: saveDraftBodySchema,
    responses: { 200: changeResponseSchema },
  }),
  discardDraft: defineContract({
    method: 'DELETE',
    path: '/api/v1/shops/:shopId/seo/changes/:changeId',
    params: changeParams,
    responses: { 204: noBody },
  }),
  listChanges: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/seo/changes',
    params: shopParams,
    query: changeListQuerySchema,
    responses: { 200: changeListSchema },
  }),
  listBatches: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/seo/batches',
    params: shopParams,
    query: batchListQuerySchema,
    responses: { 200: batchListSchema },
  }),
  approve: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/seo/changes/approve',
    params: shopParams,
    body: approveBodySchema,
    responses: { 202: batchResponseSchema },
  }),
  resolve: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/seo/changes/:changeId/resolve',
    params: changeParams,
    body: resolveBodySchema,
    responses: { 202: changeResponseSchema },
  }),
  undoChange: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/seo/changes/:changeId/undo',
    params: changeParams,
    responses: { 202: batchResponseSchema },
  }),
  undoBatch: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/seo/batches/:batchId/undo',
    params: z.object({ shopId: z.uuid(), batchId: z.uuid() }),
    responses: { 202: batchResponseSchema },
  }),
};
