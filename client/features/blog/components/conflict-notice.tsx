import type { PostView } from '#shared/schemas/blog.ts';
import { Button } from '#client/components/button.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * The post was saved from another tab or device while this one was being edited: nothing of either
 * is lost until the owner chooses. Keeping this text saves it on top (the other stays among the
 * versions); loading the other replaces this text in the editor (this one was never saved, so the
 * notice says so).
 */
export function ConflictNotice({
  theirs,
  onKeepMine,
  onLoadTheirs,
}: {
  theirs: PostView | null;
  onKeepMine: (theirs: PostView) => void;
  onLoadTheirs: (theirs: PostView) => void;
}) {
  const { t, i18n } = useTranslation('blog');
  const when =
    theirs === null
      ? ''
      : new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(theirs.updatedAt));
  return (
    <div className="notice post-conflict" role="alert">
      <p>
        <strong>{t('conflict.title')}</strong>
      </p>
      <p>
        {theirs === null
          ? t('conflict.reading')
          : t('conflict.text', { when, name: theirs.updatedBy || t('conflict.someone') })}
      </p>
      {theirs !== null && (
        <div className="button-row">
          <Button type="button" onClick={() => onKeepMine(theirs)}>
            {t('conflict.keepMine')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onLoadTheirs(theirs)}>
            {t('conflict.loadTheirs')}
          </Button>
        </div>
      )}
    </div>
  );
}
