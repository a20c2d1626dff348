import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/**
 * Switches the system's colour scheme under a loaded page, for an analysis in the other theme: the
 * app follows it at once, as it does for a visitor whose system turns dark at nightfall. The themes
 * differ only in colours (the stylesheets set colour properties per theme, nothing else), so the
 * page need not be loaded again; tests/e2e/accessibility.spec.ts checks on every public page that
 * the content is the same after the switch.
 */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}
