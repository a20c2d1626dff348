import { activityListSchema, activityQuerySchema } from '../schemas/activity.ts';
import { defineContract } from './api-contract.ts';

/** The account's activity across its stores (shared/schemas/activity.ts). */
export const activityContracts = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/activity',
    query: activityQuerySchema,
    responses: { 200: activityListSchema },
  }),
};
