import { useLocation } from 'react-router';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * Shown for a path that no route matches: a 404 that leaves the app working. The BFF has answered
 * such a request with status 404; the rest of the app keeps working, so the way home is an in-app
 * link.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const message = t('notFound.message', { path: pathname });
  return (
    <div className="page error-page">
      <DocumentHead title={message} />
      <h1>{message}</h1>
      <p>{t('errors.notFoundMessage')}</p>
      <p>
        <AppLink className="button" to="/">
          {t('navigation.backHome')}
        </AppLink>
      </p>
    </div>
  );
}
