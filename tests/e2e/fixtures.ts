/// <reference lib="dom" />
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';

/** The emulator that the product under test talks to (set by playwright.config.ts). */
export const authEmulatorHost = process.env.E2E_AUTH_EMULATOR_HOST ?? '127.0.0.1:9210';

/**
 * Opens a session the way the client does after a Firebase sign-in: the browser posts the tokens to
 * the BFF and keeps nothing but the httpOnly cookie the BFF sets. A new page first goes to a
 * document of the product's origin, to post from it: robots.txt, which loads no script, where a
 * page of the app would load and compile the client's code for nothing.
 */
export async function openSession(page: Page, user: TestUser): Promise<number> {
  if (page.url() === 'about:blank') await page.goto('/robots.txt');
  return page.evaluate(async ({ idToken, refreshToken }) => {
    const response = await fetch('/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'vitrine' },
      body: JSON.stringify({ idToken, refreshToken }),
    });
    return response.status;
  }, user);
}

/** A fetch from the page, as the client's API layer makes it. */
export async function fetchFromPage(
  page: Page,
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ url, method, body }) => {
      const response = await fetch(url, {
        method: method ?? 'GET',
        headers: {
          'x-requested-with': 'vitrine',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON; keep the text.
      }
      return { status: response.status, body: parsed };
    },
    { url, method: init.method, body: init.body },
  );
}

/**
 * Clicks a popup's button that makes the popup close itself (it posts its answer to the opener, then
 * closes), and waits until it has closed. The close can come while Playwright is still finishing the
 * click, which then fails with "Target page closed": that is the expected outcome, so the click's
 * error counts only when the popup stayed open.
 */
export async function clickAndWaitForClose(popup: Page, button: Locator): Promise<void> {
  const closed = popup.waitForEvent('close');
  await button.click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
}

export const test = base.extend<{ verifiedUser: TestUser }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument.
  verifiedUser: async ({}, use) => {
    await use(await createEmailUser(authEmulatorHost, { displayName: 'Camille Martin' }));
  },
});

export { expect };
