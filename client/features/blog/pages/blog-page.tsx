import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Language } from '#shared/constants.ts';
import { postListNeeds, postListStates, type PostSummary } from '#shared/schemas/blog.ts';
import { scoreRatingFloors } from '#shared/seo/scores.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { ListPager } from '#client/components/list-pager.tsx';
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
import {
  postsPerPage,
  useBlogSettings,
  useCreatePost,
  usePostList,
  type PostListFilters,
} from '../api/blog-queries.ts';
import { BlogStoreGate } from '../components/blog-store-gate.tsx';
import { StoreArticles } from '../components/store-articles.tsx';
import { primaryLanguageOf } from '../post-languages.ts';
import { formatStoreTime } from '#client/lib/store-time.ts';
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

/** A filter of the list as the address holds it: a value it knows, or none. */
function chosen<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value);
}

function PostList({ uid, shop }: { uid: string; shop: Shop }) {
  const { t, i18n } = useTranslation('blog');
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const state = chosen(postListStates, searchParams.get('state'));
  const needs = chosen(postListNeeds, searchParams.get('needs'));
  const offset = Math.max(0, Number.parseInt(searchParams.get('from') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(search);
  const filters: PostListFilters = {
    search,
    ...(state !== undefined && { state }),
    ...(needs !== undefined && { needs }),
  };
  const listQuery = usePostList(uid, shop.id, filters, offset);
  const timeZone = useBlogSettings(uid, shop.id).data?.timeZone ?? 'UTC';
  const creation = useCreatePost(uid, shop.id);
  const [createError, setCreateError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? 'en';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
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

  /** Shows the list with `next` changed, from its first page unless a page is asked for. */
  function showPage(next: { search?: string; state?: string; needs?: string; offset?: number }) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      const set = (name: string, value: string | undefined) => {
        if (value === undefined || value === '') params.delete(name);
        else params.set(name, value);
      };
      set('q', next.search ?? search);
      set('state', 'state' in next ? next.state : state);
      set('needs', 'needs' in next ? next.needs : needs);
      const from = next.offset ?? 0;
      set('from', from === 0 ? undefined : String(from));
      return params;
    });
  }

  const primary = primaryLanguageOf(shop);
  const secondary = primary === 'en' ? 'fr' : 'en';
  const filtered = search !== '' || state !== undefined || needs !== undefined;
  const titleOf = (post: PostSummary) =>
    post.titles[primary] || post.titles[secondary] || t('list.untitled');
  const stateOf = (post: PostSummary) => {
    const shown =
      post.state === 'scheduled'
        ? t('list.states.scheduled', {
            at: formatStoreTime(new Date(post.publishAt!), timeZone, locale),
          })
        : t(`list.states.${post.state}`);
    const notes = [
      ...(post.changedSincePublished ? [t('list.states.changed')] : []),
      ...(post.changedInShopify ? [t('list.states.changedInShopify')] : []),
    ];
    return [shown, ...notes].join(', ');
  };
  const languageLine = (post: PostSummary, language: Language) => {
    const figures = post.languages[language];
    const name = t(`languages.${language}`);
    if (!figures.written) return t('list.notWritten', { language: name });
    const { readability } = figures;
    return [
      t('list.languageLine', {
        language: name,
        words: number.format(figures.words),
        count: figures.words,
      }),
      t('list.seoScore', { score: number.format(figures.seoScore) }),
      readability.readingEase === null
        ? t('list.readabilityTooShort')
        : t('list.readability', {
            rating: t(`ratings.${readability.rating ?? 'none'}`),
            formula:
              readability.formula === 'flesch' ? t('formulas.flesch') : t('formulas.kandelMoles'),
            score: number.format(readability.readingEase),
          }),
    ].join(' · ');
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
        <div className="post-filters">
          <label htmlFor="post-state-filter">{t('list.filters.stateLabel')}</label>
          <select
            id="post-state-filter"
            value={state ?? ''}
            onChange={(event) => showPage({ state: event.target.value })}
          >
            <option value="">{t('list.filters.anyState')}</option>
            {postListStates.map((value) => (
              <option key={value} value={value}>
                {t(`list.filters.states.${value}`)}
              </option>
            ))}
          </select>
          <label htmlFor="post-needs-filter">{t('list.filters.needsLabel')}</label>
          <select
            id="post-needs-filter"
            value={needs ?? ''}
            onChange={(event) => showPage({ needs: event.target.value })}
          >
            <option value="">{t('list.filters.anyNeed')}</option>
            {postListNeeds.map((value) => (
              <option key={value} value={value}>
                {t(`list.filters.needs.${value}`, { good: scoreRatingFloors.good })}
              </option>
            ))}
          </select>
        </div>
        <QueryState
          query={listQuery}
          loading={t('list.loading')}
          failed={t('list.loadFailed')}
          isEmpty={(list) => list.total === 0}
          empty={
            <p className="post-list-empty">
              {!filtered
                ? t('list.empty')
                : state === undefined && needs === undefined
                  ? t('list.noMatch', { search })
                  : t('list.noMatchFilters')}
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
                    <p className="post-row-languages">{languageLine(post, primary)}</p>
                    <p className="post-row-languages">{languageLine(post, secondary)}</p>
                    {post.productLinkProblems > 0 && (
                      <p className="post-row-warning">
                        {t('list.productLinkProblems', {
                          count: post.productLinkProblems,
                          number: number.format(post.productLinkProblems),
                        })}
                      </p>
                    )}
                    <p className="form-hint">
                      {t('list.draftSaved', {
                        when: dateTime.format(new Date(post.updatedAt)),
                        name: post.updatedBy || t('conflict.someone'),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
              <ListPager
                label={t('list.pagesLabel')}
                offset={offset}
                total={list.total}
                pageSize={postsPerPage}
                onPage={(from) => showPage({ offset: from })}
              />
            </>
          )}
        </QueryState>
      </section>
      <StoreArticles uid={uid} shopId={shop.id} search={search} editorPath={editorPath} />
    </>
  );
}
