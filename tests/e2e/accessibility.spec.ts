/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, fetchFromPage, openSession, test } from './fixtures.ts';
import { waitForAppAt } from './app-start.ts';
import { axeOn, switchTheme } from './axe-analysis.ts';

/**
 * Accessibility: axe-core finds no serious or critical violation on any public page nor
 * in the authenticated layout, in English and French, in the light and dark themes, with the
 * cookie-consent banner open (a first visit) and once it is dismissed, and in the narrow layout with
 * its navigation menu open. Every violation of a run is collected before the test fails, each with
 * its rule, its help and the elements concerned, so that one run says everything there is to fix.
 */

const languages = ['en', 'fr'] as const;
const themes = ['light', 'dark'] as const;
type Language = (typeof languages)[number];
type Theme = (typeof themes)[number];

const publicPages = [
  { name: 'home', path: '/' },
  { name: 'pricing', path: '/pricing' },
  { name: 'legal notice', path: '/legal' },
  { name: 'privacy', path: '/privacy' },
  { name: 'privacy policy', path: '/privacy-policy' },
  { name: 'sign-in', path: '/login' },
  { name: 'e-mail verification', path: '/verify-email' },
  { name: 'not found (404)', path: '/no-such-page' },
] as const;

const authenticatedPages = [
  '/dashboard',
  '/settings',
  '/contact',
  '/subscription',
  '/shops',
] as const;

const consentBanner = (page: Page) =>
  page.getByRole('region', { name: /^(Cookie consent|Consentement aux cookies)$/ });

/**
 * Waits for the app to have rendered the page: the prerendered HTML of a static page is already
 * there before the app starts, so the heading must be one React rendered (it carries React's fiber
 * key), in the expected language and theme.
 */
async function waitForApp(page: Page, language: Language, theme: Theme): Promise<void> {
  await waitForAppAt(page, 'h1');
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Loads a page in a language and a theme, the way a visitor whose system prefers it arrives. */
async function visit(page: Page, path: string, language: Language, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(`${path}?lang=${language}`);
  await waitForApp(page, language, theme);
}

/** One line per violation: the rule, its impact, what to do, and the elements it found. */
function describeViolation(violation: {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}): string {
  const nodes = violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
    return `    ${JSON.stringify(node.target)}${summary === '' ? '' : ` — ${summary}`}`;
  });
  return [
    `${violation.id} [${violation.impact ?? 'unknown'}]: ${violation.help} (${violation.helpUrl})`,
    ...nodes,
  ].join('\n');
}

/**
 * Runs axe on the page as it is and records (softly, so the test goes on and reports every case)
 * any serious or critical violation under the given label.
 */
async function expectNoSeriousViolation(page: Page, label: string): Promise<void> {
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect.soft(serious.map(describeViolation), `axe, ${label}`).toEqual([]);
}

const bodyContent = (page: Page) => page.locator('body').evaluate((body) => body.innerHTML);

async function refuseCookies(page: Page): Promise<void> {
  await consentBanner(page)
    .getByRole('button', { name: /^(Refuse|Refuser)$/ })
    .click();
  await expect(consentBanner(page)).toHaveCount(0);
}

test.describe('public pages', () => {
  // Eight analyses per page, after four page loads.
  test.describe.configure({ timeout: 120_000 });

  for (const { name, path } of publicPages) {
    test(`${name} (${path}): every language and theme, banner open then dismissed`, async ({
      page,
    }) => {
      for (const language of languages) {
        await visit(page, path, language, themes[0]);
        const content = await bodyContent(page);
        for (const theme of themes) {
          await switchTheme(page, theme);
          // A theme changes colours only: the page's content stays the same.
          expect(await bodyContent(page), `${path} ${language} ${theme}`).toBe(content);
          await expect(consentBanner(page)).toBeVisible();
          await expectNoSeriousViolation(page, `${path} ${language} ${theme}, consent banner open`);
        }
      }

      await refuseCookies(page);

      for (const language of languages) {
        await visit(page, path, language, themes[0]);
        for (const theme of themes) {
          await switchTheme(page, theme);
          await expect(consentBanner(page)).toHaveCount(0);
          await expectNoSeriousViolation(page, `${path} ${language} ${theme}, banner dismissed`);
        }
      }
    });
  }
});

/**
 * A signed-in page in a language: the account's language wins over `?lang=` at start (docs/product.md), so
 * it is saved to the account first, as the language switcher would. The account exists from the
 * first signed-in visit on (the app creates it when the signed-in user changes).
 */
async function visitSignedIn(
  page: Page,
  path: string,
  language: Language,
  theme: Theme,
): Promise<void> {
  await expect
    .poll(async () => {
      const response = await fetchFromPage(page, '/api/v1/account/me', {
        method: 'PUT',
        body: { language },
      });
      return response.status;
    })
    .toBe(200);
  await visit(page, path, language, theme);
}

test.describe('authenticated layout', () => {
  test.describe.configure({ timeout: 120_000 });

  const accountMenuButton = (page: Page) =>
    page.getByRole('button', { name: /^(Account menu of|Menu du compte de) Camille Martin$/ });

  for (const path of authenticatedPages) {
    test(`${path}: every language and theme`, async ({ page, verifiedUser }) => {
      expect(await openSession(page, verifiedUser)).toBe(200);

      // The first visit of the session: the consent banner sits over the layout.
      await visit(page, path, 'en', 'light');
      await expect(accountMenuButton(page)).toBeVisible();
      await expect(consentBanner(page)).toBeVisible();
      await expectNoSeriousViolation(page, `${path} en light, consent banner open`);
      await refuseCookies(page);

      for (const language of languages) {
        await visitSignedIn(page, path, language, themes[0]);
        for (const theme of themes) {
          await switchTheme(page, theme);
          await expect(accountMenuButton(page)).toBeVisible();
          await expectNoSeriousViolation(page, `${path} ${language} ${theme}`);
        }
      }
    });
  }

  test('the user menu open, in both themes', async ({ page, verifiedUser }) => {
    expect(await openSession(page, verifiedUser)).toBe(200);
    await visit(page, '/dashboard', 'en', themes[0]);
    await refuseCookies(page);
    await accountMenuButton(page).click();
    for (const theme of themes) {
      await switchTheme(page, theme);
      await expect(accountMenuButton(page)).toHaveAttribute('aria-expanded', 'true');
      await expectNoSeriousViolation(page, `/dashboard ${theme}, user menu open`);
    }
  });

  test('at 360 px with the navigation menu open, every language and theme', async ({
    page,
    verifiedUser,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await openSession(page, verifiedUser)).toBe(200);
    await visit(page, '/dashboard', 'en', 'light');
    await refuseCookies(page);

    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    const closeButton = page.getByRole('button', { name: /^(Close menu|Fermer le menu)$/ });
    for (const language of languages) {
      await visitSignedIn(page, '/dashboard', language, themes[0]);
      for (const theme of themes) {
        await switchTheme(page, theme);
        await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
        await expectNoSeriousViolation(page, `/dashboard 360 px ${language} ${theme}, menu closed`);
        await menuButton.click();
        await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
        await expect(page.locator('#app-navigation')).toBeVisible();
        await expectNoSeriousViolation(page, `/dashboard 360 px ${language} ${theme}, menu open`);
        await closeButton.click();
      }
    }
  });
});
