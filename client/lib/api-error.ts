import type { ErrorCode, PlanLimitDetails } from '#shared/errors.ts';

export type ApiErrorCode = ErrorCode | 'network_error';

/**
 * A failed call to the BFF or the API (api-client.ts): the HTTP status (0 when no answer came) and
 * the code the client translates. A module of its own, so that code which only recognises a
 * failure (the preferences of the first page load) does not bring the API client along.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** With `plan_limit_reached`: the limit reached and the plan that lifts it, for an upgrade prompt. */
  readonly planLimit?: PlanLimitDetails;
  /** With a validation error: the request's field at fault, for the screen to point at it. */
  readonly field?: string;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    planLimit?: PlanLimitDetails,
    field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (planLimit !== undefined) this.planLimit = planLimit;
    if (field !== undefined) this.field = field;
  }
}
