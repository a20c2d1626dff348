import * as changesRepository from './changes-repository.ts';
import { queueBatchWrite } from './seo-change-write-job.ts';
import type { SeoChangesDependencies } from './seo-changes-dependencies.ts';

/**
 * Queues the write of a batch approved and committed. When the job cannot be queued, the batch is
 * withdrawn (its changes are drafts again) rather than left waiting for a job that will never come,
 * and the failure is thrown to the caller, who may approve again.
 */
export async function queueApprovedBatch(
  deps: Pick<SeoChangesDependencies, 'db' | 'jobs'>,
  shopId: string,
  batchId: string,
): Promise<void> {
  try {
    await queueBatchWrite(deps, shopId, batchId);
  } catch (error) {
    await changesRepository.withdrawBatch(deps.db, batchId, 'internal_error');
    throw error;
  }
}
