import { Button } from '#client/components/button.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { postsPerPage } from '../api/blog-queries.ts';

/**
 * Previous and next through a list the server pages (`postsPerPage` at a time), with where the
 * page shown stands; nothing when everything fits on one page.
 */
export function ListPager({
  label,
  offset,
  total,
  onPage,
}: {
  /** What the navigation is called for screen readers: which list it pages. */
  label: string;
  offset: number;
  total: number;
  onPage: (offset: number) => void;
}) {
  const { t, i18n } = useTranslation('blog');
  if (total <= postsPerPage) return null;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <nav className="pager" aria-label={label}>
      <Button
        type="button"
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onPage(Math.max(0, offset - postsPerPage))}
      >
        {t('list.previous')}
      </Button>
      <span>
        {t('list.range', {
          from: number.format(offset + 1),
          to: number.format(Math.min(offset + postsPerPage, total)),
          total: number.format(total),
        })}
      </span>
      <Button
        type="button"
        variant="secondary"
        disabled={offset + postsPerPage >= total}
        onClick={() => onPage(offset + postsPerPage)}
      >
        {t('list.next')}
      </Button>
    </nav>
  );
}
