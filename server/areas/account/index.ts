/**
 * What the account area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { accountDeletionJob } from './account-deletion-job.ts';
export { accountNames } from './account-names.ts';
export { cancelRegistration } from './cancel-registration.ts';
export { getAccount } from './get-account.ts';
export { orphanedStoresSweepJob } from './orphaned-stores-sweep-job.ts';
export { registerAccount } from './register-account.ts';
export { requestAccountDeletion } from './request-account-deletion.ts';
export { updateAccount } from './update-account.ts';
export {
  accountLanguageOf,
  findWeeklySummaryRecipients,
  readWeeklySummarySettings,
  turnOffWeeklySummary,
  updateWeeklySummarySettings,
  weeklySummaryEnabled,
  weeklySummaryRecipientOf,
} from './weekly-summary-settings.ts';
export type { WeeklySummaryRecipient } from './weekly-summary-settings.ts';
