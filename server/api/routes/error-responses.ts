import * as z from 'zod/mini';
import { errorResponseSchema } from '#shared/schemas/errors.ts';

/** A response schema with the sentence the OpenAPI document shows for it. */
export function describedAs<Schema extends z.ZodMiniType>(
  schema: Schema,
  description: string,
): Schema {
  return schema.check(z.describe(description));
}

/** What each error status means on this API, for the OpenAPI document. */
const errorStatusDescriptions = {
  400: 'Invalid request: malformed JSON (`invalid_json`), a bad value (`invalid_<field>`) or an unknown field (`unknown_field`)',
  401: 'No valid Firebase ID token in `Authorization: Bearer …` (`unauthenticated`)',
  403: 'The request contradicts the ID token or the account state',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body larger than 1 MB (`payload_too_large`)',
  415: 'Body that is not JSON (`unsupported_media_type`)',
  422: 'A valid request the current state does not allow',
  429: 'Too many requests (`rate_limited`)',
  500: 'Unexpected failure; details are logged, not returned (`internal_error`)',
  502: 'A service the route depends on refused the request',
  503: 'A service the route depends on is unavailable, or every database connection is busy (`server_busy`, with `Retry-After`); try again',
} as const;

type ErrorStatus = keyof typeof errorStatusDescriptions;

/**
 * The `{ error: { code, message } }` response schema for each status a route can answer with, so that
 * every route declares every response, errors included.
 */
export function errorResponses<Status extends ErrorStatus>(
  statuses: readonly Status[],
  descriptions: Partial<Record<Status, string>> = {},
): Record<Status, typeof errorResponseSchema> {
  const responses = {} as Record<Status, typeof errorResponseSchema>;
  for (const status of statuses) {
    responses[status] = describedAs(
      errorResponseSchema,
      descriptions[status] ?? errorStatusDescriptions[status],
    );
  }
  return responses;
}

/**
 * The failures any authenticated route can meet, whatever it does; 503 when Firebase cannot be asked
 * whether the caller's tokens still count (`identity_provider_unavailable`), or when no database
 * connection came free in time (`server_busy`, with `Retry-After`).
 */
export const authenticatedRouteErrors = [401, 500, 503] as const;
/** The extra failures of a route that reads a JSON body. */
export const jsonBodyErrors = [400, 413, 415] as const;
