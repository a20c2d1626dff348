/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { openDatabase } from '#server/db/database.ts';
import { issueUnsubscribeToken } from '#server/areas/weekly-summary/unsubscribe-token.ts';
import { productDatabaseUrl } from '../support/product-database.ts';
import { openSettingsAs, productDataDir } from './accounts.ts';
import { axeOn, switchTheme } from './axe-analysis.ts';
import { expect, fetchFromPage, test } from './fixtures.ts';

/**
 * The weekly summary in Settings: a Free owner finds it off, with the plan's rule said; turning it
 * on and choosing a day saves at once, holds across a reload, and the section passes axe in both
 * languages and themes. Its unsubscribe link, opened in the browser, asks first; its button turns
 * the summary off under the product's security headers.
 */

const section = (page: Page) =>
  page.getByRole('region', { name: /^(Weekly summary|Résumé hebdomadaire)$/ });

test('a Free owner turns the weekly summary on and picks Wednesday; it holds after a reload', async ({
  page,
  verifiedUser,
}) => {
  await openSettingsAs(page, verifiedUser);
  const enabled = section(page).getByLabel('Send me the weekly summary');
  await expect(enabled).not.toBeChecked();
  await expect(section(page)).toContainText('On by default with Pro and Business, off with Free');
  await expect(section(page).getByLabel('Day')).toHaveValue('1');

  await enabled.check();
  await expect(section(page).getByText('Saved.')).toBeVisible();
  await section(page).getByLabel('Day').selectOption({ label: 'Wednesday' });
  await expect(section(page).getByText('Saved.')).toBeVisible();
  await expect
    .poll(async () => (await fetchFromPage(page, '/api/v1/account/weekly-summary')).body)
    .toEqual({ data: { settings: { enabled: true, chosen: true, weekday: 3 } } });

  await page.reload();
  await expect(section(page).getByLabel('Send me the weekly summary')).toBeChecked();
  await expect(section(page).getByLabel('Day')).toHaveValue('3');
  await expect(section(page)).not.toContainText('On by default');
});

test('the section passes axe in English and French, light and dark', async ({
  page,
  verifiedUser,
}) => {
  await openSettingsAs(page, verifiedUser);
  for (const language of ['en', 'fr'] as const) {
    if (language === 'fr') {
      await page.getByRole('main').getByLabel('Language').selectOption('fr');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(section(page).getByLabel('M’envoyer le résumé hebdomadaire')).toBeVisible();
      await expect(section(page).getByLabel('Jour')).toContainText('mercredi');
    } else {
      await expect(section(page).getByLabel('Send me the weekly summary')).toBeVisible();
    }
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      const results = await axeOn(page)
        .include('section[aria-labelledby="settings-weekly-summary"]')
        .analyze();
      expect(
        results.violations.map((violation) => `${language} ${theme}: ${violation.id}`),
      ).toEqual([]);
    }
  }
});

/** The link of the owner's summary, with a token signed as the job signs it. */
async function unsubscribeLinkOf(uid: string): Promise<string> {
  const database = openDatabase(await productDatabaseUrl(productDataDir), { maxConnections: 1 });
  try {
    const token = await issueUnsubscribeToken(database.db, uid);
    return `/email/weekly-summary/unsubscribe?token=${encodeURIComponent(token)}`;
  } finally {
    await database.close();
  }
}

test('the unsubscribe link asks first; its button turns the summary off', async ({
  page,
  verifiedUser,
}) => {
  expect(productDataDir, 'E2E_DATA_DIR is set by playwright.config.ts').not.toBe('');
  await openSettingsAs(page, verifiedUser);
  await section(page).getByLabel('Send me the weekly summary').check();
  await expect(section(page).getByText('Saved.')).toBeVisible();
  const settings = async () => (await fetchFromPage(page, '/api/v1/account/weekly-summary')).body;
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
  });

  await page.goto(await unsubscribeLinkOf(verifiedUser.uid));
  await expect(page.getByRole('heading', { name: 'Stop the weekly summary?' })).toBeVisible();
  expect(await settings()).toEqual({
    data: { settings: { enabled: true, chosen: true, weekday: 1 } },
  });

  await page.getByRole('button', { name: 'Turn off the weekly summary' }).click();
  await expect(page.getByRole('heading', { name: 'Weekly summary turned off' })).toBeVisible();
  expect(await settings()).toEqual({
    data: { settings: { enabled: false, chosen: true, weekday: 1 } },
  });
  expect(refusedByPolicy).toEqual([]);
});
