import { useEffect, useState } from 'react';
import type { BillingOverview } from '#shared/schemas/billing.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import { loadBillingApi } from './load-billing-api.ts';

/**
 * The signed-in owner's plan, for the pricing page: read once when someone is signed in, null for
 * a visitor or while it loads, or when it could not be read (the page then offers checkout, and the
 * API refuses it with `subscription_exists` if the owner is subscribed already).
 */
export function useOwnerBilling(): BillingOverview | null {
  const auth = useAuthState();
  const uid = auth.status === 'signed-in' ? auth.user.uid : null;
  const [billing, setBilling] = useState<{ uid: string; overview: BillingOverview } | null>(null);

  useEffect(() => {
    if (uid === null) return undefined;
    let current = true;
    loadBillingApi()
      .then(({ fetchBillingOverview }) => fetchBillingOverview())
      .then(
        (overview) => {
          if (current) setBilling({ uid, overview });
        },
        // Not worth a message here: the plans are still shown, and checkout says what fails.
        () => {},
      );
    return () => {
      current = false;
    };
  }, [uid]);

  return billing !== null && billing.uid === uid ? billing.overview : null;
}

/** True while the owner has a subscription that has not ended: a new one would be refused. */
export function hasRunningSubscription(overview: BillingOverview | null): boolean {
  const status = overview?.subscription?.status;
  return status !== undefined && status !== 'canceled' && status !== 'incomplete_expired';
}
