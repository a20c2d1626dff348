import type { FindingEvidence, PageCheck, PageLanguageView } from './check.ts';

/**
 * Runs page checks on one page in one language: each check that applies to the page's kind, each
 * evidence it gives. The audit (server/areas/seo/audit-page.ts) and the editors' checks run again
 * as the owner types (client/features/seo/live-checks.ts) both find through this function, so that
 * for the same page they find the same (tests/unit/seo-live-checks-agreement.test.ts).
 */
export function runPageChecks(
  checks: readonly PageCheck[],
  view: PageLanguageView,
): Array<{ check: PageCheck; evidence: FindingEvidence }> {
  const found: Array<{ check: PageCheck; evidence: FindingEvidence }> = [];
  for (const check of checks) {
    if (!check.appliesTo.includes(view.kind)) continue;
    for (const evidence of check.run(view)) found.push({ check, evidence });
  }
  return found;
}
