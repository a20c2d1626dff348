import type Stripe from 'stripe';
import { describe, expectTypeOf, it } from 'vitest';
import type { Invoice, Subscription } from '#server/local/stripe/stripe-objects.ts';

/**
 * The local Stripe's objects are cut from stripe-node's own types: a kept field is typed as Stripe
 * types it (the project's typecheck holds these assertions), and a field of Stripe's the stand-in
 * leaves out is absent from its type rather than faked.
 */

describe('the local Stripe’s objects', () => {
  it('type the fields they keep as Stripe does', () => {
    expectTypeOf<Invoice['id']>().toEqualTypeOf<Stripe.Invoice['id']>();
    expectTypeOf<Invoice['metadata']>().toEqualTypeOf<Stripe.Invoice['metadata']>();
    expectTypeOf<Subscription['created']>().toEqualTypeOf<Stripe.Subscription['created']>();
    // A value the stand-in always answers is one Stripe's type allows.
    expectTypeOf<Invoice['livemode']>().toExtend<Stripe.Invoice['livemode']>();
    expectTypeOf<Subscription['status']>().toExtend<Stripe.Subscription['status']>();
  });

  it('leave out what the stand-in does not hold', () => {
    expectTypeOf<Stripe.Invoice>().toHaveProperty('account_country');
    expectTypeOf<Invoice>().not.toHaveProperty('account_country');
  });
});
