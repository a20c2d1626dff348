import { authTokenWait, csrfHeader } from '../../shared/constants.ts';
import { errorCodes, type ErrorCode } from '../../shared/errors.ts';
import { isAuthInitialized } from './auth-session.ts';
import { waitUntil, type Sleep } from './wait-until.ts';

/**
 * Calls to the API through the BFF, on the same origin: the session cookie goes along and the BFF
 * swaps it for a bearer token. A call first waits for auth to be initialised (spec §9: 100 ms × 50),
 * so that a call made during the app start does not go out before the session is known.
 * Bodies, sent or received, are never logged: they can hold personal data.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ApiErrorCode = ErrorCode | 'network_error';

/** A failed call: the HTTP status (0 when no answer came) and the code the client translates. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;

  constructor(status: number, code: ApiErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return (
    typeof value === 'string' &&
    ((errorCodes as readonly string[]).includes(value) || /^invalid_[a-z_]+$/.test(value))
  );
}

/** The code of an `{ error: { code } }` body; anything else is an internal error. */
export function errorCodeOf(body: unknown): ErrorCode {
  if (typeof body !== 'object' || body === null) return 'internal_error';
  const { error } = body as { error?: unknown };
  if (typeof error !== 'object' || error === null) return 'internal_error';
  const { code } = error as { code?: unknown };
  return isErrorCode(code) ? code : 'internal_error';
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch: FetchLike;
  isAuthInitialized: () => boolean;
  sleep?: Sleep;
}

export type ApiRequest = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

export function createApiClient(options: ApiClientOptions): ApiRequest {
  return async function apiRequest<T>(
    method: HttpMethod,
    path: string,
    body?: unknown,
  ): Promise<T> {
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

    if (!response.ok) {
      let errorBody: unknown;
      try {
        errorBody = await response.json();
      } catch {
        // A proxy's HTML error page, or no body: the status says enough.
      }
      const code = errorCodeOf(errorBody);
      throw new ApiError(response.status, code, `${call}: ${response.status} ${code}`);
    }
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new ApiError(response.status, 'internal_error', `${call}: the answer is not JSON`);
    }
  };
}

/** Same-origin calls with the browser's fetch, once auth-session.ts reports initialised. */
export const apiRequest: ApiRequest = createApiClient({
  fetch: (url, init) => fetch(url, init),
  isAuthInitialized,
});
