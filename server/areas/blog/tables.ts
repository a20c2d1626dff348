import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PostFigures } from '#shared/blog/post-figures.ts';
import type {
  LanguageWriteState,
  PostContent,
  PublicationState,
  PublicationView,
} from '#shared/schemas/blog.ts';

/**
 * A store's blog posts as the owner writes them (shared/schemas/blog.ts): both languages in one
 * document, saved whole at each save. Keyed by the store (`shop_id`, the shops area's id, without a
 * foreign key, like the catalog's copy and the SEO changes); the store's disconnection deletes them
 * with the rest of its data.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id').notNull(),
    /** Raised by each save: a save names the revision it was edited from. */
    revision: integer('revision').notNull(),
    content: jsonb('content').$type<PostContent>().notNull(),
    /**
     * What the list shows of each language (shared/blog/post-figures.ts), figured at each save
     * from `content`; null for a post saved before the figures were kept, figured at its next read.
     */
    figures: jsonb('figures').$type<PostFigures>(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    // Its publication (server/areas/blog/publish-post.ts, shared/schemas/blog.ts).
    publicationState: text('publication_state')
      .$type<PublicationState>()
      .notNull()
      .default('draft'),
    /** What the job queued does; null when none is queued. */
    publicationAction: text('publication_action').$type<'publish' | 'unpublish' | 'delete'>(),
    /** When it was queued: a post queued long ago with no job is queued again by the sweep. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** The visibility date the queued publication asks for; null for now. */
    queuedPublishAt: timestamp('queued_publish_at', { withTimezone: true }),
    /** Answers a conflict with the owner's text: the queued write does not compare update times. */
    queuedOverwrite: boolean('queued_overwrite').notNull().default(false),
    /** The article, stored as soon as Shopify created it: a retry never creates a second one. */
    articleGid: text('article_gid'),
    /**
     * When a creation was last sent with no article recorded since: its answer may have been lost,
     * and the next attempt looks for the article it may have made before creating one.
     */
    creationSentAt: timestamp('creation_sent_at', { withTimezone: true }),
    blogGid: text('blog_gid'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedRevision: integer('published_revision'),
    /** The article's `updatedAt` as Vitrine last wrote or read it: a later one is a change in Shopify. */
    shopifyUpdatedAt: text('shopify_updated_at'),
    languageStates: jsonb('language_states')
      .$type<Record<'en' | 'fr', LanguageWriteState>>()
      .notNull()
      .default(sql`'{"en":"not-written","fr":"not-written"}'::jsonb`),
    /**
     * The address the article's image was last given (or had, for an article brought in from the
     * store): the same address in the post keeps the image as it is.
     */
    storeImageUrl: text('store_image_url'),
    errorCode: text('error_code'),
    shopifyVersion: jsonb('shopify_version').$type<PublicationView['shopifyVersion']>(),
    /**
     * The month (`2026-11`, in the store's time zone) the post counts in against the plan's posts per
     * month: the month it first became (or becomes) visible. Null for a post never published.
     */
    countedMonth: text('counted_month'),
  },
  (table) => [
    index('blog_posts_shop_idx').on(table.shopId, table.updatedAt),
    index('blog_posts_counted_idx').on(table.shopId, table.countedMonth),
    // The posts waiting for their job, of every store, as the sweep looks for them.
    index('blog_posts_queued_idx')
      .on(table.queuedAt)
      .where(sql`${table.publicationState} = 'queued'`),
    // One post per article of the store: bringing an article into Vitrine twice finds the first.
    uniqueIndex('blog_posts_article_idx')
      .on(table.shopId, table.articleGid)
      .where(sql`${table.articleGid} is not null`),
    index('blog_posts_created_by_idx').on(table.createdBy),
    index('blog_posts_updated_by_idx').on(table.updatedBy),
  ],
);

/**
 * The versions kept of each post, the newest being the post as saved. Saves from the same editor
 * close together update the newest version instead of adding one (server/areas/blog/save-post.ts),
 * so that a version is a moment of the writing, not a keystroke.
 */
export const blogPostVersions = pgTable(
  'blog_post_versions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    content: jsonb('content').$type<PostContent>().notNull(),
    savedBy: text('saved_by').notNull(),
    /**
     * The editor (one open tab) whose saves made it; null for a creation or a restore. Saves from
     * another tab start a version of their own, so that a text one tab saves over another's stays
     * among the versions.
     */
    editorId: text('editor_id'),
    /** When this version was begun: later saves of the same moment keep it. */
    startedAt: timestamp('started_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    savedAt: timestamp('saved_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.revision] }),
    index('blog_post_versions_saved_by_idx').on(table.savedBy),
  ],
);

/**
 * The posts each month counts against the plan's posts per month, by store: a post stays counted
 * in the month it appeared in when it is deleted since, so that deleting a post gives no month a
 * post more. Erased with the store's posts when the store's data goes.
 */
export const blogCountedPosts = pgTable(
  'blog_counted_posts',
  {
    shopId: uuid('shop_id').notNull(),
    postId: uuid('post_id').notNull(),
    /** `2026-11`, in the store's time zone. */
    month: text('month').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.postId] }),
    index('blog_counted_posts_month_idx').on(table.shopId, table.month),
  ],
);
