import { randomBytes } from 'node:crypto';

/**
 * Ids the way Stripe writes them: a prefix naming the kind (`cus_`, `sub_`, `cs_test_`…) and random
 * letters and digits. Test-mode Checkout and portal sessions carry `test` as Stripe's do.
 */

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += alphabet[byte % alphabet.length];
  return token;
}

export function stripeId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}

/** What an id names, by its prefix; undefined for ids of no kind the local Stripe holds. */
export function kindOfId(id: string): ObjectKind | undefined {
  const prefix = /^([a-z]+)_/.exec(id)?.[1];
  if (id.startsWith('cs_')) return 'checkout.session';
  if (id.startsWith('bps_')) return 'billing_portal.session';
  return prefix === undefined ? undefined : objectKinds[prefix];
}

export type ObjectKind =
  | 'customer'
  | 'subscription'
  | 'subscription_item'
  | 'invoice'
  | 'price'
  | 'product'
  | 'payment_method'
  | 'checkout.session'
  | 'billing_portal.session'
  | 'promotion_code'
  | 'coupon'
  | 'event';

const objectKinds: Record<string, ObjectKind> = {
  cus: 'customer',
  sub: 'subscription',
  si: 'subscription_item',
  in: 'invoice',
  price: 'price',
  prod: 'product',
  pm: 'payment_method',
  promo: 'promotion_code',
  evt: 'event',
};
