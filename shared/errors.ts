import type { PlanLimitName } from './billing.ts';
import type { PlanId } from './plans.ts';

/**
 * Error codes that travel over the wire as `{ error: { code, message } }`. The client translates the
 * code; the message is for developers and logs only.
 */
export const errorCodes = [
  'unauthenticated',
  'recent_login_required',
  'session_expired',
  'csrf_rejected',
  'rate_limited',
  'not_found',
  'invalid_json',
  'invalid_request',
  'unknown_field',
  'payload_too_large',
  'length_required',
  'unsupported_media_type',
  'path_rejected',
  'upstream_unavailable',
  'upstream_timeout',
  'identity_provider_unavailable',
  'not_ready',
  'server_busy',
  'account_exists',
  'account_not_found',
  'account_mismatch',
  'email_not_verified',
  'user_mismatch',
  'email_already_verified',
  'account_deletion_failed',
  'verification_email_failed',
  'form_token_invalid',
  'form_submitted_too_fast',
  'form_expired',
  'internal_error',
  'request_timeout',
  'headers_too_large',
  // Stores (server/areas/shops, server/areas/catalog)
  'invalid_shop_domain',
  'shop_does_not_exist',
  'shop_connected_elsewhere',
  'shop_not_found',
  'oauth_state_invalid',
  'oauth_signature_invalid',
  'oauth_denied',
  'shopify_unavailable',
  'write_unconfirmed',
  'shopify_refused',
  'shop_needs_reconnecting',
  'app_uninstalled',
  'import_failed',
  'webhook_signature_invalid',
  // Plans and billing (server/areas/billing)
  'plan_limit_reached',
  'plan_feature_unavailable',
  'subscription_exists',
  'no_subscription',
  'store_choice_required',
  'billing_unavailable',
  'subscription_cancel_failed',
  'checkout_in_progress',
  // SEO fixes (server/areas/seo-changes)
  'change_not_found',
  'change_state_conflict',
  'translation_source_missing',
  'translation_source_not_written',
  'markup_not_allowed',
  'shopify_rejected_value',
  'page_removed',
  // Blog (server/areas/blog)
  'post_not_found',
  'post_changed_elsewhere',
  'version_not_found',
  'post_not_publishable',
  'publish_date_past',
  'handle_taken',
  'publication_in_progress',
  'post_not_on_store',
  'article_not_visible',
] as const;

export type KnownErrorCode = (typeof errorCodes)[number];

/**
 * Validation errors name the offending field in the code itself (`invalid_language`,
 * `unknown_field`), so the client can point at it without parsing messages.
 */
export type ErrorCode = KnownErrorCode | `invalid_${string}`;

/**
 * What a `plan_limit_reached` error says besides its code: which limit was reached, and the cheapest
 * plan that lifts it (absent when no plan does), so that the client can offer that upgrade.
 */
export interface PlanLimitDetails {
  limit: PlanLimitName;
  plan?: PlanId;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string } & Partial<PlanLimitDetails>;
}

/**
 * The body of an error answer; `field` names the offending field of a validation error, `planLimit`
 * the limit a `plan_limit_reached` error is about.
 */
export function errorBody(
  code: ErrorCode,
  message: string,
  field?: string,
  planLimit?: PlanLimitDetails,
): ErrorBody {
  return {
    error: { code, message, ...(field !== undefined && { field }), ...planLimit },
  };
}

export interface AppErrorOptions {
  /** For developers and logs; the client shows its own text for the code. Defaults to the code. */
  message?: string;
  /** The request field at fault, for a validation error. */
  field?: string;
  /** For `plan_limit_reached`: the limit reached and the plan that lifts it. */
  planLimit?: PlanLimitDetails;
  /** How long the caller should wait before trying again, sent as `Retry-After` (a 429 or 503). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * A failure with a code a caller can act on and the HTTP status it is answered with; both servers
 * turn it into an ErrorBody (server/http/error-replies.ts).
 */
export class AppError extends Error {
  readonly field?: string;
  readonly planLimit?: PlanLimitDetails;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? code, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    if (options.field !== undefined) this.field = options.field;
    if (options.planLimit !== undefined) this.planLimit = options.planLimit;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
