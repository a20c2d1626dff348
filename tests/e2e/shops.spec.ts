/// <reference lib="dom" />
import { mergeTests, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { queryProductDatabase } from '../support/product-database.ts';
import { uniqueEmail, type TestUser } from '../support/auth-emulator-users.ts';
import { productDataDir, registerAccount, waitForApp } from './accounts.ts';
import { latestVerificationCode, test as consoleTest } from './auth-flows.ts';
import {
  clickAndWaitForClose,
  expect,
  fetchFromPage,
  openSession,
  test as accountTest,
} from './fixtures.ts';
import { specStores } from './seeded-stores.ts';
import { waitForAppAt } from './app-start.ts';
import { axeOn, switchTheme } from './axe-analysis.ts';

/**
 * The stores screen against the real product: the address checked before anything opens, Shopify's
 * install screen (the local Shopify's) in a popup, the first import followed live to the counts the
 * store really has, a webhook's change reaching the copy, the disconnection and what it removed,
 * a store whose refresh token Shopify revoked asking to be reconnected, one whose app was
 * uninstalled in Shopify, and an install started from Shopify's side by an owner not signed in yet.
 * Any error printed in the console fails a test.
 *
 * The local Shopify runs with the product (local mode) on E2E_LOCAL_SHOPIFY_PORT
 * (playwright.config.ts); its test controls (`/<shop>/_local/api/…`) are reached directly.
 */

const test = mergeTests(accountTest, consoleTest);

const localShopifyUrl = process.env.E2E_LOCAL_SHOPIFY_URL ?? '';
/** This spec's own seeded store (seeded-stores.ts): no other spec connects it. */
const shopDomain = specStores.stores.domain;
const localControls = `${localShopifyUrl}/${shopDomain}/_local/api`;

interface CatalogSummary {
  products: number;
  collections: number;
  pages: number;
  blogs: number;
  articles: number;
  media: number;
  translations: number;
}

/** English count phrases, as the screen writes them (client/locales/en/shops.json, `counts`). */
const countWords: Record<keyof CatalogSummary, [string, string]> = {
  products: ['product', 'products'],
  collections: ['collection', 'collections'],
  pages: ['page', 'pages'],
  blogs: ['blog', 'blogs'],
  articles: ['article', 'articles'],
  media: ['image or video', 'images and videos'],
  translations: ['translation', 'translations'],
};
const kinds = Object.keys(countWords) as Array<keyof CatalogSummary>;

function countPhrase(kind: keyof CatalogSummary, count: number): string {
  const [one, other] = countWords[kind];
  return `${count.toLocaleString('en')} ${count === 1 ? one : other}`;
}

async function storeSummary(request: APIRequestContext): Promise<CatalogSummary> {
  const response = await request.get(`${localControls}/summary`);
  expect(response.status()).toBe(200);
  return (await response.json()) as CatalogSummary;
}

async function localControl(
  request: APIRequestContext,
  method: 'POST' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`${localControls}/${path}`, { method, data });
  expect(response.ok(), `${method} _local/api/${path}`).toBe(true);
}

async function openShops(page: Page, user: TestUser, language: 'en' | 'fr' = 'en'): Promise<void> {
  expect(await openSession(page, user)).toBe(200);
  await registerAccount(page, user, { language });
  await page.goto('/shops');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const addressField = (page: Page) => page.getByRole('textbox', { name: 'Store address' });
const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect', exact: true });
const storeCard = (page: Page, name: RegExp | string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

/** Types the address, clicks Connect, and returns the popup that opened. */
async function startConnecting(page: Page, address: string): Promise<Page> {
  await addressField(page).fill(address);
  const popupOpened = page.waitForEvent('popup');
  await connectButton(page).click();
  return popupOpened;
}

/** Answers the local Shopify's install screen with Install; the popup closes once it has posted. */
async function install(popup: Page): Promise<void> {
  await expect(popup.getByRole('button', { name: 'Install' })).toBeVisible();
  await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Install' }));
}

/** Connects the seeded store and waits until its first import is done. */
async function connectStore(page: Page): Promise<Locator> {
  await install(await startConnecting(page, shopDomain));
  await expect(page.getByText(`${shopDomain} is connected.`)).toBeVisible();
  const card = storeCard(page, /.+/);
  await expect(card.getByText('Up to date', { exact: true })).toBeVisible({ timeout: 90_000 });
  return card;
}

/** The address an install started in Shopify lands on, once the BFF has checked Shopify's query. */
const landingPath = `/shops?connect=${shopDomain}`;

/**
 * Starts an install from Shopify's side, as an owner does from the local Shopify's admin: the link
 * opens the product's app URL with a query Shopify signed just now.
 */
async function installFromShopify(page: Page): Promise<void> {
  await page.goto(`${localShopifyUrl}/${shopDomain}/_local/admin`);
  await page.getByRole('link', { name: 'Install Vitrine' }).click();
}

/** Waits until the app (not the prerendered markup) runs the sign-in page. */
async function waitForLoginForm(page: Page): Promise<void> {
  await waitForAppAt(page, 'form.login-form');
}

const loginSubmit = (page: Page, name: string) =>
  page.locator('form.login-form').getByRole('button', { name, exact: true });

/** The stores of the signed-in account, as the API lists them. */
async function shopsOf(
  page: Page,
): Promise<Array<{ id: string; state: string; shopDomain: string }>> {
  const { status, body } = await fetchFromPage(page, '/api/v1/shops');
  expect(status).toBe(200);
  return (body as { data: { shops: Array<{ id: string; state: string; shopDomain: string }> } })
    .data.shops;
}

/**
 * The catalog's products table, found by its columns (shop_id, gid, title, vendor), so that the test
 * reads the copy without depending on what the catalog area named it.
 */
async function productsTable(): Promise<string> {
  const rows = await queryProductDatabase<{ table_name: string }>(
    productDataDir,
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('shop_id', 'gid', 'title', 'vendor')
      GROUP BY table_name HAVING count(*) = 4`,
  );
  expect(rows, 'one table holds the copied products').toHaveLength(1);
  return rows[0]!.table_name;
}

test.describe('connecting the seeded store', () => {
  // The spec's seeded store connects to one account at a time: these tests run one after the other,
  // in one worker, and each disconnects what it connected, whatever happened.
  test.describe.configure({ mode: 'default', timeout: 180_000 });

  test.afterEach(async ({ page }) => {
    if (page.isClosed() || !page.url().startsWith('http')) return;
    const { status, body } = await fetchFromPage(page, '/api/v1/shops');
    if (status !== 200) return;
    for (const shop of (body as { data: { shops: Array<{ id: string }> } }).data.shops) {
      await fetchFromPage(page, `/api/v1/shops/${shop.id}`, { method: 'DELETE' });
    }
  });

  test('connects through Shopify’s install screen, follows the import live, then holds what the store has', async ({
    page,
    request,
    verifiedUser,
  }) => {
    expect(localShopifyUrl, 'E2E_LOCAL_SHOPIFY_URL is set by playwright.config.ts').not.toBe('');
    await openShops(page, verifiedUser);
    await expect(page.getByText('No shop connected yet')).toBeVisible();
    await expect(
      page.getByText('Stores connected: 0 of 1 included in your Free plan.'),
    ).toBeVisible();

    // The owner pastes the store's bare name; the popup shows Shopify's install screen for it.
    const popup = await startConnecting(page, 'Maison-Exemple');
    await expect(
      page.getByText(`Finish in the Shopify window opened for ${shopDomain}.`),
    ).toBeVisible();
    await expect(popup.getByText(/maison-exemple/i).first()).toBeVisible();
    await install(popup);
    await expect(page.getByText(`${shopDomain} is connected.`)).toBeVisible();

    // The import moves on screen without a reload: a progress bar, then the store up to date.
    const card = storeCard(page, /.+/);
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(card.getByText('Up to date', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    await expect(card.getByText(/^Last synced /)).toBeVisible();

    // What Vitrine holds is what the store has.
    const summary = await storeSummary(request);
    expect(summary.products).toBeGreaterThan(0);
    for (const kind of kinds) {
      await expect(card.getByText(countPhrase(kind, summary[kind]), { exact: true })).toBeVisible();
    }
    await expect(card.getByText(shopDomain)).toBeVisible();
    await expect(
      card.getByRole('listitem').filter({ hasText: /^English \(primary\)$/ }),
    ).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: /^French$/ })).toBeVisible();

    // The plan's one store is in use: the form says so and takes no other address.
    await expect(
      page.getByText('Stores connected: 1 of 1 included in your Free plan.'),
    ).toBeVisible();
    await expect(addressField(page)).toBeDisabled();
  });

  test('an edit in Shopify reaches the copy within seconds', async ({
    page,
    request,
    verifiedUser,
  }) => {
    await openShops(page, verifiedUser);
    await connectStore(page);
    const [shop] = await shopsOf(page);
    const table = await productsTable();
    const [product] = await queryProductDatabase<{ gid: string }>(
      productDataDir,
      `SELECT gid FROM "${table}" WHERE shop_id = $1 ORDER BY gid LIMIT 1`,
      [shop!.id],
    );
    const numericId = product!.gid.split('/').at(-1)!;
    const title = `Édition de bout en bout ${Date.now()}`;

    await localControl(request, 'PATCH', `products/${numericId}`, { title });

    await expect
      .poll(
        async () => {
          const rows = await queryProductDatabase<{ title: string }>(
            productDataDir,
            `SELECT title FROM "${table}" WHERE shop_id = $1 AND gid = $2`,
            [shop!.id, product!.gid],
          );
          return rows[0]?.title;
        },
        { timeout: 15_000 },
      )
      .toBe(title);
  });

  test('disconnecting asks first, naming the store, then says what it removed', async ({
    page,
    request,
    verifiedUser,
  }) => {
    await openShops(page, verifiedUser);
    const card = await connectStore(page);
    const summary = await storeSummary(request);
    const [shop] = await shopsOf(page);
    const storeName = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';

    // Escape leaves everything as it was, and gives the focus back.
    const disconnect = card.getByRole('button', { name: `Disconnect ${storeName}` });
    await disconnect.click();
    const dialog = page.getByRole('dialog', { name: `Disconnect ${storeName}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(shopDomain);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(disconnect).toBeFocused();

    await disconnect.click();
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    const outcome = page.getByText(`${shopDomain} is disconnected.`);
    await expect(outcome).toBeVisible();
    await expect(outcome).toBeFocused();
    for (const kind of kinds) {
      if (summary[kind] > 0) await expect(outcome).toContainText(countPhrase(kind, summary[kind]));
    }
    await expect(page.getByText('No shop connected yet')).toBeVisible();
    expect(await shopsOf(page)).toEqual([]);

    // Nothing of the store is left in the copy.
    const table = await productsTable();
    const left = await queryProductDatabase<{ count: string }>(
      productDataDir,
      `SELECT count(*) FROM "${table}" WHERE shop_id = $1`,
      [shop!.id],
    );
    expect(Number(left[0]!.count)).toBe(0);
  });

  test('Cancel on Shopify’s install screen connects nothing and says so', async ({
    page,
    verifiedUser,
  }) => {
    await openShops(page, verifiedUser);
    const popup = await startConnecting(page, shopDomain);
    await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Cancel' }));
    // Told as soon as the popup is seen closed, with a grace of half a second for an answer on its way.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Connection cancelled by the user' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    expect(await shopsOf(page)).toEqual([]);
  });

  test('Back in the window while Shopify’s screen is open, then Install: the popup closes itself and the store is connected', async ({
    page,
    verifiedUser,
  }) => {
    await openShops(page, verifiedUser);
    const popup = await startConnecting(page, shopDomain);
    await expect(popup.getByRole('button', { name: 'Install' })).toBeVisible();
    // The stores screen is left for the page before it, its popup still open.
    await page.goBack();
    await install(popup);
    await page.goto('/shops');
    await waitForApp(page);
    expect((await shopsOf(page)).length).toBe(1);
  });

  test('a second Connect cancels the first popup, and the second connects', async ({
    page,
    verifiedUser,
  }) => {
    await openShops(page, verifiedUser);
    const first = await startConnecting(page, shopDomain);
    await expect(first.getByRole('button', { name: 'Install' })).toBeVisible();
    const firstClosed = first.waitForEvent('close');
    const popupOpened = page.waitForEvent('popup');
    await connectButton(page).click();
    const second = await popupOpened;
    await firstClosed;
    await install(second);
    await expect(page.getByText(`${shopDomain} is connected.`)).toBeVisible();
    // The cancelled attempt's message never shows over the one that succeeded.
    await expect(page.getByText('Connection request cancelled')).toHaveCount(0);
    expect((await shopsOf(page)).map((shop) => shop.shopDomain)).toEqual([shopDomain]);
  });

  test('a store whose refresh token Shopify revoked asks to be reconnected, and reconnects', async ({
    page,
    request,
    verifiedUser,
  }) => {
    await openShops(page, verifiedUser);
    await connectStore(page);
    const table = await productsTable();
    const [shop] = await shopsOf(page);
    const [product] = await queryProductDatabase<{ gid: string }>(
      productDataDir,
      `SELECT gid FROM "${table}" WHERE shop_id = $1 ORDER BY gid LIMIT 1`,
      [shop!.id],
    );

    await localControl(request, 'POST', 'revoke-refresh-tokens');
    await localControl(request, 'POST', 'expire-access-tokens');
    // A change in Shopify sends a webhook; reading the product again needs the access token.
    await localControl(request, 'PATCH', `products/${product!.gid.split('/').at(-1)!}`, {
      title: `Après révocation ${Date.now()}`,
    });

    await expect
      .poll(async () => (await shopsOf(page))[0]?.state, { timeout: 30_000 })
      .toBe('needs_reconnecting');
    await page.reload();
    await waitForApp(page);
    const card = storeCard(page, /.+/);
    await expect(card.getByText('Needs reconnecting', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Reason: Shopify (no longer accepts|refused)/)).toBeVisible();

    // Vitrine is still installed with every scope it asks for (only its tokens were revoked), so
    // Shopify shows no install screen: it sends the popup straight back, which closes once it has
    // posted the outcome.
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: /^Reconnect / }).click();
    const popup = await popupOpened;
    if (!popup.isClosed()) await popup.waitForEvent('close');
    await expect(page.getByText(`${shopDomain} is connected.`)).toBeVisible();
    await expect(card.getByText('Up to date', { exact: true })).toBeVisible({ timeout: 90_000 });
  });

  test('a store whose app was uninstalled in Shopify says so once, reconnects, and keeps what it holds while it imports again', async ({
    page,
    request,
    verifiedUser,
  }) => {
    await openShops(page, verifiedUser);
    const card = await connectStore(page);
    const summary = await storeSummary(request);

    await localControl(request, 'POST', 'uninstall');
    await expect
      .poll(async () => (await shopsOf(page))[0]?.state, { timeout: 30_000 })
      .toBe('needs_reconnecting');
    await page.reload();
    await waitForApp(page);
    const uninstalled =
      'The Vitrine app was uninstalled from this store. Reconnect to install it again.';
    await expect(card.getByText('Needs reconnecting', { exact: true })).toBeVisible();
    await expect(card.getByText(uninstalled, { exact: false })).toHaveCount(1);
    await expect(card.getByText(/refused/)).toHaveCount(0);
    // What Vitrine holds stays, and shows.
    await expect(card.getByText(countPhrase('products', summary.products))).toBeVisible();

    // The app is gone from the store: Shopify shows its install screen again.
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: /^Reconnect / }).click();
    await install(await popupOpened);
    await expect(page.getByText(`${shopDomain} is connected.`)).toBeVisible();

    // The import runs again; the card keeps the counts and the last sync it had meanwhile.
    await expect(card.getByText('Re-importing', { exact: true })).toBeVisible();
    await expect(card.getByText(countPhrase('products', summary.products))).toBeVisible();
    await expect(card.getByText(/^Last synced /)).toBeVisible();
    await expect(card.getByText('Up to date', { exact: true })).toBeVisible({ timeout: 90_000 });
    for (const kind of kinds) {
      await expect(card.getByText(countPhrase(kind, summary[kind]), { exact: true })).toBeVisible();
    }
    await expect(card.getByText(uninstalled, { exact: false })).toHaveCount(0);
  });

  test('an install started in Shopify by a signed-out owner: sign in, the store waits on the stores screen, connect, it imports', async ({
    page,
    request,
    verifiedUser,
  }) => {
    await installFromShopify(page);
    // Shopify's query was checked on arrival; only the store's domain goes on through the sign-in.
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(landingPath)}`);
    expect(page.url()).not.toMatch(/hmac|timestamp/);
    await waitForLoginForm(page);
    await page.getByLabel('E-mail address').fill(verifiedUser.email);
    await page.getByLabel('Password').fill(verifiedUser.password);
    await loginSubmit(page, 'Sign in').click();

    await expect(page).toHaveURL(landingPath);
    const connectOffered = page.getByRole('button', { name: `Connect ${shopDomain}` });
    await expect(connectOffered).toBeVisible();
    await expect(connectOffered).toBeFocused();
    await expect(page.getByText('No shop connected yet')).toBeVisible();

    // The owner's click opens Shopify's install screen in a popup, which no blocker stops.
    const popupOpened = page.waitForEvent('popup');
    await connectOffered.click();
    await install(await popupOpened);
    await expect(page.getByText(`${shopDomain} is connected.`)).toBeVisible();
    await expect(connectOffered).toHaveCount(0);

    const card = storeCard(page, /.+/);
    await expect(card.getByText('Up to date', { exact: true })).toBeVisible({ timeout: 90_000 });
    const summary = await storeSummary(request);
    for (const kind of kinds) {
      await expect(card.getByText(countPhrase(kind, summary[kind]), { exact: true })).toBeVisible();
    }
    expect((await shopsOf(page)).map((shop) => shop.shopDomain)).toEqual([shopDomain]);
  });
});

test('a sign-up started from Shopify’s install keeps its way to the store through the e-mail verification', async ({
  page,
}) => {
  await installFromShopify(page);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(landingPath)}`);
  await waitForLoginForm(page);

  const email = uniqueEmail('from-shopify');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Alex Dupont');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Vitrine-e2e-2024!');
  await loginSubmit(page, 'Create my account').click();
  await expect(page).toHaveURL(`/verify-email?redirect=${encodeURIComponent(landingPath)}`);

  // The e-mail's link, opened in this browser: the account is made, and the owner is where the
  // install was going.
  const code = await latestVerificationCode(email);
  await page.goto(`/verify-email-success?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
  await expect(page).toHaveURL(landingPath);
  await expect(page.getByRole('button', { name: `Connect ${shopDomain}` })).toBeVisible();
});

test('a wrong address is told under the field, and nothing opens nor is sent', async ({
  page,
  verifiedUser,
}) => {
  await openShops(page, verifiedUser);
  const popups: Page[] = [];
  page.on('popup', (popup) => popups.push(popup));
  const authorizations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/shops/authorizations')) authorizations.push(request.url());
  });

  for (const address of ['maison-exemple.com', 'https://example.com/store', '-maison']) {
    await addressField(page).fill(address);
    await connectButton(page).click();
    const error = page.getByText('This is not a Shopify store address.', { exact: false });
    await expect(error).toBeVisible();
    await expect(addressField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(addressField(page)).toBeFocused();
    // What was typed stays, to be corrected.
    await expect(addressField(page)).toHaveValue(address);
  }
  await page.waitForTimeout(500);
  expect(popups).toEqual([]);
  expect(authorizations).toEqual([]);
});

test('an address no Shopify store has is told as such, not as a connection cancelled', async ({
  page,
  verifiedUser,
}) => {
  await openShops(page, verifiedUser);
  const popup = await startConnecting(page, 'nulle-part-introuvable');
  // Shopify was asked before its screen was shown: the popup closes without showing anything.
  if (!popup.isClosed()) await popup.waitForEvent('close');
  await expect(
    page.getByText('Shopify has no store at this address.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Connection cancelled by the user')).toHaveCount(0);
  expect(await shopsOf(page)).toEqual([]);
});

test('the stores screen and Shopify’s return pages speak both languages', async ({
  page,
  verifiedUser,
}) => {
  await openShops(page, verifiedUser, 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Boutiques' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Connecter une boutique' }),
  ).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Adresse de la boutique' });
  await field.fill('maison.com');
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await expect(
    page.getByText('Ce n’est pas l’adresse d’une boutique Shopify.', { exact: false }),
  ).toBeVisible();

  // Shopify's return address reached with nothing Shopify signed: no connection is under way, the
  // owner lands on the stores, and no failure is told for what never started.
  await page.goto('/oauth/shopify');
  await expect(page).toHaveURL(/\/shops$/);
  await waitForApp(page);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Connecter une boutique' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Reached in a full tab (no popup), the completion goes on to the stores with its outcome.
  await page.goto('/oauth/complete?result=failed&error=oauth_denied');
  await expect(page).toHaveURL(/\/shops$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'L’installation a été refusée dans Shopify' }),
  ).toBeVisible();

  const english = await fetchFromPage(page, '/api/v1/account/me', {
    method: 'PUT',
    body: { language: 'en' },
  });
  expect(english.status).toBe(200);
  await page.goto('/oauth/complete?result=failed&error=oauth_denied');
  await expect(page).toHaveURL(/\/shops$/);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Connect a store' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The installation was declined in Shopify' }),
  ).toBeVisible();
});

test('a store beyond the plan is paused, the owner keeps it active instead, and a connection refused at the limit names the plans', async ({
  page,
  verifiedUser,
}) => {
  await openShops(page, verifiedUser);
  // Two stores, as a downgrade or a lapsed payment leaves them on the Free plan's one: the app was
  // removed from both, so that no sync starts while the test looks.
  const stores = [
    { domain: `first-${crypto.randomUUID().slice(0, 8)}.myshopify.com`, daysAgo: 2 },
    { domain: `second-${crypto.randomUUID().slice(0, 8)}.myshopify.com`, daysAgo: 1 },
  ];
  for (const store of stores) {
    await queryProductDatabase(
      productDataDir,
      `insert into shops (id, owner_uid, shop_domain, status, error_code, scopes, connected_at)
       values ($1, $2, $3, 'uninstalled', 'app_uninstalled', 'read_products', now() - $4 * interval '1 day')`,
      [crypto.randomUUID(), verifiedUser.uid, store.domain, store.daysAgo],
    );
  }
  await page.reload();
  await waitForApp(page);
  const card = (domain: string) => page.getByRole('listitem').filter({ hasText: domain });
  const paused = 'Paused: your plan allows 1 store.';

  await expect(card(stores[1]!.domain)).toContainText(paused);
  await expect(card(stores[0]!.domain)).not.toContainText(paused);
  await expect(card(stores[0]!.domain).getByRole('button', { name: /Keep .* active/ })).toHaveCount(
    0,
  );

  await card(stores[1]!.domain)
    .getByRole('button', { name: `Keep ${stores[1]!.domain} active` })
    .click();

  await expect(page.getByRole('status').filter({ hasText: 'is active again' })).toBeFocused();
  await expect(card(stores[0]!.domain)).toContainText(paused);
  await expect(card(stores[1]!.domain)).not.toContainText(paused);
  const [kept] = await queryProductDatabase<{ shop_domain: string }>(
    productDataDir,
    'select shop_domain from shops where owner_uid = $1 and kept_active_at is not null',
    [verifiedUser.uid],
  );
  expect(kept?.shop_domain).toBe(stores[1]!.domain);

  // A connection Shopify's callback refused at the limit (told without details, in a full tab).
  await page.goto('/oauth/complete?result=failed&error=plan_limit_reached');
  await expect(page).toHaveURL(/\/shops$/);
  const prompt = page.getByRole('alert').filter({ hasText: 'Your Free plan connects 1 store.' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
    'href',
    '/pricing',
  );
});

test('the completion page reaches the window that opened the popup, across another origin', async ({
  page,
  verifiedUser,
}) => {
  await openShops(page, verifiedUser);
  // Shopify's install screen is another origin that sends no opener policy; the stand-in of
  // Sentry's ingest, which every e2e run has, is one too.
  const foreignPage = `${process.env.E2E_SENTRY_URL ?? ''}/envelopes`;
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate((url) => {
    const received: unknown[] = [];
    const popup = window.open('about:blank', 'vitrine-test', 'popup=yes,width=500,height=600');
    window.addEventListener('message', (event) => {
      received.push({ origin: event.origin, fromPopup: event.source === popup, data: event.data });
    });
    Object.assign(window, { received, testPopup: popup });
    popup?.location.replace(url);
  }, foreignPage);
  const popup = await popupOpened;
  await popup.waitForURL(foreignPage);

  const closed = popup.waitForEvent('close');
  await popup.evaluate(
    (url) => window.location.assign(url),
    new URL(`/oauth/complete?result=connected&shop=${shopDomain}`, page.url()).href,
  );
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
    .toEqual([
      {
        origin,
        fromPopup: true,
        data: { type: 'vitrine:shopify-connection', result: 'connected', shopDomain },
      },
    ]);
  // Its message sent, the popup closes itself.
  await closed;
});

test('the stores screen has no serious accessibility violation, in both languages and themes', async ({
  page,
  verifiedUser,
}) => {
  test.setTimeout(90_000);
  await openShops(page, verifiedUser);
  for (const language of ['en', 'fr'] as const) {
    expect(
      (await fetchFromPage(page, '/api/v1/account/me', { method: 'PUT', body: { language } }))
        .status,
    ).toBe(200);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/shops');
    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // With the field's error shown, as the owner sees it after a wrong address.
    await page.locator('input[name="shop"]').fill('maison.com');
    await page.locator('form').getByRole('button').click();
    await expect(page.locator('.form-field .form-error')).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      const results = await axeOn(page).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.help}`);
      expect.soft(serious, `/shops ${language} ${theme}`).toEqual([]);
    }
  }
});
