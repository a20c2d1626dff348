import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import type { PostFigures } from '#shared/blog/post-figures.ts';
import type { PostContent, PostListNeed, PostListState } from '#shared/schemas/blog.ts';
import { scoreRatingFloors } from '#shared/seo/scores.ts';
import type { Queryable } from '#server/db/database.ts';
import { blogCountedPosts, blogPostVersions, blogPosts } from './tables.ts';

/** The blog posts' reads and writes. */

export type StoredPost = typeof blogPosts.$inferSelect;
export type StoredVersion = typeof blogPostVersions.$inferSelect;

export async function insertPost(
  db: Queryable,
  post: {
    shopId: string;
    content: PostContent;
    figures: PostFigures;
    uid: string;
    publication?: PublicationChange;
  },
): Promise<StoredPost> {
  const [row] = await db
    .insert(blogPosts)
    .values({
      shopId: post.shopId,
      revision: 1,
      content: post.content,
      figures: post.figures,
      createdBy: post.uid,
      updatedBy: post.uid,
      ...post.publication,
    })
    .returning();
  return row!;
}

export async function findPost(
  db: Queryable,
  shopId: string,
  postId: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredPost | undefined> {
  const query = db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.id, postId)));
  const [row] = options.forUpdate === true ? await query.for('update') : await query;
  return row;
}

export async function updatePost(
  db: Queryable,
  postId: string,
  change: { revision: number; content: PostContent; figures: PostFigures; uid: string },
): Promise<StoredPost> {
  const [row] = await db
    .update(blogPosts)
    .set({
      revision: change.revision,
      content: change.content,
      figures: change.figures,
      updatedBy: change.uid,
      updatedAt: sql`now()`,
    })
    .where(eq(blogPosts.id, postId))
    .returning();
  return row!;
}

export async function deletePost(db: Queryable, shopId: string, postId: string): Promise<boolean> {
  const removed = await db
    .delete(blogPosts)
    .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.id, postId)))
    .returning({ id: blogPosts.id });
  return removed.length > 0;
}

export async function deleteShopPosts(db: Queryable, shopId: string): Promise<void> {
  await db.delete(blogPosts).where(eq(blogPosts.shopId, shopId));
  await db.delete(blogCountedPosts).where(eq(blogCountedPosts.shopId, shopId));
}

/** A post as the list shows it: its titles and figures, not the rest of its document. */
export interface PostListRow {
  id: string;
  titles: { en: string; fr: string };
  figures: PostFigures;
  updatedAt: Date;
  updatedBy: string;
  revision: number;
  publicationState: StoredPost['publicationState'];
  publishAt: Date | null;
  publishedRevision: number | null;
  articleGid: string | null;
  shopifyUpdatedAt: string | null;
}

const languageTitle = (language: Language) =>
  sql<string>`${blogPosts.content} -> 'languages' -> ${language} ->> 'title'`;

/** Special characters of a LIKE pattern, taken as themselves in the owner's search. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function stateFilter(state: PostListState | undefined): SQL | undefined {
  if (state === undefined) return undefined;
  if (state === 'changed') {
    return and(
      isNotNull(blogPosts.publishedRevision),
      sql`${blogPosts.revision} > ${blogPosts.publishedRevision}`,
    );
  }
  return eq(blogPosts.publicationState, state);
}

/** One language's figure, as SQL reads the figures the list keeps (shared/blog/post-figures.ts). */
const figure = (language: Language, path: string) =>
  sql.raw(`(figures -> 'languages' -> '${language}' ${path})`);

function needsFilter(needs: PostListNeed | undefined): SQL | undefined {
  if (needs === undefined) return undefined;
  const written = (language: Language) => sql`${figure(language, "->> 'written'")}::boolean`;
  const anyWritten = (test: (language: Language) => SQL) =>
    or(...supportedLanguages.map((language) => and(written(language), test(language))));
  switch (needs) {
    case 'seo':
      return anyWritten(
        (language) => sql`${figure(language, "->> 'seoScore'")}::int < ${scoreRatingFloors.good}`,
      );
    case 'readability':
      return anyWritten(
        (language) =>
          sql`${figure(language, "-> 'readability' ->> 'rating'")} in ('improve', 'bad')`,
      );
    case 'translation':
      return or(...supportedLanguages.map((language) => sql`not ${written(language)}`));
  }
}

export async function listPosts(
  db: Queryable,
  shopId: string,
  options: {
    search: string;
    state?: PostListState;
    needs?: PostListNeed;
    offset: number;
    limit: number;
  },
): Promise<{ total: number; rows: PostListRow[] }> {
  const search = options.search.trim();
  const where = and(
    eq(blogPosts.shopId, shopId),
    search === ''
      ? undefined
      : or(
          ilike(languageTitle('en'), likePattern(search)),
          ilike(languageTitle('fr'), likePattern(search)),
        ),
    stateFilter(options.state),
    needsFilter(options.needs),
  );
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(blogPosts).where(where),
    db
      .select({
        id: blogPosts.id,
        titleEn: languageTitle('en'),
        titleFr: languageTitle('fr'),
        figures: blogPosts.figures,
        updatedAt: blogPosts.updatedAt,
        updatedBy: blogPosts.updatedBy,
        revision: blogPosts.revision,
        publicationState: blogPosts.publicationState,
        publishAt: blogPosts.publishAt,
        publishedRevision: blogPosts.publishedRevision,
        articleGid: blogPosts.articleGid,
        shopifyUpdatedAt: blogPosts.shopifyUpdatedAt,
      })
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
      .offset(options.offset)
      .limit(options.limit),
  ]);
  return {
    total: totals[0]?.total ?? 0,
    rows: rows.map(({ titleEn, titleFr, figures, ...row }) => ({
      ...row,
      titles: { en: titleEn, fr: titleFr },
      // The list figures the store's posts saved before figures were kept first (postsToFigure).
      figures: figures!,
    })),
  };
}

/** The store's posts saved before their figures were kept, with what to figure them from. */
export async function postsToFigure(
  db: Queryable,
  shopId: string,
): Promise<Array<{ id: string; content: PostContent }>> {
  return db
    .select({ id: blogPosts.id, content: blogPosts.content })
    .from(blogPosts)
    .where(and(eq(blogPosts.shopId, shopId), isNull(blogPosts.figures)));
}

/** Keeps a post's figures, unless a save figured them since. */
export async function keepFigures(
  db: Queryable,
  postId: string,
  figures: PostFigures,
): Promise<void> {
  await db
    .update(blogPosts)
    .set({ figures })
    .where(and(eq(blogPosts.id, postId), isNull(blogPosts.figures)));
}

export async function newestVersion(
  db: Queryable,
  postId: string,
): Promise<StoredVersion | undefined> {
  const [row] = await db
    .select()
    .from(blogPostVersions)
    .where(eq(blogPostVersions.postId, postId))
    .orderBy(desc(blogPostVersions.revision))
    .limit(1);
  return row;
}

export async function findVersion(
  db: Queryable,
  postId: string,
  revision: number,
): Promise<StoredVersion | undefined> {
  const [row] = await db
    .select()
    .from(blogPostVersions)
    .where(and(eq(blogPostVersions.postId, postId), eq(blogPostVersions.revision, revision)));
  return row;
}

export async function listVersions(db: Queryable, postId: string): Promise<StoredVersion[]> {
  return db
    .select()
    .from(blogPostVersions)
    .where(eq(blogPostVersions.postId, postId))
    .orderBy(desc(blogPostVersions.revision));
}

export async function insertVersion(
  db: Queryable,
  version: {
    postId: string;
    revision: number;
    content: PostContent;
    uid: string;
    editorId: string | null;
  },
): Promise<void> {
  await db.insert(blogPostVersions).values({
    postId: version.postId,
    revision: version.revision,
    content: version.content,
    savedBy: version.uid,
    editorId: version.editorId,
  });
}

/** The newest version carried forward to the post's new revision, its start kept. */
export async function extendVersion(
  db: Queryable,
  version: { postId: string; fromRevision: number; revision: number; content: PostContent },
): Promise<void> {
  await db
    .update(blogPostVersions)
    .set({ revision: version.revision, content: version.content, savedAt: sql`now()` })
    .where(
      and(
        eq(blogPostVersions.postId, version.postId),
        eq(blogPostVersions.revision, version.fromRevision),
      ),
    );
}

/** Keeps the `kept` newest versions of a post. */
export async function pruneVersions(db: Queryable, postId: string, kept: number): Promise<void> {
  const newest = db
    .select({ revision: blogPostVersions.revision })
    .from(blogPostVersions)
    .where(eq(blogPostVersions.postId, postId))
    .orderBy(desc(blogPostVersions.revision))
    .limit(kept);
  await db
    .delete(blogPostVersions)
    .where(and(eq(blogPostVersions.postId, postId), notInArray(blogPostVersions.revision, newest)));
}

/** Whether a version begun at `startedAt` still takes saves made at the database's `now()`. */
export async function versionStillOpen(
  db: Queryable,
  postId: string,
  revision: number,
  windowSeconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ open: sql<boolean>`true` })
    .from(blogPostVersions)
    .where(
      and(
        eq(blogPostVersions.postId, postId),
        eq(blogPostVersions.revision, revision),
        lt(
          sql`now() - ${blogPostVersions.startedAt}`,
          sql`make_interval(secs => ${windowSeconds})`,
        ),
      ),
    );
  return row !== undefined;
}

// Publication ---------------------------------------------------------------------------------------

export type PublicationChange = Partial<
  Pick<
    StoredPost,
    | 'publicationState'
    | 'publicationAction'
    | 'queuedAt'
    | 'queuedPublishAt'
    | 'queuedOverwrite'
    | 'articleGid'
    | 'creationSentAt'
    | 'blogGid'
    | 'publishAt'
    | 'publishedRevision'
    | 'shopifyUpdatedAt'
    | 'languageStates'
    | 'storeImageUrl'
    | 'errorCode'
    | 'shopifyVersion'
    | 'countedMonth'
  >
>;

export async function updatePublication(
  db: Queryable,
  postId: string,
  change: PublicationChange,
): Promise<StoredPost | undefined> {
  const [row] = await db.update(blogPosts).set(change).where(eq(blogPosts.id, postId)).returning();
  return row;
}

/** Posts of the store that count in `month` against the plan's posts per month. */
export async function countPostsInMonth(
  db: Queryable,
  shopId: string,
  month: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(blogCountedPosts)
    .where(and(eq(blogCountedPosts.shopId, shopId), eq(blogCountedPosts.month, month)));
  return row?.total ?? 0;
}

/** The post counts in `month` (moved there when it counted in another). */
export async function countPostIn(
  db: Queryable,
  post: { shopId: string; postId: string },
  month: string,
): Promise<void> {
  await db
    .insert(blogCountedPosts)
    .values({ ...post, month })
    .onConflictDoUpdate({
      target: [blogCountedPosts.shopId, blogCountedPosts.postId],
      set: { month },
    });
}

/** The post counts in no month: Shopify refused to create its article. */
export async function uncountPost(db: Queryable, shopId: string, postId: string): Promise<void> {
  await db
    .delete(blogCountedPosts)
    .where(and(eq(blogCountedPosts.shopId, shopId), eq(blogCountedPosts.postId, postId)));
}

/** The articles of the store that posts hold: written by Vitrine, or brought into it. */
export async function articleGidsOfPosts(db: Queryable, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ gid: blogPosts.articleGid })
    .from(blogPosts)
    .where(and(eq(blogPosts.shopId, shopId), isNotNull(blogPosts.articleGid)));
  return rows.flatMap((row) => (row.gid === null ? [] : [row.gid]));
}

export async function findPostOfArticle(
  db: Queryable,
  shopId: string,
  articleGid: string,
): Promise<StoredPost | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.articleGid, articleGid)));
  return row;
}

/** The posts queued before `before` and still waiting, of every store or one. */
export async function postsQueuedBefore(
  db: Queryable,
  before: Date,
  shopId?: string,
): Promise<Array<{ shopId: string; postId: string }>> {
  return db
    .select({ shopId: blogPosts.shopId, postId: blogPosts.id })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.publicationState, 'queued'),
        lt(blogPosts.queuedAt, before),
        shopId === undefined ? undefined : eq(blogPosts.shopId, shopId),
      ),
    );
}

/**
 * The titles and handles of the store's posts other than `exceptPostId` that are on the store or on
 * their way to it (with an article, published, scheduled, or queued to be published), with the blog
 * each goes to: the posts whose handles a publication must not take (post-handles.ts).
 */
export async function postsHoldingHandles(db: Queryable, shopId: string, exceptPostId: string) {
  const text = (language: Language, field: 'title' | 'handle') =>
    sql<string | null>`${blogPosts.content} -> 'languages' -> ${language} ->> ${field}`;
  return db
    .select({
      blogGid: blogPosts.blogGid,
      contentBlogId: sql<string | null>`${blogPosts.content} ->> 'blogId'`,
      enTitle: text('en', 'title'),
      enHandle: text('en', 'handle'),
      frTitle: text('fr', 'title'),
      frHandle: text('fr', 'handle'),
    })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.shopId, shopId),
        ne(blogPosts.id, exceptPostId),
        or(
          isNotNull(blogPosts.articleGid),
          inArray(blogPosts.publicationState, ['published', 'scheduled']),
          and(eq(blogPosts.publicationState, 'queued'), eq(blogPosts.publicationAction, 'publish')),
        ),
      ),
    );
}

/** A post as the dashboard names it. */
export interface PostMention {
  id: string;
  titles: { en: string; fr: string };
  publicationState: StoredPost['publicationState'];
  publishAt: Date | null;
  updatedAt: Date;
}

const mentionColumns = {
  id: blogPosts.id,
  titleEn: languageTitle('en'),
  titleFr: languageTitle('fr'),
  publicationState: blogPosts.publicationState,
  publishAt: blogPosts.publishAt,
  updatedAt: blogPosts.updatedAt,
};

function mentionOf(row: {
  id: string;
  titleEn: string;
  titleFr: string;
  publicationState: StoredPost['publicationState'];
  publishAt: Date | null;
  updatedAt: Date;
}): PostMention {
  const { titleEn, titleFr, ...rest } = row;
  return { ...rest, titles: { en: titleEn, fr: titleFr } };
}

/**
 * What the dashboard says of a store's blog: how many drafts, the next scheduled posts, the latest
 * published, and the posts that link to products (whose links it checks).
 */
export async function blogSummaryRows(
  db: Queryable,
  shopId: string,
  shown: number,
): Promise<{
  drafts: number;
  scheduled: PostMention[];
  recent: PostMention[];
  linking: Array<PostMention & { productHandles: string[] }>;
}> {
  const [drafts, scheduled, recent, linking] = await Promise.all([
    db
      .select({ total: count() })
      .from(blogPosts)
      .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.publicationState, 'draft'))),
    db
      .select(mentionColumns)
      .from(blogPosts)
      .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.publicationState, 'scheduled')))
      .orderBy(blogPosts.publishAt)
      .limit(shown),
    db
      .select(mentionColumns)
      .from(blogPosts)
      .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.publicationState, 'published')))
      .orderBy(desc(blogPosts.updatedAt))
      .limit(shown),
    db
      .select({
        ...mentionColumns,
        productHandles: sql<string[]>`${blogPosts.figures} -> 'productHandles'`,
      })
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.shopId, shopId),
          sql`jsonb_array_length(coalesce(${blogPosts.figures} -> 'productHandles', '[]'::jsonb)) > 0`,
        ),
      )
      .orderBy(desc(blogPosts.updatedAt)),
  ]);
  return {
    drafts: drafts[0]?.total ?? 0,
    scheduled: scheduled.map(mentionOf),
    recent: recent.map(mentionOf),
    linking: linking.map(({ productHandles, ...row }) => ({ ...mentionOf(row), productHandles })),
  };
}

/** Whether any post of the stores ever reached the store (the dashboard's checklist). */
export async function anyPostPublished(
  db: Queryable,
  shopIds: readonly string[],
): Promise<boolean> {
  if (shopIds.length === 0) return false;
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(inArray(blogPosts.shopId, [...shopIds]), isNotNull(blogPosts.publishedRevision)))
    .limit(1);
  return row !== undefined;
}
