import { useCallback, useState } from 'react';
import {
  authErrorMessageKeyOf,
  errorCodeOf,
  type AuthErrorContext,
  type AuthMessageKey,
} from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/** The field a failure is about, so that the field is marked invalid and points at the message. */
export type AuthField = 'name' | 'email' | 'password';

const fieldOfCode: Readonly<Record<string, AuthField>> = {
  'auth/invalid-email': 'email',
  'auth/missing-email': 'email',
  'auth/user-not-found': 'email',
  'auth/email-already-in-use': 'email',
  'auth/wrong-password': 'password',
  'auth/missing-password': 'password',
  'auth/weak-password': 'password',
  'auth/password-does-not-meet-requirements': 'password',
};

export interface ShownAuthError {
  code: string;
  key: AuthMessageKey;
  field: AuthField | undefined;
}

/**
 * The failure a form shows: its message (chosen by code, client/lib/auth-errors.ts) and the field
 * it concerns. The page keeps every typed value: only this state changes on a failure.
 */
export function useAuthError() {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<ShownAuthError | undefined>();

  const show = useCallback((failure: unknown, context: AuthErrorContext) => {
    const code = errorCodeOf(failure);
    setError({ code, key: authErrorMessageKeyOf(failure, context), field: fieldOfCode[code] });
  }, []);
  const clear = useCallback(() => setError(undefined), []);
  const message = error === undefined ? undefined : t(error.key);

  return { error, message, show, clear };
}
