import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A field's value as the fixes quote it, in the language it is written in: an empty text and no
 * value at all are said in words, so that neither shows as nothing.
 */
export function ValueText({ value, lang }: { value: string | null; lang: string }) {
  const { t } = useTranslation('seo');
  if (value === null) return <span className="muted">{t('fixes.noValue')}</span>;
  if (value.trim() === '') return <span className="muted">{t('fixes.emptyValue')}</span>;
  return (
    <q className="seo-value" lang={lang}>
      {value}
    </q>
  );
}
