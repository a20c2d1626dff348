import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DocumentTitle } from './document-title.tsx';

/**
 * Shown for a path that no route matches (spec §2: a non-fatal 404). The BFF has already answered
 * such a request with status 404; the rest of the app keeps working.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <main className="page">
      <DocumentTitle title={t('errors.notFoundTitle')} />
      <h1>{t('notFound.message', { path: pathname })}</h1>
      <p>
        <Link to="/">{t('navigation.backHome')}</Link>
      </p>
    </main>
  );
}
