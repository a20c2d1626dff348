import { lazy, Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { PlanId } from '#shared/plans.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { supportedLanguages } from '#shared/constants.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { PageDetailPanel } from '../components/page-detail-panel.tsx';
import { PageListFilters } from '../components/page-list-filters.tsx';
import { PageListGrid } from '../components/page-list-grid.tsx';
import { SeoStoreGate } from '../components/seo-store-gate.tsx';
import { bulkFieldOfParam, bulkParamOf } from '../bulk-edit-param.ts';
import {
  hasFilters,
  nextSort,
  readPageListState,
  withFilters,
  withoutFilters,
  withSort,
  type PageSortKey,
} from '../page-list-params.ts';
import { useChosenStore } from '#client/lib/use-chosen-store.ts';
import { useSeoFormat } from '../use-seo-format.ts';
import '#client/components/form-controls.css';
import '../seo.css';

export const namespaces: readonly Namespace[] = ['seo', 'seo-checks'];

/** Bulk edits, in a chunk of their own: most visits to the list never open them. */
const BulkEditPanel = lazy(() => import('../components/bulk-edit-panel.tsx'));

/**
 * Every audited page of one store: filtered, searched and sorted by the server, from what the
 * address holds (so that the overview's links land filtered and back and forward retrace the
 * owner's steps), in a windowed list that scrolls through any number of pages; a page's detail
 * opens over it from the address too (`?page=<gid>`), and so do bulk edits of the pages the filters
 * choose (`?bulk=title`).
 */
export default function SeoPagesPage() {
  const { t } = useTranslation('seo');
  const { t: tCommon } = useTranslation();
  const chosen = useChosenStore();
  return (
    <div className="page seo-page">
      <DocumentHead title={tCommon('routes.seo-pages')} />
      <PageHeader title={tCommon('routes.seo-pages')}>
        <p>
          {t('list.intro')} <AppLink to="/seo">{t('seoPages.overviewLink')}</AppLink>
        </p>
      </PageHeader>
      <SeoStoreGate chosen={chosen}>
        {(shop) => <StorePages uid={chosen.uid} shop={shop} plan={chosen.shopsQuery.data?.plan} />}
      </SeoStoreGate>
    </div>
  );
}

function StorePages({ uid, shop, plan }: { uid: string; shop: Shop; plan: PlanId | undefined }) {
  const { t } = useTranslation('seo');
  const format = useSeoFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readPageListState(searchParams);
  const stateKey = JSON.stringify(state);
  const pageId = searchParams.get('page');
  const bulkField = bulkFieldOfParam(searchParams.get('bulk'));

  const change = useCallback(
    (update: (params: URLSearchParams) => URLSearchParams) =>
      setSearchParams((current) => {
        const next = update(current);
        next.set('shop', shop.id);
        return next;
      }),
    [setSearchParams, shop.id],
  );

  const pageHref = (id: string) => {
    const params = new URLSearchParams(searchParams);
    params.set('shop', shop.id);
    params.set('page', id);
    return `/seo/pages?${params.toString()}`;
  };

  return (
    <>
      <PageListFilters
        filters={state.filters}
        format={format}
        onChange={(changes) => change((current) => withFilters(current, changes))}
        onClear={() => change(withoutFilters)}
      />
      <div className="button-row seo-list-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            change((current) => {
              const next = new URLSearchParams(current);
              next.delete('page');
              next.set('bulk', bulkParamOf('seoTitle'));
              return next;
            })
          }
        >
          {t('bulk.open')}
        </button>
      </div>
      <PageListGrid
        uid={uid}
        shopId={shop.id}
        state={state}
        stateKey={stateKey}
        filtered={hasFilters(state)}
        languages={supportedLanguages}
        format={format}
        onSort={(column: PageSortKey) =>
          change((current) => withSort(current, nextSort(state, column)))
        }
        onOpen={(id) =>
          change((current) => {
            const next = new URLSearchParams(current);
            next.set('page', id);
            return next;
          })
        }
        pageHref={pageHref}
      />
      {pageId !== null && (
        <PageDetailPanel
          key={pageId}
          uid={uid}
          shopId={shop.id}
          pageId={pageId}
          format={format}
          pageHref={pageHref}
          onClosed={() => {
            // Back or forward may have taken the page out of the address already.
            if (!new URLSearchParams(window.location.search).has('page')) return;
            change((current) => {
              const next = new URLSearchParams(current);
              next.delete('page');
              return next;
            });
          }}
        />
      )}
      {bulkField !== null && (
        <Suspense
          fallback={
            <p className="muted" role="status">
              {t('bulk.loading')}
            </p>
          }
        >
          <BulkEditPanel
            uid={uid}
            shop={shop}
            plan={plan}
            field={bulkField}
            filters={state.filters}
            format={format}
            onFieldChange={(field) =>
              // The field chosen replaces the address's, so that Back still closes bulk edits.
              setSearchParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set('bulk', bulkParamOf(field));
                  return next;
                },
                { replace: true },
              )
            }
            onClosed={() => {
              // Back or forward may have taken bulk edits out of the address already.
              if (!new URLSearchParams(window.location.search).has('bulk')) return;
              change((current) => {
                const next = new URLSearchParams(current);
                next.delete('bulk');
                return next;
              });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
