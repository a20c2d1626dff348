import { handleFromTitle } from '#shared/blog/handle.ts';
import type { Language } from '#shared/constants.ts';
import { emptyPostLanguage, type PostLanguageContent } from '#shared/schemas/blog.ts';
import type { HandleCheck, HandleCheckQuery } from '#shared/schemas/blog-handles.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import {
  articleHandleTaken,
  auditedStoreOf,
  storeBlogsOf,
  type AuditedStore,
} from '#server/areas/catalog/index.ts';
import { findPost, postsHoldingHandles } from './posts-repository.ts';
import { postNotFound } from './save-post.ts';

/**
 * Whether a post's handle is free in its blog, in each language the store publishes: publishing
 * refuses a taken one (publish-post.ts), and the editor says so as the owner types.
 *
 * Within a blog a handle belongs to one article in both languages. The storefront finds
 * `/fr/blogs/<blog>/<handle>` by the article's French handle, or by its own handle when it has
 * none, and Shopify refuses a handle translation that another article answers at; so a post's
 * handle in either language is taken when another article of the blog has it as its own handle
 * or as its handle in the store's other language. Besides the store's articles (the catalog's
 * copy), a handle is held by the other posts of the blog that are on the store or on their way
 * (published, scheduled, queued to be published, or with an article): their text may have a
 * handle the store does not show yet. A draft never published holds none.
 */

/** The handle a language of a post is published under: the owner's, or one made from the title. */
export function publishedHandle(texts: PostLanguageContent): string {
  return texts.handle.trim() === '' ? handleFromTitle(texts.title) : texts.handle.trim();
}

/** Where a post's handles must be free, and what is the post's own. */
export interface HandleScope {
  shopId: string;
  blogGid: string;
  /** The post itself, whose own handles never clash. */
  postId: string;
  /** Its article on the store, if it has one. */
  articleGid: string | null;
  /** The languages the store publishes, its own first. */
  languages: readonly Language[];
  /** Shopify's code of the store's other language (`fr`, `fr-CA`…), if it has one. */
  translatedLocale: string | null;
}

/** The store's languages as a post is published in them (blog-publish-job.ts). */
export function storeLanguagesOf(
  store: AuditedStore | undefined,
): Pick<HandleScope, 'languages' | 'translatedLocale'> {
  const primary: Language = store?.primaryLanguage ?? 'en';
  const other = store?.locales.find((locale) => locale.language !== primary);
  return {
    languages: other === undefined ? [primary] : [primary, other.language],
    translatedLocale: other?.locale ?? null,
  };
}

/** The handles the other posts of the store hold, each with the blog it goes to. */
type HoldingPosts = Array<{ blogGid: string | null; handles: string[] }>;

/** The other posts of the store that hold their handles (see above). */
async function holdingPosts(db: Queryable, scope: HandleScope): Promise<HoldingPosts> {
  const rows = await postsHoldingHandles(db, scope.shopId, scope.postId);
  const columns = { en: ['enTitle', 'enHandle'], fr: ['frTitle', 'frHandle'] } as const;
  return rows.map((row) => ({
    blogGid: row.blogGid ?? (row.contentBlogId || null),
    handles: scope.languages
      .map((language) => {
        const [title, handle] = columns[language];
        return publishedHandle({
          ...emptyPostLanguage(),
          title: row[title] ?? '',
          handle: row[handle] ?? '',
        });
      })
      .filter((handle) => handle !== ''),
  }));
}

async function takenBy(
  db: Queryable,
  scope: HandleScope,
  handle: string,
  others: { posts: HoldingPosts; firstBlogGid: string | null; articles: boolean },
): Promise<boolean> {
  if (handle === '') return false;
  const byPost = others.posts.some(
    (post) =>
      (post.blogGid ?? others.firstBlogGid) === scope.blogGid && post.handles.includes(handle),
  );
  if (byPost || !others.articles) return byPost;
  return articleHandleTaken(
    db,
    scope.shopId,
    scope.blogGid,
    handle,
    scope.articleGid,
    scope.translatedLocale,
  );
}

/**
 * The first language (the store's own first) whose handle is taken, or null: what publishing
 * refuses. `articles` false leaves the store's articles out, for a post that may own an article
 * not recorded yet (its own handle would be found taken by it).
 */
export async function takenHandleLanguage(
  db: Queryable,
  scope: HandleScope,
  languages: Record<Language, PostLanguageContent>,
  options: { firstBlogGid: string | null; articles: boolean },
): Promise<Language | null> {
  const posts = await holdingPosts(db, scope);
  for (const language of scope.languages) {
    const handle = publishedHandle(languages[language]);
    if (await takenBy(db, scope, handle, { ...options, posts })) return language;
  }
  return null;
}

/**
 * The editor's question as the owner types: is `handle` taken in a language, in the blog the post
 * goes to (`blogId`, the post's own when blank, the store's first when it names none)? The post's
 * own article and the post itself never take it. A language the store does not publish takes none.
 */
export async function checkPostHandle(
  db: Database,
  shopId: string,
  postId: string,
  query: HandleCheckQuery,
): Promise<HandleCheck> {
  const post = await findPost(db, shopId, postId);
  if (post === undefined) throw postNotFound();
  const handle = query.handle.trim();
  const free = { taken: false };
  const store = storeLanguagesOf(await auditedStoreOf(db, shopId));
  if (handle === '' || !store.languages.includes(query.language)) return free;
  const firstBlogGid = (await storeBlogsOf(db, shopId))?.blogs[0]?.gid ?? null;
  // A post on the store stays in the blog it is in.
  const blogGid =
    post.blogGid ?? ((query.blogId ?? '') || post.content.blogId || firstBlogGid) ?? null;
  if (blogGid === null) return free;
  const scope: HandleScope = { shopId, blogGid, postId, articleGid: post.articleGid, ...store };
  const posts = await holdingPosts(db, scope);
  return { taken: await takenBy(db, scope, handle, { posts, firstBlogGid, articles: true }) };
}
