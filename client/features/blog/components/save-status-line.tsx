import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import type { SaveStatus } from '../use-post-autosave.ts';

/**
 * Where the post stands: saved (and when), waiting to be saved, being saved, offline and to be
 * retried, refused, or in conflict. Read out by assistive technology when it changes, except the
 * passing "saving", which would speak at every pause in the typing.
 */
export function SaveStatusLine({ status, savedAt }: { status: SaveStatus; savedAt: string }) {
  const { t, i18n } = useTranslation('blog');
  const errorText = useApiErrorText();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    timeStyle: 'short',
  }).format(new Date(savedAt));
  const text = {
    saved: t('status.saved', { time }),
    waiting: t('status.waiting'),
    saving: t('status.saving'),
    offline: t('status.offline'),
    failed:
      status.kind === 'failed'
        ? errorText(errorCodeOf(status.error), t('status.failed'))
        : t('status.failed'),
    conflict: t('status.conflict'),
  }[status.kind];
  return (
    <p
      className={`save-status save-status-${status.kind}`}
      role={status.kind === 'failed' || status.kind === 'offline' ? 'alert' : 'status'}
      data-status={status.kind}
    >
      {text}
    </p>
  );
}
