/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { lookUpUser, oobCodesFor } from '../support/auth-emulator-admin.ts';
import { createGoogleUser, signInWithPassword } from '../support/auth-emulator-users.ts';
import { accountOf, openSettingsAs, registerAccount, waitForApp } from './accounts.ts';
import { authEmulatorHost, expect, fetchFromPage, openSession, test } from './fixtures.ts';

/**
 * Settings: the display name, language and theme are saved to the account and follow
 * the user to a reload and to another browser; the password-reset e-mail; signing out of every
 * device ends the sessions of every browser and revokes the Firebase refresh tokens.
 */

const main = (page: Page) => page.getByRole('main');
const userMenuButton = (page: Page) =>
  page.getByRole('button', { name: /^(Account menu of|Menu du compte de) / });

test('the display name, language and theme persist across a reload and in a new browser', async ({
  page,
  browser,
  verifiedUser,
}) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  await registerAccount(page, verifiedUser, { displayName: 'Camille Martin' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  await waitForApp(page);

  const displayName = main(page).getByLabel('Display name');
  await expect(displayName).toHaveValue('Camille Martin');
  const email = main(page).getByLabel('E-mail address');
  await expect(email).toHaveValue(verifiedUser.email);
  await expect(email).not.toBeEditable();

  await displayName.fill('Dominique Durand');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByText('Your display name is saved.')).toBeVisible();
  // The menu takes the name from the session, refreshed from Firebase, which has it too.
  await expect(userMenuButton(page)).toHaveAccessibleName('Account menu of Dominique Durand');
  expect((await lookUpUser(authEmulatorHost, verifiedUser.uid))?.displayName).toBe(
    'Dominique Durand',
  );

  await main(page).getByLabel('Language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await main(page).getByLabel('Thème').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(async () => {
      const { displayName, language, theme } = await accountOf(page);
      return { displayName, language, theme };
    })
    .toEqual({ displayName: 'Dominique Durand', language: 'fr', theme: 'dark' });

  await page.reload();
  await waitForApp(page);
  await expect(page.locator('main h1')).toHaveText('Paramètres');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(main(page).getByLabel('Nom affiché')).toHaveValue('Dominique Durand');
  await expect(userMenuButton(page)).toHaveAccessibleName('Menu du compte de Dominique Durand');

  // Another browser, no cookies of the first one: a new sign-in, and everything comes from the
  // account.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.emulateMedia({ colorScheme: 'light' });
    const tokens = await signInWithPassword(
      authEmulatorHost,
      verifiedUser.email,
      verifiedUser.password,
    );
    expect(await openSession(otherPage, { ...verifiedUser, ...tokens })).toBe(200);
    await otherPage.goto('/settings');
    await waitForApp(otherPage);
    await expect(otherPage.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(otherPage.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(main(otherPage).getByLabel('Nom affiché')).toHaveValue('Dominique Durand');
    await expect(userMenuButton(otherPage)).toHaveAccessibleName(
      'Menu du compte de Dominique Durand',
    );
  } finally {
    await other.close();
  }
});

test('an empty display name is refused at the field and nothing is saved', async ({
  page,
  verifiedUser,
}) => {
  await openSettingsAs(page, verifiedUser, { displayName: 'Camille Martin' });
  const displayName = main(page).getByLabel('Display name');
  await displayName.fill('   ');
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByRole('alert')).toHaveText(
    'Enter a display name of 1 to 100 characters.',
  );
  await expect(displayName).toHaveAttribute('aria-invalid', 'true');
  expect((await accountOf(page)).displayName).toBe('Camille Martin');
});

test('a password-reset e-mail is sent to an e-mail account', async ({ page, verifiedUser }) => {
  await openSettingsAs(page, verifiedUser);
  const resetCodes = async () =>
    (await oobCodesFor(authEmulatorHost, verifiedUser.email, 'PASSWORD_RESET')).length;
  expect(await resetCodes()).toBe(0);

  await main(page).getByRole('button', { name: 'Send a password-reset e-mail' }).click();
  await expect(
    main(page).getByText(`We have sent a password-reset link to ${verifiedUser.email}.`),
  ).toBeVisible();
  await expect.poll(resetCodes).toBe(1);
});

test('a Google account is told its password is Google’s and confirms deletion with Google', async ({
  page,
}) => {
  const googleUser = await createGoogleUser(authEmulatorHost, { name: 'Sacha Google' });
  await openSettingsAs(page, googleUser, { accountType: 'google', displayName: 'Sacha Google' });
  await expect(main(page).getByText('You sign in with Google')).toBeVisible();
  await expect(
    main(page).getByRole('button', { name: 'Send a password-reset e-mail' }),
  ).toHaveCount(0);

  await main(page).getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password')).toHaveCount(0);
  await expect(
    dialog.getByRole('button', { name: 'Continue with Google and delete' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('signing out of every device ends the sessions of every browser', async ({
  page,
  browser,
  verifiedUser,
}) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  await registerAccount(page, verifiedUser);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const tokens = await signInWithPassword(
      authEmulatorHost,
      verifiedUser.email,
      verifiedUser.password,
    );
    expect(await openSession(otherPage, { ...verifiedUser, ...tokens })).toBe(200);
    expect((await fetchFromPage(otherPage, '/auth/session')).status).toBe(200);

    await page.goto('/settings');
    await waitForApp(page);
    await main(page).getByRole('button', { name: 'Sign out of every device' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);

    expect(await fetchFromPage(page, '/auth/session')).toEqual({
      status: 200,
      body: { user: null },
    });
    expect(await fetchFromPage(otherPage, '/auth/session')).toEqual({
      status: 200,
      body: { user: null },
    });
    expect((await fetchFromPage(otherPage, '/api/v1/account/me')).status).toBe(401);
    await otherPage.goto('/settings');
    await expect(otherPage).toHaveURL('/login?redirect=%2Fsettings');
  } finally {
    await other.close();
  }

  // The Firebase refresh tokens are revoked: the tokens of the first sign-in open no session.
  const third = await browser.newContext();
  try {
    expect(await openSession(await third.newPage(), verifiedUser)).toBe(401);
  } finally {
    await third.close();
  }
});
