import { AppError } from '#shared/errors.ts';
import type { Language } from '#shared/constants.ts';
import {
  emptyPostLanguage,
  type PostContent,
  type PostLanguageContent,
  type PostView,
  type StoreArticleList,
  type StoreArticleListQuery,
} from '#shared/schemas/blog.ts';
import type { Database } from '#server/db/database.ts';
import {
  auditedStoreOf,
  listStoreArticles,
  readStoreArticle,
  type StoreArticle,
} from '#server/areas/catalog/index.ts';
import { postFigures } from '#shared/blog/post-figures.ts';
import { cleanPostBody } from './post-body.ts';
import * as postsRepository from './posts-repository.ts';
import { presentPost } from './present-post.ts';

/**
 * The articles already on the store's blogs (read by the catalog's import and reconciliation) that
 * Vitrine did not write: listed beside the posts, and brought into Vitrine on the owner's asking,
 * as a post holding the article's texts in the store's language and its translation, on the store
 * already (it counts against no month), which publishing then updates.
 */

const defaultPageSize = 20;

export async function listArticlesNotInVitrine(
  db: Database,
  shopId: string,
  query: StoreArticleListQuery,
): Promise<StoreArticleList> {
  const offset = query.offset ?? 0;
  const { total, articles } = await listStoreArticles(db, shopId, {
    search: query.search ?? '',
    offset,
    limit: query.limit ?? defaultPageSize,
    exceptGids: await postsRepository.articleGidsOfPosts(db, shopId),
  });
  return {
    total,
    offset,
    articles: articles.map((article) => ({
      id: article.gid,
      title: article.title,
      handle: article.handle,
      visible: article.isPublished,
      updatedAt: article.updatedAt.toISOString(),
    })),
  };
}

function languageTexts(
  article: StoreArticle,
  translation: Record<string, string> | undefined,
): PostLanguageContent {
  if (translation === undefined) return emptyPostLanguage();
  return {
    ...emptyPostLanguage(),
    title: translation.title ?? '',
    bodyHtml: cleanPostBody(translation.body_html ?? ''),
    summaryHtml: cleanPostBody(translation.summary_html ?? ''),
    handle: translation.handle ?? '',
    handleEdited: translation.handle !== undefined,
    seoTitle: translation.meta_title ?? '',
    seoDescription: translation.meta_description ?? '',
    imageAlt: article.imageAlt ?? '',
  };
}

/** The article as a post; the post it already is when brought in before. */
export async function adoptStoreArticle(
  db: Database,
  shopId: string,
  uid: string,
  articleGid: string,
): Promise<PostView> {
  const known = await postsRepository.findPostOfArticle(db, shopId, articleGid);
  if (known !== undefined) return presentPost(db, known);
  const article = await readStoreArticle(db, shopId, articleGid);
  if (article === undefined) {
    throw new AppError('not_found', 404, { message: 'No such article in the store’s copy' });
  }
  const store = await auditedStoreOf(db, shopId);
  const primary: Language = store?.primaryLanguage ?? 'en';
  const other = store?.locales.find((locale) => locale.language !== primary);
  const primaryTexts: PostLanguageContent = {
    ...emptyPostLanguage(),
    title: article.title,
    bodyHtml: cleanPostBody(article.body),
    summaryHtml: cleanPostBody(article.summary ?? ''),
    handle: article.handle,
    handleEdited: true,
    seoTitle: article.seoTitle ?? '',
    seoDescription: article.seoDescription ?? '',
    imageAlt: article.imageAlt ?? '',
  };
  const otherTexts =
    other === undefined
      ? emptyPostLanguage()
      : languageTexts(article, article.translations[other.locale]);
  const content: PostContent = {
    languages:
      primary === 'en'
        ? { en: primaryTexts, fr: otherTexts }
        : { en: otherTexts, fr: primaryTexts },
    imageUrl: article.imageUrl ?? '',
    tags: article.tags,
    author: article.authorName ?? '',
    blogId: article.blogGid,
  };
  const row = await db
    .transaction(async (tx) => {
      const post = await postsRepository.insertPost(tx, {
        shopId,
        content,
        figures: postFigures(content, store?.shopName ?? '', primary),
        uid,
        publication: {
          publicationState: article.isPublished ? 'published' : 'unpublished',
          articleGid: article.gid,
          blogGid: article.blogGid,
          publishedRevision: 1,
          shopifyUpdatedAt: article.updatedAt.toISOString(),
          storeImageUrl: article.imageUrl,
          languageStates: {
            en: 'not-written',
            fr: 'not-written',
            [primary]: 'written',
            ...(other !== undefined &&
              article.translations[other.locale] !== undefined && { [other.language]: 'written' }),
          },
        },
      });
      await postsRepository.insertVersion(tx, {
        postId: post.id,
        revision: 1,
        content,
        uid,
        editorId: null,
      });
      return post;
    })
    .catch(async (error: unknown) => {
      // Brought in from another tab at the same moment: that post is this one.
      const twin = await postsRepository.findPostOfArticle(db, shopId, articleGid);
      if (twin === undefined) throw error;
      return twin;
    });
  return presentPost(db, row);
}
