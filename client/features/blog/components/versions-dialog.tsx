import { useState } from 'react';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { restoreVersion, usePostVersions } from '../api/blog-queries.ts';
import type { PostAutosave } from '../use-post-autosave.ts';

/**
 * The versions kept of the post, the newest first (the first is the post as saved), each with when
 * and by whom it was saved, its titles and its length. Restoring one makes it the post again; the
 * text it replaces is saved first, so it stays among the versions.
 */
export function VersionsDialog({
  uid,
  shopId,
  postId,
  autosave,
  onClose,
}: {
  uid: string;
  shopId: string;
  postId: string;
  autosave: PostAutosave;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('blog');
  const errorText = useApiErrorText();
  const versionsQuery = usePostVersions(uid, shopId, postId, true);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? 'en';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  async function restore(revision: number) {
    setBusy(revision);
    setError(null);
    try {
      // What was typed since is saved first, so that it stays among the versions.
      if (!(await autosave.settle())) {
        setBusy(null);
        setError(t('versions.unsaved'));
        return;
      }
      const post = await restoreVersion(shopId, postId, revision, autosave.revision());
      autosave.replace(post);
      onClose();
    } catch (failure) {
      setBusy(null);
      setError(errorText(errorCodeOf(failure), t('versions.restoreFailed')));
    }
  }

  return (
    <Dialog
      title={t('versions.title')}
      className="modal-dialog versions-dialog"
      closeButton
      busy={busy !== null}
      onClose={onClose}
    >
      <p>{t('versions.text')}</p>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <QueryState
        query={versionsQuery}
        loading={t('versions.loading')}
        failed={t('versions.loadFailed')}
      >
        {(versions) => (
          <ol className="version-list">
            {versions.map((version, index) => (
              <li key={version.revision}>
                <p>
                  <strong>{dateTime.format(new Date(version.savedAt))}</strong>{' '}
                  {t('versions.by', { name: version.savedBy || t('conflict.someone') })}
                </p>
                <p>
                  <span lang="en">{version.titles.en || t('list.untitled')}</span>
                  {' · '}
                  <span lang="fr">{version.titles.fr || t('list.untitled')}</span>
                </p>
                <p className="form-hint">
                  {t('versions.words', {
                    en: new Intl.NumberFormat(locale).format(version.words.en),
                    fr: new Intl.NumberFormat(locale).format(version.words.fr),
                  })}
                </p>
                {index === 0 ? (
                  <p className="form-hint">{t('versions.current')}</p>
                ) : (
                  <Button
                    type="button"
                    variant="secondary"
                    size="small"
                    disabled={busy !== null}
                    onClick={() => void restore(version.revision)}
                    aria-label={t('versions.restoreLabel', {
                      when: dateTime.format(new Date(version.savedAt)),
                    })}
                  >
                    {busy === version.revision ? t('versions.restoring') : t('versions.restore')}
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </Dialog>
  );
}
