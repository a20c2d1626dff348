import type Stripe from 'stripe';

/**
 * Expires every Checkout session of the customer that is still open, so that none can be paid any
 * more: Stripe keeps a session payable for 24 hours, and paying an old one would start a
 * subscription nobody asked for now (a second one, or one for a deleted account). A session that
 * closed between the list and its expiry (paid, or expired on its own) is left as it is: a payment
 * made meanwhile is found by the caller's next look at the subscriptions. Stripe's errors are
 * thrown as the SDK raises them.
 */
export async function expireOpenCheckoutSessions(stripe: Stripe, customer: string): Promise<void> {
  // The whole list first: each expiry takes a session out of the `open` list being paged through.
  const open = await stripe.checkout.sessions
    .list({ customer, status: 'open', limit: 100 })
    .autoPagingToArray({ limit: 10_000 });
  for (const session of open) await expireUnlessClosed(stripe, session.id);
}

async function expireUnlessClosed(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    const current = await stripe.checkout.sessions.retrieve(sessionId).catch(() => undefined);
    if (current !== undefined && current.status !== 'open') return;
    throw error;
  }
}
