import * as z from 'zod/mini';
import { authTokenWait, csrfHeader } from '#shared/constants.ts';
import { errorCodes, type ErrorCode, type PlanLimitDetails } from '#shared/errors.ts';
import { errorResponseSchema } from '#shared/schemas/errors.ts';
import { ApiError } from './api-error.ts';
import { isAuthInitialized } from './auth-session.ts';
import { waitUntil, type Sleep } from './wait-until.ts';

/**
 * Calls to the API through the BFF, on the same origin: the session cookie goes along and the BFF
 * swaps it for a bearer token. A call first waits for auth to be initialised (100 ms at a time, 50
 * times at most: shared/constants.ts), so that a call made during the app start does not go out
 * before the session is known.
 *
 * Every answer is parsed with the schema the server answers with (shared/schemas/*): the caller gets
 * the contract's type, and an answer that breaks the contract is an `internal_error` rather than a
 * guess. Bodies, sent or received, are never logged: they can hold personal data.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The schema of a successful answer's body; a body-less answer (204) is read as `undefined`. */
export type AnswerSchema<Answer> = z.ZodMiniType<Answer>;

/** The answer of a call that answers 204 No Content. */
export const noContent = z.undefined();

function isErrorCode(value: string): value is ErrorCode {
  return (errorCodes as readonly string[]).includes(value) || /^invalid_[A-Za-z_]+$/.test(value);
}

/** The code of an error answer's body (shared/schemas/errors.ts); anything else is internal. */
export function errorCodeOf(body: unknown): ErrorCode {
  const parsed = z.safeParse(errorResponseSchema, body);
  return parsed.success && isErrorCode(parsed.data.error.code)
    ? parsed.data.error.code
    : 'internal_error';
}

/** The limit a `plan_limit_reached` answer names, and the plan that lifts it. */
export function planLimitOf(body: unknown): PlanLimitDetails | undefined {
  const parsed = z.safeParse(errorResponseSchema, body);
  if (!parsed.success || parsed.data.error.limit === undefined) return undefined;
  const { limit, plan } = parsed.data.error;
  return { limit, ...(plan !== undefined && { plan }) };
}

/** The request's field a validation error names, if any. */
export function errorFieldOf(body: unknown): string | undefined {
  const parsed = z.safeParse(errorResponseSchema, body);
  return parsed.success ? parsed.data.error.field : undefined;
}

/** The JSON of an answer's body, or undefined when it has none. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch: FetchLike;
  isAuthInitialized: () => boolean;
  sleep?: Sleep;
}

export type ApiRequest = <Answer>(
  method: HttpMethod,
  path: string,
  answer: AnswerSchema<Answer>,
  body?: unknown,
) => Promise<Answer>;

export function createApiClient(options: ApiClientOptions): ApiRequest {
  return async function apiRequest<Answer>(
    method: HttpMethod,
    path: string,
    answer: AnswerSchema<Answer>,
    body?: unknown,
  ): Promise<Answer> {
    await waitUntil(options.isAuthInitialized, authTokenWait, options.sleep);
    // The message names the call, never its query string or body.
    const call = `${method} ${path.split('?')[0]}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      [csrfHeader.name]: csrfHeader.value,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    try {
      response = await options.fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ApiError(0, 'network_error', `${call}: no answer`);
    }

    let received: unknown;
    try {
      received = await bodyOf(response);
    } catch {
      // A proxy's HTML error page, or a body cut short: the status says what it can.
      if (response.ok) {
        throw new ApiError(response.status, 'internal_error', `${call}: the answer is not JSON`);
      }
    }
    if (!response.ok) {
      const code = errorCodeOf(received);
      throw new ApiError(
        response.status,
        code,
        `${call}: ${response.status} ${code}`,
        planLimitOf(received),
        errorFieldOf(received),
      );
    }
    const parsed = z.safeParse(answer, received);
    if (!parsed.success) {
      throw new ApiError(response.status, 'internal_error', `${call}: unexpected answer`);
    }
    return parsed.data;
  };
}

/** Same-origin calls with the browser's fetch, once auth-session.ts reports initialised. */
export const apiRequest: ApiRequest = createApiClient({
  fetch: (url, init) => fetch(url, init),
  isAuthInitialized,
});
