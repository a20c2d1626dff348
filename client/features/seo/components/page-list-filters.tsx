import { useEffect, useState } from 'react';
import { supportedLanguages } from '#shared/constants.ts';
import { auditCheckIds } from '#shared/seo/check-ids.ts';
import { pageKinds, severities } from '#shared/seo/check.ts';
import { FormField } from '#client/components/form-field.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { checkName } from '../check-texts.ts';
import type { PageListFilters } from '../page-list-params.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/** How long the search waits after the last key before it asks the server. */
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
      <fieldset className="seo-score-range">
        <legend>{t('filters.scoreRange')}</legend>
        <ScoreBound
          label={t('filters.minScore')}
          value={filters.minScore}
          onCommit={(minScore) => onChange({ minScore })}
        />
        <ScoreBound
          label={t('filters.maxScore')}
          value={filters.maxScore}
          onCommit={(maxScore) => onChange({ maxScore })}
        />
      </fieldset>
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

/**
 * A bound of the score range, sent when the owner leaves the field or presses Enter (not on each
 * key, which would filter on "1" on the way to "15"). Out-of-range values are clamped to 0–100.
 */
function ScoreBound({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const [typed, setTyped] = useState(value === undefined ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setTyped(value === undefined ? '' : String(value));
  }

  function commit() {
    const trimmed = typed.trim();
    if (trimmed === '' || !Number.isFinite(Number(trimmed))) {
      setTyped(value === undefined || trimmed === '' ? '' : String(value));
      if (trimmed === '' && value !== undefined) onCommit(undefined);
      return;
    }
    const bound = Math.min(100, Math.max(0, Math.round(Number(trimmed))));
    setTyped(String(bound));
    if (bound !== value) onCommit(bound);
  }

  return (
    <FormField label={label}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
      )}
    </FormField>
  );
}
