import { AppError } from '#shared/errors.ts';
import { isConnectionWaitTimeout } from './database.ts';

/** What a caller is told to wait before trying again when the database had no connection for it. */
export const databaseBusyRetryAfterSeconds = 2;

/**
 * A request whose query got no connection in time (every connection of the pool lent, or the
 * database slow to open one) is answered 503 `server_busy` with Retry-After: the request was sound
 * and may succeed in a moment, so neither a 500 nor a report of a bug. Anything else is left as it is.
 */
export function databaseBusyFailureOf(error: unknown): AppError | undefined {
  if (!isConnectionWaitTimeout(error)) return undefined;
  return new AppError('server_busy', 503, {
    message: 'The database has no connection free for this request; try again in a moment',
    retryAfterSeconds: databaseBusyRetryAfterSeconds,
    cause: error,
  });
}
