import { useCallback } from 'react';
import { useTranslation } from '#client/lib/use-translation.ts';
import type common from '#client/locales/en/common.json';

/**
 * The words for an API error code: the client shows the code's text in the user's language, never
 * the server's message, which is English written for developers (shared/errors.ts). A screen passes
 * the message it prefers for the failure it knows best (`fallback`); any other code the common
 * catalogue names gets its own text, because "too many attempts" or "check your connection" tells
 * the user more than a generic failure.
 */

type CommonApiErrorCode = keyof typeof common.apiErrors;

/** Codes whose generic text would hide the screen's own, more useful message. */
const genericCodes = new Set<string>(['internal_error', 'invalid', 'unknown', 'invalid_request']);

export function useApiErrorText(): (code: string, fallback: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code: string, fallback: string) => {
      if (genericCodes.has(code) || !i18n.exists(`apiErrors.${code}`, { ns: 'common' })) {
        return fallback;
      }
      return t(`apiErrors.${code as CommonApiErrorCode}`);
    },
    [t, i18n],
  );
}
