import {
  updateWeeklySummaryBodySchema,
  weeklySummarySettingsResponseSchema,
} from '../schemas/weekly-summary.ts';
import { defineContract } from './api-contract.ts';

/** The caller's weekly summary settings (shared/schemas/weekly-summary.ts). */
export const weeklySummaryContracts = {
  read: defineContract({
    method: 'GET',
    path: '/api/v1/account/weekly-summary',
    responses: { 200: weeklySummarySettingsResponseSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/account/weekly-summary',
    body: updateWeeklySummaryBodySchema,
    responses: { 200: weeklySummarySettingsResponseSchema },
  }),
};
