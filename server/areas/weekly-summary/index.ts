/**
 * What the weekly-summary area offers the wiring (server/bff, the composition root): lint refuses
 * imports of any other file of this folder.
 */
export { checkUnsubscribeLink, unsubscribePageHtml, unsubscribeWithToken } from './unsubscribe.ts';
export type { UnsubscribeOutcome, UnsubscribePage } from './unsubscribe.ts';
export { sendWeeklySummaries, unsubscribePath } from './send-weekly-summaries.ts';
export type { WeeklySummaryDependencies } from './send-weekly-summaries.ts';
export { deleteUserWeeklySummaries } from './user-data.ts';
export { weeklySummaryJob } from './weekly-summary-job.ts';
