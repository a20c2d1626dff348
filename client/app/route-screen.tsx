import { useTranslation } from 'react-i18next';
import type { AppRouteName } from '../../shared/routes.ts';
import { DocumentTitle } from './document-title.tsx';

/** The frame of a page: its translated title as the document title and the page heading. */
export function RouteScreen({ routeName }: { routeName: AppRouteName }) {
  const { t } = useTranslation();
  const title = t(`routes.${routeName}`);
  return (
    <main className="page">
      <DocumentTitle title={title} />
      <h1>{title}</h1>
    </main>
  );
}
