import { supportedLanguages } from '#shared/constants.ts';
import { isSupportedLanguage } from '#client/lib/detect-language.ts';
import { changeLanguage } from '#client/lib/preferences.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { FormField } from './form-field.tsx';
import { useSaveFailedAlert } from './save-failed-alert.tsx';

/**
 * The interface language. Each language is named in itself (a visitor who cannot read the current
 * one still finds theirs) and tagged with its `lang` for screen readers.
 */
export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const { track, alert } = useSaveFailedAlert();
  const current = isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  return (
    <FormField
      className="switcher"
      labelClassName={showLabel ? 'switcher-label' : 'visually-hidden'}
      label={t('language.label')}
    >
      {(control) => (
        <>
          <select
            {...control}
            className="switcher-select"
            value={current}
            onChange={(event) => {
              const next = event.target.value;
              if (isSupportedLanguage(next)) track(changeLanguage(next));
            }}
          >
            {supportedLanguages.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`language.names.${language}`)}
              </option>
            ))}
          </select>
          {alert}
        </>
      )}
    </FormField>
  );
}
