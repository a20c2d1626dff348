import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * A field's value as the fixes quote it: between the quotation marks of the owner's language, the
 * value itself marked with the language it is written in; an empty text and no value at all are
 * said in words, so that neither shows as nothing.
 */
export function ValueText({ value, lang }: { value: string | null; lang: string }) {
  const { t } = useTranslation('seo');
  if (value === null) return <span className="muted">{t('fixes.noValue')}</span>;
  if (value.trim() === '') return <span className="muted">{t('fixes.emptyValue')}</span>;
  const [before, after] = t('fixes.quoted', { value: '\u0000' }).split('\u0000');
  return (
    <span className="seo-value">
      {before}
      <span lang={lang}>{value}</span>
      {after}
    </span>
  );
}
