import {
  auditedStoreOf,
  choosePages,
  pageCountsOf,
  readChosenPageBatches,
  readPageBatches,
  storefrontAddresses,
  type AuditedPage,
  type ChosenPages,
} from '#server/areas/catalog/index.ts';
import { recordStoreActivity } from '#server/areas/shops/index.ts';
import type { ActivityActor } from '#shared/schemas/activity.ts';
import type { Database } from '#server/db/database.ts';
import { auditPage, checksByKind, type PageAudit } from './audit-page.ts';
import { readStoreScores } from './read-seo-overview.ts';
import { scoreChangeOf } from './score-trend.ts';
import { checksOf, type SeoDependencies } from './seo-dependencies.ts';
import { recordStoreEvent } from '#server/areas/shops/index.ts';
import * as seoRepository from './seo-repository.ts';
import type { AuditTrigger } from './tables.ts';
import { storefrontPassJob } from './storefront-pass-job.ts';

export const defaultBatchSize = 2000;

/**
 * A run of this many pages or more vacuums the pages' tables when it ends. A smaller store's lists
 * count fast from the tables; a vacuum reads every table page written since the last one, whichever
 * store wrote it, which a small store's run need not pay for.
 */
const vacuumedRunPages = 10_000;

export type AuditOutcome = 'done' | 'not found' | 'store disconnected';

/**
 * A full audit of a store, as its run says: the store's published pages read batch by batch in a
 * stable order (products, collections, pages, articles; each by Shopify's id); every page check run
 * on each page in each language and the page written with its findings (two statements a batch);
 * then the pages not read this time removed, the duplicate groups resolved across the store, the
 * links to pages of the store resolved against its copy, and the store's score per language added
 * to the trend. Its results are then readable, and the storefront pass, a job of its own, is
 * queued to fetch the rendered pages.
 *
 * A store with more published pages than the run's page limit has its pages chosen first
 * (`choosePages`: a share of the limit for each kind, the most recently changed first within a
 * kind); the pages the previous run audited outside that choice are removed before the first batch,
 * so that the store's audited pages never outnumber the limit. A store within its limit pays for no
 * choice: its pages are read in the stable order as they come.
 *
 * The pages stay readable while it runs: each batch replaces its pages' rows, and what the previous
 * run found of pages not yet read stays until the end.
 */
export async function runAudit(deps: SeoDependencies, runId: string): Promise<AuditOutcome> {
  const queued = await seoRepository.findRun(deps.db, runId);
  if (queued === undefined || (queued.state !== 'queued' && queued.state !== 'running')) {
    return 'not found';
  }
  const { shopId } = queued;
  const store = await auditedStoreOf(deps.db, shopId);
  const counts =
    store === undefined
      ? { product: 0, collection: 0, page: 0, article: 0, total: 0 }
      : await pageCountsOf(deps.db, shopId);
  const total = Math.min(counts.total, queued.pageLimit);
  const run = await seoRepository.startRun(deps.db, runId, {
    total,
    leftOut: counts.total - total,
  });
  if (run === undefined) return 'not found';
  const checks = checksByKind(checksOf(deps));
  const chosen =
    store !== undefined && store.locales.length > 0 && counts.total > queued.pageLimit
      ? await choosePages(deps.db, shopId, counts, queued.pageLimit)
      : undefined;
  if (chosen !== undefined) {
    const kept = chosenGids(chosen);
    await seoRepository.withStoreAuditLock(deps.db, shopId, (tx) =>
      seoRepository.removePagesOutside(tx, shopId, kept),
    );
  }

  let audited = 0;
  /**
   * Where the time goes, in milliseconds, for the log line of the run (`reading` is the wait for a
   * batch not yet read when the previous one is checked, `writing` the wait for the previous
   * batch's write when this one is checked).
   */
  const spent = { reading: 0, checking: 0, writing: 0, finishing: 0 };
  let mark = performance.now();
  const lap = (phase: keyof typeof spent) => {
    const now = performance.now();
    spent[phase] += now - mark;
    mark = now;
  };
  if (store !== undefined && store.locales.length > 0) {
    const batchSize = deps.batchSize ?? defaultBatchSize;
    const batches =
      chosen === undefined
        ? readPageBatches(deps.db, store, { batchSize, limit: queued.pageLimit })
        : readChosenPageBatches(deps.db, store, chosen, { batchSize });
    /** Writes a checked batch; false when the run is no longer the store's (disconnected). */
    const write = (pages: readonly AuditedPage[], audits: readonly PageAudit[]) =>
      seoRepository.withStoreAuditLock(deps.db, shopId, async (tx) => {
        if (!(await seoRepository.recordProgress(tx, runId, pages.length))) return false;
        await seoRepository.removePages(
          tx,
          shopId,
          pages.map((page) => page.id),
        );
        await seoRepository.insertPageAudits(tx, shopId, audits);
        return true;
      });
    // Three batches are under way at once, each on its own connection: the next one read, this
    // one checked, the previous one written. The checks keep Node busy while PostgreSQL stores
    // what they found, instead of each waiting for the other.
    let next = batches.next();
    let written: Promise<boolean> | null = null;
    let writtenPages = 0;
    try {
      for (;;) {
        const batch = await next;
        if (batch.done === true) break;
        const pages = batch.value;
        next = batches.next();
        lap('reading');
        const audits = pages.map((page) => auditPage(page, checks));
        lap('checking');
        if (written !== null) {
          if (!(await written)) return 'store disconnected';
          audited += writtenPages;
        }
        written = write(pages, audits);
        // Its failure is met where it is awaited, at the next batch or the end.
        written.catch(() => {});
        writtenPages = pages.length;
        lap('writing');
      }
      if (written !== null) {
        if (!(await written)) return 'store disconnected';
        audited += writtenPages;
        lap('writing');
      }
    } finally {
      // A read under way when the run stops early is not wanted any more; its failure neither.
      next.catch(() => {});
    }
  }

  await seoRepository.withStoreAuditLock(deps.db, shopId, async (tx) => {
    await seoRepository.removePagesAuditedBefore(tx, shopId, run.startedAt);
    // A page a webhook brought in while the run read the chosen ones leaves with the choice.
    if (chosen !== undefined)
      await seoRepository.removePagesOutside(tx, shopId, chosenGids(chosen));
    await seoRepository.resolveAllDuplicateGroups(tx, shopId, checks.duplicateIds);
    if (store !== undefined) {
      await seoRepository.resolveStoreLinks(
        tx,
        shopId,
        storefrontAddresses(store),
        checks.storeLinkIds,
        { all: true },
      );
    }
    await seoRepository.finishRun(tx, run, { state: 'done', pagesAudited: audited });
  });
  await seoRepository.refreshForReading(deps.db, { vacuumPages: audited >= vacuumedRunPages });
  await recordAuditFinished(deps.db, shopId, run.trigger);
  // After the statistics are fresh, so that the screens that read again read fast.
  await recordStoreEvent(deps.db, shopId, 'audit.finished');
  if (deps.storefront !== undefined) {
    try {
      // Null when the store's next pass already waits: it will read these results too.
      await deps.jobs.send(storefrontPassJob, { shopId });
    } catch (error) {
      // The run is done and its results stand; the next run queues the pass again.
      deps.log.warn({ err: error, shopId, runId }, 'seo storefront pass not queued');
    }
  }
  lap('finishing');
  const milliseconds = Object.fromEntries(
    Object.entries(spent).map(([phase, ms]) => [phase, Math.round(ms)]),
  );
  deps.log.info(
    { shopId, runId, audited, leftOut: counts.total - total, milliseconds },
    'seo audit done',
  );
  return 'done';
}

/** Who started each kind of run, as the owner's timeline names it. */
const actorOfTrigger = {
  manual: 'owner',
  weekly: 'weekly-audit',
  import: 'vitrine',
  upgrade: 'vitrine',
} as const satisfies Record<AuditTrigger, ActivityActor>;

/** The finished run in the owner's timeline, with each language's score and its change. */
async function recordAuditFinished(
  db: Database,
  shopId: string,
  trigger: AuditTrigger,
): Promise<void> {
  const { scores } = await readStoreScores(db, shopId);
  await recordStoreActivity(db, shopId, {
    kind: 'audit.finished',
    actor: actorOfTrigger[trigger],
    details: {
      scores: scores.languages.map((language) => ({
        language: language.language,
        score: language.score,
        change: scoreChangeOf(language),
      })),
    },
  });
}

function chosenGids(chosen: ChosenPages): string[] {
  return Object.values(chosen).flat();
}

/** Marks a run failed (its last attempt failed). */
export async function failAudit(deps: Pick<SeoDependencies, 'db'>, runId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const run = await seoRepository.findRun(tx, runId);
    if (run !== undefined) await seoRepository.finishRun(tx, run, { state: 'failed' });
  });
}
