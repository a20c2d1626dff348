import { useId, useState } from 'react';
import type { ChangeView } from '#shared/schemas/seo-changes.ts';
import type { PageDetail } from '#shared/schemas/seo.ts';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { changeBatches, imageNumber, type ChangeBatch } from '../page-fixes.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { UndoBatchDialog } from './undo-batch-dialog.tsx';
import { ValueText } from './value-text.tsx';

/**
 * The page's approved changes, newest first, by the approval (or undo) that sent them together:
 * who approved them and when, each change's new and previous values and its state, with Undo for
 * a change written to Shopify and not undone yet, and Undo the whole batch for an approval of
 * several. Either undo asks first (undo-batch-dialog.tsx): it writes to the owner's store.
 */
export function ChangeHistory({
  detail,
  changes,
  total,
  format,
  undoing,
  undoError,
  onUndo,
  onUndoBatch,
}: {
  detail: PageDetail;
  changes: readonly ChangeView[];
  /** How many changes the page has, of which `changes` are the latest. */
  total: number;
  format: SeoFormat;
  undoing: boolean;
  undoError: unknown;
  onUndo: (changeId: string) => void;
  onUndoBatch: (batchId: string) => void;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const batches = changeBatches(changes);
  return (
    <>
      {undoError !== null && undoError !== undefined && (
        <p className="form-error" role="alert">
          {errorText(errorCodeOf(undoError), t('history.undoFailed'))}
        </p>
      )}
      {batches.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        batches.map((batch) => (
          <BatchTable
            key={batch.batchId}
            batch={batch}
            detail={detail}
            format={format}
            undoing={undoing}
            onUndo={onUndo}
            onUndoBatch={onUndoBatch}
          />
        ))
      )}
      {total > changes.length && (
        <p className="muted">{t('history.more', { count: changes.length })}</p>
      )}
    </>
  );
}

function BatchTable({
  batch,
  detail,
  format,
  undoing,
  onUndo,
  onUndoBatch,
}: {
  batch: ChangeBatch;
  detail: PageDetail;
  format: SeoFormat;
  undoing: boolean;
  onUndo: (changeId: string) => void;
  onUndoBatch: (batchId: string) => void;
}) {
  const { t } = useTranslation('seo');
  const captionId = useId();
  const undoBatch = batch.changes.every((change) => change.undoOf !== null);
  const [confirming, setConfirming] = useState(false);
  const when = batch.approvedAt === null ? '' : format.dateTime(batch.approvedAt);
  const caption =
    batch.approvedBy === null
      ? t(undoBatch ? 'history.undoAskedNoName' : 'history.approvedNoName', { date: when })
      : t(undoBatch ? 'history.undoAsked' : 'history.approved', {
          date: when,
          name: batch.approvedBy,
        });
  return (
    <div className="seo-history-batch">
      <div className="seo-history-batch-head">
        <p id={captionId}>{caption}</p>
        {batch.changes.length > 1 && batch.undoable > 0 && (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-disabled={undoing || undefined}
            aria-describedby={captionId}
            onClick={() => {
              if (!undoing) setConfirming(true);
            }}
          >
            {t('history.undoBatch')}
          </button>
        )}
      </div>
      {confirming && (
        <UndoBatchDialog
          count={batch.undoable}
          format={format}
          onConfirm={() => onUndoBatch(batch.batchId)}
          onClosed={() => setConfirming(false)}
        />
      )}
      <table className="seo-history-table" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">{t('history.columns.field')}</th>
            <th scope="col">{t('history.columns.value')}</th>
            <th scope="col">{t('history.columns.previous')}</th>
            <th scope="col">{t('history.columns.state')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('history.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {batch.changes.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              detail={detail}
              format={format}
              undoing={undoing}
              onUndo={onUndo}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeRow({
  change,
  detail,
  format,
  undoing,
  onUndo,
}: {
  change: ChangeView;
  detail: PageDetail;
  format: SeoFormat;
  undoing: boolean;
  onUndo: (changeId: string) => void;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const fieldId = useId();
  const [confirming, setConfirming] = useState(false);
  const field = t('history.field', {
    field: fieldLabel(t, detail, change, format),
    language: format.languageInSentence(change.language),
  });
  return (
    <tr>
      <th scope="row" id={fieldId}>
        {field}
        {change.undoOf !== null && <> ({t('history.undoOf')})</>}
      </th>
      <td>
        <ValueText value={change.value} lang={change.language} />
      </td>
      <td>
        <ValueText value={change.previousValue ?? change.baseValue} lang={change.language} />
      </td>
      <td>
        {change.state === 'failed'
          ? t('history.failedBecause', {
              reason: errorText(change.errorCode ?? 'internal_error', t('fixes.writeFailed')),
            })
          : t(`history.states.${change.state}`)}
        {change.state === 'applied' && change.appliedAt !== null && (
          <> {t('history.writtenAt', { date: format.dateTime(change.appliedAt) })}</>
        )}
      </td>
      <td>
        {change.undoable && (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-disabled={undoing || undefined}
            aria-describedby={fieldId}
            onClick={() => {
              if (!undoing) setConfirming(true);
            }}
          >
            {t('history.undo')}
          </button>
        )}
        {confirming && (
          <UndoBatchDialog
            count={1}
            field={field}
            format={format}
            onConfirm={() => onUndo(change.id)}
            onClosed={() => setConfirming(false)}
          />
        )}
      </td>
    </tr>
  );
}

/** The name of a change's text: "Search title", "Alt text of image 2". */
export function fieldLabel(
  t: ReturnType<typeof useTranslation<'seo'>>['t'],
  detail: PageDetail,
  target: Pick<ChangeView, 'field' | 'targetId' | 'language'>,
  format: SeoFormat,
): string {
  if (target.field !== 'imageAlt') return t(`fields.${target.field}`);
  const view = detail.languages.find((candidate) => candidate.language === target.language);
  const number = imageNumber(view, target.targetId);
  return number === null
    ? t('fixes.imageAltUnnumbered')
    : t('fixes.imageAlt', { number: format.number(number) });
}
