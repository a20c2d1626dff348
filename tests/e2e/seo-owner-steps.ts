import type { Browser, Page } from '@playwright/test';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';
import { registerAccount, waitForApp } from './accounts.ts';
import {
  authEmulatorHost,
  clickAndWaitForClose,
  expect,
  fetchFromPage,
  openSession,
} from './fixtures.ts';

/**
 * What the SEO specs do as an owner: read the API from the signed-in page, choose the account's
 * language, open a screen, connect one of the local Shopify's seeded stores on /shops (each spec its
 * own: seeded-stores.ts) and disconnect it.
 */

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const { status, body } = await fetchFromPage(page, path);
  expect(status, path).toBe(200);
  return (body as { data: T }).data;
}

export async function setLanguage(page: Page, language: 'en' | 'fr'): Promise<void> {
  const { status } = await fetchFromPage(page, '/api/v1/account/me', {
    method: 'PUT',
    body: { language },
  });
  expect(status).toBe(200);
}

/**
 * Opens `path` signed in as `user`, in English: the account's language is the owner's and some
 * tests switch it to French, so each test says which it reads.
 */
export async function open(page: Page, user: TestUser, path: string): Promise<void> {
  expect(await openSession(page, user)).toBe(200);
  await setLanguage(page, 'en');
  await page.goto(path);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * Connects a seeded store as an owner does on /shops, waits until its import is done, and answers
 * the store's id.
 */
export async function connectSeededStore(page: Page, shopDomain: string): Promise<string> {
  await page.goto('/shops');
  await waitForApp(page);
  await page.getByRole('textbox', { name: 'Store address' }).fill(shopDomain);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: 'Install' })).toBeVisible();
  await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Install' }));
  await expect(page.getByText(`${shopDomain} is connected.`)).toBeVisible();
  await expect(page.getByText('Up to date', { exact: true })).toBeVisible({ timeout: 90_000 });
  const list = await apiGet<{ shops: Array<{ id: string; shopDomain: string }> }>(
    page,
    '/api/v1/shops',
  );
  const shopId = list.shops.find((shop) => shop.shopDomain === shopDomain)?.id ?? '';
  expect(shopId).not.toBe('');
  return shopId;
}

/**
 * How far a spec's store must be along before its tests start: imported; audited after the import;
 * or audited and then read on the storefront, whose findings join the scores (at local mode's
 * pace: config.ts), so that nothing but a test's own act moves the figures afterwards.
 */
export type SeededStoreReadiness = 'imported' | 'audited' | 'checked on the storefront';

/**
 * A new owner (Camille Martin, registered in English) who connected the seeded store `shopDomain`,
 * once the store is as far along as `readiness`: what a spec's `beforeAll` starts from. Answers the
 * owner and the store's id.
 */
export async function newOwnerWithSeededStore(
  browser: Browser,
  shopDomain: string,
  readiness: SeededStoreReadiness,
): Promise<{ owner: TestUser; shopId: string }> {
  const owner = await createEmailUser(authEmulatorHost, { displayName: 'Camille Martin' });
  const page = await browser.newPage();
  try {
    expect(await openSession(page, owner)).toBe(200);
    await registerAccount(page, owner, { language: 'en' });
    const shopId = await connectSeededStore(page, shopDomain);
    const overview = () =>
      apiGet<{
        lastRun: { state: string } | null;
        storefront: { pages: number; checked: number };
      }>(page, `/api/v1/shops/${shopId}/seo`);
    if (readiness !== 'imported') {
      await expect
        .poll(async () => (await overview()).lastRun?.state ?? null, {
          timeout: 120_000,
          intervals: [1000],
        })
        .toBe('done');
    }
    if (readiness === 'checked on the storefront') {
      await expect
        .poll(
          async () => {
            const { storefront } = await overview();
            return storefront.pages > 0 && storefront.checked === storefront.pages;
          },
          { timeout: 240_000, intervals: [2000] },
        )
        .toBe(true);
    }
    return { owner, shopId };
  } finally {
    await page.close();
  }
}

/** Disconnects every store of the signed-in owner, so that the seeded store can connect again. */
export async function disconnectAll(page: Page): Promise<void> {
  const { status, body } = await fetchFromPage(page, '/api/v1/shops');
  if (status !== 200) return;
  for (const shop of (body as { data: { shops: Array<{ id: string }> } }).data.shops) {
    await fetchFromPage(page, `/api/v1/shops/${shop.id}`, { method: 'DELETE' });
  }
}
