/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth-emulator-users.ts';
import { accountOf, expect, openLogin, test } from './auth-flows.ts';
import { clickAndWaitForClose, fetchFromPage } from './fixtures.ts';

/**
 * Google sign-in and its popup rules, in local mode: the popup is the BFF's
 * stand-in of Google's account chooser, which hands the emulator's Google ID token to the opener.
 */

/** Chooses a new Google account in the local account chooser, which then closes itself. */
async function addGoogleAccount(popup: Page, email: string, name: string): Promise<void> {
  await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel('Name').fill(name);
  await clickAndWaitForClose(popup, popup.getByRole('button', { name: 'Continue' }));
}

function googleButton(
  page: Page,
  name:
    | string
    | RegExp = /Continue with Google|Continuer avec Google|Finish in the Google window|Terminez dans la fenêtre Google/,
) {
  return page.getByRole('button', { name });
}

test('Google sign-in through the popup lands on the dashboard with a google account', async ({
  page,
}) => {
  const email = uniqueEmail('google');
  await openLogin(page, '?redirect=%2Fsubscription');
  const popupEvent = page.waitForEvent('popup');
  await googleButton(page).click();
  const popup = await popupEvent;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe('/local/google-sign-in');
  // The popup is 500×600.
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);

  await addGoogleAccount(popup, email, 'Gaëlle Google');
  await expect(page).toHaveURL('/subscription');
  expect(await accountOf(page)).toMatchObject({
    status: 200,
    user: { email, accountType: 'google', displayName: 'Gaëlle Google' },
  });
  expect((await fetchFromPage(page, '/auth/session')).body).toMatchObject({
    user: { email, providerId: 'google.com' },
  });
});

test('closing the popup shows "Connexion annulée par l\'utilisateur" and the page stays usable', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await openLogin(page, '?lang=fr');
  const popupEvent = page.waitForEvent('popup');
  await googleButton(page).click();
  const popup = await popupEvent;
  await popup.waitForLoadState();
  await popup.close();

  // A closed popup is reported 8 s after it was seen closed.
  await expect(page.getByRole('alert')).toHaveText('Connexion annulée par l’utilisateur', {
    timeout: 15_000,
  });
  await expect(googleButton(page, 'Continuer avec Google')).toBeEnabled();
  await expect(page.getByLabel('Adresse email')).toBeEditable();

  // It works again.
  const email = uniqueEmail('again');
  const retry = page.waitForEvent('popup');
  await googleButton(page).click();
  await addGoogleAccount(await retry, email, 'Encore Moi');
  await expect(page).toHaveURL('/dashboard');
});

test('a second popup cancels the first, and the second one signs in', async ({ page }) => {
  const email = uniqueEmail('second');
  await openLogin(page);
  const firstEvent = page.waitForEvent('popup');
  await googleButton(page).click();
  const first = await firstEvent;
  await first.waitForLoadState();

  const secondEvent = page.waitForEvent('popup');
  await googleButton(page).click();
  const second = await secondEvent;
  await second.waitForLoadState();

  await expect(page.getByRole('alert')).toHaveText('Sign-in request cancelled');
  await expect.poll(() => first.isClosed()).toBe(true);

  await addGoogleAccount(second, email, 'Second Window');
  await expect(page).toHaveURL('/dashboard');
  expect(await accountOf(page)).toMatchObject({
    status: 200,
    user: { email, accountType: 'google' },
  });
});
