import * as z from 'zod/mini';
import {
  leftOutPagesQuerySchema,
  leftOutPagesSchema,
  pageDetailSchema,
  pageListQuerySchema,
  pageListSchema,
  pageResourceTypes,
  seoOverviewSchema,
  startAuditSchema,
} from '../schemas/seo.ts';
import { defineContract } from './api-contract.ts';

/** The routes of a store's SEO audit (shared/schemas/seo.ts): its overview, its pages, a run now. */

const shopParams = z.object({ shopId: z.uuid() });

export const seoContracts = {
  overview: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/seo',
    params: shopParams,
    responses: { 200: seoOverviewSchema },
  }),
  listPages: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/seo/pages',
    params: shopParams,
    query: pageListQuerySchema,
    responses: { 200: pageListSchema },
  }),
  /** The page named by its global id's type and number (`pageParamsOf`). */
  pageDetail: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/seo/pages/:resourceType/:resourceId',
    params: z.object({
      shopId: z.uuid(),
      resourceType: z.enum(pageResourceTypes),
      resourceId: z.string().check(z.regex(/^\d{1,20}$/)),
    }),
    responses: { 200: pageDetailSchema },
  }),
  /** The published pages the audit does not hold (past the plan's limit), paged. */
  leftOutPages: defineContract({
    method: 'GET',
    path: '/api/v1/shops/:shopId/seo/left-out-pages',
    params: shopParams,
    query: leftOutPagesQuerySchema,
    responses: { 200: leftOutPagesSchema },
  }),
  /** 202 with the run queued, or 200 with the one already queued or under way. */
  startAudit: defineContract({
    method: 'POST',
    path: '/api/v1/shops/:shopId/seo/audits',
    params: shopParams,
    responses: { 200: startAuditSchema, 202: startAuditSchema },
  }),
};
