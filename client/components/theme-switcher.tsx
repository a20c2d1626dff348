import { supportedThemes } from '#shared/constants.ts';
import { changeTheme, useThemePreference } from '#client/lib/preferences.ts';
import { isSupportedTheme } from '#client/lib/theme.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { FormField } from './form-field.tsx';
import { useSaveFailedAlert } from './save-failed-alert.tsx';

/** Light, dark, or the system's choice (which the page then follows live). */
export function ThemeSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const preference = useThemePreference();
  const { track, alert } = useSaveFailedAlert();

  return (
    <FormField
      className="switcher"
      labelClassName={showLabel ? 'switcher-label' : 'visually-hidden'}
      label={t('theme.label')}
    >
      {(control) => (
        <>
          <select
            {...control}
            className="switcher-select"
            value={preference}
            onChange={(event) => {
              const next = event.target.value;
              if (isSupportedTheme(next)) track(changeTheme(next));
            }}
          >
            {supportedThemes.map((theme) => (
              <option key={theme} value={theme}>
                {t(`theme.options.${theme}`)}
              </option>
            ))}
          </select>
          {alert}
        </>
      )}
    </FormField>
  );
}
