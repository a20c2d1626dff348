/// <reference lib="dom" />
import { expect, type Page } from '@playwright/test';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { fetchFromPage, openSession } from './fixtures.ts';
import { waitForAppAt } from './app-start.ts';

/** The product's data directory (database, mail files), set by playwright.config.ts. */
export const productDataDir = process.env.E2E_DATA_DIR ?? '';

/**
 * The backend account, registered as the sign-in flows do once the session is open (the
 * page must have one).
 */
export async function registerAccount(
  page: Page,
  user: Pick<TestUser, 'email'>,
  options: { language?: 'en' | 'fr'; accountType?: 'email' | 'google'; displayName?: string } = {},
): Promise<void> {
  const registered = await fetchFromPage(page, '/api/v1/account/register', {
    method: 'POST',
    body: {
      accountType: options.accountType ?? 'email',
      subscriptionPlan: 'free',
      language: options.language ?? 'en',
      displayName: options.displayName ?? 'Camille Martin',
      email: user.email,
      emailVerified: true,
    },
  });
  expect(registered.status).toBe(201);
}

/** The signed-in user's backend account, as `GET /api/v1/account/me` returns it. */
export async function accountOf(page: Page): Promise<Record<string, unknown>> {
  const { status, body } = await fetchFromPage(page, '/api/v1/account/me');
  expect(status).toBe(200);
  return (body as { data: { user: Record<string, unknown> } }).data.user;
}

/**
 * Waits until the app has rendered over the page: prerendered HTML shows the same controls before
 * any script runs. A prerendered page starts the app at the visitor's first sign of use
 * (client/app/prerendered-page-start.ts): the pointer moves over the page, as a visitor's would.
 */
export async function waitForApp(page: Page): Promise<void> {
  await waitForAppAt(page, '[data-layout]');
}

/** Signs `user` in with a backend account and opens /settings once the app has taken over. */
export async function openSettingsAs(
  page: Page,
  user: TestUser,
  account: Parameters<typeof registerAccount>[2] = {},
): Promise<void> {
  expect(await openSession(page, user)).toBe(200);
  await registerAccount(page, user, account);
  await page.goto('/settings');
  await waitForApp(page);
}
