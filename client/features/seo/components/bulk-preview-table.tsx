import type { Language } from '#shared/constants.ts';
import type { BulkField, BulkPreviewRow, BulkPreviewValue } from '#shared/schemas/seo-bulk.ts';
import { editableFieldMaxLength } from '#shared/schemas/seo-changes.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { previewCellState, skipReasonText } from '../bulk-edit.ts';
import { checkName } from '../check-texts.ts';
import { resultDescription, resultTitle } from '../seo-presentation.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { SeverityMark } from './severity-mark.tsx';
import { ValueText } from './value-text.tsx';

/**
 * The preview's pages, one row each, with each language's value side by side: the value the
 * template gives, its length and width in search results, the checks it would fail, the value it
 * replaces, and why it will not be changed when it will not (previewCellState, bulk-edit.ts).
 * With `ticked`, each page that has a value to change has a checkbox, so that the owner approves
 * only the pages ticked.
 */
export function BulkPreviewTable({
  rows,
  languages,
  field,
  ticked,
  format,
  onTick,
}: {
  rows: readonly BulkPreviewRow[];
  languages: readonly Language[];
  field: BulkField;
  /** The pages ticked, when the owner approves only those; null when every page is approved. */
  ticked: ReadonlySet<string> | null;
  format: SeoFormat;
  onTick: (pageId: string, ticked: boolean) => void;
}) {
  const { t } = useTranslation('seo');
  return (
    <div className="seo-bulk-table-frame">
      <table className="seo-bulk-table">
        <caption className="visually-hidden">{t('bulk.table')}</caption>
        <thead>
          <tr>
            {ticked !== null && (
              <th scope="col" className="seo-bulk-include-cell">
                {t('bulk.include')}
              </th>
            )}
            <th scope="col">{t('bulk.page')}</th>
            {languages.map((language) => (
              <th key={language} scope="col">
                {format.language(language)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const title = row.pageTitle === '' ? t('list.untitled') : row.pageTitle;
            const changeable = row.values.some(
              (value) => previewCellState(value).kind === 'written',
            );
            return (
              <tr key={row.pageId}>
                {ticked !== null && (
                  <td className="seo-bulk-include-cell">
                    {changeable && (
                      <label className="seo-bulk-include">
                        <input
                          type="checkbox"
                          checked={ticked.has(row.pageId)}
                          onChange={(event) => onTick(row.pageId, event.target.checked)}
                        />
                        <span className="visually-hidden">
                          {t('bulk.include')} {title}
                        </span>
                      </label>
                    )}
                  </td>
                )}
                <th scope="row">
                  {title}
                  <span className="muted seo-bulk-kind"> · {t(`kinds.${row.pageKind}`)}</span>
                </th>
                {languages.map((language) => {
                  const value = row.values.find((candidate) => candidate.language === language);
                  return (
                    <td key={language}>
                      {value !== undefined && (
                        <PreviewValue value={value} field={field} format={format} />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PreviewValue({
  value,
  field,
  format,
}: {
  value: BulkPreviewValue;
  field: BulkField;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  const maxCharacters = editableFieldMaxLength[field];
  const maxWidthPx = (field === 'seoTitle' ? resultTitle : resultDescription).maxWidthPx;
  const widthOver = value.widthPx > maxWidthPx;
  // One state says both what the value is called and what is said of it: a value not changed is
  // never called new.
  const state = previewCellState(value);
  return (
    <div
      className={state.kind === 'written' ? 'seo-bulk-value' : 'seo-bulk-value seo-bulk-skipped'}
    >
      <p>
        <span className="seo-bulk-label">
          {t(state.kind === 'written' ? 'bulk.proposed' : 'bulk.templateGives')}
        </span>{' '}
        <ValueText value={value.proposed} lang={value.language} />
      </p>
      <p className="seo-field-counter">
        <span className={value.length > maxCharacters ? 'seo-field-over' : undefined}>
          {t('fixes.characters', {
            count: value.length,
            formatted: format.number(value.length),
            max: format.number(maxCharacters),
          })}
        </span>
        {' · '}
        <span className={widthOver ? 'seo-field-over' : undefined}>
          {t(widthOver ? 'fixes.widthOver' : 'fixes.width', {
            width: format.number(Math.round(value.widthPx)),
            max: format.number(maxWidthPx),
          })}
        </span>
      </p>
      {value.findings.length > 0 && (
        <ul className="seo-bulk-findings">
          {value.findings.map((finding) => (
            <li key={finding.checkId} className={`seo-finding-${finding.severity}`}>
              <SeverityMark severity={finding.severity} decorative={false} />{' '}
              {checkName(tChecks, finding.checkId)}
            </li>
          ))}
        </ul>
      )}
      {state.kind === 'skipped' && (
        <p className="seo-bulk-skip">{skipReasonText(t, state.reason)}</p>
      )}
      {state.kind === 'written' && state.after !== null && (
        <p>{t('bulk.writtenAfter', { language: format.languageInSentence(state.after) })}</p>
      )}
      <p className="muted">
        <span className="seo-bulk-label">{t('bulk.current')}</span>{' '}
        <ValueText value={value.current} lang={value.language} />
      </p>
    </div>
  );
}
