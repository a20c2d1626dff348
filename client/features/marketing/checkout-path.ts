import type { BillingInterval, PaidPlanId } from '#shared/billing.ts';
import { loginAddress } from '#shared/login-address.ts';

/**
 * Where a visitor who picks a paid plan goes: the sign-up form, then /subscription?start=<plan>-<interval>,
 * which starts Checkout at once. The sign-in page keeps `redirect` through the sign-up and its
 * e-mail verification, and accepts only a path of this site (shared/navigation-guard.ts).
 */
export function signUpThenCheckoutPath(plan: PaidPlanId, interval: BillingInterval): string {
  const after = `/subscription?start=${plan}-${interval}`;
  return loginAddress({ signUp: true, redirect: after });
}
