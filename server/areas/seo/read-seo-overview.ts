import type { Language } from '#shared/constants.ts';
import type { TranslationDebt } from '#shared/schemas/dashboard.ts';
import type { SeoOverview } from '#shared/schemas/seo.ts';
import { pageKinds } from '#shared/seo/check.ts';
import type { Database } from '#server/db/database.ts';
import { auditedStoreOf } from '#server/areas/catalog/index.ts';
import { presentRun } from './present-audit.ts';
import { trendEndingAtScore } from './score-trend.ts';
import * as seoRepository from './seo-repository.ts';
import { lastStorefrontPass, storefrontCoverage } from './storefront-repository.ts';

/** How many finished runs the trend shows. */
export const trendLength = 26;
/** How many pages the overview lists as most in need of work. */
export const worstPagesShown = 5;

/**
 * What the dashboard shows of the store's audit: the scores of its audited languages, the primary
 * one first, with their trends and failing checks, and the translation coverage of its other
 * language. Read from the sums the database keeps of the pages, never from the pages themselves.
 */
export type StoreScores = Pick<
  SeoOverview,
  'shopId' | 'primaryLanguage' | 'lastRun' | 'languages' | 'translationCoverage'
>;

/**
 * The store's audit side by side in its audited languages, the primary one first: its scores
 * (readStoreScores), the pages most in need of work and the storefront passes' coverage.
 */
export async function readSeoOverview(db: Database, shopId: string): Promise<SeoOverview> {
  const [{ scores }, worst, storefront, lastPass] = await Promise.all([
    readStoreScores(db, shopId),
    seoRepository.listPages(db, shopId, { sort: 'score', order: 'asc', limit: worstPagesShown }),
    storefrontCoverage(db, shopId),
    lastStorefrontPass(db, shopId),
  ]);
  return {
    ...scores,
    worstPages: worst.pages.map((page) => ({
      id: page.id,
      kind: page.kind,
      title: page.title,
      handle: page.handle,
      scores: { en: page.scoreEn, fr: page.scoreFr },
      findings: { error: page.errors, warning: page.warnings, info: page.infos },
    })),
    storefront: {
      checked: storefront.checked,
      unreachable: storefront.unreachable,
      pages: storefront.pages,
      lastCheckedAt: storefront.lastFetchedAt?.toISOString() ?? null,
      lastPass:
        lastPass === undefined
          ? null
          : { endedAt: lastPass.endedAt.toISOString(), stopReason: lastPass.stopReason },
    },
  };
}

/**
 * The store's scores, and from the same reading of the pages' sums the translation debt of the
 * store's other language per kind of page (missing, outdated, or left with the primary language's
 * text; null for a store with one language): what the dashboard shows beside the scores.
 */
export async function readStoreScores(
  db: Database,
  shopId: string,
): Promise<{ scores: StoreScores; translationDebt: TranslationDebt | null }> {
  const store = await auditedStoreOf(db, shopId);
  const [lastRun, figures, byCheck, trend] = await Promise.all([
    seoRepository.latestRun(db, shopId),
    seoRepository.languageFigures(db, shopId),
    seoRepository.findingsByCheck(db, shopId),
    seoRepository.scoreTrend(db, shopId, trendLength),
  ]);
  // The coverage of the language other than the primary one, as its pages' audits counted it.
  const translatedLanguage = store?.locales.find((entry) => !entry.primary)?.language;
  const totals = figures.filter((row) => row.kind === null);
  const translatedFigures = totals.find((row) => row.language === translatedLanguage);
  const languages: Language[] = store?.locales.map((entry) => entry.language) ?? [];
  const now = new Date();
  const scores: StoreScores = {
    shopId,
    primaryLanguage: store?.primaryLanguage ?? null,
    lastRun: lastRun === undefined ? null : presentRun(lastRun),
    languages: languages.map((language) => {
      const figuresOf = totals.find((row) => row.language === language);
      const score = figuresOf?.score ?? null;
      const recorded = trend.filter((point) => point.language === language);
      return {
        language,
        score,
        // The trend's last point is the headline score itself.
        trend: trendEndingAtScore(recorded, score, now, trendLength).map((point) => ({
          at: point.at.toISOString(),
          score: point.score,
        })),
        findingsBySeverity: {
          error: figuresOf?.errors ?? 0,
          warning: figuresOf?.warnings ?? 0,
          info: figuresOf?.infos ?? 0,
        },
        findingsByCheck: byCheck
          .filter((row) => row.language === language)
          .map(({ checkId, severity, pages }) => ({ checkId, severity, pages })),
      };
    }),
    translationCoverage:
      translatedLanguage === undefined
        ? null
        : {
            language: translatedLanguage,
            fields: translatedFigures?.translationFields ?? 0,
            translated: translatedFigures?.translated ?? 0,
            outdated: translatedFigures?.translationsOutdated ?? 0,
            sameAsSource: translatedFigures?.translationsSameAsSource ?? 0,
          },
  };
  const translationDebt: TranslationDebt | null =
    translatedLanguage === undefined
      ? null
      : {
          language: translatedLanguage,
          kinds: figures
            .filter((row) => row.kind !== null && row.language === translatedLanguage)
            .sort((a, b) => pageKinds.indexOf(a.kind!) - pageKinds.indexOf(b.kind!))
            .map((row) => ({
              kind: row.kind!,
              fields: row.translationFields,
              missing: Math.max(0, row.translationFields - row.translated),
              outdated: row.translationsOutdated,
              sameAsSource: row.translationsSameAsSource,
            })),
        };
  return { scores, translationDebt };
}
