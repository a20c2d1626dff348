/// <reference lib="dom" />
import { expect, openLogin, submit, test } from './auth-flows.ts';
import { fetchFromPage } from './fixtures.ts';

/** Sign-out from the user menu. */

test('signing out ends the session, clears the browser’s data and lands on /login', async ({
  page,
  context,
  baseURL,
  verifiedUser,
}) => {
  await openLogin(page);
  await page.getByLabel('E-mail address').fill(verifiedUser.email);
  await page.getByLabel('Password').fill(verifiedUser.password);
  await submit(page, 'Sign in').click();
  await expect(page).toHaveURL('/dashboard');

  // What sign-out must clear: a stale pending registration, the flag, and the preference cookies.
  await page.evaluate(() => {
    localStorage.setItem(
      'vitrine_pending_registration',
      JSON.stringify({ name: 'x', email: 'x@example.com', accountType: 'email', language: 'en' }),
    );
    localStorage.setItem('vitrine_verification_pending', 'true');
  });
  await context.addCookies([
    { name: 'i18n_redirected', value: 'en', url: baseURL! },
    { name: 'vitrine_theme', value: 'dark', url: baseURL! },
  ]);

  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.locator('h1')).toHaveText('Sign in');
  expect(await fetchFromPage(page, '/auth/session')).toEqual({ status: 200, body: { user: null } });
  expect(
    await page.evaluate(() => [
      localStorage.getItem('vitrine_pending_registration'),
      localStorage.getItem('vitrine_verification_pending'),
    ]),
  ).toEqual([null, null]);
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('i18n_redirected');
  expect(names).not.toContain('vitrine_theme');
  expect(names).not.toContain('__Host-vitrine_session');

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
});
