import { checkCatalogue } from '#shared/seo/catalogue.ts';
import type { CheckArea, PageCheck, PageLanguageView } from '#shared/seo/check.ts';
import { runPageChecks } from '#shared/seo/run-page-checks.ts';
import type { FindingView } from '#shared/schemas/seo.ts';

/**
 * The audit's own checks, run again in the browser on a page as the owner's texts would make it.
 * Loaded apart from the SEO screens (use-live-checks.ts): the checks measure text widths and
 * identify languages, several hundred kilobytes that only an owner editing a text needs.
 *
 * A check says what it reads by its area: the titles, descriptions, images and translations checks
 * read the texts the editors change. Only checks of one page run here: the duplicate checks compare
 * a page with the rest of the store, which only the audit reads.
 */

const editedAreas: ReadonlySet<CheckArea> = new Set([
  'titles',
  'descriptions',
  'images',
  'translations',
]);

const liveChecks: readonly PageCheck[] = checkCatalogue.filter(
  (check): check is PageCheck => check.type === 'page' && editedAreas.has(check.area),
);

/** The ids of the checks run again as the owner types. */
export const liveCheckIds: ReadonlySet<string> = new Set(liveChecks.map((check) => check.id));

/**
 * What those checks find on the page, through the audit's own runner: the same findings the audit
 * reports once the texts are written (tests/unit/seo-live-checks-agreement.test.ts).
 */
export function runLiveChecks(view: PageLanguageView): FindingView[] {
  return runPageChecks(liveChecks, view).map(({ check, evidence }) => ({
    checkId: check.id,
    severity: check.severity,
    language: view.language,
    ...evidence,
  }));
}
