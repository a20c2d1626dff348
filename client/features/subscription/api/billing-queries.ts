import { useMutation, useQuery } from '@tanstack/react-query';
import type { BillingInterval, PaidPlanId } from '#shared/billing.ts';
import type { BillingOverview } from '#shared/schemas/billing.ts';
import {
  cancelSubscription,
  changeSubscription,
  fetchBillingOverview,
  resumeSubscription,
  startCheckout,
  startPortalSession,
} from '#client/lib/billing-api.ts';

/**
 * The subscription's server state, keyed by the signed-in user's uid: the overview (read again
 * every moment while a change Stripe took has not arrived yet), and the calls that change the
 * subscription or send the browser to Stripe. The signed-in frame's payment warning reads the same
 * overview, so that what it says follows what this screen reads.
 */

export const billingKey = (uid: string) => ['billing', uid] as const;

export function useBillingOverview(
  uid: string,
  refetchInterval: (data: BillingOverview | undefined) => number | false = () => false,
) {
  return useQuery({
    queryKey: billingKey(uid),
    queryFn: fetchBillingOverview,
    enabled: uid !== '',
    refetchInterval: (query) => refetchInterval(query.state.data),
  });
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: ({ plan, interval }: { plan: PaidPlanId; interval: BillingInterval }) =>
      startCheckout(plan, interval),
  });
}

export function useStartPortalSession() {
  return useMutation({ mutationFn: startPortalSession });
}

export function useChangeSubscription() {
  return useMutation({ mutationFn: changeSubscription });
}

export function useCancelSubscription() {
  return useMutation({ mutationFn: cancelSubscription });
}

export function useResumeSubscription() {
  return useMutation({ mutationFn: resumeSubscription });
}
