import { useCallback, useEffect, useState } from 'react';
import type { BillingOverview } from '#shared/schemas/billing.ts';
import { useBillingOverview } from './api/billing-queries.ts';
import {
  changeArrived,
  confirmationPatienceMs,
  confirmationPollDelay,
  type AwaitedChange,
  type AwaitedState,
} from './billing-state.ts';

/**
 * The billing overview, read again about every second while a change Stripe took has not shown in
 * it yet (the plan changes only when Stripe's verified event reaches the API), for up to a minute;
 * then the screen says it is taking longer than usual and offers to check again, which waits
 * another minute.
 */
export function useAwaitedChange(uid: string, awaitedOnArrival: AwaitedChange | null) {
  // Back from Checkout, the screen waits for the subscription from its first render.
  const [awaiting, setAwaiting] = useState<{ change: AwaitedChange; since: number } | null>(() =>
    awaitedOnArrival === null ? null : { change: awaitedOnArrival, since: Date.now() },
  );
  // The start of the wait whose minute ran out: a new wait or "check again" is not overdue.
  const [overdueSince, setOverdueSince] = useState<number | null>(null);

  const refetchInterval = useCallback(
    (data: BillingOverview | undefined) =>
      awaiting === null || changeArrived(awaiting.change, data)
        ? false
        : confirmationPollDelay(awaiting.since, Date.now()),
    [awaiting],
  );
  const overviewQuery = useBillingOverview(uid, refetchInterval);
  const arrived = awaiting !== null && changeArrived(awaiting.change, overviewQuery.data);

  useEffect(() => {
    if (awaiting === null || arrived) return undefined;
    const timer = window.setTimeout(
      () => setOverdueSince(awaiting.since),
      awaiting.since + confirmationPatienceMs - Date.now(),
    );
    return () => window.clearTimeout(timer);
  }, [awaiting, arrived]);

  const { refetch } = overviewQuery;
  const waitFor = useCallback(
    (change: AwaitedChange) => {
      setAwaiting({ change, since: Date.now() });
      void refetch();
    },
    [refetch],
  );
  const checkAgain = useCallback(() => {
    setAwaiting((current) => (current === null ? null : { ...current, since: Date.now() }));
    void refetch();
  }, [refetch]);

  const state: AwaitedState =
    awaiting === null
      ? { kind: 'idle' }
      : arrived
        ? { kind: 'arrived', change: awaiting.change }
        : { kind: 'waiting', change: awaiting.change, overdue: overdueSince === awaiting.since };
  return { overviewQuery, awaited: state, waitFor, checkAgain };
}
