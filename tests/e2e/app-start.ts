import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app, not the prerendered markup, has rendered the element `selector` finds (it
 * carries React's fiber key). A prerendered page starts the app at the visitor's first sign of use
 * (client/app/prerendered-page-start.ts), so the pointer moves over the page, as a visitor's
 * would, until the app is there: a move made before the page's script listens is not seen, and a
 * visitor would go on moving.
 */
export async function waitForAppAt(page: Page, selector: string): Promise<void> {
  let corner = 1;
  await expect
    .poll(
      async () => {
        corner = corner === 1 ? 2 : 1;
        try {
          await page.mouse.move(corner, corner);
          return await page.evaluate((selector) => {
            const element = document.querySelector(selector);
            return (
              element !== null &&
              Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
            );
          }, selector);
        } catch {
          // The page is still navigating: its document is not there to be asked yet.
          return false;
        }
      },
      { timeout: 25_000, intervals: [50, 100, 250, 500] },
    )
    .toBe(true);
}
