/// <reference lib="dom" />
import { mergeTests, type Browser, type Page } from '@playwright/test';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { waitForApp } from './accounts.ts';
import { test as consoleTest } from './auth-flows.ts';
import { axeOn, switchTheme } from './axe-analysis.ts';
import { expect, openSession, test as accountTest } from './fixtures.ts';
import { specStores } from './seeded-stores.ts';
import {
  apiGet,
  disconnectAll,
  newOwnerWithSeededStore,
  open,
  setLanguage,
} from './seo-owner-steps.ts';

/**
 * The blog's drafts against the real product: a post started from the list, written in English and
 * French with the SEO and readability panels of each language following the text, its handle made
 * from each title, saved as the owner types and found again after a reload and in the list; a
 * handle another article has told beside the field as it is typed; text typed while offline kept
 * and saved once back online; the same post saved from two tabs answered
 * without losing either text; a version restored; no serious accessibility violation on the blog's
 * screens in either language or theme. Any error printed in the console fails a test.
 */

const test = mergeTests(accountTest, consoleTest);
const shopDomain = specStores.blog.domain;

interface PostView {
  id: string;
  revision: number;
  content: {
    languages: Record<'en' | 'fr', { title: string; bodyHtml: string; handle: string }>;
  };
}

test.describe('the blog of the seeded store', () => {
  test.describe.configure({ mode: 'default', timeout: 120_000 });

  let owner: TestUser;
  let shopId = '';

  test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 240_000);
    ({ owner, shopId } = await newOwnerWithSeededStore(browser, shopDomain, 'imported'));
  });

  test.afterAll(async ({ browser }: { browser: Browser }) => {
    if (owner === undefined) return;
    const page = await browser.newPage();
    await openSession(page, owner);
    await disconnectAll(page);
    await page.close();
  });

  /** Starts a post from the list, and waits for its editor. */
  async function startPost(page: Page): Promise<string> {
    await page.goto(`/blog?shop=${shopId}`);
    await waitForApp(page);
    await page.getByRole('button', { name: /^(New post|Nouvel article)$/ }).click();
    await expect(page).toHaveURL(/\/blog\/editor\?/);
    await expect(page.getByRole('tablist')).toBeVisible();
    return new URL(page.url()).searchParams.get('post') ?? '';
  }

  async function postOf(page: Page, postId: string): Promise<PostView> {
    return apiGet<PostView>(page, `/api/v1/shops/${shopId}/blog/posts/${postId}`);
  }

  const savedStatus = (page: Page) => page.locator('[data-status="saved"]');

  test('a post written in English and French, with each language’s panels following the text', async ({
    page,
  }) => {
    await open(page, owner, '/blog');
    const postId = await startPost(page);

    // English, the store's language, comes first.
    await expect(page.getByRole('tab', { name: /English/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page
      .getByRole('textbox', { name: 'Title in English', exact: true })
      .fill('Caring for linen at home');
    await expect(
      page.getByRole('textbox', { name: 'Address (handle) in English', exact: true }),
    ).toHaveValue('caring-for-linen-at-home');
    const seoPanel = page.getByRole('region', { name: /SEO/ });
    await expect(seoPanel.getByText('No focus keyphrase yet.').first()).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Focus keyphrase in English', exact: true })
      .fill('linen care');
    await expect(seoPanel.getByText('The search title does not hold the keyphrase.')).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Title in English', exact: true })
      .fill('Linen care at home');
    await expect(seoPanel.getByText('The search title holds the keyphrase.')).toBeVisible();

    const body = page.getByRole('textbox', { name: 'Post in English', exact: true });
    await body.click();
    await page.keyboard.type(
      'Linen care is simple. Wash it cool and dry it flat. The fibres stay strong for years.',
    );
    await expect(seoPanel.getByText('The first sentence holds the keyphrase.')).toBeVisible();
    const readability = page.getByRole('region', { name: /Readability/ });
    await expect(readability.getByText('Flesch reading ease', { exact: true })).toBeVisible();

    // Two sentences of over 20 words among five: the check flags them, and marks them in the text.
    const longSentences = [
      'When the weather turns warm and dry in the early summer months you can hang your linen sheets outside in the shade to dry them slowly.',
      'A linen tablecloth that was washed cool and dried flat in the shade keeps its colour and its softness for many years of family dinners.',
    ];
    await page.keyboard.type(` ${longSentences.join(' ')}`);
    const sentenceCheck = readability
      .getByRole('listitem')
      .filter({ has: page.getByText('Sentence length', { exact: true }) });
    await expect(sentenceCheck).toContainText('40% of sentences have over 20 words: too many.');
    await sentenceCheck.getByRole('button', { name: 'Mark them in the text' }).click();
    await expect(body.locator('.flagged-passage')).toHaveText(longSentences);
    await sentenceCheck.getByRole('button', { name: 'Mark them in the text' }).click();
    await expect(body.locator('.flagged-passage')).toHaveCount(0);
    await expect(savedStatus(page)).toBeVisible();

    // French, with its own keyphrase matched the French way, and its own formula.
    await page.getByRole('tab', { name: /French/ }).click();
    await page
      .getByRole('textbox', { name: 'Title in French', exact: true })
      .fill('Entretenir le lin l’été');
    await expect(
      page.getByRole('textbox', { name: 'Address (handle) in French', exact: true }),
    ).toHaveValue('entretenir-le-lin-l-ete');
    await page.getByRole('textbox', { name: 'Focus keyphrase in French', exact: true }).fill('lin');
    const frenchSeo = page.getByRole('region', { name: /SEO/ });
    await expect(frenchSeo.getByText('The search title holds the keyphrase.')).toBeVisible();
    const frenchBody = page.getByRole('textbox', { name: 'Post in French', exact: true });
    await frenchBody.click();
    await page.keyboard.type('L’entretien du lin est simple. Lavez-le à froid.');
    await expect(
      page.getByRole('region', { name: /Readability/ }).getByText('Kandel & Moles reading ease', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(savedStatus(page)).toBeVisible();

    const saved = await postOf(page, postId);
    expect(saved.content.languages.en.title).toBe('Linen care at home');
    expect(saved.content.languages.en.bodyHtml).toContain('Wash it cool and dry it flat.');
    expect(saved.content.languages.fr.title).toBe('Entretenir le lin l’été');
    expect(saved.content.languages.fr.handle).toBe('entretenir-le-lin-l-ete');

    // Found again after a reload, and in the list with both languages.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('textbox', { name: 'Title in English', exact: true })).toHaveValue(
      'Linen care at home',
    );
    // The list gives each language the score the editor's panel gives it.
    const scoreLine = page
      .getByRole('region', { name: /SEO/ })
      .getByText(/^Score the audit will give this article: \d+ out of 100\.$/);
    const score = /(\d+) out of/.exec((await scoreLine.textContent()) ?? '')![1]!;
    await page.getByRole('link', { name: 'All posts' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Linen care at home' });
    await expect(row).toContainText(`English: 68 words · SEO score ${score}/100 · readability:`);
    await expect(row).toContainText('French: 8 words');

    // Filtered on the server: a draft written in both languages.
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Drafts' });
    await expect(page).toHaveURL(/state=draft/);
    await expect(row).toBeVisible();
    await page.getByLabel('Needs work', { exact: true }).selectOption({
      label: 'A language not written yet',
    });
    await expect(page).toHaveURL(/needs=translation/);
    await expect(row).toBeHidden();
  });

  test('a handle another article of the blog has is told beside the field as it is typed', async ({
    page,
  }) => {
    await open(page, owner, '/blog');
    await startPost(page);
    await page
      .getByRole('textbox', { name: 'Title in English', exact: true })
      .fill('Laying the table');
    await page.getByRole('tab', { name: /French/ }).click();
    const handle = page.getByRole('textbox', { name: 'Address (handle) in French', exact: true });
    // The seeded store's article "Setting a Summer Table" has this address in the store's language.
    await handle.fill('setting-a-summer-table');
    const told = page.getByText(
      'Another article of this blog already uses this address. Publishing would be refused: change it.',
    );
    await expect(told).toBeVisible();
    await expect(handle).toHaveAttribute('aria-invalid', 'true');
    expect((await handle.getAttribute('aria-describedby'))?.split(' ')).toContain(
      await told.getAttribute('id'),
    );
    // The draft is saved all the same; a free address clears the message.
    await expect(savedStatus(page)).toBeVisible();
    await handle.fill('dresser-la-table');
    await expect(told).toHaveCount(0);
    await expect(handle).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('in French, the editor speaks French and a typed text is kept while offline', async ({
    page,
    context,
  }) => {
    await open(page, owner, '/blog');
    await setLanguage(page, 'fr');
    const postId = await startPost(page);
    await expect(page.getByRole('tab', { name: /Anglais/ })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Titre en anglais', exact: true })
      .fill('Summer dresses');
    await expect(savedStatus(page)).toBeVisible();

    await context.setOffline(true);
    await page
      .getByRole('textbox', { name: 'Titre en anglais', exact: true })
      .fill('Summer dresses in linen');
    await expect(page.locator('[data-status="offline"]')).toContainText('Hors ligne');
    await context.setOffline(false);
    await expect(savedStatus(page)).toBeVisible({ timeout: 40_000 });
    expect((await postOf(page, postId)).content.languages.en.title).toBe('Summer dresses in linen');
  });

  test('a post saved from two tabs: the later one is told, and keeps its text over the other', async ({
    page,
    context,
  }) => {
    await open(page, owner, '/blog');
    const postId = await startPost(page);
    const editorPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const other = await context.newPage();
    await other.goto(editorPath);
    await waitForApp(other);
    await expect(
      other.getByRole('textbox', { name: 'Title in English', exact: true }),
    ).toBeVisible();

    await page
      .getByRole('textbox', { name: 'Title in English', exact: true })
      .fill('Written in the first tab');
    await expect(savedStatus(page)).toBeVisible();
    await other
      .getByRole('textbox', { name: 'Title in English', exact: true })
      .fill('Written in the second tab');
    const notice = other.getByRole('alert').filter({ hasText: 'another tab or device' });
    await expect(notice).toBeVisible();
    expect((await postOf(page, postId)).content.languages.en.title).toBe(
      'Written in the first tab',
    );

    await notice.getByRole('button', { name: 'Keep my text' }).click();
    await expect(savedStatus(other)).toBeVisible();
    expect((await postOf(page, postId)).content.languages.en.title).toBe(
      'Written in the second tab',
    );

    // The first tab's text stays among the versions, and comes back when restored.
    await other.getByRole('button', { name: 'Versions' }).click();
    const dialog = other.getByRole('dialog', { name: 'Versions of this post' });
    await expect(dialog.getByText('Written in the first tab')).toBeVisible();
    await dialog
      .getByRole('listitem')
      .filter({ hasText: 'Written in the first tab' })
      .getByRole('button', { name: /Restore/ })
      .click();
    await expect(other.getByRole('textbox', { name: 'Title in English', exact: true })).toHaveValue(
      'Written in the first tab',
    );
    expect((await postOf(page, postId)).content.languages.en.title).toBe(
      'Written in the first tab',
    );
    await other.close();
  });

  test('an article already on the store is brought into Vitrine to edit', async ({ page }) => {
    await open(page, owner, `/blog?shop=${shopId}`);
    const storeArticles = page.getByRole('region', { name: 'On your store, not in Vitrine yet' });
    const first = storeArticles.getByRole('listitem').first();
    await expect(first).toBeVisible();
    const title = (await first.locator('.post-row-title').textContent()) ?? '';
    await first.getByRole('button', { name: `Edit “${title}” in Vitrine` }).click();
    await expect(page).toHaveURL(/\/blog\/editor\?/);
    await expect(page.getByRole('textbox', { name: 'Title in English', exact: true })).toHaveValue(
      title,
    );
    await expect(
      page.getByRole('region', { name: 'On the store' }).getByRole('status'),
    ).toContainText(/Published|On the store, hidden/);
    await page.getByRole('link', { name: 'All posts' }).click();
    await expect(
      page.getByRole('region', { name: 'Posts' }).getByRole('link', { name: title, exact: true }),
    ).toBeVisible();
    await expect(storeArticles.getByText(title, { exact: true })).toHaveCount(0);
  });

  test('the body’s toolbar is one stop of the Tab key, walked with the arrow keys', async ({
    page,
  }) => {
    await open(page, owner, '/blog');
    await startPost(page);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting of “Post in English”' });
    await toolbar.getByRole('button', { name: 'Subheading', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Smaller subheading' })).toBeFocused();
    await page.keyboard.press('End');
    // Undo and Redo are disabled on a new post: the last enabled button is the image's.
    await expect(toolbar.getByRole('button', { name: 'Image', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Subheading', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Post in English', exact: true })).toBeFocused();
  });

  test('the blog’s screens have no serious accessibility violation', async ({ page }) => {
    test.setTimeout(180_000);
    await open(page, owner, '/blog');
    const postId = await startPost(page);
    for (const language of ['en', 'fr'] as const) {
      await setLanguage(page, language);
      for (const path of [`/blog?shop=${shopId}`, `/blog/editor?shop=${shopId}&post=${postId}`]) {
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
});
