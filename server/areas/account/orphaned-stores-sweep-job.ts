import * as z from 'zod/mini';
import type { Database } from '#server/db/database.ts';
import { defineJob, type JobLog } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import {
  deleteUserShops,
  usersWithShops,
  type UserShopsDependencies,
} from '#server/areas/shops/index.ts';
import { findAccounts } from './accounts-repository.ts';

/**
 * Stores connected more recently are left alone: a deletion under way disconnects them itself, its
 * second pass included (secondPassDelaySeconds), and the sweep need not race with it.
 */
export const orphanGraceMs = 2 * 60 * 60 * 1000;

export interface OrphanedStoresSweepDependencies {
  db: Database;
  stores: UserShopsDependencies;
  log: Pick<JobLog, 'info' | 'warn'>;
}

/**
 * Disconnects the stores whose owner has no account any more, as the owner's deletion would have:
 * the app removed at Shopify, the copy, audit, changes and row deleted. An account deletion
 * disconnects its stores itself; a store can still outlive it when its authorization completed just
 * after the deletion's passes, or when it was connected before deletions disconnected stores. Such a
 * store would keep its tokens and its webhooks, and no one could connect it again. Returns how many
 * owners' stores were disconnected; an owner whose stores could not all be is tried again next time.
 */
export async function disconnectOrphanedStores(
  deps: OrphanedStoresSweepDependencies,
  now = new Date(),
): Promise<number> {
  const owners = await usersWithShops(deps.db, new Date(now.getTime() - orphanGraceMs));
  const withAccount = new Set((await findAccounts(deps.db, owners)).map((account) => account.uid));
  let disconnected = 0;
  for (const uid of owners.filter((owner) => !withAccount.has(owner))) {
    try {
      await deleteUserShops(deps.db, deps.stores, uid);
      disconnected += 1;
    } catch (error) {
      deps.log.warn({ err: error }, 'the stores of a deleted account could not be disconnected');
      reportError(error, { extra: { job: orphanedStoresSweepJob.name } });
    }
  }
  return disconnected;
}

/** Housekeeping, once an hour; one instance runs it, whichever. */
export const orphanedStoresSweepJob = defineJob({
  name: 'orphaned-stores-sweep',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  schedule: { cron: '37 * * * *', payload: {} },
  async handle(_run, deps: OrphanedStoresSweepDependencies) {
    const owners = await disconnectOrphanedStores(deps);
    if (owners > 0) deps.log.info({ owners }, 'stores of deleted accounts disconnected');
  },
});
