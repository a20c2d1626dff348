import Stripe from 'stripe';
import { AppError } from '#shared/errors.ts';

/**
 * What a failed call to Stripe becomes for the caller. Stripe out of reach, answering 5xx or
 * throttling: `billing_unavailable` (503), worth trying again. Stripe refusing the product's own
 * credentials: a configuration fault, `internal_error` (500). Stripe refusing the request itself
 * (a 4xx): `billing_unavailable` (502), which trying again will not fix.
 *
 * The caller gets a sentence that names no detail. What happened goes to the log as the error's
 * cause (stripeCallFailureOf): Stripe's type, status, code and request id, and Stripe's own sentence
 * with any key in it masked. The SDK's error (with its raw answer) is not kept, so no secret can
 * travel with it.
 */
export function stripeFailure(action: string, error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const cause = new StripeCallFailure(`Stripe ${action} failed: ${describeStripeError(error)}`);
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 500) >= 500
  ) {
    return new AppError('billing_unavailable', 503, {
      message: 'Stripe cannot be reached or failed; try again',
      cause,
    });
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new AppError('internal_error', 500, { message: 'Internal server error', cause });
  }
  return new AppError('billing_unavailable', 502, { message: 'Stripe refused the request', cause });
}

/** A failed call to Stripe as the log tells it, without secrets (stripeFailure). */
export class StripeCallFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeCallFailure';
  }
}

/** The logged account of the failed Stripe call behind an error answered, if one is behind it. */
export function stripeCallFailureOf(error: unknown): string | undefined {
  return error instanceof AppError && error.cause instanceof StripeCallFailure
    ? error.cause.message
    : undefined;
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
