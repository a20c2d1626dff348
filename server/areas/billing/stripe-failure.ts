import Stripe from 'stripe';
import { AppError } from '../../../shared/errors.ts';

/**
 * What a failed call to Stripe becomes for the caller. Stripe out of reach, answering 5xx or
 * throttling: `billing_unavailable` (503), worth trying again. Stripe refusing the product's own
 * credentials: a configuration fault, `internal_error` (500). Stripe refusing the request itself
 * (a 4xx): `billing_unavailable` (502), which trying again will not fix.
 *
 * The message, which the logs and the error report carry, sums the failure up from Stripe's type,
 * status, code and request id; Stripe's own sentence goes along with any key in it masked, and the
 * SDK's error (with its raw answer) is not attached, so no secret can travel with it.
 */
export function stripeFailure(action: string, error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const summary = `Stripe ${action} failed: ${describeStripeError(error)}`;
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 500) >= 500
  ) {
    return new AppError('billing_unavailable', 503, { message: summary });
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new AppError('internal_error', 500, { message: summary });
  }
  return new AppError('billing_unavailable', 502, { message: summary });
}

/** Runs one call to Stripe, its failure turned into the error the caller gets (stripeFailure). */
export async function callStripe<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(action, error);
  }
}

/** Whether Stripe answered that the object asked for does not exist (or no longer does). */
export function isMissingAtStripe(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.code === 'resource_missing' || error.statusCode === 404)
  );
}

const secretPattern = /\b(sk|rk|whsec)_[A-Za-z0-9_*]+/g;

/** A failure in one line for the logs: Stripe's facts when Stripe answered, any key masked. */
export function describeFailure(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return describeStripeError(error);
  return (error instanceof Error ? error.message : String(error)).replace(secretPattern, '$1_…');
}

function describeStripeError(error: Stripe.errors.StripeError): string {
  const facts = [
    error.type,
    error.statusCode === undefined ? 'no answer' : `HTTP ${error.statusCode}`,
    error.code,
    error.requestId === undefined ? undefined : `request ${error.requestId}`,
  ].filter((fact) => fact !== undefined);
  return `${facts.join(', ')}: ${error.message.replace(secretPattern, '$1_…')}`;
}
