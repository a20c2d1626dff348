import { useApiErrorText } from '../../../components/use-api-error-text.ts';
import { errorCodeOf } from '../../../lib/auth-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A read that failed: the API's error in the app's words (or the screen's own `fallback` for a
 * failure with no words of its own), and Try again.
 */
export function LoadFailed({
  error,
  fallback,
  retrying,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  return (
    <div className="form-error seo-load-failed" role="alert">
      <p>{errorText(errorCodeOf(error), fallback)}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={retrying}
          onClick={onRetry}
        >
          {t('retry')}
        </button>
      </div>
    </div>
  );
}
