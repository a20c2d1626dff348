import { ApiError } from '../api-error.ts';
import { AuthFlowError } from '../auth-errors.ts';

/**
 * Any failure of a sign-in flow as an AuthFlowError: Firebase errors keep their `auth/…` code, API
 * failures theirs (auth-errors.ts turns either into the user's message); anything else is unknown.
 */
export function toFlowError(error: unknown): AuthFlowError {
  if (error instanceof AuthFlowError) return error;
  if (error instanceof ApiError) return new AuthFlowError(error.code, error.message);
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return new AuthFlowError(code, String(message ?? code));
  }
  return new AuthFlowError('unknown', error instanceof Error ? error.message : String(error));
}
