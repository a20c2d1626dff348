/// <reference lib="dom" />
import type { BrowserContext, Page } from '@playwright/test';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { expect, fetchFromPage, openSession, test } from './fixtures.ts';
import { waitForAppAt } from './app-start.ts';

/**
 * Preferences and cookie consent: the language and the theme apply at
 * once, reach their cookies only with consent (365 days), reach the account when signed in, and
 * withdrawing consent clears the cookies and restores English and the system theme. Also the older
 * `user-language` entry's migration and the chunk-load reload guard.
 */

const yearSeconds = 365 * 24 * 60 * 60;

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((candidate) => candidate.name === name);
}

async function localEntry(page: Page, key: string): Promise<string | null> {
  return page.evaluate((entry) => localStorage.getItem(entry), key);
}

/**
 * Waits until the app has rendered over the page: prerendered HTML shows the same controls before
 * any script runs, and a control used before the app took over would act on markup about to go.
 */
async function waitForApp(page: Page): Promise<void> {
  await waitForAppAt(page, '[data-layout]');
}

const consentBanner = (page: Page) =>
  page.getByRole('region', { name: /^(Cookie consent|Consentement aux cookies)$/ });
const html = (page: Page) => page.locator('html');

/** Expects a preference cookie as the product sets it: the value, a year to live, Lax, the whole site. */
async function expectPreferenceCookie(context: BrowserContext, name: string, value: string) {
  const found = await cookie(context, name);
  expect(found, name).toBeDefined();
  expect(found?.value).toBe(value);
  expect(found?.path).toBe('/');
  expect(found?.sameSite).toBe('Lax');
  const secondsLeft = (found?.expires ?? 0) - Date.now() / 1000;
  expect(Math.abs(secondsLeft - yearSeconds)).toBeLessThan(120);
}

/** The backend account, as the sign-up flow registers it. */
async function registerAccount(page: Page, user: TestUser): Promise<void> {
  const registered = await fetchFromPage(page, '/api/v1/account/register', {
    method: 'POST',
    body: {
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'en',
      displayName: 'Camille Martin',
      email: user.email,
      emailVerified: true,
    },
  });
  expect(registered.status).toBe(201);
}

async function accountPreferences(page: Page): Promise<{ language?: string; theme?: string }> {
  const { status, body } = await fetchFromPage(page, '/api/v1/account/me');
  expect(status).toBe(200);
  return (body as { data: { user: { language: string; theme: string } } }).data.user;
}

test.describe('language', () => {
  test('switching changes the page and <html lang>; the cookie waits for consent', async ({
    page,
    context,
  }) => {
    await page.goto('/pricing');
    await waitForApp(page);
    await expect(consentBanner(page)).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');

    await page.getByLabel('Language').selectOption('fr');
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(page.locator('header').getByRole('link', { name: 'Tarifs' })).toBeVisible();
    await expect(
      page.locator('footer').getByRole('link', { name: 'Mentions légales' }),
    ).toBeVisible();
    expect(await cookie(context, 'i18n_redirected')).toBeUndefined();

    await consentBanner(page).getByRole('button', { name: 'Accepter' }).click();
    await expect(consentBanner(page)).toBeHidden();
    expect(await localEntry(page, 'vitrine_cookie_consent')).toBe('accepted');
    await expectPreferenceCookie(context, 'i18n_redirected', 'fr');

    // With consent, every switch is remembered at once; a new visit starts in it.
    await page.getByLabel('Langue').selectOption('en');
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expectPreferenceCookie(context, 'i18n_redirected', 'en');
    await page.getByLabel('Language').selectOption('fr');
    await expectPreferenceCookie(context, 'i18n_redirected', 'fr');
    await page.goto('/legal');
    await waitForApp(page);
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(consentBanner(page)).toBeHidden();
  });

  test('a signed-in user’s language and theme are saved to the account and used at start', async ({
    page,
    context,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await registerAccount(page, verifiedUser);
    await page.goto('/settings');
    const main = page.getByRole('main');

    await main.getByLabel('Language').selectOption('fr');
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(page.locator('main h1')).toHaveText('Paramètres');
    await expect.poll(async () => (await accountPreferences(page)).language).toBe('fr');

    await main.getByLabel('Thème').selectOption('dark');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect.poll(async () => (await accountPreferences(page)).theme).toBe('dark');

    // No consent was given: nothing in cookies, yet a new load starts from the account.
    expect(await cookie(context, 'i18n_redirected')).toBeUndefined();
    expect(await cookie(context, 'vitrine_theme')).toBeUndefined();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await waitForApp(page);
    await expect(page.locator('main h1')).toHaveText('Paramètres');
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });

  test('a failed save to the account is told, and the switch stays', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await registerAccount(page, verifiedUser);
    await page.goto('/settings');
    await page.route('**/api/v1/account/me', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'upstream_unavailable', message: 'failing on purpose' } },
          })
        : route.continue(),
    );
    await page.getByRole('main').getByLabel('Language').selectOption('fr');
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'n’a pas pu être enregistré dans votre compte',
    );
    await page.getByRole('main').getByRole('button', { name: 'Fermer' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });

  test('the older user-language entry is used, migrated with consent, and removed', async ({
    page,
    context,
  }) => {
    await page.goto('/pricing');
    await waitForApp(page);
    // Once the app runs (the banner is its own), the entry is set for the next start to find.
    await expect(consentBanner(page)).toBeVisible();
    await page.evaluate(() => localStorage.setItem('user-language', 'fr'));
    await page.reload();
    await waitForApp(page);
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect.poll(() => localEntry(page, 'user-language')).toBeNull();
    expect(await cookie(context, 'i18n_redirected')).toBeUndefined();

    // With consent already given, the entry moves to the locale cookie.
    await page.evaluate(() => {
      localStorage.setItem('vitrine_cookie_consent', 'accepted');
      localStorage.setItem('user-language', 'fr');
    });
    await page.goto('/legal');
    await waitForApp(page);
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect.poll(() => localEntry(page, 'user-language')).toBeNull();
    await expectPreferenceCookie(context, 'i18n_redirected', 'fr');
  });

  test('an entry naming an unsupported language is removed and ignored', async ({ page }) => {
    await page.goto('/pricing');
    await waitForApp(page);
    await expect(consentBanner(page)).toBeVisible();
    await page.evaluate(() => localStorage.setItem('user-language', 'de'));
    await page.reload();
    await waitForApp(page);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect.poll(() => localEntry(page, 'user-language')).toBeNull();
  });
});

test.describe('theme', () => {
  test('system follows prefers-color-scheme live; light and dark hold', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/pricing');
    await waitForApp(page);
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(html(page)).toHaveAttribute('data-theme-preference', 'system');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    const theme = page.getByLabel('Theme');
    await theme.selectOption('dark');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(html(page)).toHaveAttribute('data-theme-preference', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');

    await theme.selectOption('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await theme.selectOption('system');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    // The page really changes colour, not only its attribute.
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(background).not.toBe(lightBackground);
  });

  test('a remembered theme is on the page before it first paints', async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/pricing');
    await waitForApp(page);
    await consentBanner(page).getByRole('button', { name: 'Accept' }).click();
    await page.getByLabel('Theme').selectOption('dark');
    await expectPreferenceCookie(context, 'vitrine_theme', 'dark');

    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.documentElement;
        (window as unknown as { themeAtDomContentLoaded: unknown }).themeAtDomContentLoaded = [
          root.getAttribute('data-theme'),
          root.getAttribute('data-theme-preference'),
        ];
      });
    });
    for (const path of ['/pricing', '/login', '/no-such-page']) {
      await page.goto(path);
      await page.waitForLoadState('domcontentloaded');
      await waitForApp(page);
      expect(
        await page.evaluate(
          () => (window as unknown as { themeAtDomContentLoaded: unknown }).themeAtDomContentLoaded,
        ),
        path,
      ).toEqual(['dark', 'dark']);
    }
  });
});

test.describe('cookie consent', () => {
  test('Accept and Refuse sit side by side and look alike', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const banner = consentBanner(page);
    await expect(banner.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    const accept = banner.getByRole('button', { name: 'Accept' });
    const refuse = banner.getByRole('button', { name: 'Refuse' });
    const [acceptBox, refuseBox] = [await accept.boundingBox(), await refuse.boundingBox()];
    expect(Math.abs((acceptBox?.y ?? 0) - (refuseBox?.y ?? 1))).toBeLessThan(2);
    expect(Math.abs((acceptBox?.height ?? 0) - (refuseBox?.height ?? 1))).toBeLessThan(2);
    const look = (button: typeof accept) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.backgroundColor, style.color, style.fontSize, style.fontWeight];
      });
    expect(await look(refuse)).toEqual(await look(accept));
  });

  test('refusing first changes nothing and writes nothing', async ({ page, context }) => {
    await page.goto('/pricing');
    await waitForApp(page);
    await consentBanner(page).getByRole('button', { name: 'Refuse' }).click();
    await expect(consentBanner(page)).toBeHidden();
    expect(await localEntry(page, 'vitrine_cookie_consent')).toBe('refused');

    await page.getByLabel('Language').selectOption('fr');
    await page.getByLabel('Thème').selectOption('dark');
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await cookie(context, 'i18n_redirected')).toBeUndefined();
    expect(await cookie(context, 'vitrine_theme')).toBeUndefined();

    await page.reload();

    await waitForApp(page);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(consentBanner(page)).toBeHidden();
    await expect(html(page)).toHaveAttribute('lang', 'en');
  });

  test('choices made as the page arrives, before the app has started, are kept', async ({
    page,
    context,
  }) => {
    // The prerendered page starts the app when it is first used: the choice that starts it, and
    // those made while it loads, are done again by the app once it has rendered.
    await page.goto('/pricing');
    await page.getByLabel('Language').selectOption('fr');
    await consentBanner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(page.locator('header').getByRole('link', { name: 'Tarifs' })).toBeVisible();
    await expect(consentBanner(page)).toBeHidden();
    expect(await localEntry(page, 'vitrine_cookie_consent')).toBe('accepted');
    await expectPreferenceCookie(context, 'i18n_redirected', 'fr');
  });

  test('accepting writes the current language and theme', async ({ page, context }) => {
    await page.goto('/pricing');
    await waitForApp(page);
    await page.getByLabel('Theme').selectOption('light');
    await consentBanner(page).getByRole('button', { name: 'Accept' }).click();
    await expectPreferenceCookie(context, 'i18n_redirected', 'en');
    await expectPreferenceCookie(context, 'vitrine_theme', 'light');
  });

  test('withdrawing from the footer clears the cookies and restores en and system', async ({
    page,
    context,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/pricing');
    await waitForApp(page);
    await consentBanner(page).getByRole('button', { name: 'Accept' }).click();
    await page.getByLabel('Language').selectOption('fr');
    await page.getByLabel('Thème').selectOption('dark');
    await expectPreferenceCookie(context, 'i18n_redirected', 'fr');
    await expectPreferenceCookie(context, 'vitrine_theme', 'dark');

    await page.locator('footer').getByRole('button', { name: 'Paramètres des cookies' }).click();
    await expect(consentBanner(page)).toBeVisible();
    await consentBanner(page).getByRole('button', { name: 'Refuser' }).click();

    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(html(page)).toHaveAttribute('data-theme-preference', 'system');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(consentBanner(page)).toBeHidden();
    expect(await cookie(context, 'i18n_redirected')).toBeUndefined();
    expect(await cookie(context, 'vitrine_theme')).toBeUndefined();
    expect(await localEntry(page, 'vitrine_cookie_consent')).toBe('refused');
  });

  test('Settings shows the consent and withdraws or gives it', async ({
    page,
    context,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.goto('/settings');
    const main = page.getByRole('main');
    await expect(main.getByText('You have not chosen yet')).toBeVisible();
    await main.getByRole('button', { name: 'Accept preference cookies' }).click();
    await expect(consentBanner(page)).toBeHidden();
    await expect(main.getByText(/^Accepted:/)).toBeVisible();

    await main.getByLabel('Language').selectOption('fr');
    await main.getByLabel('Thème').selectOption('dark');
    await expectPreferenceCookie(context, 'i18n_redirected', 'fr');
    await expectPreferenceCookie(context, 'vitrine_theme', 'dark');

    await main.getByRole('button', { name: 'Retirer mon consentement' }).click();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(html(page)).toHaveAttribute('data-theme-preference', 'system');
    await expect(main.getByText(/^Refused:/)).toBeVisible();
    expect(await cookie(context, 'i18n_redirected')).toBeUndefined();
    expect(await cookie(context, 'vitrine_theme')).toBeUndefined();

    await main.getByRole('button', { name: 'Accept preference cookies' }).click();
    await expectPreferenceCookie(context, 'i18n_redirected', 'en');
    await expectPreferenceCookie(context, 'vitrine_theme', 'system');
  });
});

test('a screen chunk that fails to load reloads the page once, then shows the error page', async ({
  page,
}) => {
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads += 1;
  });
  await page.route('**/assets/blog-page-*.js', (route) => route.abort('failed'));

  const started = Date.now();
  await page.goto('/blog');
  await expect(page.locator('main h1')).toHaveText('Internal Server Error', { timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(documentLoads).toBe(2);
  const marker = await page.evaluate(() => sessionStorage.getItem('vitrine_chunk_reload'));
  expect(JSON.parse(marker ?? 'null')).toMatchObject({ path: '/blog', at: expect.any(Number) });

  // No further reload: the guard holds, and the rest of the app still works.
  await page.waitForTimeout(1500);
  expect(documentLoads).toBe(2);
  await page.getByRole('link', { name: 'Vitrine, home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('main h1').first()).toBeVisible();
});
