import type { AdminClient } from './admin-client.ts';
import type {
  ArticleCreateMutation,
  ArticleDeleteMutation,
  ArticleStateQuery,
  ArticleUpdateMutation,
  NewestBlogArticlesQuery,
  MetafieldsDeleteMutation,
  TranslatableDigestsQuery,
  TranslationsRegisterMutation,
  TranslationsRemoveMutation,
} from './admin-document-types.ts';
import {
  articleCreateMutation,
  articleDeleteMutation,
  articleStateQuery,
  articleUpdateMutation,
  newestBlogArticlesQuery,
  metafieldsDeleteMutation,
  translatableDigestsQuery,
  translationsRegisterMutation,
  translationsRemoveMutation,
} from './admin-documents.ts';

/**
 * A blog post's article at Shopify (GraphQL Admin API, `write_content`): created, updated, read,
 * deleted, and its translations registered. Visibility is the article's `isPublished` and
 * `publishDate`: Shopify has no publish mutation, and refuses `isPublished: true` with a future
 * date (`INVALID_PUBLISH_DATE`), so a scheduled article sends its date alone. The SEO title and
 * description are the `global.title_tag` and `global.description_tag` metafields; each article
 * Vitrine writes carries the post's id (`vitrine.post_id`), by which a write whose answer was lost
 * finds its article again instead of creating a second one.
 */

export type ArticleState = NonNullable<ArticleStateQuery['article']>;

export interface ArticleUserError {
  field: string[] | null;
  message: string;
  code: string | null;
}

/** Shopify refused the article's fields: nothing was written. */
export class ArticleWriteRefused extends Error {
  constructor(readonly userErrors: readonly ArticleUserError[]) {
    super(`Shopify refused the article: ${userErrors.map((error) => error.message).join('; ')}`);
    this.name = 'ArticleWriteRefused';
  }
}

/** The post's texts in the store's primary language, and what both languages share. */
export interface ArticleFields {
  title: string;
  bodyHtml: string;
  summaryHtml: string;
  handle: string;
  seoTitle: string;
  seoDescription: string;
  /** Blank: the article keeps the author it has (an update) or takes the store's name (a creation). */
  author: string;
  tags: readonly string[];
  /**
   * The featured image; `url: null` keeps the image the article has (Shopify would otherwise read
   * the file again from its address), changing only its alt text.
   */
  image: { url: string | null; altText: string } | null;
  /** Visible now (null) or from this date on. */
  publishAt: Date | null;
}

export const postMarker = { namespace: 'vitrine', key: 'post_id' } as const;

function seoMetafields(fields: ArticleFields) {
  // A metafield cannot hold an empty value: a blank one is left out, and the theme falls back.
  return [
    { key: 'title_tag', value: fields.seoTitle },
    { key: 'description_tag', value: fields.seoDescription },
  ]
    .filter((field) => field.value.trim() !== '')
    .map((field) => ({
      namespace: 'global',
      key: field.key,
      type: 'single_line_text_field',
      value: field.value,
    }));
}

function visibility(fields: ArticleFields, now: Date) {
  return fields.publishAt !== null && fields.publishAt.getTime() > now.getTime()
    ? { publishDate: fields.publishAt.toISOString() }
    : { isPublished: true };
}

function articleInput(fields: ArticleFields, now: Date) {
  return {
    title: fields.title,
    body: fields.bodyHtml,
    summary: fields.summaryHtml,
    handle: fields.handle,
    ...(fields.author.trim() !== '' && { author: { name: fields.author } }),
    tags: [...fields.tags],
    image:
      fields.image === null
        ? null
        : fields.image.url === null
          ? { altText: fields.image.altText }
          : { url: fields.image.url, altText: fields.image.altText },
    ...visibility(fields, now),
  };
}

export async function readArticle(
  client: AdminClient,
  articleGid: string,
): Promise<ArticleState | null> {
  return (await client.request<ArticleStateQuery>(articleStateQuery, { id: articleGid })).article;
}

/**
 * The article Vitrine wrote for this post in this blog, among the blog's newest (an attempt whose
 * answer was lost wrote it moments before); null when none carries the post's id.
 */
export async function findPostArticle(
  client: AdminClient,
  blogGid: string,
  postId: string,
): Promise<ArticleState | null> {
  const answer = await client.request<NewestBlogArticlesQuery>(newestBlogArticlesQuery, {
    blogId: blogGid,
  });
  const found = (answer.blog?.articles.nodes ?? []).find(
    (article) => article.marker?.value === postId,
  );
  return found === undefined ? null : readArticle(client, found.id);
}

/** Creates the post's article in `blogGid`, or with a new blog of that title when the store has none. */
export async function createArticle(
  client: AdminClient,
  fields: ArticleFields,
  where: { blogGid: string } | { newBlogTitle: string },
  postId: string,
  storeName: string,
  now = new Date(),
): Promise<ArticleState> {
  const answer = await client.request<ArticleCreateMutation>(articleCreateMutation, {
    article: {
      ...articleInput(fields, now),
      // Shopify asks for an author: the store's name, unless the owner named one.
      author: { name: fields.author.trim() === '' ? storeName : fields.author },
      ...('blogGid' in where && { blogId: where.blogGid }),
      metafields: [
        ...seoMetafields(fields),
        { ...postMarker, type: 'single_line_text_field', value: postId },
      ],
    },
    ...('newBlogTitle' in where && { blog: { title: where.newBlogTitle } }),
  });
  const payload = answer.articleCreate;
  if (payload === null || payload.article === null || payload.userErrors.length > 0) {
    throw new ArticleWriteRefused(payload?.userErrors ?? []);
  }
  return payload.article;
}

export async function updateArticle(
  client: AdminClient,
  articleGid: string,
  fields: ArticleFields,
  now = new Date(),
): Promise<ArticleState> {
  const answer = await client.request<ArticleUpdateMutation>(articleUpdateMutation, {
    id: articleGid,
    article: {
      ...articleInput(fields, now),
      metafields: seoMetafields(fields),
      // A handle changed keeps its old address answering: links already shared still arrive.
      redirectNewHandle: true,
    },
  });
  const payload = answer.articleUpdate;
  if (payload === null || payload.article === null || payload.userErrors.length > 0) {
    throw new ArticleWriteRefused(payload?.userErrors ?? []);
  }
  return payload.article;
}

/** Hides the article: it stays in the store's admin, off the storefront. */
export async function hideArticle(client: AdminClient, articleGid: string): Promise<ArticleState> {
  const answer = await client.request<ArticleUpdateMutation>(articleUpdateMutation, {
    id: articleGid,
    article: { isPublished: false },
  });
  const payload = answer.articleUpdate;
  if (payload === null || payload.article === null || payload.userErrors.length > 0) {
    throw new ArticleWriteRefused(payload?.userErrors ?? []);
  }
  return payload.article;
}

/** Deletes the article; an article already gone counts as deleted. */
export async function deleteArticle(client: AdminClient, articleGid: string): Promise<void> {
  const answer = await client.request<ArticleDeleteMutation>(articleDeleteMutation, {
    id: articleGid,
  });
  const errors = answer.articleDelete?.userErrors ?? [];
  if (errors.some((error) => error.code !== 'NOT_FOUND')) throw new ArticleWriteRefused(errors);
}

/**
 * Registers the translations of an article's texts in `locale`, against the digests of the
 * primary language's texts as Shopify holds them now (a stale digest is refused), and removes those
 * of the texts left blank. Keys Shopify does not offer for translation (a blank source) are left
 * out. `imageAlt` is the featured image's alt text in `locale`, translated the same way on the
 * image's own resource (ARTICLE_IMAGE, key `alt`), which Shopify names under the article's: an
 * article without an image has none, and its `imageAlt` is ignored. Answers the keys registered.
 */
export async function registerArticleTranslations(
  client: AdminClient,
  articleGid: string,
  locale: string,
  values: Readonly<Record<string, string>>,
  imageAlt: string,
): Promise<string[]> {
  const { translatableResource } = await client.request<TranslatableDigestsQuery>(
    translatableDigestsQuery,
    { resourceId: articleGid, locale },
  );
  const registered = await registerTranslations(
    client,
    articleGid,
    locale,
    values,
    translatableResource?.translatableContent ?? [],
    null,
  );
  const image = translatableResource?.nestedTranslatableResources.nodes[0];
  if (image === undefined) return registered;
  const held = new Set(image.translations.map((translation) => translation.key));
  return [
    ...registered,
    ...(await registerTranslations(
      client,
      image.resourceId,
      locale,
      { alt: imageAlt },
      image.translatableContent,
      held,
    )),
  ];
}

/**
 * One resource's translations in `locale`: `values` registered against the digests of its
 * `content`, the blank ones removed. `held` names the keys holding a translation in `locale` when
 * the caller read them: a blank one that holds none costs no removal.
 */
async function registerTranslations(
  client: AdminClient,
  resourceId: string,
  locale: string,
  values: Readonly<Record<string, string>>,
  content: ReadonlyArray<{ key: string; digest: string | null }>,
  held: ReadonlySet<string> | null,
): Promise<string[]> {
  const digests = new Map(content.map((entry) => [entry.key, entry.digest]));
  const translations = Object.entries(values)
    .filter(([key, value]) => value.trim() !== '' && digests.get(key) != null)
    .map(([key, value]) => ({
      locale,
      key,
      value,
      translatableContentDigest: digests.get(key)!,
    }));
  // A text left blank in the language: its translation goes, and the storefront shows the
  // primary language's, as the owner sees it in the editor.
  const blank = Object.entries(values)
    .filter(([key, value]) => value.trim() === '' && (held?.has(key) ?? digests.has(key)))
    .map(([key]) => key);
  if (blank.length > 0) {
    const removal = await client.request<TranslationsRemoveMutation>(translationsRemoveMutation, {
      resourceId,
      translationKeys: blank,
      locales: [locale],
    });
    const errors = removal.translationsRemove?.userErrors ?? [];
    if (errors.length > 0) throw new ArticleWriteRefused(errors);
  }
  if (translations.length === 0) return [];
  const answer = await client.request<TranslationsRegisterMutation>(translationsRegisterMutation, {
    resourceId,
    translations,
  });
  const errors = answer.translationsRegister?.userErrors ?? [];
  if (errors.length > 0) throw new ArticleWriteRefused(errors);
  return translations.map((translation) => translation.key);
}

/**
 * Deletes the SEO title and description the article has where the post leaves them blank: a
 * metafield cannot hold an empty value, and one left in place would keep the text the owner
 * removed.
 */
export async function clearBlankSeoTags(
  client: AdminClient,
  article: ArticleState,
  fields: Pick<ArticleFields, 'seoTitle' | 'seoDescription'>,
): Promise<void> {
  const metafields = [
    { key: 'title_tag', held: article.titleTag, wanted: fields.seoTitle },
    { key: 'description_tag', held: article.descriptionTag, wanted: fields.seoDescription },
  ]
    .filter((tag) => tag.held !== null && tag.wanted.trim() === '')
    .map((tag) => ({ ownerId: article.id, namespace: 'global', key: tag.key }));
  if (metafields.length === 0) return;
  const answer = await client.request<MetafieldsDeleteMutation>(metafieldsDeleteMutation, {
    metafields,
  });
  const errors = answer.metafieldsDelete?.userErrors ?? [];
  if (errors.length > 0)
    throw new ArticleWriteRefused(errors.map((error) => ({ ...error, code: null })));
}
