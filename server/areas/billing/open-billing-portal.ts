import { AppError } from '#shared/errors.ts';
import type { BillingAccount } from './billing-customer.ts';
import { existingCustomerOf } from './billing-customer.ts';
import type { BillingDependencies } from './billing-dependencies.ts';
import { callStripe } from './stripe-failure.ts';

/**
 * Opens Stripe's customer portal (invoices, payment method, billing details) and answers its
 * address. An account that never started a checkout has no customer there, hence nothing to show.
 */
export async function openBillingPortal(
  deps: Pick<BillingDependencies, 'db' | 'stripe' | 'settings'>,
  account: Pick<BillingAccount, 'uid' | 'language'>,
): Promise<string> {
  const customer = await existingCustomerOf(deps.db, account.uid);
  if (customer === undefined) {
    throw new AppError('no_subscription', 409, {
      message: 'The account has never subscribed: there is no billing to manage',
    });
  }
  const session = await callStripe('customer portal session creation', () =>
    deps.stripe.billingPortal.sessions.create({
      customer,
      return_url: `${deps.settings.publicUrl}/subscription`,
      locale: account.language,
    }),
  );
  return session.url;
}
