/// <reference lib="dom" />
import { mergeTests, type Page } from '@playwright/test';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';
import { registerAccount, waitForApp } from './accounts.ts';
import { test as consoleTest } from './auth-flows.ts';
import { axeOn, switchTheme } from './axe-analysis.ts';
import { authEmulatorHost, expect, openSession, test as accountTest } from './fixtures.ts';
import { specStores } from './seeded-stores.ts';
import { apiGet, connectSeededStore, disconnectAll, setLanguage } from './seo-owner-steps.ts';

/**
 * The dashboard against the real product: a new account sees the way to value, the step of the
 * store ticked once it connects the seeded store; once the import's audit has run, each language's
 * score (the one /seo shows), the actions that gain the most, the translation debt, the blog and
 * the plan, in English and in French; /home telling what happened, newest first; a change Shopify
 * could not take shown with its reason, in English and in French; no serious accessibility
 * violation on either screen in either language or theme. Any error printed in the console fails a
 * test.
 */

const test = mergeTests(accountTest, consoleTest);
const shopDomain = specStores.dashboard.domain;
/** The local Shopify, whose test controls change the store as its owner would (playwright.config.ts). */
const localShopifyUrl = process.env.E2E_LOCAL_SHOPIFY_URL ?? '';

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await waitForApp(page);
}

test.describe('the dashboard of a new account', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let owner: TestUser;
  let shopId = '';

  test.afterAll(async ({ browser }) => {
    if (owner === undefined) return;
    const page = await browser.newPage();
    await openSession(page, owner);
    await disconnectAll(page);
    await page.close();
  });

  test('ticks the way to value as the store connects, then sums the store up', async ({ page }) => {
    owner = await createEmailUser(authEmulatorHost, { displayName: 'Inès Moreau' });
    expect(await openSession(page, owner)).toBe(200);
    await registerAccount(page, owner, { language: 'en' });

    await openDashboard(page);
    const checklist = page.getByRole('region', { name: 'Your first steps' });
    await expect(checklist.getByRole('listitem')).toHaveCount(5);
    await expect(
      checklist.getByRole('listitem').filter({ hasText: 'Connect your Shopify store' }),
    ).toContainText('(to do)');
    await expect(page.getByRole('heading', { name: 'No store connected yet' })).toBeVisible();

    shopId = await connectSeededStore(page, shopDomain);
    await openDashboard(page);
    await expect(
      checklist.getByRole('listitem').filter({ hasText: 'Connect your Shopify store' }),
    ).toContainText('(done)');

    // The import's audit runs on its own; the dashboard follows it until it is done.
    const scores = page.getByRole('region', { name: 'SEO score' });
    await expect(scores.getByText(/^\d+\/100$/)).toHaveCount(2, { timeout: 120_000 });
    const english =
      (await scores
        .getByText(/^\d+\/100$/)
        .first()
        .textContent()) ?? '';
    await expect(
      checklist.getByRole('listitem').filter({ hasText: 'Read your store’s first SEO audit' }),
    ).toContainText('(done)');

    // The same score as the audit's own screen.
    await page.getByRole('link', { name: 'Open the SEO audit' }).click();
    await expect(page).toHaveURL(/\/seo\?shop=/);
    await expect(
      page.getByText(english.replace('/100', ''), { exact: true }).first(),
    ).toBeVisible();
    await page.goBack();
    await waitForApp(page);

    const fixNext = page.getByRole('region', { name: 'Fix next' });
    const actions = fixNext.getByRole('listitem');
    await expect(actions).not.toHaveCount(0);
    expect(await actions.count()).toBeLessThanOrEqual(5);
    await expect(actions.first().getByRole('link')).toHaveText(
      /\d.* in (English|French)|in (English|French).*\d/,
    );
    await expect(actions.first().getByRole('link')).toHaveAttribute(
      'href',
      /\/seo\/pages\?shop=.+&check=.+&language=(en|fr)/,
    );

    await expect(page.getByRole('region', { name: 'Translation debt in French' })).toBeVisible();
    const usage = page.getByRole('region', { name: 'Your Free plan' });
    await expect(usage).toContainText('Stores: 1 of 1');
    // The store limit is reached, and Pro connects no more stores than Free: Business is named.
    await expect(usage).toContainText(
      'You are near a limit of your plan. Business connects up to 5 stores.',
    );
    await expect(page.getByRole('region', { name: /and Shopify$/ })).toContainText(
      'In sync with Shopify.',
    );

    // /home lists what happened, newest first, each saying who or what did it.
    await page.goto('/home');
    await waitForApp(page);
    const timeline = page.getByRole('region', { name: 'Activity' }).getByRole('listitem');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(0)).toContainText('SEO audit finished: English');
    await expect(timeline.nth(0)).toContainText('by Vitrine');
    await expect(timeline.nth(1)).toContainText('Catalog imported');
    await expect(timeline.nth(2)).toContainText('Store connected');
    await expect(timeline.nth(2)).toContainText(`${shopDomain} · by you`);

    // In French.
    await setLanguage(page, 'fr');
    await openDashboard(page);
    await expect(page.getByRole('region', { name: 'Score SEO' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'À corriger ensuite' }).getByRole('link').first(),
    ).toHaveText(/(en français|en anglais)/);
    const usageInFrench = page.getByRole('region', { name: 'Votre offre Gratuite' });
    await expect(usageInFrench).toContainText('Boutiques\u00a0: 1 sur 1');
    await expect(usageInFrench).toContainText(
      'Vous approchez d’une limite de votre offre. L’offre Business connecte jusqu’à 5 boutiques.',
    );
  });

  test('a failed write appears on the dashboard with its reason, in English and in French', async ({
    page,
  }) => {
    expect(await openSession(page, owner)).toBe(200);
    await setLanguage(page, 'en');
    const changes = page.getByRole('region', { name: 'Changes' });
    await openDashboard(page);
    await expect(changes).toBeVisible();
    await expect(changes.getByText('Failed in the last 30 days')).toHaveCount(0);

    // The owner drafts a new search title for a product...
    const products = await apiGet<{ pages: Array<{ id: string }> }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?kind=product&language=en&limit=1`,
    );
    const pageId = products.pages[0]!.id;
    await page.goto(`/seo/pages?shop=${shopId}&page=${encodeURIComponent(pageId)}`);
    await waitForApp(page);
    const editor = page
      .getByRole('dialog')
      .getByRole('region', { name: /^English/ })
      .getByRole('group', { name: 'Search title' });
    await editor.getByRole('textbox').fill('Linen Throw, Washed and Hand-Dyed | Maison Tableau');
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(editor.getByText(/^Draft saved/)).toBeVisible();

    // ...which someone deletes in Shopify's admin before it is approved: Shopify has nothing to
    // write it to, and the write fails.
    const deleted = await page.request.delete(
      `${localShopifyUrl}/${shopDomain}/_local/api/products/${pageId.split('/').pop()}`,
    );
    expect(deleted.ok()).toBe(true);
    await editor.getByRole('button', { name: 'Approve', exact: true }).click();
    const reason = 'This page is no longer in your store, so nothing was written.';
    await expect(editor.getByText(reason)).toBeVisible({ timeout: 60_000 });

    // The dashboard tells it, with the reason, among the store's changes.
    await openDashboard(page);
    await expect(
      changes.getByRole('heading', { name: 'Failed in the last 30 days' }),
    ).toBeVisible();
    await expect(changes.getByRole('listitem').filter({ hasText: reason })).toHaveText(
      `1 change: ${reason}`,
    );

    // In French.
    await setLanguage(page, 'fr');
    await openDashboard(page);
    const modifications = page.getByRole('region', { name: 'Modifications' });
    await expect(
      modifications.getByRole('heading', { name: 'Échecs des 30 derniers jours' }),
    ).toBeVisible();
    const frenchReason = 'Cette page n’est plus dans votre boutique\u00a0: rien n’a été écrit.';
    await expect(modifications.getByRole('listitem').filter({ hasText: frenchReason })).toHaveText(
      `1 modification\u00a0: ${frenchReason}`,
    );
  });

  test('the dashboard and the activity have no serious accessibility violation', async ({
    page,
  }) => {
    expect(await openSession(page, owner)).toBe(200);
    for (const language of ['en', 'fr'] as const) {
      await setLanguage(page, language);
      for (const [path, shown] of [
        ['/dashboard', '.dashboard-grid'],
        ['/home', '.activity-list'],
      ] as const) {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await waitForApp(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator(shown)).toBeVisible();
        for (const theme of ['light', 'dark'] as const) {
          await switchTheme(page, theme);
          const results = await axeOn(page).analyze();
          const serious = results.violations
            .filter(
              (violation) => violation.impact === 'serious' || violation.impact === 'critical',
            )
            .map((violation) => `${violation.id}: ${violation.help}`);
          expect.soft(serious, `${path} ${language} ${theme}`).toEqual([]);
        }
      }
    }
  });
});
