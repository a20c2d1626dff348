import { useId } from 'react';
import type { Language } from '#shared/constants.ts';
import type { EditableFieldView, ResolveBody } from '#shared/schemas/seo-changes.ts';
import type { FindingView } from '#shared/schemas/seo.ts';
import { containsMarkup } from '#shared/seo/text/markup.ts';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { checkName, findingTexts } from '../check-texts.ts';
import type { FieldMeasure, FieldOutcome } from '../page-fixes.ts';
import { isBlocked } from '../page-fixes.ts';
import type { FieldActivity } from '../use-page-fixes.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { useKeptFocus } from '../use-kept-focus.ts';
import { useSettledValue } from '../use-settled-value.ts';
import { ConflictPanel } from './conflict-panel.tsx';
import { SeverityMark } from './severity-mark.tsx';
import { ValueText } from './value-text.tsx';

/**
 * What the checks say of an editor's text: the audit's findings while the text is the one it read,
 * the checks' answer for any other text once they are loaded, "checking" until then.
 */
export type FieldFindings =
  | { kind: 'checked'; findings: FindingView[] }
  | { kind: 'checking' }
  | { kind: 'unavailable'; findings: FindingView[] };

/** How long the owner pauses before the counter and the checks are read out. */
const announceAfterMs = 1200;

export interface FieldEditorProps {
  language: Language;
  /** The page's main language, which a translation is made from. */
  primaryLanguage: Language;
  field: EditableFieldView;
  /** The id of its text control, which a finding's "Fix it here" names and focuses. */
  inputId?: string;
  label: string;
  text: string;
  dirty: boolean;
  activity: FieldActivity | undefined;
  outcome: FieldOutcome;
  measure: FieldMeasure;
  findings: FieldFindings;
  format: SeoFormat;
  onTextChange: (text: string) => void;
  onFocus: () => void;
  onSave: () => void;
  onDiscard: () => void;
  onApprove: () => void;
  onResolve: (keep: ResolveBody['keep']) => void;
}

/**
 * One editable text of a page in one language (its search title, its meta description, an image's
 * alt text): the text, with the main language's text beside a translation; a counter; the checks
 * that read it, run again as the owner types; and what the owner does with it (save the draft,
 * discard it, approve it), then what became of it (written to Shopify, refused, or changed in
 * Shopify meanwhile, where the owner chooses). Leaving the text saves the draft.
 */
export function FieldEditor(props: FieldEditorProps) {
  const { language, primaryLanguage, field, label, text, dirty, activity, outcome, format } = props;
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const id = useId();
  const inputId = props.inputId ?? `${id}-input`;
  const labelId = `${id}-label`;
  const aboutId = `${id}-about`;
  const counterId = `${id}-counter`;
  const findingsId = `${id}-findings`;
  const markupId = `${id}-markup`;
  const { fallback: inputRef, containerProps } = useKeptFocus<
    HTMLInputElement & HTMLTextAreaElement
  >();

  const primary = language === primaryLanguage;
  const sourceLanguage = format.languageInSentence(primaryLanguage);
  const blocked = isBlocked(outcome);
  const tooLong = props.measure.characters > props.measure.maxCharacters;
  // Refused by the server as by this check (shared/seo/text/markup.ts): not saved, not approved.
  const markup = field.editable && containsMarkup(text);
  const refused = tooLong || markup;
  const hasDraft = field.draft !== null;
  const canEdit = field.editable && !blocked;
  // A written or refused change is old news once the owner edits the text again.
  const shownOutcome = blocked || (!hasDraft && !dirty) ? outcome : null;

  const about: string[] = [];
  if (!field.editable) about.push(t('fixes.notEditable', { language: sourceLanguage }));
  if (!primary && field.editable && field.value === null) {
    about.push(t('fixes.notTranslated', { language: sourceLanguage }));
  }
  if (!primary && field.outdated) about.push(t('fixes.outdated', { language: sourceLanguage }));

  const inputProps = {
    ref: inputRef,
    id: inputId,
    value: text,
    lang: language,
    readOnly: !canEdit,
    'aria-describedby': [
      about.length > 0 || (!primary && field.sourceValue) ? aboutId : '',
      markup ? markupId : '',
      field.editable ? counterId : '',
      field.editable ? findingsId : '',
    ]
      .filter((part) => part !== '')
      .join(' '),
    ...(refused && { 'aria-invalid': true as const }),
    onChange: (event: { target: { value: string } }) => props.onTextChange(event.target.value),
    onFocus: props.onFocus,
    // Leaving the text saves it as a draft (nothing is sent when it did not change).
    ...(canEdit && { onBlur: props.onSave }),
  };

  return (
    <div className="seo-field" role="group" aria-labelledby={labelId} {...containerProps}>
      <div className="seo-field-head">
        {field.imageUrl !== null && (
          <img
            className="seo-field-thumbnail"
            src={field.imageUrl}
            alt=""
            width={56}
            height={56}
            loading="lazy"
          />
        )}
        <label id={labelId} htmlFor={inputId}>
          {label}
        </label>
      </div>
      {(about.length > 0 || (!primary && field.sourceValue !== null)) && (
        <div id={aboutId} className="form-hint seo-field-about">
          {!primary && field.sourceValue !== null && field.sourceValue !== '' && (
            <p>{t('fixes.source', { language: sourceLanguage, text: field.sourceValue })}</p>
          )}
          {about.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      )}
      {field.field === 'seoDescription' ? (
        <textarea {...inputProps} rows={3} />
      ) : (
        <input {...inputProps} type="text" />
      )}
      {markup && (
        <p id={markupId} className="form-error seo-field-markup">
          {errorText('markup_not_allowed', t('fixes.failed'))}
        </p>
      )}
      {field.editable && (
        <>
          <FieldCounter id={counterId} measure={props.measure} format={format} />
          <FieldChecks id={findingsId} findings={props.findings} format={format} />
          <Announcement measure={props.measure} findings={props.findings} format={format} />
        </>
      )}

      {canEdit && (
        <>
          <p className="seo-field-status" role="status">
            {activity?.kind === 'saving' && t('fixes.saving')}
            {activity?.kind === 'discarding' && t('fixes.discarding')}
            {activity?.kind === 'approving' && t('fixes.approving')}
            {activity === undefined && dirty && t('fixes.unsaved')}
            {activity === undefined &&
              !dirty &&
              field.draft !== null &&
              t('fixes.saved', { date: format.dateTime(field.draft.createdAt) })}
          </p>
          {activity?.kind === 'failed' && (
            <p className="form-error" role="alert">
              {errorText(errorCodeOf(activity.error), t('fixes.failed'))}
            </p>
          )}
          {/*
            A button that cannot act now is marked so, not disabled: a disabled button drops the
            keyboard focus, which leaving the text (and so saving it) would do at every Tab.
          */}
          {(hasDraft || dirty) && (
            <div className="button-row seo-field-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-disabled={!dirty || refused || undefined}
                onClick={() => {
                  if (dirty && !refused) props.onSave();
                }}
              >
                {t('fixes.save')}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={props.onDiscard}
              >
                {t('fixes.discard')}
              </button>
              <button
                type="button"
                className="button button-small"
                aria-disabled={refused || undefined}
                onClick={() => {
                  if (!refused) props.onApprove();
                }}
              >
                {t('fixes.approve')}
              </button>
            </div>
          )}
        </>
      )}
      <OutcomeStatus outcome={shownOutcome} format={format} />
      <OutcomeDetails
        outcome={shownOutcome}
        activity={activity}
        onResolve={props.onResolve}
        onEditAgain={
          canEdit
            ? (value) => {
                props.onTextChange(value);
                inputRef.current?.focus();
              }
            : undefined
        }
      />
    </div>
  );
}

function FieldCounter({
  id,
  measure,
  format,
}: {
  id: string;
  measure: FieldMeasure;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const parts = counterParts(t, measure, format);
  return (
    <p id={id} className="seo-field-counter">
      {parts.map((part, index) => (
        <span key={part.text} className={part.over ? 'seo-field-over' : undefined}>
          {index > 0 && ' · '}
          {part.text}
        </span>
      ))}
    </p>
  );
}

type SeoT = ReturnType<typeof useTranslation<'seo'>>['t'];

/** The counter's parts: characters (and the recommended length), then the width in results. */
function counterParts(
  t: SeoT,
  measure: FieldMeasure,
  format: SeoFormat,
): Array<{ text: string; over: boolean }> {
  const tooLong = measure.characters > measure.maxCharacters;
  const parts = [
    {
      text: t('fixes.characters', {
        count: measure.characters,
        formatted: format.number(measure.characters),
        max: format.number(measure.maxCharacters),
      }),
      over: tooLong,
    },
  ];
  if (tooLong) {
    parts.push({
      text: t('fixes.tooLong', { max: format.number(measure.maxCharacters) }),
      over: true,
    });
  }
  if (measure.recommended !== null) {
    parts.push({
      text: t('fixes.recommended', {
        from: format.number(measure.recommended.from),
        to: format.number(measure.recommended.to),
      }),
      over: false,
    });
  }
  if (measure.widthPx !== null && measure.maxWidthPx !== null) {
    const over = measure.widthPx > measure.maxWidthPx;
    parts.push({
      text: t(over ? 'fixes.widthOver' : 'fixes.width', {
        width: format.number(measure.widthPx),
        max: format.number(measure.maxWidthPx),
      }),
      over,
    });
  }
  return parts;
}

function FieldChecks({
  id,
  findings,
  format,
}: {
  id: string;
  findings: FieldFindings;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  if (findings.kind === 'checking') {
    return (
      <p id={id} className="seo-field-checks muted">
        {t('fixes.checking')}
      </p>
    );
  }
  return (
    <div id={id} className="seo-field-checks">
      {findings.kind === 'unavailable' && <p className="muted">{t('fixes.checksUnavailable')}</p>}
      {findings.findings.length === 0 ? (
        <p className="muted">{t('fixes.noProblem')}</p>
      ) : (
        findings.findings.map((finding, index) => {
          const texts = findingTexts(tChecks, finding, format);
          return (
            <p
              key={`${finding.checkId}-${index}`}
              className={`seo-field-finding seo-finding-${finding.severity}`}
            >
              <SeverityMark severity={finding.severity} decorative={false} />{' '}
              <strong>{texts.name}</strong>
              {texts.what !== '' && <> {texts.what}</>}
            </p>
          );
        })
      )}
    </div>
  );
}

/**
 * The counter and the checks' verdict read out once the owner pauses: a polite live region whose
 * text changes only when typing stops, so that it is not spoken at every keystroke.
 */
function Announcement({
  measure,
  findings,
  format,
}: {
  measure: FieldMeasure;
  findings: FieldFindings;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  const counter = counterParts(t, measure, format)
    .map((part) => part.text)
    .join(', ');
  const verdict =
    findings.kind === 'checking'
      ? ''
      : findings.findings.length === 0
        ? t('fixes.noProblem')
        : t('fixes.problems', {
            count: findings.findings.length,
            names: [
              ...new Set(findings.findings.map((finding) => checkName(tChecks, finding.checkId))),
            ].join(', '),
          });
  const settled = useSettledValue(`${counter}. ${verdict}`, announceAfterMs);
  return (
    <p className="visually-hidden" aria-live="polite">
      {settled}
    </p>
  );
}

/**
 * What became of the field's last approved change, in a few words, in a live region that stays in
 * place so that each step is read out: being written, written, refused, kept, in conflict.
 */
function OutcomeStatus({ outcome, format }: { outcome: FieldOutcome; format: SeoFormat }) {
  const { t } = useTranslation('seo');
  const undo = outcome?.change.undoOf !== null && outcome?.change.undoOf !== undefined;
  const appliedAt = outcome?.change.appliedAt ?? null;
  return (
    <p className="seo-field-outcome-status" role="status">
      {outcome?.kind === 'writing' && (
        <strong>{t(undo ? 'fixes.undoWriting' : 'fixes.writing')}</strong>
      )}
      {outcome?.kind === 'written' && (
        <>
          <strong>{t(undo ? 'fixes.undoWritten' : 'fixes.written')}</strong>
          {appliedAt !== null && <> {t('fixes.writtenAt', { date: format.dateTime(appliedAt) })}</>}
        </>
      )}
      {outcome?.kind === 'failed' && <strong>{t('fixes.notWritten')}</strong>}
      {outcome?.kind === 'kept' && t('fixes.kept')}
      {/* Said here for a screen reader; the conflict's panel below shows it as its title. */}
      {outcome?.kind === 'conflict' && (
        <span className="visually-hidden">{t('fixes.conflict.title')}</span>
      )}
    </p>
  );
}

/**
 * The outcome's details: the value written, the refusal's reason with the owner's text (which the
 * editor no longer holds) and a way back to it, or the conflict's choice.
 */
function OutcomeDetails({
  outcome,
  activity,
  onResolve,
  onEditAgain,
}: {
  outcome: FieldOutcome;
  activity: FieldActivity | undefined;
  onResolve: (keep: ResolveBody['keep']) => void;
  onEditAgain: ((value: string) => void) | undefined;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  if (outcome === null) return null;
  const { change } = outcome;
  switch (outcome.kind) {
    case 'writing':
    case 'written':
      return (
        <p className="seo-field-outcome">
          {t('fixes.newValue')} <ValueText value={change.value} lang={change.language} />
        </p>
      );
    case 'failed':
      return (
        <div className="seo-field-outcome">
          <p className="form-error">
            {errorText(change.errorCode ?? 'internal_error', t('fixes.writeFailed'))}
          </p>
          <p>
            {t('fixes.yourText')} <ValueText value={change.value} lang={change.language} />
          </p>
          {onEditAgain !== undefined && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onEditAgain(change.value)}
            >
              {t('fixes.editAgain')}
            </button>
          )}
        </div>
      );
    case 'kept':
      return null;
    case 'conflict':
      return (
        <ConflictPanel
          change={change}
          resolving={activity?.kind === 'resolving'}
          error={activity?.kind === 'failed' ? activity.error : null}
          onResolve={onResolve}
        />
      );
  }
}
