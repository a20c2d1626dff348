/**
 * Every GraphQL document Vitrine sends to Shopify's Admin API, in one module, so that a version bump
 * (shopify-app.ts pins it) is checked in one place: tests/unit/admin-documents.test.ts parses each of
 * them. Field and argument names are those of Shopify's Admin schema (2026-01 and later). Their
 * answers' types are generated from Shopify's schema into admin-document-types.ts: after changing a
 * document, run `npm run codegen:shopify`.
 *
 * Bulk queries (bulkOperationRunQuery's `query`) are documents too, but Shopify runs them itself: they
 * take no variables, hold one top-level connection, and each nested connection's rows come out as
 * lines of their own carrying `__parentId`.
 */

/**
 * How many products and collections the store has, whatever their number (`limit: null`; Shopify
 * stops counting at 10,000 otherwise): what a copy holding them in part says it holds part of.
 */
export const recordCountsQuery = /* GraphQL */ `
  query RecordCounts {
    productsCount(limit: null) {
      count
    }
    collectionsCount(limit: null) {
      count
    }
  }
`;

/** The shop's name, addresses, currency, and its languages with the storefront address of each. */
export const shopDetailsQuery = /* GraphQL */ `
  query ShopDetails {
    shop {
      id
      name
      myshopifyDomain
      primaryDomain {
        host
        url
      }
      currencyCode
      ianaTimezone
    }
    shopLocales {
      locale
      name
      primary
      published
      marketWebPresences {
        rootUrls {
          locale
          url
        }
      }
    }
  }
`;

/** The topics whose deliveries keep the copy current (the webhooks area routes them). */
export const webhookTopics = [
  'PRODUCTS_CREATE',
  'PRODUCTS_UPDATE',
  'PRODUCTS_DELETE',
  'COLLECTIONS_CREATE',
  'COLLECTIONS_UPDATE',
  'COLLECTIONS_DELETE',
  'SHOP_UPDATE',
  'LOCALES_CREATE',
  'LOCALES_UPDATE',
  'APP_UNINSTALLED',
] as const;

/** The app's subscriptions on this store for a given address, to create only the missing ones. */
export const webhookSubscriptionsQuery = /* GraphQL */ `
  query WebhookSubscriptions($uri: String!, $after: String) {
    webhookSubscriptions(first: 250, uri: $uri, after: $after) {
      nodes {
        id
        topic
        uri
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const webhookSubscriptionCreateMutation = /* GraphQL */ `
  mutation WebhookSubscriptionCreate(
    $topic: WebhookSubscriptionTopic!
    $webhookSubscription: WebhookSubscriptionInput!
  ) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription {
        id
        topic
        uri
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Starts a bulk query; Shopify answers at once with the operation to poll. */
export const bulkOperationRunQueryMutation = /* GraphQL */ `
  mutation BulkOperationRunQuery($query: String!) {
    bulkOperationRunQuery(query: $query, groupObjects: false) {
      bulkOperation {
        id
        status
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A bulk operation's state; `url` is set once COMPLETED and downloads without a token. */
export const bulkOperationQuery = /* GraphQL */ `
  query BulkOperation($id: ID!) {
    bulkOperation(id: $id) {
      id
      status
      errorCode
      objectCount
      rootObjectCount
      fileSize
      url
      partialDataUrl
      createdAt
      completedAt
    }
  }
`;

// The fields the copy keeps, one fragment per kind, shared by the bulk queries and the refetches so
// that a record read either way is stored the same.

const productFields = `
  id
  title
  handle
  descriptionHtml
  seo {
    title
    description
  }
  status
  productType
  vendor
  tags
  onlineStoreUrl
  updatedAt
`;

const mediaFields = `
  id
  alt
  mediaContentType
  ... on MediaImage {
    image {
      url
      altText
    }
  }
`;

const collectionFields = `
  id
  title
  handle
  descriptionHtml
  seo {
    title
    description
  }
  image {
    url
    altText
  }
  updatedAt
`;

/** Pages, blogs and articles have no `seo` field: their search texts are `global` metafields. */
const seoMetafields = `
  titleTag: metafield(namespace: "global", key: "title_tag") {
    value
  }
  descriptionTag: metafield(namespace: "global", key: "description_tag") {
    value
  }
`;

const pageFields = `
  id
  title
  handle
  body
  isPublished
  updatedAt
  ${seoMetafields}
`;

// A blog's and an article's `updatedAt` may be null; `createdAt` dates them then (catalog-records.ts).
const blogFields = `
  id
  title
  handle
  createdAt
  updatedAt
`;

const articleFields = `
  id
  title
  handle
  body
  summary
  tags
  author {
    name
  }
  image {
    url
    altText
  }
  isPublished
  createdAt
  updatedAt
  ${seoMetafields}
`;

/** One article as the import reads it, with its blog: what the blog's writes read back. */
export const articleQuery = /* GraphQL */ `
  query Article($id: ID!) {
    article(id: $id) {
      ${articleFields}
      blog {
        id
      }
    }
  }
`;

/** Products and their media (media lines carry the product's id as `__parentId`). */
export const productsBulkQuery = /* GraphQL */ `
  {
    products {
      edges {
        node {
          ${productFields}
          media {
            edges {
              node {
                ${mediaFields}
              }
            }
          }
        }
      }
    }
  }
`;

export const collectionsBulkQuery = /* GraphQL */ `
  {
    collections {
      edges {
        node {
          ${collectionFields}
        }
      }
    }
  }
`;

export const pagesBulkQuery = /* GraphQL */ `
  {
    pages {
      edges {
        node {
          ${pageFields}
        }
      }
    }
  }
`;

/** Blogs and their articles (article lines carry the blog's id as `__parentId`). */
export const blogsBulkQuery = /* GraphQL */ `
  {
    blogs {
      edges {
        node {
          ${blogFields}
          articles {
            edges {
              node {
                ${articleFields}
              }
            }
          }
        }
      }
    }
  }
`;

/**
 * The ids and update times of the products and collections, for the reconciliation: what the store no
 * longer has, and what changed without a webhook reaching us.
 */
export const productStampsBulkQuery = /* GraphQL */ `
  {
    products {
      edges {
        node {
          id
          updatedAt
        }
      }
    }
  }
`;

export const collectionStampsBulkQuery = /* GraphQL */ `
  {
    collections {
      edges {
        node {
          id
          updatedAt
        }
      }
    }
  }
`;

/** The kinds of resource whose translations the copy keeps. */
export const translatableResourceTypes = [
  'PRODUCT',
  'COLLECTION',
  'PAGE',
  'BLOG',
  'ARTICLE',
  'MEDIA_IMAGE',
] as const;
export type TranslatableResourceType = (typeof translatableResourceTypes)[number];

/** Locale codes are letters, digits and dashes (`fr`, `pt-BR`); anything else never reaches a query. */
const localeCode = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * One resource type's translations in every published non-primary language: the source texts'
 * digests (`translatableContent`) and one aliased `translations` list per language (`t0`, `t1`…, in
 * the order of `locales`). Translations are lists, not connections, so each resource is one line.
 */
export function translationsBulkQuery(
  resourceType: TranslatableResourceType,
  locales: readonly string[],
): string {
  for (const locale of locales) {
    if (!localeCode.test(locale)) throw new Error(`Not a locale code: ${JSON.stringify(locale)}`);
  }
  const perLocale = locales
    .map(
      (locale, index) => `
          t${index}: translations(locale: "${locale}") {
            key
            value
            locale
            outdated
            updatedAt
          }`,
    )
    .join('');
  return /* GraphQL */ `
  {
    translatableResources(resourceType: ${resourceType}) {
      edges {
        node {
          resourceId
          translatableContent {
            key
            digest
          }${perLocale}
        }
      }
    }
  }
`;
}

/**
 * How many media the refetch of one product asks for at first. Shopify charges a query what it asks
 * for before running it (each of the `first` media counts), so asking for a product's possible 250
 * would cost some 500 points a refetch, more than a small bucket holds at all; most products have a
 * few images, and the rest come a page at a time (productMediaQuery).
 */
export const productMediaFirstPage = 10;

/** One product as a webhook's follow-up reads it; null when it no longer exists. */
export const productQuery = /* GraphQL */ `
  query Product($id: ID!) {
    product(id: $id) {
      ${productFields}
      media(first: ${productMediaFirstPage}) {
        nodes {
          ${mediaFields}
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

/** The rest of a product's media, after the first page productQuery read. */
export const productMediaQuery = /* GraphQL */ `
  query ProductMedia($id: ID!, $after: String) {
    product(id: $id) {
      media(first: 250, after: $after) {
        nodes {
          ${mediaFields}
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

export const collectionQuery = /* GraphQL */ `
  query Collection($id: ID!) {
    collection(id: $id) {
      ${collectionFields}
    }
  }
`;

/** Products by id (up to 250), for the reconciliation's refetch of what changed unseen. */
export const productsByIdsQuery = /* GraphQL */ `
  query ProductsByIds($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product {
        ${productFields}
        media(first: 250) {
          nodes {
            ${mediaFields}
          }
        }
      }
    }
  }
`;

export const collectionsByIdsQuery = /* GraphQL */ `
  query CollectionsByIds($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Collection {
        ${collectionFields}
      }
    }
  }
`;

/**
 * Resources' translations in the given languages, after a product or collection changed: its source
 * texts may have changed, which marks translations outdated. `$first` is the number of ids (at most
 * 250): Shopify charges for the page size asked, so one product's few ids cost a few points, not 750.
 */
export function translationsByIdsQuery(locales: readonly string[]): string {
  for (const locale of locales) {
    if (!localeCode.test(locale)) throw new Error(`Not a locale code: ${JSON.stringify(locale)}`);
  }
  const perLocale = locales
    .map(
      (locale, index) => `
        t${index}: translations(locale: "${locale}") {
          key
          value
          locale
          outdated
          updatedAt
        }`,
    )
    .join('');
  return /* GraphQL */ `
  query TranslationsByIds($ids: [ID!]!, $first: Int!) {
    translatableResourcesByIds(resourceIds: $ids, first: $first) {
      nodes {
        resourceId
        translatableContent {
          key
          digest
        }${perLocale}
      }
    }
  }
`;
}

// One SEO text of one page, read and written where Shopify keeps it (seo-fields.ts). Each read asks
// for that text alone, a few points; each write is one mutation (10 points).

/** A product's SEO title and description (`seo`); null when the product no longer exists. */
export const productSeoQuery = /* GraphQL */ `
  query ProductSeo($id: ID!) {
    product(id: $id) {
      seo {
        title
        description
      }
    }
  }
`;

export const collectionSeoQuery = /* GraphQL */ `
  query CollectionSeo($id: ID!) {
    collection(id: $id) {
      seo {
        title
        description
      }
    }
  }
`;

/**
 * A page's title or description tag (`$key`: title_tag, description_tag), with the `compareDigest` a
 * write names so that Shopify refuses it if the tag changed since.
 */
export const pageSeoTagQuery = /* GraphQL */ `
  query PageSeoTag($id: ID!, $key: String!) {
    page(id: $id) {
      metafield(namespace: "global", key: $key) {
        value
        compareDigest
      }
    }
  }
`;

export const articleSeoTagQuery = /* GraphQL */ `
  query ArticleSeoTag($id: ID!, $key: String!) {
    article(id: $id) {
      metafield(namespace: "global", key: $key) {
        value
        compareDigest
      }
    }
  }
`;

/** A product image's alt text, and whether its product still exists. */
export const productImageAltQuery = /* GraphQL */ `
  query ProductImageAlt($productId: ID!, $mediaId: ID!) {
    product(id: $productId) {
      id
    }
    node(id: $mediaId) {
      ... on MediaImage {
        alt
      }
    }
  }
`;

export const collectionImageAltQuery = /* GraphQL */ `
  query CollectionImageAlt($id: ID!) {
    collection(id: $id) {
      image {
        altText
      }
    }
  }
`;

export const articleImageAltQuery = /* GraphQL */ `
  query ArticleImageAlt($id: ID!) {
    article(id: $id) {
      image {
        altText
      }
    }
  }
`;

/**
 * A resource's translations in one language, with the digest of each source text (the one a
 * translation is registered against).
 */
export const seoTranslationQuery = /* GraphQL */ `
  query SeoTranslation($resourceId: ID!, $locale: String!) {
    translatableResource(resourceId: $resourceId) {
      translatableContent {
        key
        digest
      }
      translations(locale: $locale) {
        key
        value
        outdated
      }
    }
  }
`;

export const productSeoUpdateMutation = /* GraphQL */ `
  mutation ProductSeoUpdate($product: ProductUpdateInput!) {
    productUpdate(product: $product) {
      product {
        seo {
          title
          description
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A collection's SEO texts or its image's alt text. */
export const collectionSeoUpdateMutation = /* GraphQL */ `
  mutation CollectionSeoUpdate($input: CollectionInput!) {
    collectionUpdate(input: $input) {
      collection {
        seo {
          title
          description
        }
        image {
          altText
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Page and article tags; each metafield names the `compareDigest` it was read with. */
export const metafieldsSetMutation = /* GraphQL */ `
  mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        key
        value
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Clears page and article tags (a metafield cannot hold an empty value). */
export const metafieldsDeleteMutation = /* GraphQL */ `
  mutation MetafieldsDelete($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields {
        key
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A product image's alt text: the image is a file (MediaImage) of the store. */
export const fileAltUpdateMutation = /* GraphQL */ `
  mutation FileAltUpdate($files: [FileUpdateInput!]!) {
    fileUpdate(files: $files) {
      files {
        alt
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const articleImageAltUpdateMutation = /* GraphQL */ `
  mutation ArticleImageAltUpdate($id: ID!, $article: ArticleUpdateInput!) {
    articleUpdate(id: $id, article: $article) {
      article {
        image {
          altText
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const translationsRegisterMutation = /* GraphQL */ `
  mutation TranslationsRegister($resourceId: ID!, $translations: [TranslationInput!]!) {
    translationsRegister(resourceId: $resourceId, translations: $translations) {
      translations {
        key
        value
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const translationsRemoveMutation = /* GraphQL */ `
  mutation TranslationsRemove(
    $resourceId: ID!
    $translationKeys: [String!]!
    $locales: [String!]!
  ) {
    translationsRemove(
      resourceId: $resourceId
      translationKeys: $translationKeys
      locales: $locales
    ) {
      translations {
        key
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

// Blog posts (server/platform/shopify/articles.ts) -------------------------------------------------

/** What the blog reads of an article: enough to tell a change made in Shopify, and the texts. */
const articleStateFields = /* GraphQL */ `
  id
  title
  handle
  body
  summary
  tags
  author {
    name
  }
  updatedAt
  isPublished
  publishedAt
  blog {
    id
  }
  image {
    url
    altText
  }
  titleTag: metafield(namespace: "global", key: "title_tag") {
    value
  }
  descriptionTag: metafield(namespace: "global", key: "description_tag") {
    value
  }
  marker: metafield(namespace: "vitrine", key: "post_id") {
    value
  }
`;

export const articleStateQuery = /* GraphQL */ `
  query ArticleState($id: ID!) {
    article(id: $id) {
      ${articleStateFields}
    }
  }
`;

/**
 * The ids of a blog's newest articles and the post each carries, without going through search
 * (whose index follows writes a moment later): where a post written before a lost answer is found.
 */
export const newestBlogArticlesQuery = /* GraphQL */ `
  query NewestBlogArticles($blogId: ID!) {
    blog(id: $blogId) {
      articles(first: 10, reverse: true) {
        nodes {
          id
          marker: metafield(namespace: "vitrine", key: "post_id") {
            value
          }
        }
      }
    }
  }
`;

export const articleCreateMutation = /* GraphQL */ `
  mutation ArticleCreate($article: ArticleCreateInput!, $blog: ArticleBlogInput) {
    articleCreate(article: $article, blog: $blog) {
      article {
        ${articleStateFields}
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const articleUpdateMutation = /* GraphQL */ `
  mutation ArticleUpdate($id: ID!, $article: ArticleUpdateInput!) {
    articleUpdate(id: $id, article: $article) {
      article {
        ${articleStateFields}
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const articleDeleteMutation = /* GraphQL */ `
  mutation ArticleDelete($id: ID!) {
    articleDelete(id: $id) {
      deletedArticleId
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/**
 * The digests an article's translations are registered against, with its featured image's: Shopify
 * keeps the image's alt text on a resource of its own (ARTICLE_IMAGE), nested under the article's,
 * whose id is read here rather than made. None when the article has no image. The image's
 * translations in the locale tell whether a blank alt text has one to remove.
 */
export const translatableDigestsQuery = /* GraphQL */ `
  query TranslatableDigests($resourceId: ID!, $locale: String!) {
    translatableResource(resourceId: $resourceId) {
      translatableContent {
        key
        digest
      }
      nestedTranslatableResources(first: 1, resourceType: ARTICLE_IMAGE) {
        nodes {
          resourceId
          translatableContent {
            key
            digest
          }
          translations(locale: $locale) {
            key
          }
        }
      }
    }
  }
`;
