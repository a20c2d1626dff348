/// <reference lib="dom" />
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { appRoutes, flowPaths, type AppRoute } from '#shared/routes.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import { authEmulatorHost, expect, fetchFromPage, openSession, test } from './fixtures.ts';
import { waitForAppAt } from './app-start.ts';

/**
 * The application frame: every route's guard and layout, both 404 pages, the error
 * pages, the user menu, the small-screen navigation and the keyboard. Guards run twice: in the BFF
 * before a page is served, and in the client for in-app navigations; both are exercised.
 */

const titles = JSON.parse(
  fs.readFileSync(new URL('../../client/locales/en/common.json', import.meta.url), 'utf8'),
) as { routes: Record<string, string> };

const routes = appRoutes as readonly AppRoute[];
const authRoutes = routes.filter((route) => route.access === 'auth');
const guestRoutes = routes.filter((route) => route.access === 'guest');
const openRoutes = routes.filter((route) => route.access === 'open');

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

/** Marks the document: an in-app navigation keeps the mark, a full page load loses it. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}
const sameDocument = (page: Page) => page.evaluate(() => window.__sameDocument === true);

/**
 * Waits until the app has rendered over the page: prerendered HTML shows the same controls before
 * any script runs, and a control used before the app took over would act on markup about to go.
 */
async function waitForApp(page: Page): Promise<void> {
  await waitForAppAt(page, '[data-layout]');
}

const layout = (page: Page, name: AppRoute['layout']) => page.locator(`[data-layout="${name}"]`);
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signed out', () => {
  test('every auth route sends to sign-in with the way back', async ({ page }) => {
    for (const route of authRoutes) {
      await page.goto(`${route.path}?from=test`);
      await expect(page).toHaveURL(
        `/login?redirect=${encodeURIComponent(`${route.path}?from=test`)}`,
      );
      await expect(layout(page, 'none')).toBeVisible();
      await expect(page.locator('h1')).toHaveText('Sign in');
    }
  });

  test('every guest and open route renders in its layout', async ({ page }) => {
    for (const route of [...guestRoutes, ...openRoutes]) {
      // Shopify's way back, opened in a tab of its own (no popup to answer), goes on to the stores:
      // checked below, since it may already have moved on when its own address would be read.
      if (route.path === '/oauth/complete') continue;
      const response = await page.goto(route.path);
      expect(response?.status(), route.path).toBe(200);
      await expect(page).toHaveURL(route.path);
      await expect(layout(page, route.layout), route.path).toBeVisible();
      await expect(page.locator('main h1'), route.path).toBeVisible();
    }
    const completion = await page.goto('/oauth/complete');
    expect(completion?.status()).toBe(200);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/shops')}`);
    await expect(layout(page, 'none')).toBeVisible();
  });

  test('the static layout has its header and footer', async ({ page }) => {
    await page.goto('/pricing');
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: 'Vitrine, home page' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Legal notice' })).toHaveAttribute(
      'href',
      '/legal',
    );
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(footer.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    await expect(footer.getByLabel('Language')).toBeVisible();
  });

  test('/blog is open: it says what the blog is for and offers to sign in', async ({ page }) => {
    await page.goto('/blog');
    await expect(layout(page, 'authenticated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fblog',
    );
  });

  test('an in-app link to an auth route goes through the client guard to sign-in', async ({
    page,
  }) => {
    await page.goto('/blog');
    await markDocument(page);
    await mainNavigation(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fsettings');
    await expect(page.locator('h1')).toHaveText('Sign in');
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe('signed in and verified', () => {
  test('guest routes send to the dashboard', async ({ page, verifiedUser }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    for (const route of guestRoutes) {
      await page.goto(route.path);
      await expect(page, route.path).toHaveURL('/dashboard');
    }
  });

  test('every auth route renders in the authenticated layout with its title', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    for (const route of authRoutes) {
      const response = await page.goto(route.path);
      expect(response?.status(), route.path).toBe(200);
      await expect(page).toHaveURL(route.path);
      await expect(layout(page, 'authenticated')).toBeVisible();
      await expect(mainNavigation(page)).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Account menu of Camille Martin' }),
      ).toBeVisible();
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page).toHaveTitle(`${titles.routes[route.name]} · Vitrine`);
    }
  });

  test('the navigation marks the current page and leads to every area', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.goto('/dashboard');
    const navigation = mainNavigation(page);
    const expected: Array<[string, string]> = [
      ['Dashboard', '/dashboard'],
      ['Shops', '/shops'],
      ['SEO overview', '/seo'],
      ['SEO pages', '/seo/pages'],
      ['Blog', '/blog'],
      ['Subscription', '/subscription'],
      ['Settings', '/settings'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of expected) {
      await expect(navigation.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    }
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await markDocument(page);
    await navigation.getByRole('link', { name: 'SEO pages' }).click();
    await expect(page).toHaveURL('/seo/pages');
    await expect(page.locator('main h1')).toHaveText('SEO by page');
    await expect(navigation.getByRole('link', { name: 'SEO pages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(navigation.getByRole('link', { name: 'SEO overview' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(await sameDocument(page)).toBe(true);
  });

  test('open routes render for a signed-in user', async ({ page, verifiedUser }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    for (const route of openRoutes) {
      // The verification link's page finishes the sign-up of a verified user and moves on.
      if (route.path === flowPaths.verifyEmailSuccess) continue;
      // Shopify's way back, opened in a tab of its own (no popup to answer), goes on to the stores.
      if (route.path === '/oauth/complete') continue;
      await page.goto(route.path);
      await expect(page).toHaveURL(route.path);
      await expect(layout(page, route.layout), route.path).toBeVisible();
    }
    await page.goto('/oauth/complete');
    await expect(page).toHaveURL('/shops');
    await expect(layout(page, 'authenticated')).toBeVisible();
    await page.goto(flowPaths.verifyEmailSuccess);
    await expect(page).toHaveURL(flowPaths.afterSignIn);
    await expect(layout(page, 'authenticated')).toBeVisible();
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: 'How to start your blog' })).toHaveAttribute(
      'href',
      '/blog-no-shop',
    );
  });

  test('an in-app link to a guest route goes through the client guard to the dashboard', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.goto('/no-such-page');
    await markDocument(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.locator('main h1')).toHaveText('Dashboard');
    expect(await sameDocument(page)).toBe(true);
  });

  test('the user menu shows who is signed in and signs out to /login', async ({ page }) => {
    const user = await createEmailUser(authEmulatorHost, { displayName: 'Élise Dupont' });
    expect(await openSession(page, user)).toBe(200);
    await page.goto('/dashboard');

    const menuButton = page.getByRole('button', { name: 'Account menu of Élise Dupont' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toContainText('ÉD');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(user.email)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.locator('h1')).toHaveText('Sign in');
    expect(await fetchFromPage(page, '/auth/session')).toEqual({
      status: 200,
      body: { user: null },
    });

    // The session is over for the BFF too: an auth page now asks to sign in.
    await page.goto('/settings');
    await expect(page).toHaveURL('/login?redirect=%2Fsettings');
  });

  test('Escape closes the user menu and gives the focus back to its button', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.goto('/dashboard');
    const menuButton = page.getByRole('button', { name: 'Account menu of Camille Martin' });
    await menuButton.click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test('an unverified user is held at /verify-email', async ({ page }) => {
  const user = await createEmailUser(authEmulatorHost, { verified: false });
  expect(await openSession(page, user)).toBe(200);
  for (const route of authRoutes) {
    await page.goto(route.path);
    await expect(page, route.path).toHaveURL('/verify-email');
  }
  await expect(layout(page, 'none')).toBeVisible();
  await expect(page.locator('h1')).toHaveText('Verify your e-mail address');
  // Guest pages stay reachable until the address is verified.
  await page.goto('/login');
  await expect(page).toHaveURL('/login');
});

test.describe('404 and error pages', () => {
  test('an unknown path shows the non-fatal 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('main h1')).toHaveText('Page not found: /no/such/page');
    await expect(page).toHaveTitle('Page not found: /no/such/page · Vitrine');
    await expect(layout(page, 'none')).toBeVisible();

    // The app keeps working: its link home is an in-app navigation.
    await markDocument(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(layout(page, 'static')).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  test('a guard that cannot establish the session shows the guard-failure 404', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    // The BFF serves the page (the session is valid); the client's session request then fails.
    await page.route('**/auth/session', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await route.fulfill({
        status: 500,
        json: { error: { code: 'internal_error', message: 'failing on purpose' } },
      });
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.locator('main h1')).toHaveText('Page Not Found: /dashboard');
    await expect(page).toHaveTitle('Page Not Found: /dashboard · Vitrine');
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  });

  test('a screen that fails shows the generic error page inside its layout', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.route('**/assets/dashboard-page-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "export default function BrokenScreen() { throw new Error('This screen fails on purpose'); }",
      }),
    );
    await page.goto('/dashboard');
    await expect(page.locator('main h1')).toHaveText('Internal Server Error');
    await expect(page).toHaveTitle('Internal Server Error · Vitrine');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Back to the home page' }),
    ).toHaveAttribute('href', '/');
    // The layout around the screen still works.
    await expect(mainNavigation(page)).toBeVisible();
    await mainNavigation(page).getByRole('link', { name: 'Shops' }).click();
    await expect(page.locator('main h1')).toHaveText('Shops');
  });

  test('a layout that fails shows the generic error page from the root', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.route('**/assets/authenticated-layout-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "export default function BrokenLayout() { throw new Error('This layout fails on purpose'); }",
      }),
    );
    await page.goto('/settings');
    await expect(page.locator('main h1')).toHaveText('Internal Server Error');
    await expect(mainNavigation(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

test.describe('small screens and keyboard', () => {
  test('at 360 px the navigation opens from the menu button and nothing overflows', async ({
    page,
    verifiedUser,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.goto('/dashboard');

    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNavigation(page)).toBeHidden();
    await menuButton.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(mainNavigation(page)).toBeVisible();
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 360);

    await mainNavigation(page).getByRole('link', { name: 'Subscription' }).click();
    await expect(page).toHaveURL('/subscription');
    await expect(mainNavigation(page)).toBeHidden();

    for (const path of ['/dashboard', '/settings', '/subscription', '/shops', '/blog']) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    await page.getByRole('button', { name: 'Account menu of Camille Martin' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(await horizontalOverflow(page), 'user menu open').toBe(0);
  });

  test('at 360 px the public and plain pages do not overflow, in either language', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const paths = [
      '/',
      '/pricing',
      '/legal',
      '/privacy-policy',
      '/login',
      '/blog',
      '/no-such-page',
    ];
    for (const language of ['en', 'fr']) {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: baseURL! }]);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('main h1').first()).toBeVisible();
        expect(await horizontalOverflow(page), `${language} ${path}`).toBe(0);
      }
    }
  });

  test('the skip link comes first and Tab reaches the navigation', async ({
    page,
    verifiedUser,
  }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await page.goto('/dashboard');
    await expect(page.locator('main h1')).toBeVisible();

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    // From the top again: the header (logo, user menu), then the navigation, in reading order.
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Vitrine, home page' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: 'Account menu of Camille Martin' }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(mainNavigation(page).getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(mainNavigation(page).getByRole('link', { name: 'Shops' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/shops');
  });
});

/** How many pixels the page is wider than the window (0 when nothing overflows sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test('the head names each public page, also after in-app navigations', async ({ page }) => {
  const canonical = page.locator('link[rel="canonical"]');
  const alternates = page.locator('link[rel="alternate"][hreflang]');

  await page.goto('/no-such-page');
  await expect(page.locator('main h1')).toBeVisible();
  await expect(canonical).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(canonical).toHaveCount(1);
  await expect(canonical).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);

  await page.goto('/login');
  await waitForApp(page);
  await expect(page).toHaveTitle('Sign in · Vitrine');
  await expect(canonical).toHaveCount(1);
  await expect(canonical).toHaveAttribute('href', /\/login$/);
  await expect(alternates).toHaveCount(3);
  await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
    'href',
    /\/login\?lang=fr$/,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Sign in to Vitrine/,
  );

  await page.getByRole('link', { name: 'See the plans' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(canonical).toHaveCount(1);
  await expect(canonical).toHaveAttribute('href', /\/pricing$/);
  await expect(alternates).toHaveCount(3);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/pricing$/);

  // The French version names itself.
  await page.getByLabel('Language').selectOption('fr');
  await expect(canonical).toHaveAttribute('href', /\/pricing\?lang=fr$/);
  await expect(page).toHaveTitle(/ · Vitrine$/);
});
