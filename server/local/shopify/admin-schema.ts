import { buildSchema, GraphQLError, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import {
  articleContent,
  articleImageContent,
  articleIsVisible,
  blogContent,
  collectionContent,
  contentDigest,
  gid,
  isOutdated,
  mediaImageContent,
  metafieldCompareDigest,
  pageContent,
  parseGid,
  productContent,
  shopifyHandle,
  type Article,
  type Blog,
  type Collection,
  type MediaImage,
  type Page,
  type Product,
  type TranslatableEntry,
  type Translations,
} from './catalog-model.ts';
import { adminSchemaSdl } from './admin-schema-sdl.ts';
import {
  articleCreate,
  articleDelete,
  articleUpdate,
  blogCreate,
  collectionUpdate,
  fileUpdate,
  metafieldsDelete,
  metafieldsSet,
  pageUpdate,
  productUpdate,
  type WriteContext,
} from './admin-writes.ts';
import {
  arrayList,
  paginate,
  type ConnectionArgs,
  type PagingContext,
  type ResourceList,
} from './connections.ts';
import {
  collectionMetafields,
  productMetafields,
  recordMetafields,
  type MetafieldOwner,
  type StoredMetafield,
} from './metafield-owners.ts';
import { searchPredicate, type FieldReader } from './search-query.ts';
import type { SeededStore } from './seeded-store.ts';

/**
 * The Admin GraphQL API of one store, seen by one app: the schema of admin-schema-sdl.ts with the
 * resolvers that read the store. Resolvers return plain "views" whose fields are values or functions
 * of the field's arguments (graphql-js calls them), so every type reads like its SDL.
 */

export interface BulkOperationRecord {
  id: number;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELING' | 'CANCELED' | 'EXPIRED';
  errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  objectCount: number;
  rootObjectCount: number;
  fileSize: number | null;
  url: string | null;
  partialDataUrl: string | null;
  query: string;
  createdAt: string;
  completedAt: string | null;
}

export interface UserErrorRecord {
  field: string[] | null;
  message: string;
  code?: string;
}

export interface WebhookSubscriptionRecord {
  id: number;
  topic: string;
  uri: string;
  apiVersion: string;
  format: 'JSON' | 'XML';
  includeFields: string[];
  filter: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the schema asks of the app's installation on the store: its bulk operations and webhooks. */
export interface AdminContext extends PagingContext {
  store: SeededStore;
  apiVersion: string;
  /** The app calling, and its removal from the store (`appUninstall`). */
  app: { apiKey: string; uninstall(): boolean };
  /** Sends a webhook topic (its GraphQL enum name) to the app's subscriptions on the store. */
  fire(topic: string, payload: unknown): void;
  bulkOperations: {
    run(query: string): { operation?: BulkOperationRecord; userErrors: UserErrorRecord[] };
    cancel(id: number): { operation?: BulkOperationRecord; userErrors: UserErrorRecord[] };
    get(id: number): BulkOperationRecord | undefined;
    list(): BulkOperationRecord[];
  };
  webhookSubscriptions: {
    create(
      topic: string,
      input: {
        uri?: string | null;
        callbackUrl?: string | null;
        format?: string | null;
        includeFields?: string[] | null;
        filter?: string | null;
      },
      apiVersion: string,
    ): { subscription?: WebhookSubscriptionRecord; userErrors: UserErrorRecord[] };
    delete(id: number): { deletedId?: number; userErrors: UserErrorRecord[] };
    list(): WebhookSubscriptionRecord[];
  };
}

type Args = Record<string, unknown>;

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function truncated(text: string, truncateAt: unknown) {
  return typeof truncateAt === 'number' && text.length > truncateAt
    ? `${text.slice(0, Math.max(0, truncateAt - 1))}…`
    : text;
}

const count = (value: number, limit: unknown) =>
  typeof limit === 'number' && value > limit
    ? { count: limit, precision: 'AT_LEAST' }
    : { count: value, precision: 'EXACT' };

function matching(query: unknown) {
  return searchPredicate(typeof query === 'string' ? query : undefined);
}

/** The app's id in the store, and the metafield namespace Shopify reserves to it. */
const appIdOf = (store: SeededStore) => store.shop.id % 100_000;
const appNamespaceOf = (store: SeededStore) => `app--${appIdOf(store)}`;

/**
 * A metafield's times are its resource's. Only a blog or an article may have no update time (Shopify
 * holds none for it); its metafields then date from its creation, as Metafield.updatedAt is never null.
 */
function metafieldTimeOf(resource: MetafieldOwner['resource']): string {
  return resource.updatedAt ?? (resource as Blog | Article).createdAt;
}

function metafieldView(metafield: StoredMetafield, updatedAt: string) {
  return {
    __typename: 'Metafield',
    id: `gid://shopify/Metafield/${metafield.id}`,
    legacyResourceId: String(metafield.id),
    namespace: metafield.namespace,
    key: metafield.key,
    value: metafield.value,
    type: metafield.type,
    compareDigest: metafieldCompareDigest(metafield),
    createdAt: updatedAt,
    updatedAt,
  };
}

/**
 * `metafield(namespace:, key:)` of a resource. Without a namespace, a dotted key names both
 * (`global.title_tag`), and a plain key the app's reserved namespace.
 */
function metafieldField(owner: MetafieldOwner) {
  return (args: Args, ctx: AdminContext) => {
    const key = String(args.key);
    const dotted = typeof args.namespace !== 'string' && key.includes('.');
    const namespace = dotted
      ? key.slice(0, key.indexOf('.'))
      : typeof args.namespace === 'string'
        ? args.namespace
        : appNamespaceOf(ctx.store);
    const metafield = owner.get(namespace, dotted ? key.slice(key.indexOf('.') + 1) : key);
    return metafield === undefined
      ? null
      : metafieldView(metafield, metafieldTimeOf(owner.resource));
  };
}

function imageView(
  image: { altText: string | null; url: string; width: number; height: number } | null,
) {
  if (image === null) return null;
  return {
    id: null,
    altText: image.altText,
    url: image.url,
    width: image.width,
    height: image.height,
  };
}

// Readers for `query:` filters and sort keys, by Shopify's search field names.
const productReader =
  (store: SeededStore, id: number): FieldReader =>
  (field) => {
    if (field === 'updated_at') return store.productUpdatedAt(id);
    if (field === 'id') return id;
    const product = store.product(id)!;
    switch (field) {
      case 'created_at':
        return product.createdAt;
      case 'published_at':
        return product.publishedAt;
      case 'title':
        return product.title;
      case 'handle':
        return product.handle;
      case 'status':
        return product.status.toLowerCase();
      case 'product_type':
        return product.productType;
      case 'vendor':
        return product.vendor;
      case 'tag':
        return product.tags.join(',');
      default:
        return undefined;
    }
  };

const collectionReader =
  (collection: Collection): FieldReader =>
  (field) =>
    ({
      id: collection.id,
      title: collection.title,
      handle: collection.handle,
      updated_at: collection.updatedAt,
    })[field];

const pageReader =
  (page: Page): FieldReader =>
  (field) =>
    ({
      id: page.id,
      title: page.title,
      handle: page.handle,
      updated_at: page.updatedAt,
      created_at: page.createdAt,
      published_at: page.publishedAt,
      published_status: page.isPublished ? 'published' : 'unpublished',
    })[field];

const blogReader =
  (blog: Blog): FieldReader =>
  (field) =>
    ({
      id: blog.id,
      title: blog.title,
      handle: blog.handle,
      updated_at: blog.updatedAt,
      created_at: blog.createdAt,
    })[field];

const articleReader =
  (store: SeededStore, article: Article): FieldReader =>
  (field) =>
    ({
      id: article.id,
      title: article.title,
      handle: article.handle,
      updated_at: article.updatedAt,
      created_at: article.createdAt,
      published_at: article.publishedAt,
      author: article.authorName,
      blog_id: article.blogId,
      blog_title: store.blogs.get(article.blogId)?.title,
      tag: article.tags.join(','),
      published_status: articleIsVisible(article) ? 'published' : 'unpublished',
    })[field];

function productList(store: SeededStore): ResourceList<Product> {
  return {
    ids: (afterId) => store.productIds(afterId),
    get: (id) => store.product(id),
    reader: (id) => productReader(store, id),
  };
}

function mediaImageList(store: SeededStore): ResourceList<{ media: MediaImage; product: Product }> {
  return {
    ids: (afterId) => store.mediaIds(afterId),
    get(id) {
      const productId = store.productIdOfMedia(id);
      const product = productId === undefined ? undefined : store.product(productId);
      const media = product?.media.find((item) => item.id === id);
      return media === undefined ? undefined : { media, product: product! };
    },
    reader: (id) => (field) => (field === 'id' ? id : undefined),
  };
}

// Views --------------------------------------------------------------------------------------------

function mediaView(media: MediaImage, product: Product) {
  const image = {
    altText: media.alt || null,
    url: media.url,
    width: media.width,
    height: media.height,
  };
  return {
    __typename: 'MediaImage',
    id: gid('MediaImage', media.id),
    alt: media.alt,
    fileStatus: 'READY',
    mediaContentType: 'IMAGE',
    status: 'READY',
    mimeType: 'image/jpeg',
    image: { ...imageView(image), id: `gid://shopify/ImageSource/${media.id}` },
    preview: { image: imageView(image), status: 'READY' },
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
  };
}

function productView(store: SeededStore, product: Product) {
  const published = product.status === 'ACTIVE' && product.publishedAt !== null;
  return {
    __typename: 'Product',
    id: gid('Product', product.id),
    legacyResourceId: String(product.id),
    title: product.title,
    handle: product.handle,
    description: (args: Args) => truncated(plainText(product.descriptionHtml), args.truncateAt),
    descriptionHtml: product.descriptionHtml,
    seo: product.seo,
    onlineStoreUrl: published ? store.storefrontUrl(`/products/${product.handle}`) : null,
    status: product.status,
    productType: product.productType,
    vendor: product.vendor,
    tags: product.tags,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    publishedAt: product.publishedAt,
    templateSuffix: null,
    media: (args: Args, ctx: AdminContext, info: GraphQLResolveInfo) =>
      paginate(
        arrayList(
          product.media,
          (media) => media.id,
          (media) => (field) => (field === 'id' ? media.id : undefined),
        ),
        args as ConnectionArgs,
        () => true,
        (media) => mediaView(media, product),
        ctx,
        info,
      ),
    mediaCount: { count: product.media.length, precision: 'EXACT' },
    featuredMedia: product.media[0] === undefined ? null : mediaView(product.media[0], product),
    collections: (args: Args, ctx: AdminContext, info: GraphQLResolveInfo) =>
      paginate(
        arrayList(
          [...store.collections.values()].filter((collection) =>
            collection.productIds.includes(product.id),
          ),
          (collection) => collection.id,
          collectionReader,
        ),
        args as ConnectionArgs,
        matching(args.query),
        (collection) => collectionView(store, collection),
        ctx,
        info,
      ),
    metafield: metafieldField(productMetafields(product)),
  };
}

function collectionView(store: SeededStore, collection: Collection) {
  return {
    __typename: 'Collection',
    id: gid('Collection', collection.id),
    legacyResourceId: String(collection.id),
    title: collection.title,
    handle: collection.handle,
    description: (args: Args) => truncated(plainText(collection.descriptionHtml), args.truncateAt),
    descriptionHtml: collection.descriptionHtml,
    seo: collection.seo,
    image: imageView(collection.image),
    updatedAt: collection.updatedAt,
    templateSuffix: null,
    products: (args: Args, ctx: AdminContext, info: GraphQLResolveInfo) =>
      paginate(
        {
          *ids(afterId) {
            for (const id of [...collection.productIds].sort((a, b) => a - b)) {
              if (afterId === undefined || id > afterId) yield id;
            }
          },
          get: (id) => store.product(id),
          reader: (id) => productReader(store, id),
        },
        args as ConnectionArgs,
        () => true,
        (product) => productView(store, product),
        ctx,
        info,
      ),
    productsCount: { count: collection.productIds.length, precision: 'EXACT' },
    metafield: metafieldField(collectionMetafields(collection)),
  };
}

function pageView(page: Page) {
  return {
    __typename: 'Page',
    id: gid('Page', page.id),
    title: page.title,
    handle: page.handle,
    body: page.body,
    bodySummary: truncated(plainText(page.body), 150),
    isPublished: page.isPublished,
    publishedAt: page.publishedAt,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    templateSuffix: page.templateSuffix,
    metafield: metafieldField(recordMetafields('PAGE', page)),
  };
}

function articleList(store: SeededStore, blogId?: number) {
  return arrayList(
    [...store.articles.values()].filter(
      (article) => blogId === undefined || article.blogId === blogId,
    ),
    (article) => article.id,
    (article) => articleReader(store, article),
  );
}

function blogView(store: SeededStore, blog: Blog) {
  return {
    __typename: 'Blog',
    id: gid('Blog', blog.id),
    title: blog.title,
    handle: blog.handle,
    tags: blog.tags,
    createdAt: blog.createdAt,
    updatedAt: blog.updatedAt,
    templateSuffix: null,
    articles: (args: Args, ctx: AdminContext, info: GraphQLResolveInfo) =>
      paginate(
        articleList(store, blog.id),
        args as ConnectionArgs,
        () => true,
        (article) => articleView(store, article),
        ctx,
        info,
      ),
    articlesCount: {
      count: [...store.articles.values()].filter((article) => article.blogId === blog.id).length,
      precision: 'EXACT',
    },
    metafield: metafieldField(recordMetafields('BLOG', blog)),
  };
}

function articleView(store: SeededStore, article: Article) {
  return {
    __typename: 'Article',
    id: gid('Article', article.id),
    title: article.title,
    handle: article.handle,
    body: article.body,
    summary: article.summary,
    author: { name: article.authorName },
    blog: () => blogView(store, store.blogs.get(article.blogId)!),
    image: imageView(article.image),
    // A scheduled article reads as published once its date has passed, as in Shopify.
    isPublished: articleIsVisible(article),
    publishedAt: article.publishedAt,
    tags: article.tags,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    templateSuffix: article.templateSuffix,
    metafield: metafieldField(recordMetafields('ARTICLE', article)),
  };
}

function bulkOperationView(operation: BulkOperationRecord) {
  return {
    __typename: 'BulkOperation',
    id: gid('BulkOperation', operation.id),
    status: operation.status,
    errorCode: operation.errorCode,
    objectCount: String(operation.objectCount),
    rootObjectCount: String(operation.rootObjectCount),
    fileSize: operation.fileSize === null ? null : String(operation.fileSize),
    url: operation.url,
    partialDataUrl: operation.partialDataUrl,
    query: operation.query,
    type: 'QUERY',
    createdAt: operation.createdAt,
    completedAt: operation.completedAt,
  };
}

const supportedVersions = new Set(['2026-01', '2026-04', '2026-07', '2026-10']);

function webhookSubscriptionView(subscription: WebhookSubscriptionRecord) {
  return {
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', subscription.id),
    legacyResourceId: String(subscription.id),
    apiVersion: {
      handle: subscription.apiVersion,
      displayName: subscription.apiVersion,
      supported: supportedVersions.has(subscription.apiVersion),
    },
    callbackUrl: subscription.uri,
    endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: subscription.uri },
    createdAt: subscription.createdAt,
    updatedAt: subscription.updatedAt,
    filter: subscription.filter,
    format: subscription.format,
    includeFields: subscription.includeFields,
    metafieldNamespaces: [],
    metafields: [],
    topic: subscription.topic,
    uri: subscription.uri,
  };
}

// Translations -------------------------------------------------------------------------------------

interface Translatable {
  resourceId: string;
  content: TranslatableEntry[];
  translations: Translations;
  /**
   * The translatable resources Shopify nests under this one, with their type and numeric id: an
   * article's image. The local Shopify nests nothing else (a product's images, metafields), so
   * `nestedTranslatableResources` answers an empty connection for any other type.
   */
  nested?: Array<{ resourceType: string; id: number; resource: Translatable }>;
}

function articleImageTranslatable(image: NonNullable<Article['image']>): Translatable {
  return {
    resourceId: gid('ArticleImage', image.id),
    content: articleImageContent(image),
    translations: image.translations,
  };
}

/** `forWriting`: a seeded product is kept from now on, so a translation written to it stays. */
function translatableOf(
  store: SeededStore,
  resourceId: string,
  forWriting = false,
): Translatable | undefined {
  const parsed = parseGid(resourceId);
  if (parsed === undefined) return undefined;
  switch (parsed.kind) {
    case 'Product': {
      const product = forWriting ? store.editableProduct(parsed.id) : store.product(parsed.id);
      return (
        product && {
          resourceId,
          content: productContent(product),
          translations: product.translations,
        }
      );
    }
    case 'Collection': {
      const collection = store.collections.get(parsed.id);
      return (
        collection && {
          resourceId,
          content: collectionContent(collection),
          translations: collection.translations,
        }
      );
    }
    case 'Page': {
      const page = store.pages.get(parsed.id);
      return page && { resourceId, content: pageContent(page), translations: page.translations };
    }
    case 'Blog': {
      const blog = store.blogs.get(parsed.id);
      return blog && { resourceId, content: blogContent(blog), translations: blog.translations };
    }
    case 'Article': {
      const article = store.articles.get(parsed.id);
      return (
        article && {
          resourceId,
          content: articleContent(article),
          translations: article.translations,
          nested:
            article.image === null
              ? []
              : [
                  {
                    resourceType: 'ARTICLE_IMAGE',
                    id: article.image.id,
                    resource: articleImageTranslatable(article.image),
                  },
                ],
        }
      );
    }
    case 'ArticleImage': {
      const image = store.articleOfImage(parsed.id)?.image;
      return image == null ? undefined : articleImageTranslatable(image);
    }
    case 'MediaImage': {
      const productId = store.productIdOfMedia(parsed.id);
      const product =
        productId === undefined
          ? undefined
          : forWriting
            ? store.editableProduct(productId)
            : store.product(productId);
      const media = product?.media.find((item) => item.id === parsed.id);
      return (
        media && { resourceId, content: mediaImageContent(media), translations: media.translations }
      );
    }
    default:
      return undefined;
  }
}

function translationView(
  key: string,
  locale: string,
  translation: Translations[string][string],
  source: string | undefined,
) {
  return {
    key,
    value: translation.value,
    locale,
    outdated: isOutdated(translation, source),
    updatedAt: translation.updatedAt,
    market: null,
  };
}

function translatableResourceView(store: SeededStore, resource: Translatable): unknown {
  const primary = store.shop.locales.find((locale) => locale.primary)!.locale;
  return {
    resourceId: resource.resourceId,
    nestedTranslatableResources: (args: Args, ctx: AdminContext, info: GraphQLResolveInfo) => {
      const nested = (resource.nested ?? []).filter(
        (item) => args.resourceType == null || item.resourceType === args.resourceType,
      );
      return paginate(
        arrayList(
          nested,
          (item) => item.id,
          () => () => undefined,
        ),
        args,
        () => true,
        (item) => translatableResourceView(store, item.resource),
        ctx,
        info,
      );
    },
    translatableContent: () =>
      resource.content.map((entry) => ({
        key: entry.key,
        value: entry.value,
        digest: contentDigest(entry.value),
        locale: primary,
        type: entry.type,
      })),
    translations: (args: Args) => {
      const locale = String(args.locale);
      const sources = new Map(resource.content.map((entry) => [entry.key, entry.value]));
      return Object.entries(resource.translations[locale] ?? {})
        .map(([key, translation]) => translationView(key, locale, translation, sources.get(key)))
        .filter(
          (translation) =>
            typeof args.outdated !== 'boolean' || translation.outdated === args.outdated,
        );
    },
  };
}

const resourceTypeKinds: Record<string, string> = {
  PRODUCT: 'Product',
  COLLECTION: 'Collection',
  PAGE: 'Page',
  BLOG: 'Blog',
  ARTICLE: 'Article',
  ARTICLE_IMAGE: 'ArticleImage',
  MEDIA_IMAGE: 'MediaImage',
};

function translatableList(store: SeededStore, resourceType: string): ResourceList<Translatable> {
  const kind = resourceTypeKinds[resourceType];
  const reader = (id: number) => (field: string) => (field === 'id' ? id : undefined);
  const get = (id: number) =>
    kind === undefined ? undefined : translatableOf(store, `gid://shopify/${kind}/${id}`);
  const ids = (afterId?: number): Iterable<number> => {
    switch (kind) {
      case 'Product':
        return store.productIds(afterId);
      case 'MediaImage':
        return mediaImageList(store).ids(afterId);
      case 'ArticleImage':
        return [...store.articles.values()]
          .flatMap((article) => (article.image === null ? [] : [article.image.id]))
          .sort((a, b) => a - b)
          .filter((id) => afterId === undefined || id > afterId);
      case undefined:
        return [];
      default: {
        const map = {
          Collection: store.collections,
          Page: store.pages,
          Blog: store.blogs,
          Article: store.articles,
        }[kind]!;
        return [...map.keys()]
          .sort((a, b) => a - b)
          .filter((id) => afterId === undefined || id > afterId);
      }
    }
  };
  return { ids, get, reader };
}

function registerTranslations(
  store: SeededStore,
  resourceId: string,
  inputs: Array<Record<string, unknown>>,
) {
  const resource = translatableOf(store, resourceId, true);
  if (resource === undefined) {
    return {
      translations: null,
      userErrors: [
        {
          field: ['resourceId'],
          message: `Resource ${resourceId} does not exist`,
          code: 'RESOURCE_NOT_FOUND',
        },
      ],
    };
  }
  const locales = new Set(
    store.shop.locales.filter((locale) => !locale.primary).map((locale) => locale.locale),
  );
  const userErrors: UserErrorRecord[] = [];
  const written: ReturnType<typeof translationView>[] = [];
  inputs.forEach((input, index) => {
    const key = String(input.key);
    const locale = String(input.locale);
    const source = resource.content.find((entry) => entry.key === key);
    if (!locales.has(locale)) {
      userErrors.push({
        field: ['translations', String(index), 'locale'],
        message: `Locale ${locale} is not enabled for this shop`,
        code: 'INVALID_LOCALE_FOR_SHOP',
      });
    } else if (source === undefined) {
      userErrors.push({
        field: ['translations', String(index), 'key'],
        message: `Key ${key} is not a valid translatable field`,
        code: 'INVALID_KEY_FOR_MODEL',
      });
    } else if (contentDigest(source.value) !== input.translatableContentDigest) {
      userErrors.push({
        field: ['translations', String(index), 'translatableContentDigest'],
        message: 'Translatable content hash is invalid',
        code: 'INVALID_TRANSLATABLE_CONTENT',
      });
    } else if (key === 'handle') {
      // Shopify keeps a translated handle as it makes any handle, and refuses one that is empty
      // once made so or that another resource already answers at in that locale.
      const handle = shopifyHandle(String(input.value));
      if (handle === '') {
        userErrors.push({
          field: ['translations', String(index), 'value'],
          message: 'Translation value is invalid',
          code: 'FAILS_RESOURCE_VALIDATION',
        });
      } else if (store.handleInUse(resourceId, locale, handle)) {
        userErrors.push({
          field: ['translations', String(index), 'value'],
          message: 'The handle is already taken for this resource',
          code: 'INVALID_VALUE_FOR_HANDLE_TRANSLATION',
        });
      }
    }
  });
  if (userErrors.length > 0) return { translations: null, userErrors };
  for (const input of inputs) {
    const key = String(input.key);
    const locale = String(input.locale);
    const source = resource.content.find((entry) => entry.key === key)!.value;
    store.setTranslation(resource.translations, locale, key, String(input.value), source);
    written.push(translationView(key, locale, resource.translations[locale]![key]!, source));
  }
  return { translations: written, userErrors: [] };
}

// The root ---------------------------------------------------------------------------------------

function nodeView(store: SeededStore, ctx: AdminContext, id: string): unknown {
  const parsed = parseGid(id);
  if (parsed === undefined) {
    throw new GraphQLError(`Invalid global id '${id}'`, {
      extensions: { code: 'argumentLiteralsIncompatible' },
    });
  }
  switch (parsed.kind) {
    case 'Product': {
      const product = store.product(parsed.id);
      return product === undefined ? null : productView(store, product);
    }
    case 'Collection': {
      const collection = store.collections.get(parsed.id);
      return collection === undefined ? null : collectionView(store, collection);
    }
    case 'Page': {
      const page = store.pages.get(parsed.id);
      return page === undefined ? null : pageView(page);
    }
    case 'Blog': {
      const blog = store.blogs.get(parsed.id);
      return blog === undefined ? null : blogView(store, blog);
    }
    case 'Article': {
      const article = store.articles.get(parsed.id);
      return article === undefined ? null : articleView(store, article);
    }
    case 'MediaImage': {
      const found = mediaImageList(store).get(parsed.id);
      return found === undefined ? null : mediaView(found.media, found.product);
    }
    case 'BulkOperation': {
      const operation = ctx.bulkOperations.get(parsed.id);
      return operation === undefined ? null : bulkOperationView(operation);
    }
    case 'WebhookSubscription': {
      const subscription = ctx.webhookSubscriptions.list().find((item) => item.id === parsed.id);
      return subscription === undefined ? null : webhookSubscriptionView(subscription);
    }
    default:
      return null;
  }
}

function typedNode(store: SeededStore, ctx: AdminContext, id: unknown, kind: string) {
  const parsed = parseGid(String(id));
  if (parsed === undefined || parsed.kind !== kind) {
    throw new GraphQLError(`Invalid global id '${String(id)}'`, {
      extensions: { code: 'argumentLiteralsIncompatible' },
    });
  }
  return nodeView(store, ctx, String(id));
}

function shopView(store: SeededStore) {
  const { shop } = store;
  const domain = {
    id: `gid://shopify/Domain/${shop.id}`,
    host: shop.primaryDomainHost,
    url: `https://${shop.primaryDomainHost}`,
    sslEnabled: true,
  };
  return {
    id: gid('Shop', shop.id),
    name: shop.name,
    email: shop.contactEmail,
    contactEmail: shop.contactEmail,
    myshopifyDomain: shop.myshopifyDomain,
    primaryDomain: domain,
    url: domain.url,
    currencyCode: shop.currencyCode,
    ianaTimezone: shop.ianaTimezone,
    description: null,
  };
}

function shopLocalesView(store: SeededStore, args: Args) {
  const { shop } = store;
  const published = shop.locales.filter((locale) => locale.published);
  const primary = shop.locales.find((locale) => locale.primary)!;
  const plain = (locale: (typeof shop.locales)[number]) => ({ ...locale, marketWebPresences: [] });
  const webPresence = {
    id: `gid://shopify/MarketWebPresence/${shop.id}`,
    domain: {
      id: `gid://shopify/Domain/${shop.id}`,
      host: shop.primaryDomainHost,
      url: `https://${shop.primaryDomainHost}`,
      sslEnabled: true,
    },
    subfolderSuffix: null,
    defaultLocale: plain(primary),
    alternateLocales: published.filter((locale) => !locale.primary).map(plain),
    rootUrls: published.map((locale) => ({
      locale: locale.locale,
      url: store.storefrontUrl('/', locale.locale),
    })),
  };
  return shop.locales
    .filter((locale) => args.published !== true || locale.published)
    .map((locale) => ({ ...locale, marketWebPresences: locale.published ? [webPresence] : [] }));
}

function countMatching<T>(list: ResourceList<T>, query: unknown, limit: unknown) {
  const matches = matching(query);
  let total = 0;
  const cap = typeof limit === 'number' ? limit + 1 : Number.POSITIVE_INFINITY;
  for (const id of list.ids()) {
    if (matches(list.reader(id))) total++;
    if (total >= cap) break;
  }
  return count(total, limit);
}

function rootValue() {
  type Resolver = (args: Args, ctx: AdminContext, info: GraphQLResolveInfo) => unknown;
  const collections = (store: SeededStore) =>
    arrayList([...store.collections.values()], (item) => item.id, collectionReader);
  const pages = (store: SeededStore) =>
    arrayList([...store.pages.values()], (item) => item.id, pageReader);
  const blogs = (store: SeededStore) =>
    arrayList([...store.blogs.values()], (item) => item.id, blogReader);
  const resolvers: Record<string, Resolver> = {
    shop: (_args, { store }) => shopView(store),
    shopLocales: (args, { store }) => shopLocalesView(store, args),
    node: (args, ctx) => nodeView(ctx.store, ctx, String(args.id)),
    nodes: (args, ctx) => (args.ids as string[]).map((id) => nodeView(ctx.store, ctx, id)),

    product: (args, ctx) => typedNode(ctx.store, ctx, args.id, 'Product'),
    productByHandle: (args, { store }) => {
      for (const id of store.productIds()) {
        const product = store.product(id)!;
        if (product.handle === args.handle) return productView(store, product);
      }
      return null;
    },
    products: (args, ctx, info) =>
      paginate(
        productList(ctx.store),
        args,
        matching(args.query),
        (product) => productView(ctx.store, product),
        ctx,
        info,
      ),
    productsCount: (args, { store }) => countMatching(productList(store), args.query, args.limit),

    collection: (args, ctx) => typedNode(ctx.store, ctx, args.id, 'Collection'),
    collections: (args, ctx, info) =>
      paginate(
        collections(ctx.store),
        args,
        matching(args.query),
        (collection) => collectionView(ctx.store, collection),
        ctx,
        info,
      ),
    collectionsCount: (args, { store }) =>
      countMatching(collections(store), args.query, args.limit),

    page: (args, ctx) => typedNode(ctx.store, ctx, args.id, 'Page'),
    pages: (args, ctx, info) =>
      paginate(pages(ctx.store), args, matching(args.query), pageView, ctx, info),
    pagesCount: (args, { store }) => countMatching(pages(store), undefined, args.limit),

    blog: (args, ctx) => typedNode(ctx.store, ctx, args.id, 'Blog'),
    blogs: (args, ctx, info) =>
      paginate(
        blogs(ctx.store),
        args,
        matching(args.query),
        (blog) => blogView(ctx.store, blog),
        ctx,
        info,
      ),
    blogsCount: (args, { store }) => countMatching(blogs(store), args.query, args.limit),

    article: (args, ctx) => typedNode(ctx.store, ctx, args.id, 'Article'),
    articles: (args, ctx, info) =>
      paginate(
        articleList(ctx.store),
        args,
        matching(args.query),
        (article) => articleView(ctx.store, article),
        ctx,
        info,
      ),

    translatableResource: (args, { store }) => {
      const resource = translatableOf(store, String(args.resourceId));
      return resource === undefined ? null : translatableResourceView(store, resource);
    },
    translatableResources: (args, ctx, info) =>
      paginate(
        translatableList(ctx.store, String(args.resourceType)),
        args,
        () => true,
        (resource) => translatableResourceView(ctx.store, resource),
        ctx,
        info,
      ),
    translatableResourcesByIds: (args, ctx, info) => {
      const found = (args.resourceIds as string[])
        .map((resourceId) => translatableOf(ctx.store, resourceId))
        .filter((resource): resource is Translatable => resource !== undefined);
      // Positions stand for ids: the answer keeps the order the ids were asked in.
      return paginate(
        arrayList(
          found.map((resource, position) => ({ resource, position: position + 1 })),
          (item) => item.position,
          () => () => undefined,
        ),
        args,
        () => true,
        (item) => translatableResourceView(ctx.store, item.resource),
        ctx,
        info,
      );
    },

    bulkOperation: (args, ctx) => typedNode(ctx.store, ctx, args.id, 'BulkOperation'),
    bulkOperations: (args, ctx, info) =>
      paginate(
        arrayList(
          ctx.bulkOperations.list(),
          (operation) => operation.id,
          (operation) => (field) =>
            ({
              id: operation.id,
              status: operation.status.toLowerCase(),
              created_at: operation.createdAt,
              completed_at: operation.completedAt,
              operation_type: 'query',
            })[field],
        ),
        {
          ...args,
          sortKey: args.sortKey === 'COMPLETED_AT' ? 'COMPLETED_AT' : 'CREATED_AT',
        },
        matching(args.query),
        bulkOperationView,
        ctx,
        info,
      ),
    currentBulkOperation: (_args, ctx) => {
      const latest = ctx.bulkOperations.list().at(-1);
      return latest === undefined ? null : bulkOperationView(latest);
    },

    webhookSubscription: (args, ctx) => typedNode(ctx.store, ctx, args.id, 'WebhookSubscription'),
    webhookSubscriptions: (args, ctx, info) => {
      const topics = args.topics as string[] | null | undefined;
      const list = ctx.webhookSubscriptions
        .list()
        .filter((subscription) => !topics || topics.includes(subscription.topic))
        .filter((subscription) => typeof args.uri !== 'string' || subscription.uri === args.uri);
      return paginate(
        arrayList(
          list,
          (subscription) => subscription.id,
          (subscription) => (field) =>
            ({
              id: subscription.id,
              created_at: subscription.createdAt,
              topic: subscription.topic,
            })[field],
        ),
        { ...args, sortKey: args.sortKey === 'CREATED_AT' ? 'CREATED_AT' : undefined },
        matching(args.query),
        webhookSubscriptionView,
        ctx,
        info,
      );
    },
    webhookSubscriptionsCount: (args, ctx) =>
      countMatching(
        arrayList(
          ctx.webhookSubscriptions.list(),
          (item) => item.id,
          () => () => undefined,
        ),
        args.query,
        args.limit,
      ),

    // Mutations (same root object: graphql-js reads the field of the operation's root type).
    appUninstall: (_args, ctx) => {
      const app = {
        id: `gid://shopify/App/${appIdOf(ctx.store)}`,
        apiKey: ctx.app.apiKey,
        title: 'Vitrine',
        handle: 'vitrine',
      };
      return ctx.app.uninstall()
        ? { app, userErrors: [] }
        : {
            app: null,
            userErrors: [
              { code: 'APP_NOT_INSTALLED', field: null, message: 'The app is not installed.' },
            ],
          };
    },
    bulkOperationRunQuery: (args, ctx) => {
      const result = ctx.bulkOperations.run(String(args.query));
      return {
        bulkOperation: result.operation ? bulkOperationView(result.operation) : null,
        userErrors: result.userErrors,
      };
    },
    bulkOperationCancel: (args, ctx) => {
      const parsed = parseGid(String(args.id));
      const result = ctx.bulkOperations.cancel(parsed?.id ?? -1);
      return {
        bulkOperation: result.operation ? bulkOperationView(result.operation) : null,
        userErrors: result.userErrors,
      };
    },
    webhookSubscriptionCreate: (args, ctx) => {
      const result = ctx.webhookSubscriptions.create(
        String(args.topic),
        args.webhookSubscription as never,
        ctx.apiVersion,
      );
      return {
        webhookSubscription: result.subscription
          ? webhookSubscriptionView(result.subscription)
          : null,
        userErrors: result.userErrors,
      };
    },
    webhookSubscriptionDelete: (args, ctx) => {
      const parsed = parseGid(String(args.id));
      const result = ctx.webhookSubscriptions.delete(
        parsed?.kind === 'WebhookSubscription' ? parsed.id : -1,
      );
      return {
        deletedWebhookSubscriptionId:
          result.deletedId === undefined ? null : gid('WebhookSubscription', result.deletedId),
        userErrors: result.userErrors,
      };
    },
    translationsRegister: (args, { store }) =>
      registerTranslations(
        store,
        String(args.resourceId),
        args.translations as Array<Record<string, unknown>>,
      ),
    translationsRemove: (args, { store }) => {
      const resource = translatableOf(store, String(args.resourceId), true);
      if (resource === undefined) {
        return {
          translations: null,
          userErrors: [
            {
              field: ['resourceId'],
              message: `Resource ${String(args.resourceId)} does not exist`,
              code: 'RESOURCE_NOT_FOUND',
            },
          ],
        };
      }
      const removed: ReturnType<typeof translationView>[] = [];
      const sources = new Map(resource.content.map((entry) => [entry.key, entry.value]));
      for (const locale of args.locales as string[]) {
        for (const key of args.translationKeys as string[]) {
          const translation = resource.translations[locale]?.[key];
          if (translation === undefined) continue;
          removed.push(translationView(key, locale, translation, sources.get(key)));
          delete resource.translations[locale]![key];
        }
      }
      return { translations: removed, userErrors: [] };
    },

    productUpdate: (args, ctx) => {
      const result = productUpdate(
        writeContext(ctx),
        args.product as Args | null | undefined,
        args.media as Args[] | null | undefined,
      );
      return {
        product: result.product && productView(ctx.store, result.product),
        userErrors: result.userErrors,
      };
    },
    collectionUpdate: (args, ctx) => {
      // `input` may be left out (Shopify's newer `collection` argument replaces it); nothing names
      // a collection then, and it is answered as an unknown one.
      const result = collectionUpdate(writeContext(ctx), (args.input ?? {}) as Args);
      return {
        collection: result.collection && collectionView(ctx.store, result.collection),
        // Shopify answers a job only when the collection's products are being changed.
        job: null,
        userErrors: result.userErrors,
      };
    },
    metafieldsSet: (args, ctx) => {
      const result = metafieldsSet(writeContext(ctx), args.metafields as Args[]);
      return {
        metafields:
          result.metafields?.map(({ owner, metafield }) =>
            metafieldView(metafield, metafieldTimeOf(owner.resource)),
          ) ?? null,
        userErrors: result.userErrors,
      };
    },
    metafieldsDelete: (args, ctx) => metafieldsDelete(writeContext(ctx), args.metafields as Args[]),
    fileUpdate: (args, ctx) => {
      const result = fileUpdate(writeContext(ctx), args.files as Args[]);
      return {
        files: result.files?.map(({ media, product }) => mediaView(media, product)) ?? null,
        userErrors: result.userErrors,
      };
    },
    articleCreate: (args, ctx) => {
      const result = articleCreate(
        writeContext(ctx),
        args.article as Args,
        args.blog as Args | null | undefined,
      );
      return {
        article: result.article && articleView(ctx.store, result.article),
        userErrors: result.userErrors,
      };
    },
    articleUpdate: (args, ctx) => {
      const result = articleUpdate(writeContext(ctx), args.id, args.article as Args);
      return {
        article: result.article && articleView(ctx.store, result.article),
        userErrors: result.userErrors,
      };
    },
    articleDelete: (args, ctx) => articleDelete(writeContext(ctx), args.id),
    blogCreate: (args, ctx) => {
      const result = blogCreate(writeContext(ctx), args.blog as Args);
      return {
        blog: result.blog && blogView(ctx.store, result.blog),
        userErrors: result.userErrors,
      };
    },
    pageUpdate: (args, ctx) => {
      const result = pageUpdate(writeContext(ctx), args.id, args.page as Args);
      return { page: result.page && pageView(result.page), userErrors: result.userErrors };
    },
  };
  return resolvers;
}

function writeContext(ctx: AdminContext): WriteContext {
  return { store: ctx.store, appNamespace: appNamespaceOf(ctx.store), fire: ctx.fire };
}

let schema: GraphQLSchema | undefined;

/** The schema, built once per process. */
export function adminSchema(): GraphQLSchema {
  schema ??= buildSchema(adminSchemaSdl);
  return schema;
}

/** The root value: every Query and Mutation field's resolver, called with (args, context, info). */
export const adminRootValue = rootValue();
