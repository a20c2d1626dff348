/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { contactFormRules } from '#shared/schemas/contact.ts';
import { queryProductDatabase } from '../support/product-database.ts';
import { productDataDir, registerAccount, waitForApp } from './accounts.ts';
import { expect, openSession, test } from './fixtures.ts';

/**
 * The contact form: pre-filled from the account; the message is stored in PostgreSQL,
 * then mailed by a job (locally, an .eml file under the data directory); spam defences (honeypot,
 * signed time stamp) and refused input are told in the user's language without losing the text.
 */

const main = (page: Page) => page.getByRole('main');

/** Opens /contact and resolves when the form's token has arrived, with the time it arrived. */
async function openContactForm(page: Page): Promise<number> {
  const tokenFetched = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/contact/form-token') && response.ok(),
  );
  await page.goto('/contact');
  await tokenFetched;
  const arrivedAt = Date.now();
  await waitForApp(page);
  return arrivedAt;
}

/** Waits out the minimum fill time counted from `since` (plus a margin for the clocks). */
async function waitForFillTime(page: Page, since: number): Promise<void> {
  const left = contactFormRules.minimumFillTimeMs + 500 - (Date.now() - since);
  if (left > 0) await page.waitForTimeout(left);
}

/**
 * The .eml file of message `messageId`, once the mail job has written it, with its
 * quoted-printable soft line breaks and escapes undone so that the text reads as it was sent.
 */
async function mailFileOf(messageId: string): Promise<string | undefined> {
  const directory = path.join(productDataDir, 'mail');
  const files = await fs.readdir(directory).catch(() => [] as string[]);
  const file = files.find((name) => name.endsWith(`-${messageId}.eml`));
  if (file === undefined) return undefined;
  const raw = await fs.readFile(path.join(directory, file), 'utf8');
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test('a contact message is stored, confirmed, and its e-mail written', async ({
  page,
  verifiedUser,
}) => {
  expect(productDataDir, 'E2E_DATA_DIR is set by playwright.config.ts').not.toBe('');
  expect(await openSession(page, verifiedUser)).toBe(200);
  await registerAccount(page, verifiedUser);
  const tokenArrivedAt = await openContactForm(page);

  // Pre-filled from the account.
  await expect(main(page).getByLabel('Your name')).toHaveValue('Camille Martin');
  await expect(main(page).getByLabel('Your e-mail address')).toHaveValue(verifiedUser.email);
  // The honeypot is there for bots only: out of the accessibility tree and the tab order.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(main(page).getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);

  const run = randomUUID();
  const subject = `Question ${run}`;
  const message = `Hello, how do I connect my store? Reference ${run}.`;
  await main(page).getByLabel('Subject').fill(subject);
  await main(page).getByLabel('Message').fill(message);
  await expect(main(page).getByText(`${message.length} / 5,000`)).toBeVisible();

  // Sent at once, faster than a person writes: refused, and the text stays.
  expect(Date.now() - tokenArrivedAt).toBeLessThan(contactFormRules.minimumFillTimeMs);
  await main(page).getByRole('button', { name: 'Send the message' }).click();
  await expect(main(page).getByRole('alert')).toContainText('quicker than a person can write');
  await expect(main(page).getByLabel('Subject')).toHaveValue(subject);
  await expect(main(page).getByLabel('Message')).toHaveValue(message);

  await waitForFillTime(page, tokenArrivedAt);
  const posted = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/contact') && response.request().method() === 'POST',
  );
  await main(page).getByRole('button', { name: 'Send the message' }).click();
  const answer = await posted;
  expect(answer.status()).toBe(201);
  const { messageId } = ((await answer.json()) as { data: { messageId: string } }).data;
  const confirmation = main(page).getByRole('heading', { name: 'Message sent' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(main(page).getByText(`will answer at ${verifiedUser.email}`)).toBeVisible();

  // Stored first, in the user's language; then mailed, and marked so.
  const stored = await queryProductDatabase<{ uid: string; subject: string; language: string }>(
    productDataDir,
    'SELECT uid, subject, message, language FROM contact_messages WHERE id = $1',
    [messageId],
  );
  expect(stored).toEqual([
    expect.objectContaining({ uid: verifiedUser.uid, subject, message, language: 'en' }),
  ]);
  await expect.poll(() => mailFileOf(messageId), { timeout: 20_000 }).toBeDefined();
  const mail = (await mailFileOf(messageId)) ?? '';
  expect(mail).toContain(subject);
  expect(mail).toContain(`Reference ${run}`);
  expect(mail).toContain(verifiedUser.email);
  await expect
    .poll(async () => {
      const [row] = await queryProductDatabase<{ mailed: boolean }>(
        productDataDir,
        'SELECT mailed_at IS NOT NULL AS mailed FROM contact_messages WHERE id = $1',
        [messageId],
      );
      return row?.mailed;
    })
    .toBe(true);
});

test('a refused field is pointed at, in French, and nothing typed is lost', async ({
  page,
  verifiedUser,
}) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  await registerAccount(page, verifiedUser, { language: 'fr' });
  const tokenArrivedAt = await openContactForm(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  const subject = `Sujet ${randomUUID()}`;
  await main(page).getByLabel('Objet').fill(subject);
  const messageField = main(page).getByLabel('Message');
  await messageField.fill('Trop bref');
  await waitForFillTime(page, tokenArrivedAt);
  await main(page).getByRole('button', { name: 'Envoyer le message' }).click();

  await expect(main(page).getByRole('alert')).toHaveText(
    /^Écrivez un message de 10 à 5\s000 caractères\.$/,
  );
  await expect(messageField).toHaveAttribute('aria-invalid', 'true');
  await expect(messageField).toBeFocused();
  await expect(messageField).toHaveValue('Trop bref');
  await expect(main(page).getByLabel('Objet')).toHaveValue(subject);

  await messageField.fill('Trop bref, alors je précise ma question.');
  await main(page).getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(main(page).getByRole('heading', { name: 'Message envoyé' })).toBeVisible();
  const [stored] = await queryProductDatabase<{ language: string }>(
    productDataDir,
    'SELECT language FROM contact_messages WHERE uid = $1 AND subject = $2',
    [verifiedUser.uid, subject],
  );
  expect(stored?.language).toBe('fr');
});

test('an expired form is renewed and the message sent again with its text', async ({
  page,
  verifiedUser,
}) => {
  expect(await openSession(page, verifiedUser)).toBe(200);
  await registerAccount(page, verifiedUser);
  let tokensIssued = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/contact/form-token') && response.ok()) tokensIssued += 1;
  });
  // The first send meets a token the API calls too old (a page left open for hours).
  let expiredOnce = false;
  await page.route('**/api/v1/contact', async (route) => {
    if (route.request().method() !== 'POST' || expiredOnce) return route.continue();
    expiredOnce = true;
    return route.fulfill({
      status: 400,
      json: { error: { code: 'form_expired', message: 'failing on purpose' } },
    });
  });
  await openContactForm(page);
  const issuedOnOpen = tokensIssued;
  expect(issuedOnOpen).toBeGreaterThan(0);

  const subject = `Expired ${randomUUID()}`;
  const message = 'A message written over a long afternoon.';
  await main(page).getByLabel('Subject').fill(subject);
  await main(page).getByLabel('Message').fill(message);
  await main(page).getByRole('button', { name: 'Send the message' }).click();
  await expect(main(page).getByRole('alert')).toContainText('we have renewed it');
  await expect.poll(() => tokensIssued).toBe(issuedOnOpen + 1);
  const renewedAt = Date.now();
  await expect(main(page).getByLabel('Subject')).toHaveValue(subject);
  await expect(main(page).getByLabel('Message')).toHaveValue(message);

  await waitForFillTime(page, renewedAt);
  await main(page).getByRole('button', { name: 'Send the message' }).click();
  await expect(main(page).getByRole('heading', { name: 'Message sent' })).toBeVisible();
});
