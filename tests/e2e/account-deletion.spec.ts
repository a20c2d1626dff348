/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { lookUpUser } from '../support/auth-emulator-admin.ts';
import {
  createGoogleUser,
  signInWithPassword,
  uniqueEmail,
} from '../support/auth-emulator-users.ts';
import { queryProductDatabase } from '../support/product-database.ts';
import {
  accountOf,
  openSettingsAs,
  productDataDir,
  registerAccount,
  waitForApp,
} from './accounts.ts';
import {
  authEmulatorHost,
  clickAndWaitForClose,
  expect,
  fetchFromPage,
  openSession,
  test,
} from './fixtures.ts';

/**
 * Account deletion from Settings: the user proves again who they are (the
 * same account, else the user-mismatch error), then the backend data, the Firebase user and every
 * session are gone, the browser forgets the person, and the user lands on /login.
 */

const main = (page: Page) => page.getByRole('main');

async function rowsOf(uid: string): Promise<{ accounts: number; sessions: number }> {
  const [counts] = await queryProductDatabase<{ accounts: number; sessions: number }>(
    productDataDir,
    `SELECT (SELECT count(*) FROM accounts WHERE uid = $1)::int AS accounts,
            (SELECT count(*) FROM sessions WHERE uid = $1)::int AS sessions`,
    [uid],
  );
  return counts ?? { accounts: -1, sessions: -1 };
}

test('deleting the account after re-entering the password removes the user everywhere', async ({
  page,
  context,
  browser,
  request,
  verifiedUser,
}) => {
  expect(productDataDir, 'E2E_DATA_DIR is set by playwright.config.ts').not.toBe('');
  expect(await openSession(page, verifiedUser)).toBe(200);
  await registerAccount(page, verifiedUser);

  // A second browser with a session of its own: deleting the account ends it too.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const tokens = await signInWithPassword(
    authEmulatorHost,
    verifiedUser.email,
    verifiedUser.password,
  );
  expect(await openSession(otherPage, { ...verifiedUser, ...tokens })).toBe(200);
  expect(await rowsOf(verifiedUser.uid)).toEqual({ accounts: 1, sessions: 2 });

  await page.goto('/settings');
  await waitForApp(page);
  // Preference cookies (with consent) and a verification flag: the person's data in this browser.
  await main(page).getByRole('button', { name: 'Accept preference cookies' }).click();
  await page.evaluate(() => localStorage.setItem('vitrine_verification_pending', 'true'));
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(
    expect.arrayContaining(['i18n_redirected', 'vitrine_theme']),
  );
  const sessionCookie = (await context.cookies()).find(
    (cookie) => cookie.name === '__Host-vitrine_session',
  );
  expect(sessionCookie).toBeDefined();

  const opener = main(page).getByRole('button', { name: 'Delete my account…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Password');
  await expect(password).toBeFocused();
  // Escape closes it and gives focus back; nothing happened.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();

  // No password: told at the field, nothing sent.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter your password');

  await password.fill(verifiedUser.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  // The sign-in page says why the user is there, once: its address no longer asks for it.
  await expect(page).toHaveURL('/login?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByText('Your account has been deleted.')).toBeHidden();

  // The Firebase user is gone: no lookup finds it and its password signs nobody in.
  expect(await lookUpUser(authEmulatorHost, verifiedUser.uid)).toBeUndefined();
  await expect(
    signInWithPassword(authEmulatorHost, verifiedUser.email, verifiedUser.password),
  ).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
  // The backend rows are gone: the account and every session.
  await expect.poll(() => rowsOf(verifiedUser.uid)).toEqual({ accounts: 0, sessions: 0 });
  // Every session is over: this browser's old cookie and the other browser's session.
  const oldCookieSession = await request.get('/auth/session', {
    headers: { cookie: `${sessionCookie!.name}=${sessionCookie!.value}` },
  });
  expect(oldCookieSession.status()).toBe(200);
  expect(await oldCookieSession.json()).toEqual({ user: null });
  expect(await fetchFromPage(otherPage, '/auth/session')).toEqual({
    status: 200,
    body: { user: null },
  });
  await other.close();

  // This browser forgot the person, but kept its answer about cookies.
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('__Host-vitrine_session');
  expect(names).not.toContain('i18n_redirected');
  expect(names).not.toContain('vitrine_theme');
  expect(
    await page.evaluate(() => localStorage.getItem('vitrine_verification_pending')),
  ).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('vitrine_cookie_consent'))).toBe(
    'accepted',
  );
});

test('a failed deletion is told in French, deletes nothing and keeps the password typed', async ({
  page,
  verifiedUser,
}) => {
  await openSettingsAs(page, verifiedUser, { language: 'fr' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // The API fails once (its deletion job could not be queued), then asks for a more recent sign-in.
  const answers = [
    { status: 503, code: 'account_deletion_failed' },
    { status: 403, code: 'recent_login_required' },
  ];
  await page.route('**/api/v1/account/delete', async (route) => {
    const answer = answers.shift();
    if (answer === undefined) return route.continue();
    return route.fulfill({
      status: answer.status,
      json: { error: { code: answer.code, message: 'failing on purpose' } },
    });
  });

  await main(page).getByRole('button', { name: 'Supprimer mon compte…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte\u202f?' });
  const password = dialog.getByLabel('Mot de passe');
  await password.fill(verifiedUser.password);
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Erreur lors de la suppression du compte');
  await expect(password).toHaveValue(verifiedUser.password);
  await expect(password).toBeFocused();
  await expect(dialog).toBeVisible();
  expect((await accountOf(page)).uid).toBe(verifiedUser.uid);
  expect(await lookUpUser(authEmulatorHost, verifiedUser.uid)).toBeDefined();

  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Pour votre sécurité, confirmez encore une fois que c’est bien vous.',
  );
  expect((await accountOf(page)).uid).toBe(verifiedUser.uid);

  // Confirmed again, it goes through.
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(page).toHaveURL('/login?lang=fr');
  await expect(page.getByText('Votre compte a été supprimé.')).toBeVisible();
  expect(await lookUpUser(authEmulatorHost, verifiedUser.uid)).toBeUndefined();
});

test('confirming with another Google account gives the user-mismatch error', async ({ page }) => {
  const signedIn = await createGoogleUser(authEmulatorHost, { name: 'Sacha Google' });
  await openSettingsAs(page, signedIn, { accountType: 'google', displayName: 'Sacha Google' });

  await main(page).getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue with Google and delete' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();

  // The local stand-in of Google's account chooser: another Google account is added and chosen.
  await popup.getByLabel('E-mail').fill(uniqueEmail('google-other'));
  await popup.getByLabel('Name').fill('Alex Autre');
  await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Continue' }));

  await expect(dialog.getByRole('alert')).toHaveText(
    'This is not the account you are signed in with. Please use the same account.',
  );
  // Nothing was deleted and the session is still the first account's.
  expect((await accountOf(page)).uid).toBe(signedIn.uid);
  expect(await lookUpUser(authEmulatorHost, signedIn.uid)).toBeDefined();
  expect(await fetchFromPage(page, '/auth/session')).toMatchObject({
    status: 200,
    body: { user: { uid: signedIn.uid } },
  });
});

test('a Google account is deleted after choosing the same Google account again', async ({
  page,
}) => {
  const signedIn = await createGoogleUser(authEmulatorHost, { name: 'Noa Google' });
  await openSettingsAs(page, signedIn, { accountType: 'google', displayName: 'Noa Google' });

  await main(page).getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue with Google and delete' }).click();
  const popup = await popupOpened;
  await clickAndWaitForClose(
    popup,
    popup.getByRole('button', { name: new RegExp(signedIn.email) }),
  );

  await expect(page).toHaveURL('/login?lang=en');
  expect(await lookUpUser(authEmulatorHost, signedIn.uid)).toBeUndefined();
  await expect.poll(() => rowsOf(signedIn.uid)).toEqual({ accounts: 0, sessions: 0 });
});
