import { useId, useState, type FormEvent } from 'react';
import { Button } from '#client/components/button.tsx';
import { Dialog, DialogClose } from '#client/components/dialog.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useDeletePost } from '../api/blog-queries.ts';

/**
 * Asks before a post goes, with its versions (and from the store, when it is there): nothing brings
 * it back.
 */
export function DeletePostDialog({
  uid,
  shopId,
  postId,
  title,
  onStore,
  onClose,
  onDeleted,
}: {
  uid: string;
  shopId: string;
  postId: string;
  title: string;
  /** On the store: it is deleted there too. */
  onStore: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('blog');
  const errorText = useApiErrorText();
  const deletion = useDeletePost(uid, shopId);
  const textId = useId();
  const [error, setError] = useState<string | null>(null);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await deletion.mutateAsync(postId);
      onDeleted();
    } catch (failure) {
      setError(errorText(errorCodeOf(failure), t('delete.failed')));
    }
  }

  return (
    <Dialog
      title={t('delete.title', { title })}
      describedBy={textId}
      busy={deletion.isPending}
      onClose={onClose}
    >
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <p id={textId}>{onStore ? t('delete.textOnStore') : t('delete.text')}</p>
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <DialogClose disabled={deletion.isPending} autoFocus>
            {t('delete.cancel')}
          </DialogClose>
          <Button type="submit" variant="danger" disabled={deletion.isPending}>
            {onStore ? t('delete.confirmOnStore') : t('delete.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
