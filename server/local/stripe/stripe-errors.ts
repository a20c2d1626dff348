/**
 * Stripe's error answers: `{ error: { type, code?, message, param? } }` with Stripe's HTTP statuses,
 * which stripe-node turns into StripeInvalidRequestError, StripeCardError and the others by `type`.
 */

export type StripeErrorType =
  | 'invalid_request_error'
  | 'card_error'
  | 'idempotency_error'
  | 'api_error'
  | 'authentication_error';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    /** card_error's reason (generic_decline, …). */
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  toJSON() {
    return {
      error: {
        type: this.type,
        ...(this.code !== undefined && { code: this.code }),
        ...(this.declineCode !== undefined && { decline_code: this.declineCode }),
        message: this.message,
        ...(this.param !== undefined && { param: this.param }),
      },
    };
  }
}

export function unknownParameter(param: string): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    `Received unknown parameter: ${param}`,
    'parameter_unknown',
    param,
  );
}

export function missingParameter(param: string): StripeApiError {
  return new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
}

export function invalidParameter(param: string, message: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);
}

/** Stripe names the kind of object: "No such customer: 'cus_…'". */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

/** Stripe shows a key's prefix and its last characters, never the rest. */
export function maskApiKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  const shown = rest.length > 8 ? rest.slice(-4) : '';
  return `${prefix}${'*'.repeat(Math.max(rest.length - shown.length, 4))}${shown}`;
}
