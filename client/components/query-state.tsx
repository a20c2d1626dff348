import type { ReactNode } from 'react';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { Button } from './button.tsx';
import { useApiErrorText } from './use-api-error-text.ts';

/**
 * What a screen shows of a read from the server before it has something to show: that it is
 * loading, that it failed (the API's error in the app's words, with Try again), or that there is
 * nothing yet; and then what was read. The same in every screen, so that a loading text is always
 * announced politely and a failure at once.
 */

/** What QueryState needs of a TanStack Query read. */
export interface QueryRead<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export function QueryState<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: QueryRead<T>;
  /** Said while the first read runs. */
  loading: string;
  /** Said of a failure that has no words of its own in the API's error. */
  failed: string;
  /** Whether what was read holds nothing to show; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <QueryLoading text={loading} />;
  if (query.isError || query.data === undefined) {
    return (
      <QueryFailed
        error={query.error}
        fallback={failed}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty?.(query.data) === true) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/** A read under way, announced politely. */
export function QueryLoading({ text }: { text: string }) {
  return (
    <p className="muted" role="status">
      {text}
    </p>
  );
}

/**
 * A read that failed: the API's error in the app's words (or the screen's own `fallback` for a
 * failure with no words of its own), and Try again, unavailable while the read runs again.
 */
export function QueryFailed({
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
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  return (
    <div className="form-error query-failed" role="alert">
      <p>{errorText(errorCodeOf(error), fallback)}</p>
      <div className="button-row">
        <Button variant="secondary" disabled={retrying} onClick={onRetry}>
          {t('queryState.retry')}
        </Button>
      </div>
    </div>
  );
}
