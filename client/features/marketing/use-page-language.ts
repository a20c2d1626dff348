import { defaultLanguage, type Language } from '#shared/constants.ts';
import { isSupportedLanguage } from '#client/lib/detect-language.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/** The language the page is shown in, for the `Intl` formatting of prices and counts. */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}
