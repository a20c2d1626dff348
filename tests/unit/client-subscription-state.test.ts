import { describe, expect, it } from 'vitest';
import { signUpThenCheckoutPath } from '#client/features/marketing/checkout-path.ts';
import {
  changeArrived,
  changesHeldBy,
  changesOnOffer,
  checkoutToStart,
  confirmationPollDelay,
  defaultKeptStore,
  needsStoreChoice,
  paymentWarning,
  planStanding,
  queryAfterArrival,
} from '#client/features/subscription/billing-state.ts';
import { webAddressOf } from '#client/lib/billing-api.ts';
import type { SubscriptionStatus } from '#shared/billing.ts';
import { safeRedirectTarget } from '#shared/navigation-guard.ts';
import type { PlanId } from '#shared/plans.ts';
import type { BillingOverview, Subscription } from '#shared/schemas/billing.ts';

/** What the subscription screen and the signed-in frame make of the API's billing overview. */

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    plan: 'pro',
    interval: 'month',
    status: 'active',
    currentPeriodEnd: '2026-12-23T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    discountedPriceCents: null,
    pastDueSince: null,
    graceEndsAt: null,
    ...overrides,
  };
}

function overview(
  plan: PlanId,
  sub: Subscription | null,
): Pick<BillingOverview, 'plan' | 'subscription'> {
  return { plan, subscription: sub };
}

const store = (id: string, paused = false) => ({
  id,
  shopDomain: `${id}.myshopify.com`,
  paused,
});

describe('planStanding', () => {
  it('is Free without a subscription, or once it ended', () => {
    expect(planStanding(overview('free', null)).kind).toBe('free');
    expect(planStanding(overview('free', subscription({ status: 'canceled' }))).kind).toBe('free');
    expect(
      planStanding(overview('free', subscription({ status: 'incomplete_expired' }))).kind,
    ).toBe('free');
  });

  it('tells a renewing subscription from one that ends at the period end', () => {
    expect(planStanding(overview('pro', subscription())).kind).toBe('active');
    expect(planStanding(overview('pro', subscription({ status: 'trialing' }))).kind).toBe('active');
    expect(planStanding(overview('pro', subscription({ cancelAtPeriodEnd: true }))).kind).toBe(
      'cancelling',
    );
  });

  it('keeps the plan while past due in the grace period, and says Free applies after it', () => {
    const pastDue = subscription({
      status: 'past_due',
      pastDueSince: '2026-11-20T10:00:00.000Z',
      graceEndsAt: '2026-11-27T10:00:00.000Z',
    });
    expect(planStanding(overview('pro', pastDue)).kind).toBe('past-due');
    expect(planStanding(overview('free', pastDue)).kind).toBe('lapsed');
    for (const status of ['unpaid', 'paused'] satisfies SubscriptionStatus[]) {
      expect(planStanding(overview('free', subscription({ status }))).kind).toBe('lapsed');
    }
    expect(planStanding(overview('free', subscription({ status: 'incomplete' }))).kind).toBe(
      'incomplete',
    );
  });
});

describe('changesOnOffer', () => {
  it('offers Pro an upgrade to Business in the same period, and the other period', () => {
    expect(changesOnOffer({ plan: 'pro', interval: 'month' })).toEqual([
      { kind: 'upgrade', plan: 'business', interval: 'month' },
      { kind: 'switch-interval', plan: 'pro', interval: 'year' },
    ]);
  });

  it('offers Business a downgrade to Pro, and the other period', () => {
    expect(changesOnOffer({ plan: 'business', interval: 'year' })).toEqual([
      { kind: 'downgrade', plan: 'pro', interval: 'year' },
      { kind: 'switch-interval', plan: 'business', interval: 'month' },
    ]);
  });
});

describe('needsStoreChoice', () => {
  const threeStores = [store('a'), store('b'), store('c')];

  it('asks which store stays when the plan reached allows fewer stores than are connected', () => {
    expect(
      needsStoreChoice({ kind: 'downgrade', plan: 'pro', interval: 'month' }, threeStores),
    ).toBe(true);
    expect(needsStoreChoice({ kind: 'cancel' }, threeStores)).toBe(true);
  });

  it('does not ask when every connected store fits the plan reached', () => {
    expect(
      needsStoreChoice({ kind: 'downgrade', plan: 'pro', interval: 'month' }, [store('a')]),
    ).toBe(false);
    expect(needsStoreChoice({ kind: 'cancel' }, [])).toBe(false);
    expect(
      needsStoreChoice(
        { kind: 'switch-interval', plan: 'business', interval: 'year' },
        threeStores,
      ),
    ).toBe(false);
  });

  it('proposes the first active store to keep', () => {
    expect(defaultKeptStore([store('a', true), store('b'), store('c')])).toBe('b');
    expect(defaultKeptStore([store('a', true)])).toBe('a');
    expect(defaultKeptStore([])).toBeNull();
  });
});

describe('checkoutToStart', () => {
  it('reads a paid plan and a period', () => {
    expect(checkoutToStart('pro-month')).toEqual({ plan: 'pro', interval: 'month' });
    expect(checkoutToStart('business-year')).toEqual({ plan: 'business', interval: 'year' });
  });

  it('ignores anything else', () => {
    for (const value of [
      null,
      '',
      'free-month',
      'pro',
      'pro-week',
      'pro-month-x',
      'PRO-MONTH',
      'pro-monthly',
    ]) {
      expect(checkoutToStart(value)).toBeNull();
    }
  });
});

describe('changeArrived', () => {
  it('sees a checkout through once an active subscription gives its plan', () => {
    expect(changeArrived({ kind: 'checkout' }, undefined)).toBe(false);
    expect(changeArrived({ kind: 'checkout' }, overview('free', null))).toBe(false);
    expect(
      changeArrived({ kind: 'checkout' }, overview('free', subscription({ status: 'incomplete' }))),
    ).toBe(false);
    expect(changeArrived({ kind: 'checkout' }, overview('pro', subscription()))).toBe(true);
  });

  it('sees a change through once the subscription has the plan and period asked for', () => {
    const toYearly = { kind: 'change', plan: 'pro', interval: 'year' } as const;
    expect(changeArrived(toYearly, overview('pro', subscription()))).toBe(false);
    expect(changeArrived(toYearly, overview('pro', subscription({ interval: 'year' })))).toBe(true);
  });

  it('sees a cancellation and a resumption through', () => {
    expect(changeArrived({ kind: 'cancel' }, overview('pro', subscription()))).toBe(false);
    expect(
      changeArrived({ kind: 'cancel' }, overview('pro', subscription({ cancelAtPeriodEnd: true }))),
    ).toBe(true);
    expect(
      changeArrived({ kind: 'resume' }, overview('pro', subscription({ cancelAtPeriodEnd: true }))),
    ).toBe(false);
    expect(changeArrived({ kind: 'resume' }, overview('pro', subscription()))).toBe(true);
  });
});

describe('queryAfterArrival', () => {
  const cleaned = (query: string) => queryAfterArrival(new URLSearchParams(query))?.toString();

  it('takes the return from Checkout out of the address, paid or not', () => {
    expect(cleaned('checkout=success&session_id=cs_test_1')).toBe('');
    expect(cleaned('checkout=cancelled')).toBe('');
    expect(cleaned('session_id=cs_test_1')).toBe('');
  });

  it('takes the Checkout to start out of the address, even one it does not know', () => {
    expect(cleaned('start=pro-month')).toBe('');
    expect(cleaned('start=nonsense')).toBe('');
  });

  it('keeps the rest of the address, and leaves an address without them alone', () => {
    expect(cleaned('checkout=success&lang=fr&session_id=cs_test_1')).toBe('lang=fr');
    expect(queryAfterArrival(new URLSearchParams('lang=fr'))).toBeNull();
    expect(queryAfterArrival(new URLSearchParams(''))).toBeNull();
  });
});

describe('changesHeldBy', () => {
  it('holds the plan buttons while a change waits for its confirmation', () => {
    expect(changesHeldBy({ kind: 'waiting', change: { kind: 'checkout' }, overdue: false })).toBe(
      true,
    );
    expect(changesHeldBy({ kind: 'waiting', change: { kind: 'cancel' }, overdue: false })).toBe(
      true,
    );
  });

  it('gives them back once the wait is overdue, the change has arrived, or nothing is awaited', () => {
    expect(changesHeldBy({ kind: 'waiting', change: { kind: 'checkout' }, overdue: true })).toBe(
      false,
    );
    expect(changesHeldBy({ kind: 'arrived', change: { kind: 'checkout' } })).toBe(false);
    expect(changesHeldBy({ kind: 'idle' })).toBe(false);
  });
});

describe('confirmationPollDelay', () => {
  it('reads again every second for a minute, then stops', () => {
    expect(confirmationPollDelay(0, 0)).toBe(1000);
    expect(confirmationPollDelay(0, 59_999)).toBe(1000);
    expect(confirmationPollDelay(0, 60_000)).toBe(false);
  });
});

describe('paymentWarning', () => {
  it('warns of a failed renewal with the grace date, and of Free limits after it', () => {
    const pastDue = subscription({
      plan: 'business',
      status: 'past_due',
      graceEndsAt: '2026-11-27T10:00:00.000Z',
    });
    expect(paymentWarning(overview('business', pastDue))).toEqual({
      kind: 'grace',
      plan: 'business',
      graceEndsAt: '2026-11-27T10:00:00.000Z',
    });
    expect(paymentWarning(overview('free', pastDue))).toEqual({ kind: 'lapsed', plan: 'business' });
  });

  it('says nothing while payments are fine', () => {
    expect(paymentWarning(overview('free', null))).toBeNull();
    expect(paymentWarning(overview('pro', subscription()))).toBeNull();
    expect(paymentWarning(overview('pro', subscription({ cancelAtPeriodEnd: true })))).toBeNull();
  });
});

describe('the way from pricing to checkout', () => {
  it('signs a visitor up on the way to checkout, through a redirect the sign-in page accepts', () => {
    const path = signUpThenCheckoutPath('business', 'year');
    expect(path).toBe('/login?mode=sign-up&redirect=%2Fsubscription%3Fstart%3Dbusiness-year');
    const redirect = new URL(path, 'http://vitrine.test').searchParams.get('redirect');
    expect(safeRedirectTarget(redirect)).toBe('/subscription?start=business-year');
    expect(
      checkoutToStart(new URL(redirect ?? '', 'http://vitrine.test').searchParams.get('start')),
    ).toEqual({ plan: 'business', interval: 'year' });
  });

  it('follows only a web address to Stripe', () => {
    expect(webAddressOf('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
    expect(webAddressOf('http://localhost:4010/checkout/cs_1')).toBe(
      'http://localhost:4010/checkout/cs_1',
    );
    expect(webAddressOf('javascript:alert(1)')).toBeNull();
    expect(webAddressOf('/relative')).toBeNull();
  });
});
