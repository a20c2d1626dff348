import { useTranslation } from '#client/lib/use-translation.ts';
import { Button } from './button.tsx';

/**
 * Previous and next through a list the server pages (`pageSize` at a time), with where the page
 * shown stands; nothing when everything fits on one page.
 */
export function ListPager({
  label,
  offset,
  total,
  pageSize,
  onPage,
}: {
  /** What the navigation is called for screen readers: which list it pages. */
  label: string;
  offset: number;
  total: number;
  pageSize: number;
  onPage: (offset: number) => void;
}) {
  const { t, i18n } = useTranslation();
  if (total <= pageSize) return null;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <nav className="pager" aria-label={label}>
      <Button
        type="button"
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onPage(Math.max(0, offset - pageSize))}
      >
        {t('pager.previous')}
      </Button>
      <span>
        {t('pager.range', {
          from: number.format(offset + 1),
          to: number.format(Math.min(offset + pageSize, total)),
          total: number.format(total),
        })}
      </span>
      <Button
        type="button"
        variant="secondary"
        disabled={offset + pageSize >= total}
        onClick={() => onPage(offset + pageSize)}
      >
        {t('pager.next')}
      </Button>
    </nav>
  );
}
