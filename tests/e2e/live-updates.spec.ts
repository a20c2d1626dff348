/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { mergeTests, type Browser, type Page } from '@playwright/test';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { waitForApp } from './accounts.ts';
import { test as consoleTest } from './auth-flows.ts';
import { expect, openSession, test as accountTest } from './fixtures.ts';
import { specStores } from './seeded-stores.ts';
import { pagePathOf } from '#shared/schemas/seo.ts';
import {
  apiGet,
  disconnectAll,
  newOwnerWithSeededStore,
  open,
  setLanguage,
} from './seo-owner-steps.ts';

/**
 * Live updates against the real product: an owner's /seo screen, then their /dashboard (in French),
 * is open when a product of their store is edited in the local Shopify; Shopify's webhook reaches
 * the product, the page is audited again, the audit's event reaches the browser on its live channel
 * (GET /live/events), and the figures on screen change to the API's new ones within 2 s, without a
 * reload. Nothing else makes these screens read again: the overview and the dashboard poll only
 * while an audit runs, and a tab's focus does not refetch (client/app/query-client.ts).
 */

const test = mergeTests(accountTest, consoleTest);

const localShopifyUrl = process.env.E2E_LOCAL_SHOPIFY_URL ?? '';
const shopDomain = specStores.live.domain;
const severities = ['error', 'warning', 'info'] as const;

interface Overview {
  lastRun: { state: string } | null;
  languages: Array<{
    language: 'en' | 'fr';
    findingsBySeverity: Record<(typeof severities)[number], number>;
  }>;
  storefront: { checked: number; pages: number };
}

/** The English figures as the API has them: `errors warnings suggestions`. */
async function englishFiguresOfApi(page: Page, shopId: string): Promise<string> {
  const overview = await apiGet<Overview>(page, `/api/v1/shops/${shopId}/seo`);
  const english = overview.languages.find((language) => language.language === 'en')!;
  return severities.map((severity) => english.findingsBySeverity[severity]).join(' ');
}

/** The same figures as the open screen shows them, from the links of the English card. */
async function englishFiguresOnScreen(page: Page): Promise<string> {
  const card = page.getByRole('region', { name: /^English/ });
  const names = await Promise.all(
    [/ errors? in English$/, / warnings? in English$/, / suggestions? in English$/].map(
      async (name) => (await card.getByRole('link', { name }).getAttribute('aria-label')) ?? '',
    ),
  );
  return names.map((name) => name.split(' ')[0]!.replace(/\D/g, '')).join(' ');
}

interface Dashboard {
  store: {
    translationDebt: {
      language: 'en' | 'fr';
      kinds: Array<{
        kind: string;
        fields: number;
        missing: number;
        outdated: number;
        sameAsSource: number;
      }>;
    } | null;
  } | null;
}

/** The words of the dashboard in French, as the screen shows them (client/locales/fr/dashboard.json). */
const frenchDashboard = JSON.parse(
  readFileSync(new URL('../../client/locales/fr/dashboard.json', import.meta.url), 'utf8'),
) as { kinds: Record<string, string> };
const frenchNumber = new Intl.NumberFormat('fr');

/** The French translation debt as the API has it, one row per kind of page: as the screen says it. */
async function frenchDebtOfApi(page: Page, shopId: string): Promise<string[]> {
  const { store } = await apiGet<Dashboard>(page, `/api/v1/dashboard?shopId=${shopId}`);
  expect(store?.translationDebt?.language).toBe('fr');
  return store!
    .translationDebt!.kinds.filter((kind) => kind.fields > 0)
    .map((kind) =>
      [
        frenchDashboard.kinds[kind.kind],
        ...[kind.missing, kind.outdated, kind.sameAsSource].map((n) => frenchNumber.format(n)),
      ].join(' '),
    );
}

/** The same rows as the open dashboard shows them, in its French translation debt table. */
async function frenchDebtOnScreen(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: 'Traductions à faire en français' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells]
          .map((cell) => cell.textContent?.trim() ?? '')
          .join(' '),
      ),
    );
}

/** What the tests read of a page's detail: its meta description in each language. */
interface PageDetail {
  languages: Array<{
    language: 'en' | 'fr';
    fields: Array<{ field: string; value: string | null; outdated: boolean }>;
  }>;
}

test.describe('live updates of the open screens', () => {
  test.describe.configure({ mode: 'default', timeout: 120_000 });

  let owner: TestUser;
  let shopId = '';

  test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 360_000);
    ({ owner, shopId } = await newOwnerWithSeededStore(
      browser,
      shopDomain,
      'checked on the storefront',
    ));
  });

  test.afterAll(async ({ browser }: { browser: Browser }) => {
    if (owner === undefined) return;
    const page = await browser.newPage();
    expect(await openSession(page, owner)).toBe(200);
    await disconnectAll(page);
    await page.close();
  });

  test('a product edited in Shopify changes the figures on the open /seo screen without a reload', async ({
    page,
  }) => {
    await open(page, owner, `/seo?shop=${shopId}`);
    const before = await englishFiguresOfApi(page, shopId);
    await expect.poll(() => englishFiguresOnScreen(page)).toBe(before);
    // Gone if the page loads again: the figures must change in this very document.
    await page.evaluate(() => {
      (window as unknown as { liveSpecMarker: string }).liveSpecMarker = 'still here';
    });

    // The product with the best English score loses its SEO title, description and text in
    // Shopify, as an owner editing it there would: its English findings can only grow.
    const best = await apiGet<{ pages: Array<{ id: string }> }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?kind=product&language=en&sort=score&order=desc&limit=1`,
    );
    const productId = best.pages[0]!.id.split('/').pop();
    const edited = await page.request.patch(
      `${localShopifyUrl}/${shopDomain}/_local/api/products/${productId}`,
      { data: { seo: { title: '', description: '' }, descriptionHtml: '' } },
    );
    expect(edited.ok()).toBe(true);

    // Shopify's webhook, the copy's refetch and the page's audit: the API has the new figures...
    const after = await expect
      .poll(() => englishFiguresOfApi(page, shopId), { timeout: 30_000, intervals: [100] })
      .not.toBe(before)
      .then(() => englishFiguresOfApi(page, shopId));
    // ...and the open screen shows them within 2 s, in the same document.
    await expect
      .poll(() => englishFiguresOnScreen(page), { timeout: 2_000, intervals: [100] })
      .toBe(after);
    expect(
      await page.evaluate(() => (window as unknown as { liveSpecMarker?: string }).liveSpecMarker),
    ).toBe('still here');
  });

  test('a product edited in Shopify moves the figures of the open dashboard without a reload, in French', async ({
    page,
  }) => {
    expect(await openSession(page, owner)).toBe(200);
    await setLanguage(page, 'fr');

    // A product whose French meta description translates its English one as it stands.
    const candidates = await apiGet<{ pages: Array<{ id: string }> }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?kind=product&language=fr&limit=100`,
    );
    let productId = '';
    let englishDescription = '';
    for (const candidate of candidates.pages) {
      const detail = await apiGet<PageDetail>(
        page,
        `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(candidate.id)}`,
      );
      const description = (language: 'en' | 'fr') =>
        detail.languages
          .find((entry) => entry.language === language)
          ?.fields.find((field) => field.field === 'seoDescription');
      const french = description('fr');
      const english = description('en')?.value ?? null;
      if (
        english !== null &&
        french?.value != null &&
        french.value !== english &&
        !french.outdated
      ) {
        productId = candidate.id.split('/').pop()!;
        englishDescription = english;
        break;
      }
    }
    expect(productId, 'a product with an up-to-date French meta description').not.toBe('');

    await page.goto('/dashboard');
    await waitForApp(page);
    const before = await frenchDebtOfApi(page, shopId);
    await expect.poll(() => frenchDebtOnScreen(page)).toEqual(before);
    // Gone if the page loads again: the figures must change in this very document.
    await page.evaluate(() => {
      (window as unknown as { liveSpecMarker: string }).liveSpecMarker = 'still here';
    });

    // The owner rewrites the English meta description in Shopify: Shopify marks its French
    // translation outdated, one more to update on the products' row.
    const edited = await page.request.patch(
      `${localShopifyUrl}/${shopDomain}/_local/api/products/${productId}`,
      { data: { seo: { description: `${englishDescription} Free returns within 30 days.` } } },
    );
    expect(edited.ok()).toBe(true);

    const after = await expect
      .poll(() => frenchDebtOfApi(page, shopId), { timeout: 30_000, intervals: [100] })
      .not.toEqual(before)
      .then(() => frenchDebtOfApi(page, shopId));
    const outdatedProducts = (rows: string[]) =>
      Number(
        rows
          .find((row) => row.startsWith('Produits '))
          ?.split(' ')[2]
          ?.replace(/\D/g, ''),
      );
    expect(outdatedProducts(after)).toBe(outdatedProducts(before) + 1);
    // The open dashboard shows them within 2 s (5 s for a busy machine), in the same document.
    await expect
      .poll(() => frenchDebtOnScreen(page), { timeout: 5_000, intervals: [100] })
      .toEqual(after);
    expect(
      await page.evaluate(() => (window as unknown as { liveSpecMarker?: string }).liveSpecMarker),
    ).toBe('still here');
  });
});
