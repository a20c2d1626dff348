/// <reference lib="dom" />
import { mergeTests, type Page } from '@playwright/test';
import { uniqueEmail, type TestUser } from '../support/auth-emulator-users.ts';
import { registerAccount, waitForApp } from './accounts.ts';
import { latestVerificationCode, submit, test as consoleTest } from './auth-flows.ts';
import { expect, openSession, test as accountTest } from './fixtures.ts';
import {
  advanceClock,
  customerIdOf,
  localCustomer,
  localStripeUrl,
  saveCard,
} from './local-stripe-controls.ts';

/**
 * Paid plans against the real product and the local Stripe that local mode starts (its hosted
 * Checkout page, its customers' clocks): a visitor choosing Pro on the pricing page, signing up and
 * paying; a declined card; changing to yearly billing, cancelling and reaching the period's end;
 * a failed renewal through its retries; Checkout in French. Every plan change reaches the product
 * as Stripe's signed events, so the tests wait for what the screen shows, never for a fixed time.
 * Each test has a user (and so a Stripe customer) of its own; any console error fails a test.
 */

const test = mergeTests(accountTest, consoleTest);
test.describe.configure({ timeout: 90_000 });

const eventTimeout = { timeout: 30_000 };
const payingCard = '4242 4242 4242 4242';
const decliningCard = '4000 0000 0000 0341';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });
/** A Stripe timestamp as the subscription screen writes dates in English. */
const screenDate = (seconds: number) => dateFormat.format(new Date(seconds * 1000));

/**
 * Records every text the subscription screen's live regions take, in order, for the document
 * loaded: a step as short as "Confirming your payment…" can be checked after the fact.
 */
async function recordStatusTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { statusTexts: seen });
    const record = () => {
      for (const region of document.querySelectorAll('[role="status"]')) {
        const text = region.textContent?.trim() ?? '';
        if (text !== '' && seen[seen.length - 1] !== text) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

function statusTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
}

const planName = (page: Page) => page.locator('#subscription-plan');
const usage = (page: Page) => page.getByRole('region', { name: 'Usage' });

/** Fills the local Stripe's Checkout form and submits it. */
async function payOnCheckout(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Cardholder name').fill('Camille Martin');
  const country = page.getByLabel('Country or region');
  if ((await country.count()) > 0) await country.selectOption('FR');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

async function expectCheckoutFor(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${localStripeUrl}/c/pay/cs_test_`), eventTimeout);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pro');
  await expect(page.getByText('per month')).toBeVisible();
  const emailField = page.getByLabel('Email');
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();
}

/** Back from a paid Checkout: the screen waits for Stripe's event, then shows Pro, unreloaded. */
async function expectProArrived(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/subscription/);
  await waitForApp(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await expect(page.getByText('Payment received. Welcome to Pro!')).toBeVisible(eventTimeout);
  await expect(planName(page)).toHaveText('Pro');
  await expect(page.getByText('€19 per month')).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window), 'no reload on the way').toBe(true);
  const texts = await statusTexts(page);
  const confirming = texts.indexOf('Confirming your payment…');
  expect(confirming, `statuses seen: ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
  expect(texts.indexOf('Payment received. Welcome to Pro!')).toBeGreaterThan(confirming);
  // The confirmation left the address: a reload shows the plan, and does not wait again.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(usage(page).getByText('0 of 10,000 pages audited')).toBeVisible();
  await expect(usage(page).getByText('0 of 30 blog posts this month')).toBeVisible();
}

async function signIn(page: Page, user: TestUser, language: 'en' | 'fr' = 'en'): Promise<void> {
  expect(await openSession(page, user)).toBe(200);
  await registerAccount(page, user, { language });
}

/** A signed-in owner on Free chooses Pro (monthly) on /pricing and reaches Checkout. */
async function choosePro(page: Page, user: TestUser): Promise<void> {
  await page.goto('/pricing');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await expectCheckoutFor(page, user.email);
}

/** A signed-in owner subscribed to Pro monthly, through Checkout, on /subscription. */
async function subscribeToPro(page: Page, user: TestUser): Promise<string> {
  await recordStatusTexts(page);
  await signIn(page, user);
  await choosePro(page, user);
  await payOnCheckout(page, payingCard);
  await expectProArrived(page);
  return customerIdOf(page.request, user.email);
}

/**
 * Opens /subscription again until it shows `text`: the screen waits for Stripe only after a change
 * made on it, and these changes happen at Stripe (its clock), as they would while the owner is away.
 */
async function reloadUntilShown(page: Page, path: string, text: string): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass(eventTimeout);
}

test('a visitor chooses Pro on the pricing page, signs up, pays, and has Pro', async ({ page }) => {
  expect(localStripeUrl, 'E2E_LOCAL_STRIPE_URL is set by playwright.config.ts').not.toBe('');
  await recordStatusTexts(page);
  const email = uniqueEmail('pro');

  await page.goto('/pricing');
  await waitForApp(page);
  await page.getByRole('link', { name: 'Choose Pro' }).click();
  // A plan chosen by a visitor opens the sign-up form, and the page to go on to is kept.
  await expect(page).toHaveURL(
    `/login?mode=sign-up&redirect=${encodeURIComponent('/subscription?start=pro-month')}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');

  await page.getByLabel('Name', { exact: true }).fill('Camille Martin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Vitrine-e2e-2024!');
  await submit(page, 'Create my account').click();
  await expect(page).toHaveURL(/\/verify-email/);

  // The link of the verification e-mail finishes the account, then goes on to Checkout.
  const code = await latestVerificationCode(email);
  await page.goto(`/verify-email-success?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
  await expectCheckoutFor(page, email);

  await payOnCheckout(page, payingCard);
  await expectProArrived(page);
  await page.reload();
  await expect(planName(page)).toHaveText('Pro');
  await expect(page.getByText('Confirming your payment…')).toHaveCount(0);
});

test('a declined card is told on Checkout, and the plan stays Free', async ({
  page,
  verifiedUser,
}) => {
  await signIn(page, verifiedUser);
  await choosePro(page, verifiedUser);
  await payOnCheckout(page, decliningCard);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(new RegExp(`^${localStripeUrl}/c/pay/cs_test_`));

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/subscription/);
  await expect(
    page.getByText('You left checkout before paying: no payment was taken.'),
  ).toBeVisible();
  await expect(planName(page)).toHaveText('Free');
  await expect(usage(page).getByText('0 of 100 pages audited')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
  const customer = await localCustomer(
    page.request,
    await customerIdOf(page.request, verifiedUser.email),
  );
  expect(customer.subscriptions).toEqual([]);
});

test('Pro monthly switches to yearly, is cancelled, and ends at the period’s end', async ({
  page,
  verifiedUser,
}) => {
  const customerId = await subscribeToPro(page, verifiedUser);

  await page.getByRole('button', { name: 'Switch to yearly billing' }).click();
  const switchDialog = page.getByRole('dialog', { name: 'Switch to yearly billing' });
  await expect(switchDialog).toContainText('€190');
  await switchDialog.getByRole('button', { name: 'Switch now' }).click();
  await expect(page.getByText('Done: your plan is now Pro.')).toBeVisible(eventTimeout);
  await expect(page.getByText('€190 per year')).toBeVisible();
  await expect(planName(page)).toHaveText('Pro');

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel your subscription' });
  await cancelDialog.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await expect(
    page.getByText('Your subscription is cancelled: it ends at the end of the period.'),
  ).toBeVisible(eventTimeout);

  const atStripe = await localCustomer(page.request, customerId);
  const [subscription] = atStripe.subscriptions;
  expect(subscription).toMatchObject({ cancel_at_period_end: true });
  expect(subscription!.items.data[0]!.price.lookup_key).toBe('vitrine_pro_yearly');
  const periodEnd = subscription!.items.data[0]!.current_period_end;
  await expect(
    page.getByText(
      `Ends on ${screenDate(periodEnd)}. Your account then moves to the Free plan; nothing is deleted.`,
    ),
  ).toBeVisible();
  await expect(planName(page)).toHaveText('Pro');
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();

  // A day past the period's end, Stripe ends the subscription; the account is on Free.
  await advanceClock(page.request, customerId, Math.ceil((periodEnd - atStripe.now) / 86_400) + 1);
  await reloadUntilShown(
    page,
    '/subscription',
    'The Free plan needs no payment details. Choose a paid plan below for more stores, pages and posts.',
  );
  await expect(planName(page)).toHaveText('Free');
  await expect(usage(page).getByText('0 of 100 pages audited')).toBeVisible();
  expect((await localCustomer(page.request, customerId)).subscriptions[0]!.status).toBe('canceled');
});

test('a failed renewal warns while Pro is kept, then Free limits apply once Stripe gives up', async ({
  page,
  verifiedUser,
}) => {
  const customerId = await subscribeToPro(page, verifiedUser);
  await saveCard(page.request, customerId, decliningCard);

  // The renewal fails: past due. The product keeps Pro for 7 days from when it learns of it.
  const graceStart = Date.now();
  const renewed = await advanceClock(page.request, customerId, 31);
  expect(renewed.subscriptions[0]!.status).toBe('past_due');
  const banner = page.getByRole('region', { name: 'Payment problem' });
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(banner).toBeVisible({ timeout: 2_000 });
  }).toPass(eventTimeout);
  const graceDates = new Set(
    [graceStart, Date.now()].map((ms) => dateFormat.format(new Date(ms + 7 * 86_400_000))),
  );
  const graceDate = new RegExp(`(${[...graceDates].join('|')})`);
  await expect(banner).toContainText(
    new RegExp(
      `Your last payment failed\\. Update your card before ${graceDate.source} to keep Pro\\.`,
    ),
  );
  await banner.getByRole('link', { name: 'Update your payment' }).click();
  await expect(page).toHaveURL('/subscription');
  await expect(
    page.getByText(
      new RegExp(
        `^Your last payment failed\\. You keep Pro until ${graceDate.source}: update your payment method before then\\.$`,
      ),
    ),
  ).toBeVisible();
  await expect(planName(page)).toHaveText('Pro');
  await expect(page.getByRole('button', { name: 'Fix payment' })).toBeVisible();
  await expect(usage(page).getByText('0 of 10,000 pages audited')).toBeVisible();

  // Past the last retry (7 days after the first failure) Stripe marks it unpaid.
  const gaveUp = await advanceClock(page.request, customerId, 8);
  expect(gaveUp.subscriptions[0]!.status).toBe('unpaid');
  await reloadUntilShown(
    page,
    '/subscription',
    'Your last payment failed. Free limits apply until the payment succeeds.',
  );
  await expect(usage(page).getByText('0 of 100 pages audited')).toBeVisible();
  await expect(usage(page).getByText('0 of 2 blog posts this month')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fix payment' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(banner).toContainText(
    'Your last payment failed. Free limits apply until the payment succeeds.',
  );
});

test('a return from Checkout that Stripe never confirms does not lock the plans', async ({
  page,
  verifiedUser,
}) => {
  await signIn(page, verifiedUser);
  // A bookmarked return from Checkout, with no payment behind it: no event will ever arrive.
  await page.clock.install();
  await page.goto('/subscription?checkout=success&session_id=cs_test_bookmarked');
  await waitForApp(page);
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('Confirming your payment…')).toBeVisible();
  const choosePro = page.getByRole('button', { name: 'Choose Pro' });
  await expect(choosePro).toBeDisabled();

  // Past the minute of patience, the screen says so and the plans can be chosen again.
  await page.clock.fastForward('01:01');
  await expect(
    page.getByText(
      'This is taking longer than usual. Stripe has your request: check again in a moment.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(choosePro).toBeEnabled();

  // The address no longer says "back from Checkout": a reload does not wait again.
  await page.reload();
  await waitForApp(page);
  await expect(planName(page)).toHaveText('Free');
  await expect(choosePro).toBeEnabled();
  await expect(page.getByText('Confirming your payment…')).toHaveCount(0);
});

test('a page the browser brings back from its cache on the way to Checkout can be used again', async ({
  page,
  verifiedUser,
}) => {
  await signIn(page, verifiedUser);
  // Playwright runs Chromium without its back/forward cache: Stripe's page answers "no content",
  // so the browser stays on the page exactly as it left it, then the page hears the restore a
  // Back from Stripe would bring.
  await page.route(`${localStripeUrl}/c/pay/**`, (route) => route.fulfill({ status: 204 }));
  for (const path of ['/pricing', '/subscription']) {
    await page.goto(path);
    await waitForApp(page);
    const choosePro = page.getByRole('button', { name: 'Choose Pro' });
    const leftForStripe = page.waitForResponse((response) =>
      response.url().startsWith(`${localStripeUrl}/c/pay/`),
    );
    await choosePro.click();
    await leftForStripe;
    await expect(page.getByText('Taking you to checkout…')).toBeVisible();
    await expect(choosePro).toBeDisabled();
    await page.evaluate(() =>
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })),
    );
    await expect(page.getByText('Taking you to checkout…')).toHaveCount(0);
    await expect(choosePro).toBeEnabled();
  }
});

test('an owner whose language is French sees Checkout in French', async ({
  page,
  verifiedUser,
}) => {
  await signIn(page, verifiedUser, 'fr');
  // The pricing page's link for visitors, followed by a signed-in owner, starts Checkout at once.
  await page.goto(`/login?redirect=${encodeURIComponent('/subscription?start=pro-month')}`);
  await expect(page).toHaveURL(new RegExp(`^${localStripeUrl}/c/pay/cs_test_`), eventTimeout);
  await expect(page.getByRole('button', { name: 'S’abonner' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
