import type { Language } from '#shared/constants.ts';
import type { Transaction } from '#server/db/database.ts';
import {
  auditedStoreOf,
  pageCountsOf,
  readPages,
  storefrontAddresses,
} from '#server/areas/catalog/index.ts';
import { auditPage, checksByKind } from './audit-page.ts';
import { checksOf, storePlanOf, type SeoDependencies } from './seo-dependencies.ts';
import { recordStoreActivity, recordStoreEvent } from '#server/areas/shops/index.ts';
import * as seoRepository from './seo-repository.ts';

/**
 * The audit of pages that changed in the store's copy (a webhook's refetch stored or deleted them):
 * only those pages are read and checked again, and only the duplicate groups they leave or join are
 * resolved again (`regrouped`: the other pages whose duplicate finding came, went or changed size).
 * Their links to pages of the store are resolved again, with the links of other pages to their
 * addresses before and after the change (a handle changed, a page gone or new); a French handle
 * changed is known after the change only, so links to the old one are found by the next full run.
 * A page deleted or unpublished leaves the audit. A page new to the audit joins it only while the
 * store has no more published pages than its plan's limit, every page then being audited, and the
 * store's audited pages are fewer than that limit. A store over its limit has the pages it audits
 * chosen by its full runs (a share for each kind, the most recently changed first: `choosePages` in
 * the catalog): a page they left out, even one just changed, waits for the next full run rather than
 * take a place the choice did not give it, while the pages they chose are audited again as they
 * change.
 *
 * A store never fully audited is left to its first full run (queued when its import finishes).
 * Pages audited again because Shopify said they changed (`cause`) are told in the owner's timeline,
 * with the score they moved, in the entry of the last hour when there is one.
 */
export async function auditChangedPages(
  deps: SeoDependencies,
  shopId: string,
  gids: readonly string[],
  cause: PageAuditCause = 'store-changed',
): Promise<{ audited: number; removed: number; regrouped: number } | 'not audited'> {
  if (!(await seoRepository.hasFinishedRun(deps.db, shopId))) return 'not audited';
  const store = await auditedStoreOf(deps.db, shopId);
  const plan = await storePlanOf(deps, shopId);
  if (store === undefined || plan === undefined) return 'not audited';
  const unique = [...new Set(gids)];
  const pages = store.locales.length === 0 ? [] : await readPages(deps.db, store, unique);
  const checks = checksByKind(checksOf(deps));

  return seoRepository.withStoreAuditLock(deps.db, shopId, async (tx) => {
    // The store may have been disconnected (its audit deleted) since the check above.
    if (!(await seoRepository.hasFinishedRun(tx, shopId))) return 'not audited' as const;
    const known = await seoRepository.auditedPagesAmong(tx, shopId, unique);
    // The counts only tell whether a page new to the audit fits in the plan's limit: a change to
    // pages already audited, the usual webhook, does without reading every page.
    let room =
      pages.every((page) => known.has(page.id)) ||
      (await pageCountsOf(tx, shopId)).total > plan.pagesAudited
        ? 0
        : plan.pagesAudited - (await seoRepository.auditedPageCount(tx, shopId));
    const admitted = pages.filter((page) => {
      if (known.has(page.id)) return true;
      if (room <= 0) return false;
      room--;
      return true;
    });
    const audits = admitted.map((page) => auditPage(page, checks));
    // The timeline tells of Shopify's changes only (PageAuditCause): the scores they move.
    const scoresBefore = cause === 'store-changed' ? await scoresByLanguage(tx, shopId) : undefined;
    const handlesBefore = await seoRepository.auditedHandlesOf(tx, shopId, unique);
    const left = await seoRepository.removePages(tx, shopId, unique);
    await seoRepository.insertPageAudits(tx, shopId, audits);
    await seoRepository.forgetStorefrontPages(
      tx,
      shopId,
      unique.filter((gid) => !admitted.some((page) => page.id === gid)),
    );
    const joined = audits.flatMap((audit) =>
      audit.languages.flatMap((language) =>
        language.duplicateKeys.map((key) => ({
          check_id: key.checkId,
          language: language.language,
          key_hash: key.keyHash,
        })),
      ),
    );
    const regrouped = await seoRepository.regroupChangedPages(
      tx,
      shopId,
      checks.duplicateIds,
      unique,
      { left, joined },
    );
    const handlesNow = pages.flatMap((page) =>
      [page.handle, ...page.views.map((view) => view.handle)].map((handle) => ({
        kind: page.kind,
        handle: handle.toLowerCase(),
      })),
    );
    const linking = await seoRepository.pagesLinkingTo(
      tx,
      shopId,
      [...handlesBefore, ...handlesNow],
      unique,
    );
    await seoRepository.resolveStoreLinks(
      tx,
      shopId,
      storefrontAddresses(store),
      checks.storeLinkIds,
      { gids: [...admitted.map((page) => page.id), ...linking] },
    );
    // With the results, in their transaction: the screens read them again once both commit.
    await recordStoreEvent(tx, shopId, 'audit.finished');
    const removed = [...known].filter((gid) => !admitted.some((page) => page.id === gid)).length;
    if (scoresBefore !== undefined && admitted.length + removed > 0) {
      const scoresAfter = await scoresByLanguage(tx, shopId);
      await recordStoreActivity(
        tx,
        shopId,
        {
          kind: 'pages.audited',
          actor: 'shopify-webhook',
          details: {
            count: admitted.length + removed,
            scores: [...scoresAfter].map(([language, score]) => {
              const before = scoresBefore.get(language);
              return { language, score, change: before === undefined ? null : score - before };
            }),
          },
        },
        { mergeWithinMinutes: pagesAuditedMergeMinutes },
      );
    }
    return { audited: admitted.length, removed, regrouped };
  });
}

/**
 * Why pages are audited again: Shopify said they changed (its webhooks, the owner's edits there), or
 * Vitrine wrote them (the timeline has the changes written already).
 */
export type PageAuditCause = 'store-changed' | 'written';

/**
 * Pages audited again as Shopify's webhooks arrive join the timeline's entry of the last hour: an
 * owner editing products one after another reads one entry, not one per product.
 */
export const pagesAuditedMergeMinutes = 60;

async function scoresByLanguage(tx: Transaction, shopId: string): Promise<Map<Language, number>> {
  const figures = await seoRepository.languageFigures(tx, shopId);
  return new Map(
    figures.filter((row) => row.kind === null).map((row) => [row.language, row.score]),
  );
}
