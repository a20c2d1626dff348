/**
 * What the seo-changes area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { approveChanges } from './approve-changes.ts';
export { hasApprovedChange, summariseChanges } from './changes-summary.ts';
export { saveBulkDrafts } from './bulk-drafts.ts';
export { previewBulkEdit } from './bulk-preview.ts';
export type { BulkPageSelector } from './bulk-values.ts';
export { deleteStoreChanges } from './delete-store-changes.ts';
export { discardDraft } from './discard-draft.ts';
export { editableFieldsOfPage } from './editable-texts.ts';
export { listBatches, listChanges } from './list-changes.ts';
export { resolveConflict } from './resolve-conflict.ts';
export { saveDraft } from './save-draft.ts';
export { startSeoChangesJobs } from './seo-change-write-job.ts';
export type { SeoChangesDependencies } from './seo-changes-dependencies.ts';
export { undoBatch, undoChange } from './undo-changes.ts';
export { deleteUserChanges } from './user-data.ts';
