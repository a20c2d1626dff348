/// <reference lib="dom" />
import { mergeTests, type Browser, type Locator, type Page } from '@playwright/test';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { waitForApp } from './accounts.ts';
import { test as consoleTest } from './auth-flows.ts';
import { expect, fetchFromPage, openSession, test as accountTest } from './fixtures.ts';
import { axeOn } from './axe-analysis.ts';
import { specStores } from './seeded-stores.ts';
import { disconnectAll, newOwnerWithSeededStore, open, setLanguage } from './seo-owner-steps.ts';

/**
 * Bulk edits against the real product: the seeded store connected through the local Shopify's
 * install screen and audited; on Free, "Bulk edit" on the pages list says which plans have it (and
 * the API refuses it); the owner then pays for Pro with 4242 on the local Stripe's Checkout, opens
 * bulk edit on the products, writes `{title} | {shop}` in English with the placeholder buttons and
 * a French template, previews the values the server fills in, ticks two pages and approves their
 * changes (the dialog staying open while the approval is under way); the local Shopify then holds
 * the new values, and undoing the batch from the SEO overview
 * puts the old ones back. No serious accessibility violation in either language. Any error printed
 * in the console fails a test.
 *
 * The store is connected once for the whole describe and disconnected at the end: a seeded store of
 * this spec's own (seeded-stores.ts), which no other spec connects meanwhile.
 */

const test = mergeTests(accountTest, consoleTest);
const { domain: shopDomain, displayName: shopName } = specStores.bulkEdits;

/** The local Shopify, whose test controls show what the store holds (playwright.config.ts). */
const localShopifyUrl = process.env.E2E_LOCAL_SHOPIFY_URL ?? '';

interface PreviewValue {
  language: 'en' | 'fr';
  current: string | null;
  proposed: string;
  skip: string | null;
}
interface PreviewRow {
  pageId: string;
  pageTitle: string;
  values: PreviewValue[];
}
interface Preview {
  total: number;
  counts: { ready: number; skipped: Record<string, number> };
  rows: PreviewRow[];
}
interface LocalProduct {
  seo: { title: string | null };
  translations: Record<string, Record<string, { value: string } | undefined> | undefined>;
}

const englishTemplate = '{title} | {shop}';
const frenchTemplate = '{title}, chez {shop}';

/** Pays for Pro (monthly) on the local Stripe's Checkout, from /pricing, as an owner does. */
async function subscribeToPro(page: Page): Promise<void> {
  await page.goto('/pricing');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 30_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Cardholder name').fill('Camille Martin');
  const country = page.getByLabel('Country or region');
  if ((await country.count()) > 0) await country.selectOption('FR');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/subscription/, { timeout: 30_000 });
  await expect(page.getByText('Payment received. Welcome to Pro!')).toBeVisible({
    timeout: 30_000,
  });
}

/** The bulk editor's dialog, opened from the pages list's "Bulk edit". */
async function openBulkEdit(page: Page, name = 'Bulk edit'): Promise<Locator> {
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page).toHaveURL(/[?&]bulk=title/);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** What the local Shopify holds for a product: its SEO title in English and in French. */
async function titlesInShopify(page: Page, pageId: string) {
  const response = await page.request.get(
    `${localShopifyUrl}/${shopDomain}/_local/api/products/${pageId.split('/').pop()}`,
  );
  expect(response.ok()).toBe(true);
  const product = (await response.json()) as LocalProduct;
  // An empty title and no title read the same on the storefront.
  return {
    en: product.seo.title || null,
    fr: product.translations.fr?.meta_title?.value || null,
  };
}

const valueOf = (row: PreviewRow, language: 'en' | 'fr') =>
  row.values.find((value) => value.language === language);

test.describe('bulk edits of the seeded store', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let owner: TestUser;
  let shopId = '';

  test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 180_000);
    ({ owner, shopId } = await newOwnerWithSeededStore(browser, shopDomain, 'audited'));
  });

  test.afterAll(async ({ browser }: { browser: Browser }) => {
    if (owner === undefined) return;
    const page = await browser.newPage();
    await openSession(page, owner);
    await disconnectAll(page);
    await page.close();
  });

  test('on Free, bulk edit says which plans have it, and Escape and Back close it', async ({
    page,
  }) => {
    await open(page, owner, `/seo/pages?shop=${shopId}&kind=product`);
    const opener = page.getByRole('button', { name: 'Bulk edit', exact: true });
    const dialog = await openBulkEdit(page);
    await expect(
      dialog.getByText('Bulk edits come with the Pro and Business plans', { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(dialog.getByRole('button', { name: 'Preview' })).toHaveCount(0);
    // The API refuses it too.
    const refused = await fetchFromPage(page, `/api/v1/shops/${shopId}/seo/bulk/preview`, {
      method: 'POST',
      body: {
        selection: { kind: 'product' },
        field: 'seoTitle',
        templates: { en: englishTemplate },
      },
    });
    expect(refused.status).toBe(403);
    expect((refused.body as { error: { code: string } }).error.code).toBe(
      'plan_feature_unavailable',
    );

    // Escape closes it, the address forgets it, the focus is back on "Bulk edit".
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]bulk=/);
    await expect(opener).toBeFocused();

    // Back closes it too, on the list as it was filtered.
    await openBulkEdit(page);
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/seo/pages\\?shop=${shopId}&kind=product$`));
  });

  test('on Pro, templates previewed and approved on two products reach Shopify, and undo puts the old titles back', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    expect(await openSession(page, owner)).toBe(200);
    await setLanguage(page, 'en');
    await subscribeToPro(page);

    await page.goto(`/seo/pages?shop=${shopId}&kind=product`);
    await waitForApp(page);
    const dialog = await openBulkEdit(page);
    await expect(dialog.getByRole('radio', { name: 'Search title' })).toBeChecked();
    await expect(
      dialog
        .getByText('One page is chosen', { exact: false })
        .or(dialog.getByText(/^[\d,]+ pages are chosen by the list’s filters\.$/)),
    ).toBeVisible();

    // The English template written with the placeholder buttons, the caret kept after each.
    const english = dialog.getByRole('region', { name: 'English' });
    const englishBox = english.getByRole('textbox', { name: 'Template in English' });
    await englishBox.click();
    await english.getByRole('button', { name: '{title}' }).click();
    await expect(englishBox).toBeFocused();
    await page.keyboard.type(' | ');
    await english.getByRole('button', { name: '{shop}' }).click();
    await expect(englishBox).toHaveValue(englishTemplate);
    // The live example fills it for the first page of the list.
    await expect(english.getByText(/^Example, for “.+”:/)).toContainText(` | ${shopName}”`);

    const french = dialog.getByRole('region', { name: 'French' });
    await french.getByRole('textbox', { name: 'Template in French' }).fill(frenchTemplate);

    // An unknown placeholder is pointed at in its language's editor, before anything is sent.
    await french.getByRole('textbox', { name: 'Template in French' }).fill('{titre}');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(french.getByRole('alert')).toHaveText(/Not a placeholder: \{titre\}/);
    await expect(french.getByRole('textbox', { name: 'Template in French' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await french.getByRole('textbox', { name: 'Template in French' }).fill(frenchTemplate);
    await dialog.getByRole('button', { name: 'Preview' }).click();

    // What the server previews, to compare the screen with.
    const body = {
      selection: { kind: 'product' },
      field: 'seoTitle',
      templates: { en: englishTemplate, fr: frenchTemplate },
      offset: 0,
      limit: 50,
    };
    const answer = await fetchFromPage(page, `/api/v1/shops/${shopId}/seo/bulk/preview`, {
      method: 'POST',
      body,
    });
    expect(answer.status).toBe(200);
    const preview = (answer.body as { data: Preview }).data;
    expect(preview.counts.ready).toBeGreaterThan(0);

    await expect(dialog.getByRole('heading', { name: 'Preview', level: 3 })).toBeFocused();
    await expect(
      dialog.getByText(
        new RegExp(
          `^${preview.counts.ready === 1 ? 'One value' : `${preview.counts.ready.toLocaleString('en')} values`} ready`,
        ),
      ),
    ).toBeVisible();
    const table = dialog.getByRole('table', { name: 'Values the templates give' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(preview.rows.length, 50));
    const firstEnglish = valueOf(preview.rows[0]!, 'en')!;
    expect(firstEnglish.proposed).toMatch(new RegExp(` \\| ${shopName}$`));
    await expect(rows.first()).toContainText(firstEnglish.proposed);

    // More pages, a slice at a time from the server.
    if (preview.total > 50) {
      await dialog.getByRole('button', { name: 'Show more pages' }).click();
      await expect(rows).toHaveCount(Math.min(preview.total, 100));
    }

    // Two products whose English title would change (their French one too, where some would),
    // ticked.
    const ready = (row: PreviewRow, language: 'en' | 'fr') => valueOf(row, language)?.skip === null;
    const chosen = preview.rows
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => ready(row, 'en'))
      .sort((a, b) => Number(ready(b.row, 'fr')) - Number(ready(a.row, 'fr')))
      .slice(0, 2);
    expect(chosen, 'two products whose title the template changes').toHaveLength(2);
    const before = await Promise.all(chosen.map(({ row }) => titlesInShopify(page, row.pageId)));
    await dialog.getByRole('radio', { name: 'Only the ones I tick' }).check();
    for (const { index } of chosen) await rows.nth(index).getByRole('checkbox').check();
    const changes = chosen.reduce(
      (sum, { row }) => sum + row.values.filter((value) => value.skip === null).length,
      0,
    );
    // Previewed, nothing has reached Shopify.
    for (const [at, { row }] of chosen.entries()) {
      expect(await titlesInShopify(page, row.pageId)).toEqual(before[at]);
    }

    // While the approval is under way (its request held here until released), the dialog stays
    // open: Escape and Close do not leave the owner thinking the rest was called off.
    let releaseApproval = () => {};
    const approvalHeld = new Promise<void>((resolve) => (releaseApproval = resolve));
    const approveRoute = '**/seo/changes/approve';
    await page.route(approveRoute, async (route) => {
      await approvalHeld;
      await route.continue();
    });
    await dialog.getByRole('button', { name: `Approve ${changes} changes` }).click();
    await expect(
      dialog.getByText(
        'The approval is under way: this window can be closed once every change is approved.',
      ),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    await expect(close).toHaveAttribute('aria-disabled', 'true');
    // Playwright waits for an aria-disabled button to be enabled; a person can still press it.
    await close.click({ force: true });
    await expect(dialog).toBeVisible();
    releaseApproval();
    await expect(
      dialog.getByText(`${changes} changes approved: they are being written to Shopify.`),
    ).toBeVisible({ timeout: 30_000 });
    await page.unroute(approveRoute);
    await expect(close).not.toHaveAttribute('aria-disabled');

    // The local Shopify holds the new values of the pages ticked.
    for (const { row } of chosen) {
      const expected = {
        en: valueOf(row, 'en')!.proposed,
        fr:
          valueOf(row, 'fr')?.skip === null
            ? valueOf(row, 'fr')!.proposed
            : (valueOf(row, 'fr')?.current ?? null) || null,
      };
      await expect
        .poll(() => titlesInShopify(page, row.pageId), { timeout: 60_000 })
        .toEqual(expected);
    }
    // A page not ticked kept its title.
    const unticked = preview.rows.find(
      (row, index) =>
        !chosen.some((pick) => pick.index === index) && valueOf(row, 'en')?.skip === null,
    );
    if (unticked !== undefined) {
      expect((await titlesInShopify(page, unticked.pageId)).en).toBe(
        valueOf(unticked, 'en')!.current || null,
      );
    }

    // The overview's changes follow the batch, and undo it.
    await dialog.getByRole('link', { name: 'Open the SEO overview' }).click();
    await expect(page).toHaveURL(new RegExp(`/seo\\?shop=${shopId}$`));
    const summary = page.getByRole('region', { name: 'Changes' });
    const batch = summary
      .getByRole('listitem')
      .filter({ hasText: `${changes} changes` })
      .first();
    await expect(batch.getByText('Written to Shopify')).toBeVisible({ timeout: 60_000 });
    await batch.getByRole('button', { name: 'Undo the whole batch' }).click();
    // Asked first, with how many changes go back; nothing is undone until confirmed.
    const confirm = page.getByRole('dialog', { name: `Undo these ${changes} changes?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: `Undo ${changes} changes` }).click();
    await expect(confirm).toBeHidden();
    for (const [at, { row }] of chosen.entries()) {
      await expect
        .poll(() => titlesInShopify(page, row.pageId), { timeout: 60_000 })
        .toEqual(before[at]);
    }
  });

  test('the bulk editor has no serious accessibility violation, in both languages', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await open(page, owner, `/seo/pages?shop=${shopId}`);
    for (const language of ['en', 'fr'] as const) {
      await setLanguage(page, language);
      await page.goto(`/seo/pages?shop=${shopId}&kind=product&bulk=title`);
      await waitForApp(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const templateName = language === 'en' ? 'Template in English' : 'Modèle en anglais';
      await expect(dialog.getByRole('textbox', { name: templateName })).toBeVisible();
      await expectNoSeriousViolation(page, `write ${language}`);

      await dialog.getByRole('textbox', { name: templateName }).fill(englishTemplate);
      await dialog
        .getByRole('button', { name: language === 'en' ? 'Preview' : 'Prévisualiser' })
        .click();
      await expect(dialog.getByRole('table')).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolation(page, `preview ${language}`);
    }
  });
});

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  await expect(page.locator('[role="status"]').filter({ hasText: /…$/ })).toHaveCount(0);
  const results = await axeOn(page).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
  expect.soft(serious, what).toEqual([]);
}
