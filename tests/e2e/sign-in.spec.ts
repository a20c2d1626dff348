/// <reference lib="dom" />
import { createEmailUser, disableUser, uniqueEmail } from '../support/auth-emulator-users.ts';
import { accountOf, expect, openLogin, submit, test } from './auth-flows.ts';
import { authEmulatorHost, fetchFromPage } from './fixtures.ts';

/** E-mail sign-in and its errors, in Chromium. */

test('a verified user signs in, gets a backend account and lands on the page asked for', async ({
  page,
  verifiedUser,
}) => {
  await openLogin(page, '?redirect=%2Fsettings%3Ftab%3Dprofile');
  await page.getByLabel('E-mail address').fill(verifiedUser.email);
  await page.getByLabel('Password').fill(verifiedUser.password);
  await submit(page, 'Sign in').click();

  await expect(page).toHaveURL('/settings?tab=profile');
  const account = await accountOf(page);
  expect(account.status).toBe(200);
  expect(account.user).toMatchObject({
    uid: verifiedUser.uid,
    email: verifiedUser.email,
    accountType: 'email',
    language: 'en',
  });
  expect((await fetchFromPage(page, '/auth/session')).body).toMatchObject({
    user: { uid: verifiedUser.uid, emailVerified: true },
  });
});

test('a redirect to another site is ignored after sign-in', async ({ page, verifiedUser }) => {
  await openLogin(page, '?redirect=%2F%2Fevil.example%2Fphish');
  await page.getByLabel('E-mail address').fill(verifiedUser.email);
  await page.getByLabel('Password').fill(verifiedUser.password);
  await submit(page, 'Sign in').click();
  await expect(page).toHaveURL('/dashboard');
});

test('an unverified user is signed in and held at /verify-email, with no backend account', async ({
  page,
}) => {
  const user = await createEmailUser(authEmulatorHost, { verified: false });
  await openLogin(page);
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await submit(page, 'Sign in').click();

  await expect(page).toHaveURL('/verify-email');
  await expect(page.getByText(user.email)).toBeVisible();
  expect((await fetchFromPage(page, '/auth/session')).body).toMatchObject({
    user: { uid: user.uid, emailVerified: false },
  });
  expect((await accountOf(page)).status).toBe(404);
});

const frenchCases = [
  {
    name: 'a wrong password',
    email: () => 'existing',
    password: 'not-the-password',
    field: 'Mot de passe',
    message: 'Mot de passe incorrect',
  },
  {
    name: 'an unknown address',
    email: () => uniqueEmail('nobody'),
    password: 'whatever-123',
    field: 'Adresse email',
    message: 'Aucun compte trouvé avec cette adresse email',
  },
  {
    name: 'an invalid address',
    email: () => 'not-an-address',
    password: 'whatever-123',
    field: 'Adresse email',
    message: 'Adresse email invalide',
  },
] as const;

for (const failure of frenchCases) {
  test(`${failure.name} shows its French message and keeps what was typed`, async ({
    page,
    verifiedUser,
  }) => {
    const email = failure.email() === 'existing' ? verifiedUser.email : failure.email();
    await openLogin(page, '?lang=fr');
    await page.getByLabel('Adresse email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(failure.password);
    await submit(page, 'Se connecter').click();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(failure.message);
    const field = page.getByLabel(failure.field, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', /login-error/);
    await expect(page.getByLabel('Adresse email')).toHaveValue(email);
    await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue(failure.password);
    await expect(page).toHaveURL('/login?lang=fr');
    expect(await fetchFromPage(page, '/auth/session')).toEqual({
      status: 200,
      body: { user: null },
    });
  });
}

test('the same failures read in English on the English page', async ({ page, verifiedUser }) => {
  await openLogin(page);
  await page.getByLabel('E-mail address').fill(verifiedUser.email);
  await page.getByLabel('Password').fill('not-the-password');
  await submit(page, 'Sign in').click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');

  await page.getByLabel('E-mail address').fill(uniqueEmail('nobody'));
  await submit(page, 'Sign in').click();
  await expect(page.getByRole('alert')).toHaveText('No account found with this e-mail address');

  await page.getByLabel('E-mail address').fill('not-an-address');
  await submit(page, 'Sign in').click();
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail address');
});

test('a disabled account is told so', async ({ page }) => {
  const user = await createEmailUser(authEmulatorHost);
  await disableUser(authEmulatorHost, user.uid);
  await openLogin(page, '?lang=fr');
  await page.getByLabel('Adresse email').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await submit(page, 'Se connecter').click();
  await expect(page.getByRole('alert')).toHaveText('Ce compte a été désactivé');
});

test('with the network down the message says so, and the page works again once it is back', async ({
  page,
  context,
  verifiedUser,
}) => {
  await openLogin(page, '?lang=fr');
  await page.getByLabel('Adresse email').fill(verifiedUser.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(verifiedUser.password);

  await context.setOffline(true);
  const signIn = submit(page, 'Se connecter');
  await signIn.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Erreur de connexion. Vérifiez votre connexion internet',
  );
  await expect(signIn).toBeEnabled();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue(verifiedUser.password);

  await context.setOffline(false);
  await signIn.click();
  await expect(page).toHaveURL('/dashboard');
});
