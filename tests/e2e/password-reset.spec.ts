/// <reference lib="dom" />
import { uniqueEmail } from '../support/auth-emulator-users.ts';
import { expect, oobCodesFor, openLogin, submit, test } from './auth-flows.ts';

/** "Forgot your password?" on /login: the reset e-mail, ending on the provider's page. */

test('the reset e-mail is sent to an existing account', async ({ page, verifiedUser }) => {
  await openLogin(page);
  await page.getByLabel('E-mail address').fill(verifiedUser.email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.locator('h1')).toHaveText('Reset your password');
  // The address typed for signing in is kept.
  await expect(page.getByLabel('E-mail address')).toHaveValue(verifiedUser.email);
  await submit(page, 'Send the link').click();

  await expect(page.getByRole('status')).toHaveText(
    `If an account uses ${verifiedUser.email}, a link to reset its password is on its way. Follow it, then sign in with your new password.`,
  );
  await expect
    .poll(async () => (await oobCodesFor(verifiedUser.email, 'PASSWORD_RESET')).length)
    .toBe(1);

  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page.locator('h1')).toHaveText('Sign in');
});

test('an unknown address gets the same answer, and no e-mail', async ({ page }) => {
  const email = uniqueEmail('nobody');
  await openLogin(page, '?lang=fr');
  await page.getByRole('button', { name: 'Mot de passe oublié\u202f?' }).click();
  await page.getByLabel('Adresse email').fill(email);
  await submit(page, 'Envoyer le lien').click();
  await expect(page.getByRole('status')).toHaveText(
    `Si un compte utilise ${email}, un lien pour réinitialiser son mot de passe est en route. Suivez-le, puis connectez-vous avec votre nouveau mot de passe.`,
  );
  expect(await oobCodesFor(email, 'PASSWORD_RESET')).toEqual([]);
});

test('an invalid address is refused with its message', async ({ page }) => {
  await openLogin(page, '?lang=fr');
  await page.getByRole('button', { name: 'Mot de passe oublié\u202f?' }).click();
  await page.getByLabel('Adresse email').fill('pas-une-adresse');
  await submit(page, 'Envoyer le lien').click();
  await expect(page.getByRole('alert')).toHaveText('Adresse email invalide');
  await expect(page.getByRole('status')).toHaveCount(0);
});
