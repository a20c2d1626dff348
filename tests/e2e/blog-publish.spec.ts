/// <reference lib="dom" />
import http from 'node:http';
import { mergeTests, type Browser, type Page } from '@playwright/test';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';
import { registerAccount, waitForApp } from './accounts.ts';
import { test as consoleTest } from './auth-flows.ts';
import {
  authEmulatorHost,
  expect,
  fetchFromPage,
  openSession,
  test as accountTest,
} from './fixtures.ts';
import { specStores, type SpecStore } from './seeded-stores.ts';
import { scanRenderedHtml } from '#shared/seo/rendered/scan-rendered-html.ts';
import { apiGet, connectSeededStore, disconnectAll, open, setLanguage } from './seo-owner-steps.ts';

/**
 * Blog posts published to the local Shopify from the editor, as an owner on the Free plan does it:
 * written in English and French, published, and found on the store's storefront in both languages
 * with their titles, descriptions, hreflang, bodies and image alt texts; edited in the local
 * Shopify's admin, then updated from Vitrine: the conflict shown, both texts compared, Shopify's
 * kept; a third post of the month meeting the plan's limit with the way to upgrade; and, on a store
 * of its own, a post scheduled for the next minutes becoming visible. Any error printed in the console fails a test.
 */

const test = mergeTests(accountTest, consoleTest);
const localShopifyUrl = process.env.E2E_LOCAL_SHOPIFY_URL ?? '';

/** A storefront page as a shopper's browser gets it from the store's own domain. */
function storefront(store: SpecStore, path: string): Promise<{ status: number; html: string }> {
  const server = new URL(localShopifyUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: server.hostname,
        port: server.port,
        path,
        headers: { Host: `www.${store.name}.example` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, html: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

interface Publication {
  state: string;
  articleId: string | null;
  blogId: string | null;
}
interface Settings {
  blogs: Array<{ id: string; handle: string }>;
}

/** An owner on Free with `store` connected and imported; the store's id. */
async function ownerWithStore(
  browser: Browser,
  store: SpecStore,
): Promise<{ owner: TestUser; shopId: string }> {
  const owner = await createEmailUser(authEmulatorHost, { displayName: 'Camille Martin' });
  const page = await browser.newPage();
  try {
    expect(await openSession(page, owner)).toBe(200);
    await registerAccount(page, owner, { language: 'en' });
    const shopId = await connectSeededStore(page, store.domain);
    return { owner, shopId };
  } finally {
    await page.close();
  }
}

async function disconnect(browser: Browser, owner: TestUser | undefined): Promise<void> {
  if (owner === undefined) return;
  const page = await browser.newPage();
  await openSession(page, owner);
  await disconnectAll(page);
  await page.close();
}

/** Starts a post from the list and writes its two languages. */
async function writePost(
  page: Page,
  shopId: string,
  en: { title: string; body: string; description: string },
  fr: { title: string; body: string; description: string },
): Promise<string> {
  await page.goto(`/blog?shop=${shopId}`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/blog\/editor\?/);
  const postId = new URL(page.url()).searchParams.get('post') ?? '';
  for (const [language, texts] of [
    ['English', en],
    ['French', fr],
  ] as const) {
    await page.getByRole('tab', { name: new RegExp(language) }).click();
    await page
      .getByRole('textbox', { name: `Title in ${language}`, exact: true })
      .fill(texts.title);
    await page.getByRole('textbox', { name: `Post in ${language}`, exact: true }).click();
    await page.keyboard.type(texts.body);
    await page
      .getByRole('textbox', { name: `Meta description in ${language}`, exact: true })
      .fill(texts.description);
  }
  await expect(page.locator('[data-status="saved"]')).toBeVisible();
  return postId;
}

async function publicationOf(page: Page, shopId: string, postId: string): Promise<Publication> {
  return (
    await apiGet<{ publication: Publication }>(page, `/api/v1/shops/${shopId}/blog/posts/${postId}`)
  ).publication;
}

test.describe('publishing from the editor', () => {
  test.describe.configure({ mode: 'default', timeout: 120_000 });
  const store = specStores.blogPublish;
  let owner: TestUser;
  let shopId = '';
  let postId = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 240_000);
    ({ owner, shopId } = await ownerWithStore(browser, store));
  });

  test.afterAll(async ({ browser }) => disconnect(browser, owner));

  test('a post published in both languages is on the storefront in both', async ({ page }) => {
    await open(page, owner, '/blog');
    postId = await writePost(
      page,
      shopId,
      {
        title: 'Caring for linen',
        body: 'Wash linen cool and dry it flat.',
        description: 'How to wash and dry linen so it lasts for years.',
      },
      {
        title: 'Entretenir le lin',
        body: 'Lavez le lin à froid et séchez-le à plat.',
        description: 'Comment laver et sécher le lin pour qu’il dure des années.',
      },
    );
    // A featured image, with its alt text in each language.
    await page
      .getByRole('textbox', { name: 'Featured image address', exact: true })
      .fill('https://cdn.example/linen-drying.jpg');
    for (const [languageName, alt] of [
      ['English', 'Linen drying flat on a rack'],
      ['French', 'Du lin qui sèche à plat sur un séchoir'],
    ] as const) {
      await page.getByRole('tab', { name: new RegExp(languageName) }).click();
      await page
        .getByRole('textbox', { name: `Featured image’s alt text in ${languageName}`, exact: true })
        .fill(alt);
    }
    // A link to one of the store's products in each language, found by its title.
    const [product] = (
      await apiGet<{
        products: Array<{
          titles: Record<'en' | 'fr', string>;
          paths: Record<'en' | 'fr', string>;
        }>;
      }>(page, `/api/v1/shops/${shopId}/blog/products?search=e`)
    ).products;
    for (const [language, languageName] of [
      ['en', 'English'],
      ['fr', 'French'],
    ] as const) {
      await page.getByRole('tab', { name: new RegExp(languageName) }).click();
      const body = page.getByRole('textbox', { name: `Post in ${languageName}`, exact: true });
      await body.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' ');
      const toolbar = page.getByRole('toolbar', {
        name: `Formatting of “Post in ${languageName}”`,
      });
      await toolbar.getByRole('button', { name: 'Product link' }).click();
      await page
        .getByRole('searchbox', { name: 'Find a product of your store by its title' })
        .fill(product!.titles[language].split(' ')[0]!);
      await page.getByRole('button', { name: product!.titles[language], exact: true }).click();
      await expect(body.getByRole('link', { name: product!.titles[language] })).toBeVisible();
      await expect(
        page.getByRole('region', { name: /SEO/ }).getByText('1 product linked.'),
      ).toBeVisible();
    }
    await expect(page.locator('[data-status="saved"]')).toBeVisible();

    const panel = page.getByRole('region', { name: 'On the store' });
    await expect(panel).toContainText('Not on the store yet.');
    await expect(panel).toContainText('2 new posts left this month on your plan (2 a month).');
    await panel.getByRole('button', { name: 'Publish now' }).click();
    await expect(panel.getByRole('status')).toContainText('Published', { timeout: 30_000 });
    await expect(panel).toContainText('English: on the store');
    await expect(panel).toContainText('French: on the store');

    const publication = await publicationOf(page, shopId, postId);
    const blog = (await apiGet<Settings>(page, `/api/v1/shops/${shopId}/blog/settings`)).blogs.find(
      (entry) => entry.id === publication.blogId,
    )!;
    const english = await storefront(store, `/blogs/${blog.handle}/caring-for-linen`);
    expect(english.status).toBe(200);
    const englishPage = scanRenderedHtml(english.html);
    expect(englishPage.title).toContain('Caring for linen');
    expect(englishPage.metas).toContainEqual({
      name: 'description',
      content: 'How to wash and dry linen so it lasts for years.',
    });
    expect(english.html).toContain('Wash linen cool and dry it flat.');
    const alternates = englishPage.links.filter((link) => link.rel === 'alternate');
    expect(alternates.find((link) => link.hreflang === 'fr')?.href).toMatch(
      new RegExp(`/fr/blogs/${blog.handle}/entretenir-le-lin$`),
    );
    const french = await storefront(store, `/fr/blogs/${blog.handle}/entretenir-le-lin`);
    expect(french.status).toBe(200);
    const frenchPage = scanRenderedHtml(french.html);
    expect(frenchPage.htmlLang).toBe('fr');
    expect(frenchPage.title).toContain('Entretenir le lin');
    expect(frenchPage.metas).toContainEqual({
      name: 'description',
      content: 'Comment laver et sécher le lin pour qu’il dure des années.',
    });
    expect(french.html).toContain('Lavez le lin à froid et séchez-le à plat.');
    // The featured image's alt text in each page's language.
    expect(english.html).toMatch(/<img [^>]*alt="Linen drying flat on a rack"/);
    expect(french.html).toMatch(/<img [^>]*alt="Du lin qui sèche à plat sur un séchoir"/);
    // Each body links to the product's address in its own language.
    expect(english.html).toContain(`href="${product!.paths.en}"`);
    expect(french.html).toContain(`href="${product!.paths.fr}"`);
    expect(product!.paths.fr).toMatch(/^\/fr\/products\//);

    // In the list, with its state.
    await page.getByRole('link', { name: 'All posts' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Caring for linen' })).toContainText(
      'Published',
    );
  });

  test('a post changed in Shopify’s admin is shown as a conflict, and Shopify’s text can be kept', async ({
    page,
    browser,
  }) => {
    await open(page, owner, `/blog/editor?shop=${shopId}&post=${postId}`);
    const publication = await publicationOf(page, shopId, postId);
    const articleId = publication.articleId!.split('/').at(-1);

    // Someone edits the article in Shopify's admin.
    const admin = await browser.newPage();
    await admin.goto(`${localShopifyUrl}/${store.domain}/_local/admin/articles/${articleId}`);
    await admin.getByLabel('Title').fill('Caring for linen, the guide');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.close();

    await page.getByRole('textbox', { name: 'Title in English', exact: true }).fill('Linen care');
    await expect(page.locator('[data-status="saved"]')).toBeVisible();
    await page.getByRole('button', { name: 'Update on the store' }).click();
    const conflict = page
      .getByRole('alert')
      .filter({ hasText: 'This post was changed in Shopify' });
    await expect(conflict).toBeVisible({ timeout: 30_000 });
    await conflict.getByRole('button', { name: 'See both' }).click();
    await expect(conflict.getByRole('region', { name: 'In Shopify' })).toContainText(
      'Caring for linen, the guide',
    );
    await expect(conflict.getByRole('region', { name: 'Here' })).toContainText('Linen care');
    await conflict.getByRole('button', { name: 'Keep Shopify’s text' }).click();
    await expect(page.getByRole('textbox', { name: 'Title in English', exact: true })).toHaveValue(
      'Caring for linen, the guide',
    );
    await expect(
      page.getByRole('region', { name: 'On the store' }).getByRole('status'),
    ).toContainText('Published');
  });

  test('the third new post of the month on Free meets the limit, with the way to upgrade', async ({
    page,
  }) => {
    await open(page, owner, '/blog');
    // A second post published through the API, as from another tab.
    const created = await fetchFromPage(page, `/api/v1/shops/${shopId}/blog/posts`, {
      method: 'POST',
      body: {},
    });
    const second = (created.body as { data: { id: string; revision: number } }).data;
    const titled = await fetchFromPage(page, `/api/v1/shops/${shopId}/blog/posts/${second.id}`);
    const content = (titled.body as { data: { content: Record<string, unknown> } }).data
      .content as {
      languages: Record<'en' | 'fr', Record<string, unknown>>;
    };
    content.languages.en = {
      ...content.languages.en,
      title: 'Second post',
      bodyHtml: '<p>Words.</p>',
    };
    const saved = await fetchFromPage(page, `/api/v1/shops/${shopId}/blog/posts/${second.id}`, {
      method: 'PUT',
      body: { baseRevision: second.revision, content, editorId: 'e2e' },
    });
    expect(saved.status).toBe(200);
    const published = await fetchFromPage(
      page,
      `/api/v1/shops/${shopId}/blog/posts/${second.id}/publish`,
      { method: 'POST', body: { baseRevision: second.revision + 1 } },
    );
    expect(published.status).toBe(202);

    await setLanguage(page, 'fr');
    await page.goto(`/blog?shop=${shopId}`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    await page.getByRole('textbox', { name: 'Titre en anglais', exact: true }).fill('Third post');
    await expect(page.locator('[data-status="saved"]')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Sur la boutique' });
    await expect(panel).toContainText('0 nouvel article restant ce mois-ci');
    await panel.getByRole('button', { name: 'Publier maintenant' }).click();
    const prompt = panel.getByRole('alert');
    await expect(prompt).toContainText('Pro');
    await expect(prompt.getByRole('link')).toHaveAttribute('href', '/pricing');
    // The draft is kept.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('textbox', { name: 'Titre en anglais', exact: true })).toHaveValue(
      'Third post',
    );
  });
});

test.describe('scheduling', () => {
  test.describe.configure({ timeout: 240_000 });
  const store = specStores.blogSchedule;
  let owner: TestUser;
  let shopId = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 240_000);
    ({ owner, shopId } = await ownerWithStore(browser, store));
  });

  test.afterAll(async ({ browser }) => disconnect(browser, owner));

  test('a post scheduled for the next minutes is hidden, then visible', async ({ page }) => {
    await open(page, owner, '/blog');
    const postId = await writePost(
      page,
      shopId,
      { title: 'Winter linens', body: 'Heavier weaves for winter.', description: 'Winter linens.' },
      {
        title: 'Le lin d’hiver',
        body: 'Des tissages plus lourds.',
        description: 'Le lin d’hiver.',
      },
    );
    const panel = page.getByRole('region', { name: 'On the store' });
    await panel.getByRole('button', { name: 'Schedule…' }).click();
    // The next whole minute at least 30 seconds ahead, in the store's time, as the field takes it.
    const settings = await apiGet<{ timeZone: string }>(
      page,
      `/api/v1/shops/${shopId}/blog/settings`,
    );
    const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: settings.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(at)
      .replace(' ', 'T');
    await panel.getByLabel('Publish on (the store’s time)').fill(local);
    await panel.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(panel.getByRole('status')).toContainText('Scheduled for', { timeout: 30_000 });

    const publication = await publicationOf(page, shopId, postId);
    const blog = (await apiGet<Settings>(page, `/api/v1/shops/${shopId}/blog/settings`)).blogs.find(
      (entry) => entry.id === publication.blogId,
    )!;
    expect((await storefront(store, `/blogs/${blog.handle}/winter-linens`)).status).toBe(404);

    await expect
      .poll(async () => (await publicationOf(page, shopId, postId)).state, {
        timeout: 150_000,
        intervals: [2000],
      })
      .toBe('published');
    expect((await storefront(store, `/blogs/${blog.handle}/winter-linens`)).status).toBe(200);
    await page.reload();
    await waitForApp(page);
    await expect(
      page.getByRole('region', { name: 'On the store' }).getByRole('status'),
    ).toContainText('Published');
  });
});
