import { createEmailUser } from '../support/auth-emulator-users.ts';
import { authEmulatorHost, expect, openSession, test } from './fixtures.ts';

test('a signed-out visitor who opens the dashboard is sent to sign in, and comes back after', async ({
  page,
}) => {
  await page.goto('/dashboard?tab=overview');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard%3Ftab%3Doverview');
  await expect(page.locator('h1')).toBeVisible();
});

test('a signed-in user is served the dashboard and sent away from the sign-in page', async ({
  page,
  verifiedUser,
}) => {
  expect(await openSession(page, verifiedUser)).toBe(200);

  const response = await page.goto('/dashboard');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/login?redirect=%2Fsettings');
  await expect(page).toHaveURL('/settings');
});

test('a user whose e-mail is not verified is held at the verification page', async ({ page }) => {
  const user = await createEmailUser(authEmulatorHost, { verified: false });
  expect(await openSession(page, user)).toBe(200);

  await page.goto('/seo/pages');
  await expect(page).toHaveURL('/verify-email');
});

test('an open-redirect attempt after sign-in lands on the dashboard', async ({
  page,
  verifiedUser,
}) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fphish');
  await expect(page).toHaveURL('/dashboard');
});

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
});

test('the not-found page speaks French when French was chosen', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: baseURL! }]);
  await page.goto('/introuvable');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByText(/Page introuvable\s:\s\/introuvable/)).toBeVisible();
});
