import type { ConsoleMessage, Page } from '@playwright/test';
import { supportedLanguages } from '#shared/constants.ts';
import { prerenderedPaths } from '#shared/static-pages.ts';
import { waitForApp } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/**
 * A visitor who is not signed in opens the public pages, in each language, and the browser reports
 * nothing wrong: not one console error, not even the "Failed to load resource" Chromium prints for
 * an answer of 400 or more. Every public page asks the BFF who is signed in; that answer is a fact
 * (`{ user: null }`), not a failure, and must never show as an error in a visitor's console, nor
 * may anything else the page loads meanwhile (translations, the idle preloads of the screens its
 * links lead to, the check for a newer build).
 */

const cases = supportedLanguages.flatMap((language) =>
  prerenderedPaths.map((path) => ({ path, language })),
);

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') {
      const { url } = message.location();
      problems.push(`console error: ${message.text()}${url === '' ? '' : ` (${url})`}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

for (const { path, language } of cases) {
  test(`${path} in ${language}, signed out, logs no error`, async ({ page }) => {
    const problems = watchConsole(page);
    const sessionAnswer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/auth/session' &&
        response.request().method() === 'GET',
    );
    // The check for a newer build runs a second after the load event: the last request a page
    // makes on its own.
    const buildCheck = page.waitForResponse((response) =>
      response.url().includes('/builds/latest.json'),
    );

    await page.goto(language === 'en' ? path : `${path}?lang=${language}`);
    const session = await sessionAnswer;
    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('main h1')).toBeVisible();
    await buildCheck;
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
    // Who is signed in: nobody, said as a fact.
    expect(session.status()).toBe(200);
    expect(await session.json()).toEqual({ user: null });
  });
}
