import { useMemo, useState } from 'react';
import {
  isoWeekdays,
  type UpdateWeeklySummaryBody,
  type WeeklySummarySettings,
} from '#shared/schemas/weekly-summary.ts';
import { FormField } from '#client/components/form-field.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useSaveWeeklySummary, useWeeklySummarySettings } from '../api/weekly-summary-queries.ts';

/**
 * The weekly summary by e-mail: on or off, and its weekday. Each change is saved at once, as the
 * preferences are; the first one records the owner's own choice, which then holds whatever the
 * plan (server/areas/account/weekly-summary-settings.ts).
 */
export function WeeklySummarySection({ uid }: { uid: string }) {
  const { t } = useTranslation('settings');
  const query = useWeeklySummarySettings(uid);
  return (
    <section className="card settings-section" aria-labelledby="settings-weekly-summary">
      <h2 id="settings-weekly-summary">{t('settings.weeklySummary.title')}</h2>
      <p className="muted">{t('settings.weeklySummary.intro')}</p>
      <QueryState
        query={query}
        loading={t('settings.weeklySummary.loading')}
        failed={t('settings.weeklySummary.loadFailed')}
      >
        {(settings) => <WeeklySummaryForm uid={uid} settings={settings} />}
      </QueryState>
    </section>
  );
}

/** Weekday names in the reader's language, Monday first (ISO), from the platform's own calendar. */
function useWeekdayNames(language: string): Map<number, string> {
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    return new Map(
      isoWeekdays.map((day) => [day, format.format(new Date(Date.UTC(2024, 0, day)))]),
    );
  }, [language]);
}

function WeeklySummaryForm({ uid, settings }: { uid: string; settings: WeeklySummarySettings }) {
  const { t, i18n } = useTranslation('settings');
  const errorText = useApiErrorText();
  const save = useSaveWeeklySummary(uid);
  const weekdays = useWeekdayNames(i18n.language);
  const [outcome, setOutcome] = useState<'saved' | { error: string } | null>(null);
  // What the controls show: the change at once, then what the API saved (or, when the save fails,
  // what was saved before), so that a click is seen before the answer comes.
  const [shown, setShown] = useState(settings);

  async function change(body: UpdateWeeklySummaryBody) {
    setOutcome(null);
    setShown({ ...shown, ...body });
    try {
      setShown(await save.mutateAsync(body));
      setOutcome('saved');
    } catch (error) {
      setShown(settings);
      const fallback = t('settings.weeklySummary.saveFailed');
      setOutcome({ error: error instanceof ApiError ? errorText(error.code, fallback) : fallback });
    }
  }

  return (
    <div className="settings-form">
      <label className="settings-checkbox">
        <input
          type="checkbox"
          name="weeklySummaryEnabled"
          checked={shown.enabled}
          disabled={save.isPending}
          onChange={(event) => void change({ enabled: event.target.checked })}
        />{' '}
        {t('settings.weeklySummary.enabled')}
      </label>
      {!shown.chosen && <p className="form-hint">{t('settings.weeklySummary.planDefault')}</p>}
      <FormField
        label={t('settings.weeklySummary.weekday')}
        hint={t('settings.weeklySummary.weekdayHint')}
      >
        {(control) => (
          <select
            {...control}
            name="weeklySummaryWeekday"
            value={shown.weekday}
            disabled={save.isPending}
            onChange={(event) => void change({ weekday: Number(event.target.value) })}
          >
            {isoWeekdays.map((day) => (
              <option key={day} value={day}>
                {weekdays.get(day)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div aria-live="polite">
        {save.isPending && <p className="muted">{t('settings.weeklySummary.saving')}</p>}
        {outcome === 'saved' && !save.isPending && (
          <p className="form-success">{t('settings.weeklySummary.saved')}</p>
        )}
      </div>
      {typeof outcome === 'object' && outcome !== null && (
        <p className="form-error" role="alert">
          {outcome.error}
        </p>
      )}
    </div>
  );
}
