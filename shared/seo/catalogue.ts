import type { Check } from './check.ts';
import { contentChecks } from './checks/content-checks.ts';
import { descriptionChecks } from './checks/description-checks.ts';
import { handleChecks } from './checks/handle-checks.ts';
import { headingChecks } from './checks/heading-checks.ts';
import { imageChecks } from './checks/image-checks.ts';
import { linkChecks } from './checks/link-checks.ts';
import { titleChecks } from './checks/title-checks.ts';
import { translationChecks } from './checks/translation-checks.ts';

/**
 * Every check the audit runs on the store's copy, in the order the owner reads them. The thresholds
 * and their sources are in docs/seo-checks.md; each group of checks is tested in tests/unit/seo-<group>-checks.test.ts.
 */
export const checkCatalogue: readonly Check[] = [
  ...titleChecks,
  ...descriptionChecks,
  ...headingChecks,
  ...imageChecks,
  ...contentChecks,
  ...linkChecks,
  ...handleChecks,
  ...translationChecks,
];

const checksById = new Map(checkCatalogue.map((check) => [check.id, check]));

/** The check of that id, or undefined for an id no longer in the catalogue. */
export function checkById(id: string): Check | undefined {
  return checksById.get(id);
}
