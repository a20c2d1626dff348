import type { ErrorCode, PlanLimitDetails } from '../../shared/errors.ts';

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

  constructor(status: number, code: ApiErrorCode, message: string, planLimit?: PlanLimitDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (planLimit !== undefined) this.planLimit = planLimit;
  }
}
