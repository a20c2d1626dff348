import { auditRenderedPages } from '#shared/seo/rendered/audit-rendered-pages.ts';
import { robotsTxtInvalid } from '#shared/seo/rendered/robots-txt-check.ts';
import type {
  FetchedStorefrontPage,
  StorefrontFetcher,
} from '#server/platform/storefront/storefront-fetcher.ts';
import { auditedStoreOf, readPages } from '#server/areas/catalog/index.ts';
import { storePlanOf, type SeoDependencies } from './seo-dependencies.ts';
import { recordStoreEvent } from '#server/areas/shops/index.ts';
import * as seoRepository from './seo-repository.ts';
import {
  endStorefrontPass,
  pagesToFetch,
  recordFetchedPage,
  recordStoreFindings,
  startStorefrontPass,
  type FetchedVersion,
} from './storefront-repository.ts';
import type { StorefrontPassStopReason } from './tables.ts';

/**
 * The storefront pass of an audit: storefront pages of the store fetched in each audited language,
 * through the polite fetcher (its User-Agent, robots.txt, 2 requests a second, timeouts), and the
 * rendered checks (shared/seo/rendered/) run on them; what they find joins each page's findings and
 * scores.
 *
 * A pass fetches at most `storefrontPagesPerPass` pages, each in every audited language: at two
 * requests a second, 300 pages in English and French are about five minutes of one store's time,
 * while 100,000 pages would take more than a day. Successive passes (one after each full audit) take
 * the pages fetched least recently, never fetched first, so that they go round the whole store; the
 * first pages of each kind come first of all, since a theme's defect shows on every page of its
 * kind. The store's home page is not fetched: it is no page of the audit, and its findings would
 * have no page to belong to. Local mode reads its local Shopify's storefronts at a pace of its own
 * (config.ts), every other host at two requests a second.
 */

export const storefrontPagesPerPass = 300;

/**
 * The most a pass takes, fetching included: past it, the pass stops where it is (what it fetched is
 * recorded page by page, and the next pass goes on from there). With the fetcher's 30 s limit on
 * each request, well under the 30 minutes after which the job queue takes the pass's job for
 * abandoned (storefront-pass-job.ts), however slowly a store answers.
 */
export const storefrontPassTimeLimitMs = 10 * 60_000;

/**
 * Pages in a row whose every language timed out end the pass: a store that takes connections and
 * does not answer would otherwise hold one of the queue's few slots for the whole time limit, 30 s
 * a request, while other stores wait. The pass records why it stopped (the overview says so), and
 * the next one starts again from the pages not fetched.
 */
export const storefrontTimeoutsEndingPass = 5;

/**
 * A status that says the store could not answer now rather than what the page is: too many
 * requests, or a server error. The page keeps its last findings (a 503 is no lasting R01) and is
 * tried again at the next pass.
 */
function isPassingRefusal(status: number | null): boolean {
  return status === 429 || (status !== null && status >= 500);
}

/** Pages read from the catalog's copy at a time, for their addresses in each language. */
const readChunk = 50;

export type StorefrontPassOutcome =
  | {
      fetched: number;
      findings: number;
      stoppedEarly: boolean;
      stopReason?: StorefrontPassStopReason;
    }
  | 'not audited'
  | 'store disconnected'
  | 'owner busy';

/** The fetcher's answers, kept by address, as the pass records them per language. */
function recording(fetcher: StorefrontFetcher) {
  const answers = new Map<string, FetchedStorefrontPage>();
  return {
    answers,
    fetcher: {
      async fetchPage(url: string): Promise<FetchedStorefrontPage> {
        const answer = await fetcher.fetchPage(url);
        answers.set(url, answer);
        return answer;
      },
    },
  };
}

/**
 * Runs the store's pass, one at a time per owner: while another store of the same owner has its
 * pass under way, answers `owner busy` without fetching (storefront-pass-job.ts queues it again),
 * so that an owner of many stores, or of a slow one, holds one of the queue's slots at most.
 */
export async function runStorefrontPass(
  deps: SeoDependencies,
  shopId: string,
): Promise<StorefrontPassOutcome> {
  if (deps.storefront === undefined) return 'not audited';
  if (!(await seoRepository.hasFinishedRun(deps.db, shopId))) return 'not audited';
  const store = await auditedStoreOf(deps.db, shopId);
  if (store === undefined || store.locales.length === 0) return 'not audited';
  const plan = await storePlanOf(deps, shopId);
  if (plan === undefined) return 'store disconnected';
  if (!(await startStorefrontPass(deps.db, shopId, plan.ownerUid))) return 'owner busy';
  let outcome: StorefrontPassOutcome | undefined;
  try {
    outcome = await fetchPages({ ...deps, storefront: deps.storefront }, shopId, store);
    // The pages as search engines get them join the audit's figures.
    if (typeof outcome === 'object' && outcome.fetched > 0)
      await recordStoreEvent(deps.db, shopId, 'audit.finished');
    return outcome;
  } finally {
    // A pass that threw ends too: the owner's other stores need not wait for its lease.
    await endStorefrontPass(
      deps.db,
      shopId,
      typeof outcome === 'object' ? (outcome.stopReason ?? null) : null,
    );
  }
}

async function fetchPages(
  deps: SeoDependencies & { storefront: NonNullable<SeoDependencies['storefront']> },
  shopId: string,
  store: NonNullable<Awaited<ReturnType<typeof auditedStoreOf>>>,
): Promise<StorefrontPassOutcome> {
  const started = Date.now();
  const budget = deps.storefrontPagesPerPass ?? storefrontPagesPerPass;
  const gids = await pagesToFetch(deps.db, shopId, budget);
  // A fetcher of its own: robots.txt is read again at each pass.
  const storefront = deps.storefront.openFetcher();
  const { fetcher, answers } = recording(storefront);
  let storeChecked = false;
  let fetched = 0;
  let findings = 0;
  let timeoutsInARow = 0;
  for (let start = 0; start < gids.length; start += readChunk) {
    const pages = await readPages(deps.db, store, gids.slice(start, start + readChunk));
    for (const page of pages) {
      if (Date.now() - started > storefrontPassTimeLimitMs) {
        return { fetched, findings, stoppedEarly: true, stopReason: 'time_limit' };
      }
      const versions = store.locales.flatMap((entry) => {
        const url = page.urls[entry.language];
        return url === null || url === undefined ? [] : [{ language: entry.language, url }];
      });
      if (versions.length === 0) continue;
      const audit = await auditRenderedPages(fetcher, [{ kind: page.kind, versions }]);
      const timedOut = versions.every(({ url }) => answers.get(url)?.timedOut === true);
      const results: FetchedVersion[] = versions.map(({ language, url }) => {
        const answer = answers.get(url);
        const outcome =
          answer === undefined || answer.error !== undefined || isPassingRefusal(answer.status)
            ? 'unreachable'
            : answer.blockedByRobotsTxt
              ? 'blocked by robots.txt'
              : 'answered';
        return {
          language,
          url,
          outcome,
          status: answer?.status ?? null,
          error: answer?.error ?? null,
          findings: audit.findings
            .filter((finding) => finding.language === language)
            .map(({ checkId, severity, field, measured, threshold, excerpt }) => ({
              checkId,
              severity,
              evidence: {
                url,
                ...(field !== undefined && { field }),
                ...(measured !== undefined && { measured }),
                ...(threshold !== undefined && { threshold }),
                ...(excerpt !== undefined && { excerpt }),
              },
            })),
        };
      });
      answers.clear();
      // The store's own checks, once a pass, on the first page it reads (robots.txt is read by then).
      const storeFindings = storeChecked
        ? undefined
        : await checkStore(storefront, store, versions);
      const recorded = await seoRepository.withStoreAuditLock(deps.db, shopId, async (tx) => {
        // The store's audit deleted meanwhile (its disconnection): nothing more to fetch.
        if (!(await seoRepository.hasFinishedRun(tx, shopId))) return 'store disconnected' as const;
        const written = await recordFetchedPage(tx, shopId, page.id, results);
        if (written && storeFindings !== undefined)
          await recordStoreFindings(tx, shopId, page.id, versions[0]!.language, storeFindings);
        return written;
      });
      if (recorded === 'store disconnected') return recorded;
      if (!recorded) continue;
      storeChecked = true;
      fetched++;
      findings += results.reduce((sum, result) => sum + result.findings.length, 0);
      timeoutsInARow = timedOut ? timeoutsInARow + 1 : 0;
      if (timeoutsInARow >= storefrontTimeoutsEndingPass) {
        return { fetched, findings, stoppedEarly: true, stopReason: 'storefront_timeouts' };
      }
    }
  }
  return { fetched, findings, stoppedEarly: false };
}

/**
 * R03 on the store's robots.txt, read from the address of the page's first version (the primary
 * language's when the page has one there): the fetcher read it before the page, so this asks the
 * store nothing more. The language folders are those of the store's other languages (`/fr`).
 * Undefined when robots.txt could not be reached: nothing is known of it.
 */
async function checkStore(
  storefront: StorefrontFetcher,
  store: NonNullable<Awaited<ReturnType<typeof auditedStoreOf>>>,
  versions: ReadonlyArray<{ language: string; url: string }>,
) {
  const robots = await storefront.readRobotsTxt(versions[0]!.url);
  // Not reached at all: the last pass's findings stand, as an unreachable page's do.
  if (robots.error !== undefined) return undefined;
  const languageFolders = store.locales
    .filter((entry) => !entry.primary)
    .map((entry) => {
      const folder = entry.url === null ? '' : new URL(entry.url).pathname.replace(/^\/|\/$/g, '');
      return folder === '' ? entry.locale.toLowerCase() : folder;
    });
  return robotsTxtInvalid
    .run({ url: robots.url, status: robots.status, body: robots.body, languageFolders })
    .map((evidence) => ({
      checkId: robotsTxtInvalid.id,
      severity: robotsTxtInvalid.severity,
      evidence: { url: robots.url, ...evidence },
    }));
}
