/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { mergeTests, type Browser, type Page } from '@playwright/test';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { registerAccount, waitForApp } from './accounts.ts';
import { test as consoleTest } from './auth-flows.ts';
import { expect, openSession, test as accountTest } from './fixtures.ts';
import { axeOn, switchTheme } from './axe-analysis.ts';
import { specStores } from './seeded-stores.ts';
import {
  apiGet,
  disconnectAll,
  newOwnerWithSeededStore,
  open,
  setLanguage,
} from './seo-owner-steps.ts';
import { pagePathOf } from '#shared/schemas/seo.ts';

/**
 * The SEO screens against the real product: the seeded store connected through the local
 * Shopify's install screen and imported, its first audit (run after the import), the overview in
 * English and French side by side, a severity's link landing on the pages list filtered by the
 * server, a page's detail with its findings in the owner's words, the list sorted by a column,
 * "Audit now" followed live to the new run, a missing French meta description written from a page's
 * detail once approved, found in the local Shopify, its finding gone, then undone once confirmed,
 * and no serious accessibility violation. Any error printed in the console fails a test.
 *
 * The store is connected once for the whole describe, to one account whose sessions each test
 * opens, and disconnected at the end: a seeded store of this spec's own (seeded-stores.ts), which
 * no other spec connects meanwhile.
 */

const test = mergeTests(accountTest, consoleTest);

/** The local Shopify, whose test controls show what the store holds (playwright.config.ts). */
const localShopifyUrl = process.env.E2E_LOCAL_SHOPIFY_URL ?? '';
const shopDomain = specStores.audit.domain;

interface PageSummary {
  id: string;
  title: string;
  handle: string;
}
interface Overview {
  lastRun: { id: string; state: string; finishedAt: string | null; pagesLeftOut: number } | null;
  languages: Array<{
    language: 'en' | 'fr';
    score: number | null;
    findingsBySeverity: Record<'error' | 'warning' | 'info', number>;
  }>;
  storefront: { checked: number; pages: number; lastCheckedAt: string | null };
}
interface PageDetail {
  languages: Array<{
    language: 'en' | 'fr';
    findings: Array<{ checkId: string; severity: string }>;
  }>;
}
interface FixedPageDetail {
  languages: Array<{
    language: 'en' | 'fr';
    findings: Array<{ checkId: string; field?: string }>;
  }>;
}

/** The French words of the checks, as the screens show them (client/locales/fr/seo-checks.json). */
const frenchChecks = JSON.parse(
  readFileSync(new URL('../../client/locales/fr/seo-checks.json', import.meta.url), 'utf8'),
) as Record<string, { name: string; what: string; why: string; how: string }>;

/** The rows of the pages list in the document, in their order. */
const listRows = (page: Page) =>
  page
    .getByRole('grid', { name: /Audited pages|Pages auditées/ })
    .getByRole('row')
    .filter({
      has: page.getByRole('gridcell'),
    });

test.describe('the SEO audit of the seeded store', () => {
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
    await openSession(page, owner);
    await disconnectAll(page);
    await page.close();
  });

  test('the overview shows English and French side by side with their scores, and a severity’s link filters the list', async ({
    page,
  }) => {
    await open(page, owner, '/seo');
    const overview = await apiGet<Overview>(page, `/api/v1/shops/${shopId}/seo`);
    expect(overview.languages.map((language) => language.language)).toEqual(['en', 'fr']);

    // Primary language first, each with its score as a number and in words.
    const sections = page.getByRole('region');
    const english = sections.filter({
      has: page.getByRole('heading', {
        level: 2,
        name: 'English (primary language)',
        exact: true,
      }),
    });
    const french = sections.filter({
      has: page.getByRole('heading', { level: 2, name: 'French', exact: true }),
    });
    await expect(english).toBeVisible();
    await expect(french).toBeVisible();
    const languageHeadings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(languageHeadings.indexOf('English (primary language)')).toBeLessThan(
      languageHeadings.indexOf('French'),
    );
    for (const [section, data] of [
      [english, overview.languages[0]!],
      [french, overview.languages[1]!],
    ] as const) {
      expect(data.score).not.toBeNull();
      await expect(
        section.getByText(new RegExp(`^Score: ${data.score} out of 100, `)),
      ).toBeAttached();
      await expect(section.getByRole('img', { name: /^Score trend in / })).toBeVisible();
    }
    // The Free plan audits 100 pages; the seeded store has more, and the overview says so.
    if (overview.lastRun !== null && overview.lastRun.pagesLeftOut > 0) {
      await expect(page.getByText(/pages? (was|were) left out/)).toBeVisible();
      await expect(page.getByRole('link', { name: /See the plans/ })).toHaveAttribute(
        'href',
        '/pricing',
      );
    }

    // How much of the storefront the storefront checks have read: all of it, by now.
    const { storefront } = overview;
    await expect(
      page.getByText(
        new RegExp(
          `^Storefront checked: ${storefront.checked.toLocaleString('en')} of ${storefront.pages.toLocaleString('en')} pages, last on `,
        ),
      ),
    ).toBeVisible();

    // How a score is worked out is one click away, with the weights the audit scores with.
    const explanation = page.getByText('How the scores are worked out');
    await expect(page.getByText('an error takes 15 points')).toBeHidden();
    await explanation.click();
    await expect(page.getByText('an error takes 15 points')).toBeVisible();
    await expect(page.getByText('a suggestion takes 1 point', { exact: true })).toBeVisible();

    // The English errors' link lands on the list, filtered by the server as the address says.
    const errors = overview.languages[0]!.findingsBySeverity.error;
    const warnings = overview.languages[0]!.findingsBySeverity.warning;
    const severity = errors > 0 ? 'error' : 'warning';
    const count = severity === 'error' ? errors : warnings;
    expect(count, 'the seeded store has findings to fix').toBeGreaterThan(0);
    await english
      .getByRole('link', {
        name: new RegExp(`^${count.toLocaleString('en')} ${severity}s? in English$`),
      })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/seo/pages\\?shop=${shopId}&severity=${severity}&language=en$`),
    );
    await expect(page.getByRole('search').getByLabel('Severity')).toHaveValue(severity);
    await expect(page.getByRole('search').getByLabel('Language')).toHaveValue('en');
    const filtered = await apiGet<{ total: number }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?severity=${severity}&language=en&limit=1`,
    );
    const all = await apiGet<{ total: number }>(page, `/api/v1/shops/${shopId}/seo/pages?limit=1`);
    expect(filtered.total).toBeLessThanOrEqual(all.total);
    await expect(
      page.getByText(
        filtered.total === 1 ? 'One page' : `${filtered.total.toLocaleString('en')} pages`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(listRows(page).first()).toBeVisible();

    // Back returns to the overview.
    await page.goBack();
    await expect(page).toHaveURL(/\/seo$/);
  });

  test('a row opens the page’s detail with its findings in French, and Escape gives the focus back', async ({
    page,
  }) => {
    await open(page, owner, '/seo');
    await setLanguage(page, 'fr');
    await page.goto(`/seo/pages?shop=${shopId}`);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'SEO par page' })).toBeVisible();

    // The rows are one Tab stop, moved through with the arrow keys, opened with Enter.
    const first = listRows(page).first();
    // A row still loading has a single cell; a loaded one has its five.
    await expect(first.getByRole('gridcell').nth(1)).toBeVisible();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    const second = listRows(page).nth(1);
    await expect(second).toBeFocused();
    const title = (await second.getByRole('gridcell').nth(1).textContent()) ?? '';
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=gid/);
    const pageId = new URL(page.url()).searchParams.get('page') ?? '';
    const detail = await apiGet<PageDetail>(
      page,
      `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(pageId)}`,
    );
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(dialog.getByRole('heading', { level: 3, name: /^anglais/i })).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3, name: /^français/i })).toBeVisible();

    // Every finding of the page is told, under its check explained once, with its French words.
    const findings = detail.languages.flatMap((language) => language.findings);
    expect(findings.length, 'the page opened has findings').toBeGreaterThan(0);
    await expect(dialog.getByRole('list', { name: /^Trouvé à/ }).getByRole('listitem')).toHaveCount(
      findings.length,
    );
    const { checkId } = findings[0]!;
    const words = frenchChecks[checkId];
    expect(words?.name, `French words of ${checkId}`).toBeTruthy();
    await expect(dialog.getByText(words!.name, { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText(words!.why, { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText(words!.how, { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('Pourquoi c’est important').first()).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(second).toBeFocused();
  });

  test('a column’s header sorts the list on the server, both ways', async ({ page }) => {
    await open(page, owner, `/seo/pages?shop=${shopId}`);
    const titleHeader = page.getByRole('columnheader', { name: 'Title' });
    const firstTitles = async () =>
      (await listRows(page).locator('[aria-colindex="2"]').allTextContents()).slice(0, 5);

    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=title&order=asc/);
    const ascending = await apiGet<{ pages: PageSummary[] }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?sort=title&order=asc&limit=5`,
    );
    await expect.poll(firstTitles).toEqual(ascending.pages.map((row) => row.title || '(untitled)'));

    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
    const descending = await apiGet<{ pages: PageSummary[] }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?sort=title&order=desc&limit=5`,
    );
    await expect
      .poll(firstTitles)
      .toEqual(descending.pages.map((row) => row.title || '(untitled)'));
    expect(descending.pages[0]?.title).not.toEqual(ascending.pages[0]?.title);

    // Back puts the previous order back.
    await page.goBack();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(firstTitles).toEqual(ascending.pages.map((row) => row.title || '(untitled)'));
  });

  test('Audit now shows the run’s progress, then when the new run ended', async ({ page }) => {
    await open(page, owner, `/seo?shop=${shopId}`);
    const before = await apiGet<Overview>(page, `/api/v1/shops/${shopId}/seo`);
    await expect(page.getByText(/^Last audit: /)).toBeVisible();

    // What the audit's live region says, every time it changes, so that a quick run is seen too.
    await page.evaluate(() => {
      const region = document.querySelector('.seo-audit-state');
      const said: string[] = [];
      Object.assign(window, { auditSaid: said });
      if (region === null) return;
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.getByRole('button', { name: 'Audit now' }).click();

    // The click's request may not have reached the server yet on the first poll, which then still
    // reads the earlier run, done: it is the new run that must end.
    let after: Overview | undefined;
    await expect
      .poll(
        async () => {
          after = await apiGet<Overview>(page, `/api/v1/shops/${shopId}/seo`);
          return after.lastRun?.id !== before.lastRun?.id && after.lastRun?.state === 'done';
        },
        { timeout: 90_000 },
      )
      .toBe(true);
    const ended = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(after!.lastRun!.finishedAt!),
    );
    // The screen follows the run on its own, to its end.
    await expect(page.getByText(new RegExp(`^Last audit: ${ended}, `))).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const said = await page.evaluate(
      () => (window as unknown as { auditSaid: string[] }).auditSaid,
    );
    expect(
      said.some((text) =>
        /^(The audit is waiting to start|Auditing: |Starting the audit)/.test(text),
      ),
      said.join(' | '),
    ).toBe(true);
  });

  test('a missing French meta description is written from the page detail once approved, reaches Shopify, and is undone', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await open(page, owner, `/seo?shop=${shopId}`);

    // A product whose French meta description is missing: its English one has no translation.
    const missingFrench = (detail: FixedPageDetail) =>
      detail.languages
        .find((language) => language.language === 'fr')
        ?.findings.some(
          (finding) => finding.checkId === 'TG1' && finding.field === 'seoDescription',
        ) ?? false;
    const candidates = await apiGet<{ pages: PageSummary[] }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?check=TG1&language=fr&kind=product&limit=200`,
    );
    let pageId = '';
    for (const candidate of candidates.pages) {
      const detail = await apiGet<FixedPageDetail>(
        page,
        `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(candidate.id)}`,
      );
      if (missingFrench(detail)) {
        pageId = candidate.id;
        break;
      }
    }
    expect(pageId, 'a product without its French meta description').not.toBe('');
    const detailOf = () =>
      apiGet<FixedPageDetail>(page, `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(pageId)}`);
    const productControl = `${localShopifyUrl}/${shopDomain}/_local/api/products/${pageId.split('/').pop()}`;
    const frenchInShopify = async () => {
      const response = await page.request.get(productControl);
      expect(response.ok()).toBe(true);
      const product = (await response.json()) as {
        translations: Record<string, Record<string, { value: string } | undefined> | undefined>;
      };
      return product.translations.fr?.meta_description?.value ?? null;
    };
    expect(await frenchInShopify()).toBeNull();

    await page.goto(`/seo/pages?shop=${shopId}&page=${encodeURIComponent(pageId)}`);
    await waitForApp(page);
    const dialog = page.getByRole('dialog');
    const french = dialog.getByRole('region', { name: /^French/ });
    const editor = french.getByRole('group', { name: 'Meta description' });
    const written =
      'Chemise en lin lavé, tissée en Europe et teinte à la main. Retours gratuits pendant 30 jours.';
    await editor.getByRole('textbox').fill(written);
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(editor.getByText(/^Draft saved/)).toBeVisible();
    // A draft reaches nothing: Shopify still has no French description.
    expect(await frenchInShopify()).toBeNull();

    await editor.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(editor.getByText('Written to Shopify', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    expect(await frenchInShopify()).toBe(written);
    // The page is audited again: the finding is gone.
    await expect.poll(async () => missingFrench(await detailOf()), { timeout: 30_000 }).toBe(false);

    // Undo writes back what Shopify held before: no French description.
    const history = dialog.getByRole('region', { name: 'Changes to this page' });
    await history.getByRole('button', { name: 'Undo', exact: true }).click();
    // Asked first, naming the text it concerns; nothing is undone until confirmed.
    const confirm = page.getByRole('dialog', { name: 'Undo this change?' });
    await expect(confirm).toContainText('Meta description in French');
    expect(await frenchInShopify()).toBe(written);
    await confirm.getByRole('button', { name: 'Undo the change' }).click();
    await expect.poll(frenchInShopify, { timeout: 60_000 }).toBeNull();
    await expect.poll(async () => missingFrench(await detailOf()), { timeout: 30_000 }).toBe(true);
  });

  test('the SEO screens have no serious accessibility violation, in both languages and themes', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await open(page, owner, '/seo');
    const detail = await apiGet<{ pages: PageSummary[] }>(
      page,
      `/api/v1/shops/${shopId}/seo/pages?limit=1`,
    );
    const pageId = detail.pages[0]!.id;
    for (const language of ['en', 'fr'] as const) {
      await setLanguage(page, language);
      for (const path of [
        `/seo?shop=${shopId}`,
        `/seo/pages?shop=${shopId}`,
        `/seo/pages?shop=${shopId}&page=${encodeURIComponent(pageId)}`,
      ]) {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await waitForApp(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('[role="status"]').filter({ hasText: /…$/ })).toHaveCount(0);
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

  test('at 360 px wide, the SEO screens fit without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, owner, `/seo?shop=${shopId}`);
    for (const path of [`/seo?shop=${shopId}`, `/seo/pages?shop=${shopId}`]) {
      await page.goto(path);
      await waitForApp(page);
      await expect(page.locator('[role="status"]').filter({ hasText: /…$/ })).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('without a store, the SEO screens lead to connecting one', async ({ page, verifiedUser }) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  await registerAccount(page, verifiedUser);
  for (const path of ['/seo', '/seo/pages']) {
    await page.goto(path);
    await waitForApp(page);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Nothing to audit yet' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connect a store' })).toHaveAttribute(
      'href',
      '/shops',
    );
  }
});
