import { DocumentHead } from '#client/components/document-head.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * The generic error pages, worded as the BFF's own (server/bff/error-page.ts): status 404 is "Page
 * Not Found", any other status "Internal
 * Server Error". No detail of the error is shown. The way home is a full page load, not an in-app
 * navigation: it starts again from a clean state.
 */
export function GenericErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const title = notFound ? t('errors.notFoundTitle') : t('errors.internalTitle');
  return (
    <div className="page error-page">
      <DocumentHead title={title} />
      <h1>{title}</h1>
      <p>{notFound ? t('errors.notFoundMessage') : t('errors.internalMessage')}</p>
      <p>
        <a className="button" href="/">
          {t('navigation.backHome')}
        </a>
      </p>
    </div>
  );
}

/**
 * A route guard that could not decide, as a 404 titled "Page Not Found: {path}": the session could
 * not be established, so a page that needs it is not shown, and the visitor can reload.
 */
export function GuardFailurePage({ path }: { path: string }) {
  const { t } = useTranslation();
  const title = t('errors.guardFailedTitle', { path });
  return (
    <div className="page error-page">
      <DocumentHead title={title} />
      <h1>{title}</h1>
      <p>{t('errors.guardFailedMessage')}</p>
      <p className="error-page-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <a className="button button-secondary" href="/">
          {t('navigation.backHome')}
        </a>
      </p>
    </div>
  );
}
