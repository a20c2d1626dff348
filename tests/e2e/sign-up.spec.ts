/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth-emulator-users.ts';
import {
  accountOf,
  emulatorHasUser,
  expect,
  latestVerificationCode,
  oobCodesFor,
  openLogin,
  pendingRegistration,
  submit,
  test,
} from './auth-flows.ts';
import { fetchFromPage } from './fixtures.ts';

/**
 * Sign-up with e-mail verification, against the real Auth
 * Emulator: the verification link is read from the emulator's out-of-band codes, as a user would
 * read it in their mailbox.
 */

const password = 'Vitrine-e2e-2024!';

async function signUp(
  page: Page,
  options: { email: string; name: string; french?: boolean },
): Promise<void> {
  const fr = options.french ?? false;
  await openLogin(page, fr ? '?lang=fr' : '');
  await page
    .getByRole('group', {
      name: fr ? 'Se connecter ou créer un compte' : 'Sign in or create an account',
    })
    .getByRole('button', { name: fr ? 'Créer un compte' : 'Create an account' })
    .click();
  await page.getByLabel(fr ? 'Nom' : 'Name', { exact: true }).fill(options.name);
  await page.getByLabel(fr ? 'Adresse email' : 'E-mail address').fill(options.email);
  await page.getByLabel(fr ? 'Mot de passe' : 'Password', { exact: true }).fill(password);
  await submit(page, fr ? 'Créer mon compte' : 'Create my account').click();
  await expect(page).toHaveURL('/verify-email');
}

test('sign-up in French: verification link, then the dashboard with a French account', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await signUp(page, { email, name: 'Camille Martin', french: true });

  // Where the e-mail went; the pending registration holds no password.
  await expect(page.getByText(email)).toBeVisible();
  const stored = await pendingRegistration(page);
  expect(JSON.parse(stored ?? '{}')).toEqual({
    name: 'Camille Martin',
    email,
    accountType: 'email',
    language: 'fr',
  });
  expect(stored).not.toContain(password);
  expect((await fetchFromPage(page, '/auth/session')).body).toMatchObject({
    user: { email, emailVerified: false, displayName: 'Camille Martin' },
  });
  expect((await accountOf(page)).status).toBe(404);

  // Resend: a second code arrives, and the button waits before it can be used again.
  await expect.poll(async () => (await oobCodesFor(email, 'VERIFY_EMAIL')).length).toBe(1);
  const resend = page.getByRole('button', { name: 'Renvoyer l’email' });
  await resend.click();
  await expect(page.getByRole('status')).toHaveText(
    'Un nouveau lien est en route vers votre boîte de réception.',
  );
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/Vous pourrez renvoyer l’email dans \d+\u00a0s\./)).toBeVisible();
  await expect.poll(async () => (await oobCodesFor(email, 'VERIFY_EMAIL')).length).toBe(2);

  const code = await latestVerificationCode(email);
  await page.goto(`/verify-email-success?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const account = await accountOf(page);
  expect(account).toMatchObject({
    status: 200,
    user: { email, displayName: 'Camille Martin', accountType: 'email', language: 'fr' },
  });
  expect(await pendingRegistration(page)).toBeNull();
  expect(
    await page.evaluate(() => localStorage.getItem('vitrine_verification_pending')),
  ).toBeNull();
});

test('the link opened in another browser asks to sign in; "I have verified" then finishes', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('elsewhere');
  await signUp(page, { email, name: 'Alex Dupont' });
  const code = await latestVerificationCode(email);

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  const otherErrors: string[] = [];
  other.on('pageerror', (error) => otherErrors.push(error.message));
  await other.goto(`/verify-email-success?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
  await expect(other.getByRole('status')).toHaveText(
    'Your address is verified. Sign in to continue.',
  );
  await expect(other).toHaveURL('/verify-email-success');
  await expect(other.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await elsewhere.close();
  expect(otherErrors).toEqual([]);

  // Back in the first browser: the session's claims are read again, and the account is made.
  await page.getByRole('button', { name: 'I have verified my address' }).click();
  await expect(page).toHaveURL('/dashboard');
  expect(await accountOf(page)).toMatchObject({
    status: 200,
    user: { email, displayName: 'Alex Dupont', language: 'en', emailVerified: true },
  });
});

test('"I have verified" before verifying says the address is not verified yet', async ({
  page,
}) => {
  const email = uniqueEmail('early');
  await signUp(page, { email, name: 'Early Bird' });
  await page.getByRole('button', { name: 'I have verified my address' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your address is not verified yet. Open the link in the e-mail, then try again.',
  );
  await expect(page).toHaveURL('/verify-email');
  expect((await accountOf(page)).status).toBe(404);
});

test('an invalid verification code fails and cancels the unverified registration', async ({
  page,
}) => {
  const email = uniqueEmail('badcode');
  await signUp(page, { email, name: 'Bad Code', french: true });
  expect(await emulatorHasUser(email)).toBe(true);

  await page.goto('/verify-email-success?mode=verifyEmail&oobCode=not-a-real-code&lang=fr');
  await expect(page.getByRole('alert')).toHaveText('Échec de la vérification de l’email');
  // The code left the address bar.
  await expect(page).toHaveURL('/verify-email-success');
  await expect.poll(() => emulatorHasUser(email)).toBe(false);
  // The page signs out once the BFF has answered the cancellation: nobody is signed in after it.
  await expect
    .poll(() => fetchFromPage(page, '/auth/session'))
    .toEqual({ status: 200, body: { user: null } });
  await expect.poll(() => pendingRegistration(page)).toBeNull();
});

test('"use another account" deletes the unverified registration and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('another');
  await signUp(page, { email, name: 'Someone Else' });
  await page.getByRole('button', { name: 'Use another account' }).click();
  await expect(page).toHaveURL('/login');
  await expect.poll(() => emulatorHasUser(email)).toBe(false);
  expect(await fetchFromPage(page, '/auth/session')).toEqual({ status: 200, body: { user: null } });
  expect(await pendingRegistration(page)).toBeNull();

  // The address is free again.
  await signUp(page, { email, name: 'Someone Else' });
});

test('an address already in use is told, with the typed values kept', async ({
  page,
  verifiedUser,
}) => {
  await openLogin(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Copy Cat');
  await page.getByLabel('E-mail address').fill(verifiedUser.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submit(page, 'Create my account').click();
  await expect(page.getByRole('alert')).toHaveText(
    'An account already exists with this e-mail address. Sign in instead, or reset its password.',
  );
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Copy Cat');
  await expect(page).toHaveURL('/login');
});

test('the password requirements are shown as the password is typed', async ({ page }) => {
  await openLogin(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  const requirements = page.locator('#login-password-requirements');
  const passwordField = page.getByLabel('Password', { exact: true });
  await expect(passwordField).toHaveAttribute('aria-describedby', /login-password-requirements/);
  await passwordField.fill('abc');
  await expect(requirements.locator('li[data-met="false"]')).not.toHaveCount(0);
  await passwordField.fill(password);
  await expect(requirements.locator('li[data-met="false"]')).toHaveCount(0);
});
