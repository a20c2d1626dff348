import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA, plus axe's best practices (landmarks, headings, regions). */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core, ready to check `page` against `axeTags`, set to do no more work than the accessibility
 * tests read. By default @axe-core/playwright runs axe in every frame, then opens a blank page,
 * injects axe there again and hands it every result to assemble the report: a page and a renderer
 * more per analysis, hundreds of them in a run. Its legacy mode runs axe once, in the page, which
 * checks the page's same-origin frames as well (the product's pages have no other). The tests read
 * only the violations: `resultTypes` keeps every node of every violation and stops listing each
 * node that passes.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(axeTags)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
}
