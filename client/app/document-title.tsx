import { useTranslation } from 'react-i18next';

/** The tab title, `<page> · Vitrine`; React places a `<title>` rendered anywhere in the head. */
export function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{`${title} · ${t('app.name')}`}</title>;
}
