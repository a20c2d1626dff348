import * as z from 'zod/mini';
import { supportedLanguages } from '../constants.ts';

/**
 * The contract of the blog: a post is written once in English and French and saved as the owner
 * types, each save a new revision of it. All routes hang from the store:
 * `/api/v1/shops/:shopId/blog/…`.
 *
 * A draft accepts what the owner typed even where Shopify would refuse it (a title over Shopify's
 * limit, a handle taken): nothing typed is lost, the editor shows what publishing would refuse
 * (shared/blog/post-problems.ts), and publishing refuses it. The bounds below only keep a request
 * to a sane size.
 */

const languageSchema = z.enum(supportedLanguages);

/** The sizes a draft may reach, far above Shopify's own limits (shared/blog/post-problems.ts). */
export const draftBounds = {
  shortText: 2000,
  /** Characters of one language's body: about 60,000 words of HTML. */
  bodyHtml: 400_000,
  summaryHtml: 20_000,
  tags: 250,
  tag: 255,
  imageUrl: 2048,
} as const;

const shortText = z.string().check(z.maxLength(draftBounds.shortText));

/** One language of a post, as the owner typed it. Blank fields are empty strings. */
export const postLanguageContentSchema = z.strictObject({
  title: shortText,
  bodyHtml: z.string().check(z.maxLength(draftBounds.bodyHtml)),
  summaryHtml: z.string().check(z.maxLength(draftBounds.summaryHtml)),
  /** The post's address on the store (`/blogs/news/<handle>`). */
  handle: shortText,
  /**
   * Whether the owner wrote the handle; until then the editor derives it from the title
   * (shared/blog/handle.ts).
   */
  handleEdited: z.boolean(),
  /** The search title; blank leaves it to the title. */
  seoTitle: shortText,
  /** The meta description; blank leaves it to Shopify (the summary or the body's start). */
  seoDescription: shortText,
  /** The featured image's alt text in this language. */
  imageAlt: shortText,
  /** The focus keyphrase of the SEO panel; never sent to Shopify. */
  keyphrase: shortText,
});
export type PostLanguageContent = z.infer<typeof postLanguageContentSchema>;

/** A whole post: its two languages and what both share. */
export const postContentSchema = z.strictObject({
  languages: z.strictObject({ en: postLanguageContentSchema, fr: postLanguageContentSchema }),
  /** The featured image, by its https address; blank for none. */
  imageUrl: z.string().check(z.maxLength(draftBounds.imageUrl)),
  tags: z
    .array(z.string().check(z.maxLength(draftBounds.tag)))
    .check(z.maxLength(draftBounds.tags)),
  /** The author's name as the storefront shows it. */
  author: shortText,
  /** The store's blog it is published in (its global id); blank for the store's first blog. */
  blogId: shortText,
});
export type PostContent = z.infer<typeof postContentSchema>;

export function emptyPostLanguage(): PostLanguageContent {
  return {
    title: '',
    bodyHtml: '',
    summaryHtml: '',
    handle: '',
    handleEdited: false,
    seoTitle: '',
    seoDescription: '',
    imageAlt: '',
    keyphrase: '',
  };
}

export function emptyPostContent(author: string): PostContent {
  return {
    languages: { en: emptyPostLanguage(), fr: emptyPostLanguage() },
    imageUrl: '',
    tags: [],
    author,
    blogId: '',
  };
}

/**
 * Where a post stands with the store (server/areas/blog/publish-post.ts):
 * - `draft`: never sent to Shopify;
 * - `queued`: publishing (or unpublishing, deleting) asked for, the job writing it;
 * - `published`: on the store, visible; `scheduled`: on the store, visible from `publishAt`;
 * - `unpublished`: on the store, hidden;
 * - `conflict`: changed in Shopify since Vitrine last wrote it: nothing was written, the owner
 *   chooses which text to keep;
 * - `failed`: Shopify refused it, or could not be reached for long (`errorCode`).
 */
export const publicationStates = [
  'draft',
  'queued',
  'published',
  'scheduled',
  'unpublished',
  'conflict',
  'failed',
] as const;
export type PublicationState = (typeof publicationStates)[number];

/** What a language's texts became at the last publication. */
export const languageWriteStates = ['pending', 'written', 'failed', 'not-written'] as const;
export type LanguageWriteState = (typeof languageWriteStates)[number];

export const publicationSchema = z.object({
  state: z.enum(publicationStates),
  /** What the job queued does: publish (now or scheduled), hide, or delete from the store. */
  action: z.nullable(z.enum(['publish', 'unpublish', 'delete'])),
  /** The article on the store, once created. */
  articleId: z.nullable(z.string()),
  blogId: z.nullable(z.string()),
  /** When it became, or becomes, visible on the store. */
  publishAt: z.nullable(z.string()),
  /** The revision of the post the store holds; a later revision is unpublished work. */
  publishedRevision: z.nullable(z.number()),
  /** Each language's texts at the last publication. */
  languages: z.record(languageSchema, z.enum(languageWriteStates)),
  /** The article's image on the store, kept as it is unless the post names another. */
  storeImageUrl: z.nullable(z.string()),
  /** Why it failed, as an error code of shared/errors.ts. */
  errorCode: z.nullable(z.string()),
  /** In a conflict: the article as Shopify holds it now, in the store's language. */
  shopifyVersion: z.nullable(
    z.object({
      title: z.string(),
      bodyHtml: z.string(),
      summaryHtml: z.string(),
      tags: z.array(z.string()),
      author: z.string(),
      seoTitle: z.string(),
      seoDescription: z.string(),
      imageUrl: z.string(),
      imageAlt: z.string(),
      updatedAt: z.string(),
      /** Whether the article is visible on the store now. */
      visible: z.boolean(),
      /** When it becomes visible, if Shopify has it scheduled. */
      scheduledFor: z.nullable(z.string()),
    }),
  ),
});
export type PublicationView = z.infer<typeof publicationSchema>;

export const postSchema = z.object({
  id: z.string(),
  /** Raised by each save; a save names the revision it was edited from. */
  revision: z.number(),
  content: postContentSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who saved last: the account's display name, or its e-mail when it has none. */
  updatedBy: z.string(),
  publication: publicationSchema,
});
export type PostView = z.infer<typeof postSchema>;

export const postResponseSchema = z.object({ data: postSchema });

/**
 * `POST /api/v1/shops/:shopId/blog/posts`: a new draft, empty or with what the owner typed first.
 */
export const createPostBodySchema = z.strictObject({
  content: z.optional(postContentSchema),
});
export type CreatePostBody = z.infer<typeof createPostBodySchema>;

/**
 * `PUT /api/v1/shops/:shopId/blog/posts/:postId`: the whole post as the owner has it now, and the
 * revision it was edited from. A post saved since (another tab, another device) is not
 * overwritten: 409 `post_changed_elsewhere`, with the post as saved.
 */
export const savePostBodySchema = z.strictObject({
  baseRevision: z.number().check(z.int(), z.minimum(1)),
  content: postContentSchema,
  /**
   * The editor saving (one per open tab, made up by the client): its saves close together make one
   * version; another editor's start a version of their own.
   */
  editorId: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type SavePostBody = z.infer<typeof savePostBodySchema>;

/** `GET /api/v1/shops/:shopId/blog/posts`: the store's posts, the latest saved first. */
/**
 * The list's filters. `state`: where posts stand with the store, or `changed` for posts saved
 * since the store got them. `needs`: posts with a written language whose SEO score is under good
 * (`seo`, shared/seo/scores.ts), whose readability wants work (`readability`), or with a language
 * not written yet (`translation`).
 */
export const postListStates = [
  'draft',
  'scheduled',
  'published',
  'unpublished',
  'conflict',
  'failed',
  'changed',
] as const;
export type PostListState = (typeof postListStates)[number];
export const postListNeeds = ['seo', 'readability', 'translation'] as const;
export type PostListNeed = (typeof postListNeeds)[number];

export const postListQuerySchema = z.object({
  /** Words of a title, in either language. */
  search: z.optional(z.string().check(z.maxLength(200))),
  state: z.optional(z.enum(postListStates)),
  needs: z.optional(z.enum(postListNeeds)),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

const ratingSchema = z.nullable(z.enum(['good', 'improve', 'bad']));

const postLanguageFiguresSchema = z.object({
  written: z.boolean(),
  words: z.number(),
  seoScore: z.number(),
  keyphraseRating: ratingSchema,
  readability: z.object({
    rating: ratingSchema,
    formula: z.enum(['flesch', 'kandel-moles']),
    readingEase: z.nullable(z.number()),
  }),
});

export const postSummarySchema = z.object({
  id: z.string(),
  titles: z.record(languageSchema, z.string()),
  /** Each language's words, SEO score and readability (shared/blog/post-figures.ts). */
  languages: z.record(languageSchema, postLanguageFiguresSchema),
  /** Links to the store's products that lead nowhere now (deleted or renamed) or to one off sale. */
  productLinkProblems: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  state: z.enum(publicationStates),
  publishAt: z.nullable(z.string()),
  /** Saved since the store got it: the store shows an older text. */
  changedSincePublished: z.boolean(),
  /** Changed in Shopify's admin since Vitrine last wrote or read it (as the catalog last read it). */
  changedInShopify: z.boolean(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postListSchema = z.object({
  data: z.object({
    total: z.number(),
    offset: z.number(),
    posts: z.array(postSummarySchema),
  }),
});
export type PostList = z.infer<typeof postListSchema>['data'];

/** The versions kept of a post, restorable; the newest is the post as saved. */
export const postVersionSchema = z.object({
  revision: z.number(),
  savedAt: z.string(),
  savedBy: z.string(),
  titles: z.record(languageSchema, z.string()),
  words: z.record(languageSchema, z.number()),
});
export type PostVersionView = z.infer<typeof postVersionSchema>;

export const postVersionListSchema = z.object({
  data: z.object({ versions: z.array(postVersionSchema) }),
});

/**
 * `POST /api/v1/shops/:shopId/blog/posts/:postId/versions/:revision/restore`: the version becomes
 * the post again, as a new revision (the one it replaces stays among the versions).
 */
export const restoreVersionBodySchema = z.strictObject({
  baseRevision: z.number().check(z.int(), z.minimum(1)),
});

/**
 * `POST /api/v1/shops/:shopId/blog/posts/:postId/publish`: writes the post as saved at
 * `baseRevision` to the store, now or at `publishAt` (in the future), 202. A post new to the store
 * counts against the plan's posts per month, in the month it becomes visible. `overwrite` answers a
 * conflict with the owner's text.
 */
export const publishBodySchema = z.strictObject({
  baseRevision: z.number().check(z.int(), z.minimum(1)),
  publishAt: z.optional(z.iso.datetime({ offset: true })),
  overwrite: z.optional(z.boolean()),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

/**
 * `POST /api/v1/shops/:shopId/blog/posts/:postId/take-shopify`: answers a conflict with Shopify's
 * text: the article's title and body as Shopify holds them become the post's, as a new revision.
 */
export const takeShopifyBodySchema = z.strictObject({
  baseRevision: z.number().check(z.int(), z.minimum(1)),
});

/** What publishing a post in this store needs to know: its blogs, its time zone, the plan's room. */
export const blogSettingsSchema = z.object({
  data: z.object({
    blogs: z.array(z.object({ id: z.string(), title: z.string(), handle: z.string() })),
    /** The store's time zone (IANA), in which dates are shown and scheduled. */
    timeZone: z.string(),
    /** Posts new to the store this month, and how many the plan allows (null: no limit). */
    postsThisMonth: z.number(),
    postsPerMonth: z.nullable(z.number()),
  }),
});
export type BlogSettings = z.infer<typeof blogSettingsSchema>['data'];

/**
 * `GET /api/v1/shops/:shopId/blog/products`: the store's products to link to, whose title holds
 * `search`; or (`handles`, comma-separated) the products a post's links name, to tell the ones
 * gone or off sale.
 */
export const productLinkQuerySchema = z.object({
  search: z.optional(z.string().check(z.maxLength(200))),
  handles: z.optional(z.string().check(z.maxLength(8000))),
});
export type ProductLinkQuery = z.infer<typeof productLinkQuerySchema>;

export const productLinkSchema = z.object({
  id: z.string(),
  /** Active in Shopify: shown on the storefront. */
  onSale: z.boolean(),
  /** The product's title in each language, the primary one where it has no translation. */
  titles: z.record(languageSchema, z.string()),
  /** The product's address on the storefront in each language, from the store's root. */
  paths: z.record(languageSchema, z.string()),
  /** Its handles in each language, by which a post's links name it. */
  handles: z.record(languageSchema, z.string()),
});
export type ProductLink = z.infer<typeof productLinkSchema>;

export const productLinkListSchema = z.object({
  data: z.object({ products: z.array(productLinkSchema) }),
});

/**
 * `GET /api/v1/shops/:shopId/blog/store-articles`: the store's articles Vitrine did not write (from
 * the catalog's copy), the latest updated first; each can be brought into Vitrine to edit.
 */
export const storeArticleListQuerySchema = z.object({
  search: z.optional(z.string().check(z.maxLength(200))),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type StoreArticleListQuery = z.infer<typeof storeArticleListQuerySchema>;

export const storeArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  visible: z.boolean(),
  updatedAt: z.string(),
});
export type StoreArticleView = z.infer<typeof storeArticleSchema>;

export const storeArticleListSchema = z.object({
  data: z.object({
    total: z.number(),
    offset: z.number(),
    articles: z.array(storeArticleSchema),
  }),
});
export type StoreArticleList = z.infer<typeof storeArticleListSchema>['data'];
