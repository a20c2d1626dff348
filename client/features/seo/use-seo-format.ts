import { useMemo } from 'react';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * Numbers, percentages, dates and language names in the reader's language (Intl), for the SEO
 * screens: "1 234" and "12 %" in French, "1,234" and "12%" in English.
 */
export function useSeoFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => seoFormat(locale), [locale]);
}

/** The formatters of `locale`, outside React (the hook above keeps one per language). */
export function seoFormat(locale: string) {
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  let languages: Intl.DisplayNames | null = null;
  try {
    languages = new Intl.DisplayNames([locale], { type: 'language' });
  } catch {
    languages = null;
  }
  return {
    locale,
    number: (value: number) => number.format(value),
    /** `value` from 0 to 100. */
    percent: (value: number) => percent.format(value / 100),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
    /** "English", "French" in English; "anglais", "français" in French, capitalised. */
    language: (code: string) => {
      const name = languages?.of(code) ?? code;
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    },
    /** A language's name inside a sentence: "in English", "en anglais". */
    languageInSentence: (code: string) => languages?.of(code) ?? code,
  };
}

export type SeoFormat = ReturnType<typeof seoFormat>;
