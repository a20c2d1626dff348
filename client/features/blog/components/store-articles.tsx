import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/button.tsx';
import { ListPager } from '#client/components/list-pager.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { postsPerPage, useAdoptStoreArticle, useStoreArticles } from '../api/blog-queries.ts';

/**
 * The articles already on the store's blogs that Vitrine did not write, found by the same search
 * as the posts, paged on the server: each can be brought into Vitrine, to edit in both languages
 * and publish again.
 */
export function StoreArticles({
  uid,
  shopId,
  search,
  editorPath,
}: {
  uid: string;
  shopId: string;
  search: string;
  editorPath: (postId: string) => string;
}) {
  const { t, i18n } = useTranslation('blog');
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const offset = Math.max(0, Number.parseInt(searchParams.get('storeFrom') ?? '0', 10) || 0);
  const articles = useStoreArticles(uid, shopId, search, offset);
  const adoption = useAdoptStoreArticle(uid, shopId);
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? 'en';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  function showPage(from: number) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (from === 0) params.delete('storeFrom');
      else params.set('storeFrom', String(from));
      return params;
    });
  }

  async function bringIn(articleId: string) {
    setError(null);
    try {
      const post = await adoption.mutateAsync(articleId);
      await navigate(editorPath(post.id));
    } catch (failure) {
      setError(errorText(errorCodeOf(failure), t('storeArticles.adoptFailed')));
    }
  }

  return (
    <section className="post-list" aria-labelledby="store-articles-title">
      <h2 id="store-articles-title">{t('storeArticles.title')}</h2>
      <p>{t('storeArticles.text')}</p>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <QueryState
        query={articles}
        loading={t('storeArticles.loading')}
        failed={t('storeArticles.loadFailed')}
        isEmpty={(list) => list.total === 0}
        empty={<p>{search === '' ? t('storeArticles.empty') : t('list.noMatch', { search })}</p>}
      >
        {(list) => (
          <>
            <ul className="post-rows">
              {list.articles.map((article) => (
                <li key={article.id} className="post-row">
                  <span className="post-row-title">{article.title}</span>{' '}
                  <span className="post-state">
                    {article.visible ? t('list.states.published') : t('list.states.unpublished')}
                  </span>
                  <p className="form-hint">
                    {t('storeArticles.updated', { when: date.format(new Date(article.updatedAt)) })}
                  </p>
                  <Button
                    type="button"
                    variant="secondary"
                    size="small"
                    disabled={adoption.isPending}
                    aria-label={t('storeArticles.adoptLabel', { title: article.title })}
                    onClick={() => void bringIn(article.id)}
                  >
                    {t('storeArticles.adopt')}
                  </Button>
                </li>
              ))}
            </ul>
            <ListPager
              label={t('storeArticles.pagesLabel')}
              offset={offset}
              total={list.total}
              pageSize={postsPerPage}
              onPage={showPage}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
