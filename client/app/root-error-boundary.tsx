import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { DocumentTitle } from './document-title.tsx';

/**
 * The generic error pages of spec §2, for any error no screen handled: "Page Not Found" for a 404
 * raised on purpose, "Internal Server Error" for everything else. No detail of the error is shown.
 */
export function RootErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t('errors.notFoundTitle') : t('errors.internalTitle');
  return (
    <main className="page">
      <DocumentTitle title={title} />
      <h1>{title}</h1>
      {!notFound && <p>{t('errors.internalMessage')}</p>}
      <p>
        {/* A full page load, not a client-side navigation: it starts again from a clean state. */}
        <a href="/">{t('navigation.backHome')}</a>
      </p>
    </main>
  );
}
