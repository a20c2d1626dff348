/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test';
import {
  lookUpUserByEmail,
  oobCodesFor as oobCodesOf,
  type OobCode,
} from '../support/auth-emulator-admin.ts';
import { authEmulatorHost, expect, fetchFromPage, test as base } from './fixtures.ts';
import { waitForAppAt } from './app-start.ts';

/**
 * What the account-flow specs share: the Auth Emulator's out-of-band codes (the links of the
 * verification and reset e-mails), its users, and a page that fails its test on a console error or
 * an uncaught exception.
 */

/** The codes the emulator "mailed" to `email` (oldest first), of one kind. */
export function oobCodesFor(
  email: string,
  requestType: OobCode['requestType'],
): Promise<OobCode[]> {
  return oobCodesOf(authEmulatorHost, email, requestType);
}

/** The latest verification code sent to `email`, waited for. */
export async function latestVerificationCode(email: string): Promise<string> {
  await expect
    .poll(async () => (await oobCodesFor(email, 'VERIFY_EMAIL')).length)
    .toBeGreaterThan(0);
  const codes = await oobCodesFor(email, 'VERIFY_EMAIL');
  return codes[codes.length - 1]!.oobCode;
}

/** Whether the emulator still has a user with this e-mail (admin lookup, as the BFF would). */
export async function emulatorHasUser(email: string): Promise<boolean> {
  return (await lookUpUserByEmail(authEmulatorHost, email)) !== undefined;
}

/** The backend account of the signed-in user, read through the page as the client reads it. */
export async function accountOf(
  page: Page,
): Promise<{ status: number; user?: Record<string, unknown> }> {
  const { status, body } = await fetchFromPage(page, '/api/v1/account/me');
  const user = (body as { data?: { user?: Record<string, unknown> } }).data?.user;
  return { status, ...(user !== undefined && { user }) };
}

/** The pending registration entry, as stored. */
export function pendingRegistration(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('vitrine_pending_registration'));
}

/**
 * Chromium logs every 4xx and failed request as "Failed to load resource"; the flows meet those on
 * purpose (a wrong password is a 400 of the identity provider, offline is offline). Anything else
 * printed as an error, and any uncaught exception, fails the test.
 */
const expectedConsoleError = /^Failed to load resource/;

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' && !expectedConsoleError.test(message.text())) {
            errors.push(`${page.url()}: ${message.text()}`);
          }
        });
        page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the app (not the prerendered markup) runs the sign-in page. */
export async function openLogin(page: Page, query = ''): Promise<void> {
  await page.goto(`/login${query}`);
  await waitForAppAt(page, 'form.login-form');
}

/** The submit button of the sign-in page's form (the mode switch has buttons of the same names). */
export function submit(page: Page, name: string | RegExp): Locator {
  return page.locator('form.login-form').getByRole('button', { name, exact: true });
}
