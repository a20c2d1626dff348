import { dashboardQuerySchema, dashboardSchema } from '../schemas/dashboard.ts';
import { defineContract } from './api-contract.ts';

/** The dashboard (shared/schemas/dashboard.ts): one call builds it. */
export const dashboardContracts = {
  read: defineContract({
    method: 'GET',
    path: '/api/v1/dashboard',
    query: dashboardQuerySchema,
    responses: { 200: dashboardSchema },
  }),
};
