import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Language } from '#shared/constants.ts';
import type { ReadabilityCheckId } from '#shared/blog/readability-checks.ts';
import { handleFromTitle } from '#shared/blog/handle.ts';
import { analysePostLanguage } from '#shared/blog/post-analysis.ts';
import { postDraftOf } from '#shared/blog/post-figures.ts';
import { postProblems } from '#shared/blog/post-problems.ts';
import type { PostLanguageContent, PostView } from '#shared/schemas/blog.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { Button, buttonClassName } from '#client/components/button.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import type { Namespace } from '#client/lib/i18n.ts';
import { useChosenStore } from '#client/lib/use-chosen-store.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import {
  useBlogSettings,
  useForgetPostList,
  usePost,
  usePublication,
  usePublicationActions,
} from '../api/blog-queries.ts';
import { ReadabilityPanel, SeoPanel } from '../components/analysis-panels.tsx';
import { BlogStoreGate } from '../components/blog-store-gate.tsx';
import { ConflictNotice } from '../components/conflict-notice.tsx';
import { DeletePostDialog } from '../components/delete-post-dialog.tsx';
import { LanguageFields } from '../components/language-fields.tsx';
import { ProductLinksCheck } from '../components/product-links-check.tsx';
import { PublishPanel } from '../components/publish-panel.tsx';
import { SaveStatusLine } from '../components/save-status-line.tsx';
import { SharedFields } from '../components/shared-fields.tsx';
import { StoreConflict } from '../components/store-conflict.tsx';
import { VersionsDialog } from '../components/versions-dialog.tsx';
import { primaryLanguageOf } from '../post-languages.ts';
import { UnsavedText, usePostAutosave, type PostAutosave } from '../use-post-autosave.ts';
import '#client/components/form-controls.css';
import '../blog.css';

export const namespaces: readonly Namespace[] = ['blog', 'seo-checks'];

/**
 * One post, in English and French: each language's fields in a tab of its own (the store's primary
 * language first), with the SEO and readability panels of the language shown, updated as the owner
 * types; what both languages share below. The post is saved as the owner types
 * (use-post-autosave.ts). The post is named in the address (`?shop=…&post=…`), so that a reload or
 * a link opens it again.
 */
export default function BlogEditorPage() {
  const { t: tCommon } = useTranslation();
  const chosen = useChosenStore();
  const [searchParams] = useSearchParams();
  const postId = searchParams.get('post') ?? '';
  return (
    <div className="page blog-page">
      <DocumentHead title={tCommon('routes.blog-editor')} />
      <PageHeader title={tCommon('routes.blog-editor')} />
      <BlogStoreGate chosen={chosen}>
        {(shop) =>
          postId === '' ? (
            <NoPostChosen shop={shop} />
          ) : (
            <PostLoader uid={chosen.uid} shop={shop} postId={postId} />
          )
        }
      </BlogStoreGate>
    </div>
  );
}

/** The editor's address without a post (a bookmark cut short): the way to the store's posts. */
function NoPostChosen({ shop }: { shop: Shop }) {
  const { t } = useTranslation('blog');
  return (
    <EmptyState
      title={t('editor.noPostTitle')}
      actions={
        <AppLink className={buttonClassName()} to={`/blog?shop=${encodeURIComponent(shop.id)}`}>
          {t('editor.back')}
        </AppLink>
      }
    >
      <p>{t('editor.noPostText')}</p>
    </EmptyState>
  );
}

function PostLoader({ uid, shop, postId }: { uid: string; shop: Shop; postId: string }) {
  const { t } = useTranslation('blog');
  const postQuery = usePost(uid, shop.id, postId);
  return (
    <QueryState query={postQuery} loading={t('editor.loading')} failed={t('editor.loadFailed')}>
      {(post) => <PostEditor key={post.id} uid={uid} shop={shop} post={post} />}
    </QueryState>
  );
}

function PostEditor({ uid, shop, post }: { uid: string; shop: Shop; post: PostView }) {
  const { t } = useTranslation('blog');
  const navigate = useNavigate();
  const forgetList = useForgetPostList(uid, shop.id);
  const autosave = usePostAutosave(shop.id, post, () => void forgetList());
  const primary = primaryLanguageOf(shop);
  const languages: Language[] = primary === 'en' ? ['en', 'fr'] : ['fr', 'en'];
  const [active, setActive] = useState<Language>(primary);
  const [dialog, setDialog] = useState<'versions' | 'delete' | null>(null);
  const settingsQuery = useBlogSettings(uid, shop.id);
  const publication = usePublication(uid, shop.id, post.id, post).data;
  const store = usePublicationActions(uid, shop.id, post.id);
  const [storeBusy, setStoreBusy] = useState(false);
  /** The readability check whose passages the body of the language shown marks; none at first. */
  const [highlighted, setHighlighted] = useState<ReadabilityCheckId | null>(null);
  const { content } = autosave;
  // The analysis reads the text a moment behind the keystrokes when typing is fast
  // (useDeferredValue): the typing never waits for it.
  const deferred = useDeferredValue(content);
  const shopName = shop.name ?? shop.shopDomain;
  const draft = useMemo(
    () => postDraftOf(deferred, shopName, primary),
    [deferred, shopName, primary],
  );
  const analysis = useMemo(() => analysePostLanguage(draft, active), [draft, active]);
  const passages =
    highlighted === null
      ? []
      : (analysis.readability.checks.find((check) => check.id === highlighted)?.flagged ?? []);
  const problems = postProblems(content, primary, publication.storeImageUrl);
  const listPath = `/blog?shop=${encodeURIComponent(shop.id)}`;
  /** What the owner typed saved first: the store gets the post as saved. */
  async function publish(publishAt: Date | null, overwrite = false) {
    if (!(await autosave.settle())) throw new UnsavedText();
    return store.publish({
      baseRevision: autosave.revision(),
      ...(publishAt !== null && { publishAt: publishAt.toISOString() }),
      ...(overwrite && { overwrite: true }),
    });
  }

  async function keepShopifyText() {
    setStoreBusy(true);
    try {
      // The text typed since must be in a version before Shopify's replaces it.
      if (!(await autosave.settle())) return;
      autosave.replace(await store.takeShopify(autosave.revision()));
    } finally {
      setStoreBusy(false);
    }
  }

  const title =
    content.languages[primary].title.trim() ||
    content.languages[primary === 'en' ? 'fr' : 'en'].title.trim() ||
    t('list.untitled');

  return (
    <>
      <div className="post-editor-heading">
        <p>
          <AppLink to={listPath}>{t('editor.back')}</AppLink>
        </p>
        <h2>{title}</h2>
      </div>
      <div className="post-editor-bar">
        <SaveStatusLine status={autosave.status} savedAt={autosave.savedAt} />
        <div className="button-row">
          <Button type="button" variant="secondary" onClick={() => setDialog('versions')}>
            {t('versions.open')}
          </Button>
          <Button type="button" variant="danger" onClick={() => setDialog('delete')}>
            {t('delete.open')}
          </Button>
        </div>
      </div>
      {publication.state === 'conflict' && publication.shopifyVersion !== null && (
        <StoreConflict
          shopifyVersion={publication.shopifyVersion}
          ours={content.languages[primary]}
          busy={storeBusy}
          onKeepShopify={() => void keepShopifyText()}
          onPublishOurs={() => void publish(null, true)}
        />
      )}
      {autosave.status.kind === 'conflict' && (
        <ConflictNotice
          theirs={autosave.status.theirs}
          onKeepMine={autosave.keepMine}
          onLoadTheirs={autosave.replace}
        />
      )}
      <div className="post-editor">
        <div className="post-editor-fields">
          <div className="language-tabs" role="tablist" aria-label={t('editor.languagesLabel')}>
            {languages.map((language) => (
              <button
                key={language}
                type="button"
                role="tab"
                id={`post-tab-${language}`}
                aria-controls={`post-panel-${language}`}
                aria-selected={active === language}
                tabIndex={active === language ? 0 : -1}
                className="language-tab"
                onClick={() => setActive(language)}
                onKeyDown={(event) => {
                  // Two tabs: the arrows go to the other, Home to the first, End to the last.
                  const other = languages.find((candidate) => candidate !== language)!;
                  const target =
                    event.key === 'ArrowRight' || event.key === 'ArrowLeft'
                      ? other
                      : event.key === 'Home'
                        ? languages[0]!
                        : event.key === 'End'
                          ? languages[1]!
                          : null;
                  if (target === null) return;
                  event.preventDefault();
                  setActive(target);
                  document.getElementById(`post-tab-${target}`)?.focus();
                }}
              >
                {t(`languages.${language}`)}
                {language === primary && ` ${t('editor.primaryMark')}`}
              </button>
            ))}
          </div>
          {languages.map((language) => (
            <div
              key={language}
              role="tabpanel"
              id={`post-panel-${language}`}
              aria-labelledby={`post-tab-${language}`}
              hidden={active !== language}
            >
              <LanguageFields
                key={`${language}-${autosave.generation}`}
                uid={uid}
                shopId={shop.id}
                postId={post.id}
                blogId={content.blogId}
                language={language}
                primary={language === primary}
                texts={content.languages[language]}
                problems={problems.filter((problem) => problem.language === language)}
                highlights={language === active ? passages : []}
                onChange={(change) =>
                  editLanguage(autosave, language, change, publication.articleId !== null)
                }
              />
            </div>
          ))}
          <SharedFields
            key={`shared-${autosave.generation}`}
            content={content}
            blogs={settingsQuery.data?.blogs ?? []}
            storeBlogId={publication.articleId === null ? null : publication.blogId}
            problems={problems.filter((problem) => problem.language === undefined)}
            onChange={(change) => autosave.edit((current) => ({ ...current, ...change }))}
          />
        </div>
        <div className="post-editor-side">
          <PublishPanel
            publication={publication}
            settings={settingsQuery.data}
            revision={autosave.savedRevision}
            languages={languages}
            canPublish={problems.length === 0}
            onPublish={(publishAt) => publish(publishAt)}
            onUnpublish={store.unpublish}
          />
          <aside className="post-editor-analysis">
            <SeoPanel analysis={analysis} draft={draft} language={active}>
              <ProductLinksCheck
                uid={uid}
                shopId={shop.id}
                language={active}
                bodyHtml={deferred.languages[active].bodyHtml}
              />
            </SeoPanel>
            <ReadabilityPanel
              analysis={analysis}
              language={active}
              highlighted={highlighted}
              onHighlight={setHighlighted}
            />
          </aside>
        </div>
      </div>
      {dialog === 'versions' && (
        <VersionsDialog
          uid={uid}
          shopId={shop.id}
          postId={post.id}
          autosave={autosave}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <DeletePostDialog
          uid={uid}
          shopId={shop.id}
          postId={post.id}
          title={title}
          onStore={publication.articleId !== null}
          onClose={() => setDialog(null)}
          onDeleted={() => void navigate(listPath)}
        />
      )}
    </>
  );
}

/**
 * One language's change, with the handle following the title until the owner writes one or the
 * post is on the store: the handle proposed is the title's (shared/blog/handle.ts), accents
 * transliterated.
 */
function editLanguage(
  autosave: PostAutosave,
  language: Language,
  change: Partial<PostLanguageContent>,
  onStore: boolean,
): void {
  autosave.edit((current) => {
    const texts = { ...current.languages[language], ...change };
    // On the store, the post's address stays what it is unless the owner changes it: a title
    // corrected must not move a page shoppers and search engines already know.
    if (!texts.handleEdited && !onStore) texts.handle = handleFromTitle(texts.title);
    return { ...current, languages: { ...current.languages, [language]: texts } };
  });
}
