/// <reference lib="dom" />
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The client checks builds/latest.json 1 s after load, then hourly and when the tab
 * becomes visible; once the id differs, the next in-app navigation is a full page load. The product
 * serves the page and its real build; only the browser's view of latest.json is rewritten here.
 *
 * The tests start on the not-found page: its "back home" link is an in-app link that every visitor
 * sees, signed in or not, so one click is an in-app navigation to `/`.
 */

declare global {
  interface Window {
    __beforeNavigation?: boolean;
  }
}

const latestBuild = '**/builds/latest.json*';
const homeLink = (page: Page) => page.locator('main a[href="/"]');

/** Answers latest.json with another build id, as after a deployment. */
async function answerNewerBuild(route: Route): Promise<void> {
  await route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
}

/** Marks the current document; a full page load replaces it, an in-app navigation keeps it. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__beforeNavigation = true;
  });
}
const documentMarked = (page: Page) => page.evaluate(() => window.__beforeNavigation === true);

test('a newer build makes the next in-app navigation a full page load', async ({ page }) => {
  await page.route(latestBuild, answerNewerBuild);
  const checked = page.waitForRequest(latestBuild);
  await page.goto('/no-such-page');
  const request = await checked;
  expect(new URL(request.url()).search).toMatch(/^\?\d+$/);
  await (await request.response())?.finished();
  await markDocument(page);

  const loaded = page.waitForEvent('load');
  await homeLink(page).click();
  await loaded;
  await expect(page).toHaveURL('/');
  expect(await documentMarked(page)).toBe(false);
});

test('the same build keeps navigations in the app', async ({ page }) => {
  const checked = page.waitForResponse(latestBuild);
  await page.goto('/no-such-page');
  const response = await checked;
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  await markDocument(page);

  await homeLink(page).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('main h1')).toBeVisible();
  expect(await documentMarked(page)).toBe(true);
});

test('a newer build seen when the tab becomes visible reloads on back navigation', async ({
  page,
}) => {
  const firstCheck = page.waitForResponse(latestBuild);
  await page.goto('/no-such-page');
  await firstCheck;
  await markDocument(page);
  await homeLink(page).click();
  await expect(page).toHaveURL('/');
  expect(await documentMarked(page)).toBe(true);

  // A deployment happens; the visitor comes back to the tab.
  await page.route(latestBuild, answerNewerBuild);
  const visibleCheck = page.waitForResponse(latestBuild);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  // The answer read whole, and the page's own reading of it done (a task after it), before going
  // back: on a busy machine the app could otherwise still be reading it as the navigation starts.
  await (await visibleCheck).finished();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

  const loaded = page.waitForEvent('load');
  await page.goBack();
  await loaded;
  await expect(page).toHaveURL('/no-such-page');
  expect(await documentMarked(page)).toBe(false);
});
