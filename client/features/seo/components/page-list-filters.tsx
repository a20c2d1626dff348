import { useEffect, useId, useRef, useState } from 'react';
import { supportedLanguages } from '#shared/constants.ts';
import { auditCheckIds } from '#shared/seo/check-ids.ts';
import { pageKinds, severities } from '#shared/seo/check.ts';
import { FormField } from '#client/components/form-field.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { checkName } from '../check-texts.ts';
import { readScoreRange, type PageListFilters } from '../page-list-params.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/** How long the search and the score range wait after the last key before they ask the server. */
export const searchDebounceMs = 300;

type FilterChange = Partial<Record<keyof PageListFilters, string | number | undefined>>;

/**
 * The list's filters: kind, language, check, severity, score range, and a search of titles and
 * handles that asks the server once typing pauses. Each change goes to the address (`onChange`),
 * which the list reads; what the address says (a link, back and forward) shows here in turn.
 */
export function PageListFilters({
  filters,
  format,
  onChange,
  onClear,
}: {
  filters: PageListFilters;
  format: SeoFormat;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  const checkIds: string[] = [...auditCheckIds];
  if (filters.check !== undefined && !checkIds.includes(filters.check)) {
    checkIds.push(filters.check);
  }

  return (
    <form
      className="card seo-filters"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <SearchField value={filters.q ?? ''} onSearch={(q) => onChange({ q })} />
      <FormField label={t('filters.kind')}>
        {(control) => (
          <select
            {...control}
            value={filters.kind ?? ''}
            onChange={(event) => onChange({ kind: event.target.value })}
          >
            <option value="">{t('filters.allKinds')}</option>
            {pageKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kindsPlural.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('filters.language')}>
        {(control) => (
          <select
            {...control}
            value={filters.language ?? ''}
            onChange={(event) => onChange({ language: event.target.value })}
          >
            <option value="">{t('filters.allLanguages')}</option>
            {supportedLanguages.map((language) => (
              <option key={language} value={language}>
                {format.language(language)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('filters.severity')}>
        {(control) => (
          <select
            {...control}
            value={filters.severity ?? ''}
            onChange={(event) => onChange({ severity: event.target.value })}
          >
            <option value="">{t('filters.allSeverities')}</option>
            {severities.map((severity) => (
              <option key={severity} value={severity}>
                {t(`severityName.${severity}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('filters.check')}>
        {(control) => (
          <select
            {...control}
            value={filters.check ?? ''}
            onChange={(event) => onChange({ check: event.target.value })}
          >
            <option value="">{t('filters.allChecks')}</option>
            {checkIds.map((id) => (
              <option key={id} value={id}>
                {checkName(tChecks, id)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <ScoreRange minScore={filters.minScore} maxScore={filters.maxScore} onApply={onChange} />
      <div className="seo-filters-actions">
        <button type="button" className="button button-secondary button-small" onClick={onClear}>
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}

/**
 * The search box: what is typed shows at once and reaches the address once typing pauses; a new
 * search in the address (back, forward, a link) replaces what the box shows.
 */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('seo');
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The address changed under the box: show what it says now.
    setShown(value);
    setTyped(value);
  }

  useEffect(() => {
    if (typed.trim() === value) return undefined;
    const timer = setTimeout(() => onSearch(typed.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch]);

  return (
    <FormField
      label={t('filters.search')}
      hint={t('filters.searchHint')}
      className="form-field seo-search"
    >
      {(control) => (
        <input
          {...control}
          type="search"
          value={typed}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
    </FormField>
  );
}

const boundText = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * The score range, applied as the owner types once typing pauses (so not on "1" on the way to
 * "15"), or at once on Enter or on leaving a field. Bounds are whole numbers clamped to 0–100; a
 * lowest score above the highest is not sent (it could only list nothing): the fields say what is
 * wrong, and the list keeps the last range that made sense.
 */
function ScoreRange({
  minScore,
  maxScore,
  onApply,
}: {
  minScore: number | undefined;
  maxScore: number | undefined;
  onApply: (range: { minScore: number | undefined; maxScore: number | undefined }) => void;
}) {
  const { t } = useTranslation('seo');
  const errorId = useId();
  const [typed, setTyped] = useState({ min: boundText(minScore), max: boundText(maxScore) });
  const [shown, setShown] = useState({ minScore, maxScore });
  if (shown.minScore !== minScore || shown.maxScore !== maxScore) {
    // The address changed under the fields: show what it says now.
    setShown({ minScore, maxScore });
    setTyped({ min: boundText(minScore), max: boundText(maxScore) });
  }

  const reading = readScoreRange(typed);
  const changed =
    reading.state === 'valid' && (reading.minScore !== minScore || reading.maxScore !== maxScore);
  const wantedMin = reading.state === 'valid' ? reading.minScore : undefined;
  const wantedMax = reading.state === 'valid' ? reading.maxScore : undefined;

  // The screen's handler is a new function at each of its renders (a page of results arriving):
  // the pause is counted from the owner's last key, not from the screen's last render.
  const apply = useRef(onApply);
  useEffect(() => {
    apply.current = onApply;
  });
  useEffect(() => {
    if (!changed) return undefined;
    const timer = setTimeout(
      () => apply.current({ minScore: wantedMin, maxScore: wantedMax }),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [changed, wantedMin, wantedMax]);

  /** Enter or leaving a field: apply now, and show the bounds as applied (clamped, whole). */
  function applyNow() {
    if (reading.state === 'incomplete') {
      setTyped({ min: boundText(minScore), max: boundText(maxScore) });
      return;
    }
    if (reading.state === 'inverted') return;
    setTyped({ min: boundText(reading.minScore), max: boundText(reading.maxScore) });
    if (changed) onApply({ minScore: wantedMin, maxScore: wantedMax });
  }

  const inverted = reading.state === 'inverted';
  const bound = (which: 'min' | 'max') => (
    <FormField
      label={t(which === 'min' ? 'filters.minScore' : 'filters.maxScore')}
      invalid={inverted}
      describedBy={[inverted && errorId]}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={typed[which]}
          onChange={(event) => setTyped({ ...typed, [which]: event.target.value })}
          onBlur={applyNow}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              applyNow();
            }
          }}
        />
      )}
    </FormField>
  );

  return (
    <fieldset className="seo-score-range">
      <legend>{t('filters.scoreRange')}</legend>
      {bound('min')}
      {bound('max')}
      {inverted && (
        <p id={errorId} className="form-error" role="alert">
          {t('filters.scoreRangeInverted', {
            min: reading.minScore,
            max: reading.maxScore,
          })}
        </p>
      )}
    </fieldset>
  );
}
