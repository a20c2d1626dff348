import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PostSummary } from '#shared/schemas/blog.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { Button } from '#client/components/button.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useChosenStore } from '#client/lib/use-chosen-store.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { postsPerPage, useBlogSettings, useCreatePost, usePostList } from '../api/blog-queries.ts';
import { BlogStoreGate } from '../components/blog-store-gate.tsx';
import { StoreArticles } from '../components/store-articles.tsx';
import { primaryLanguageOf } from '../post-languages.ts';
import { formatStoreTime } from '../store-time.ts';
import '#client/components/form-controls.css';
import '../blog.css';

export const namespaces: readonly Namespace[] = ['blog'];

/**
 * /blog is open to everyone (shared/routes.ts): a visitor learns what the blog is for and how to
 * start; a signed-in owner sees the chosen store's posts, searched and paged on the server, and
 * starts a new one; without a store, the way to connect one.
 */
export default function BlogPage() {
  const { t } = useTranslation('blog');
  const { t: tCommon } = useTranslation();
  const auth = useAuthState();
  return (
    <div className="page blog-page">
      <DocumentHead title={tCommon('routes.blog')} />
      <PageHeader title={tCommon('routes.blog')}>
        <p>{t('blog.intro')}</p>
      </PageHeader>
      {auth.status === 'signed-in' ? (
        <SignedInBlog />
      ) : (
        <section className="card">
          <p>{t('blog.signedOutText')}</p>
          <p>
            <AppLink className="button" to="/login?redirect=%2Fblog">
              {t('blog.signInLink')}
            </AppLink>
          </p>
        </section>
      )}
    </div>
  );
}

function SignedInBlog() {
  const chosen = useChosenStore();
  return (
    <BlogStoreGate chosen={chosen}>
      {(shop) => <PostList uid={chosen.uid} shop={shop} />}
    </BlogStoreGate>
  );
}

function PostList({ uid, shop }: { uid: string; shop: Shop }) {
  const { t, i18n } = useTranslation('blog');
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const offset = Math.max(0, Number.parseInt(searchParams.get('from') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(search);
  const listQuery = usePostList(uid, shop.id, search, offset);
  const timeZone = useBlogSettings(uid, shop.id).data?.timeZone ?? 'UTC';
  const creation = useCreatePost(uid, shop.id);
  const [createError, setCreateError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? 'en';
  const number = new Intl.NumberFormat(locale);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const editorPath = (postId: string) =>
    `/blog/editor?shop=${encodeURIComponent(shop.id)}&post=${encodeURIComponent(postId)}`;

  async function startPost() {
    setCreateError(null);
    try {
      const post = await creation.mutateAsync(undefined);
      await navigate(editorPath(post.id));
    } catch (failure) {
      setCreateError(errorText(errorCodeOf(failure), t('list.createFailed')));
    }
  }

  function showPage(next: { search?: string; offset?: number }) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      const q = next.search ?? search;
      if (q === '') params.delete('q');
      else params.set('q', q);
      const from = next.offset ?? 0;
      if (from === 0) params.delete('from');
      else params.set('from', String(from));
      return params;
    });
  }

  const primary = primaryLanguageOf(shop);
  const secondary = primary === 'en' ? 'fr' : 'en';
  const titleOf = (post: PostSummary) =>
    post.titles[primary] || post.titles[secondary] || t('list.untitled');
  const stateOf = (post: PostSummary) => {
    const state =
      post.state === 'scheduled'
        ? t('list.states.scheduled', {
            at: formatStoreTime(new Date(post.publishAt!), timeZone, locale),
          })
        : t(`list.states.${post.state}`);
    const notes = [
      ...(post.changedSincePublished ? [t('list.states.changed')] : []),
      ...(post.changedInShopify ? [t('list.states.changedInShopify')] : []),
    ];
    return [state, ...notes].join(', ');
  };

  return (
    <>
      <section className="post-list" aria-labelledby="post-list-title">
        <div className="post-list-header">
          <h2 id="post-list-title">{t('list.title')}</h2>
          <Button type="button" disabled={creation.isPending} onClick={() => void startPost()}>
            {creation.isPending ? t('list.creating') : t('list.newPost')}
          </Button>
        </div>
        {createError !== null && (
          <p className="form-error" role="alert">
            {createError}
          </p>
        )}
        <form
          role="search"
          className="post-search"
          onSubmit={(event) => {
            event.preventDefault();
            showPage({ search: typed.trim() });
          }}
        >
          <label htmlFor="post-search">{t('list.searchLabel')}</label>
          <input
            id="post-search"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('list.search')}
          </Button>
        </form>
        <QueryState
          query={listQuery}
          loading={t('list.loading')}
          failed={t('list.loadFailed')}
          isEmpty={(list) => list.total === 0}
          empty={
            <p className="post-list-empty">
              {search === '' ? t('list.empty') : t('list.noMatch', { search })}
            </p>
          }
        >
          {(list) => (
            <>
              <p className="form-hint" role="status">
                {t('list.count', { count: list.total, total: number.format(list.total) })}
              </p>
              <ul className="post-rows">
                {list.posts.map((post) => (
                  <li key={post.id} className="post-row">
                    <AppLink to={editorPath(post.id)} className="post-row-title">
                      {titleOf(post)}
                    </AppLink>{' '}
                    <span className={`post-state post-state-${post.state}`}>{stateOf(post)}</span>
                    <p className="post-row-languages">
                      <span lang="en">
                        {t('list.languageLine', {
                          language: t('languages.en'),
                          words: number.format(post.words.en),
                          count: post.words.en,
                        })}
                      </span>
                      {' · '}
                      <span lang="fr">
                        {post.titles.fr === '' && post.words.fr === 0
                          ? t('list.notWritten', { language: t('languages.fr') })
                          : t('list.languageLine', {
                              language: t('languages.fr'),
                              words: number.format(post.words.fr),
                              count: post.words.fr,
                            })}
                      </span>
                    </p>
                    <p className="form-hint">
                      {t('list.draftSaved', {
                        when: dateTime.format(new Date(post.updatedAt)),
                        name: post.updatedBy || t('conflict.someone'),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
              {list.total > postsPerPage && (
                <nav className="pager" aria-label={t('list.pagesLabel')}>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={offset === 0}
                    onClick={() => showPage({ offset: Math.max(0, offset - postsPerPage) })}
                  >
                    {t('list.previous')}
                  </Button>
                  <span>
                    {t('list.range', {
                      from: number.format(offset + 1),
                      to: number.format(Math.min(offset + postsPerPage, list.total)),
                      total: number.format(list.total),
                    })}
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={offset + postsPerPage >= list.total}
                    onClick={() => showPage({ offset: offset + postsPerPage })}
                  >
                    {t('list.next')}
                  </Button>
                </nav>
              )}
            </>
          )}
        </QueryState>
      </section>
      <StoreArticles uid={uid} shopId={shop.id} search={search} editorPath={editorPath} />
    </>
  );
}
