/**
 * The part of Shopify's Admin GraphQL schema (2026-10, the version the product calls) the local
 * Shopify serves, in SDL with Shopify's own type, field, argument and enum names, types and
 * nullability, so that a document valid here is valid against Shopify and an answer here may hold
 * what Shopify's may (a null where Shopify's field is nullable). Descriptions are left out; what a
 * field means is Shopify's. Input types, enums and arguments hold what the local Shopify applies, a
 * subset of Shopify's (a document naming another one is refused here).
 * tests/unit/local-shopify-admin-schema.test.ts holds this to Shopify's published schema
 * (tests/fixtures/shopify-admin-schema).
 */
export const adminSchemaSdl = /* GraphQL */ `
  scalar ARN
  scalar DateTime
  scalar HTML
  scalar URL
  scalar UnsignedInt64
  scalar JSON

  interface Node {
    id: ID!
  }

  interface LegacyInteroperability {
    legacyResourceId: UnsignedInt64!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  enum CountPrecision {
    EXACT
    AT_LEAST
  }

  type Count {
    count: Int!
    precision: CountPrecision!
  }

  type SEO {
    title: String
    description: String
  }

  input ImageTransformInput {
    crop: CropRegion
    maxWidth: Int
    maxHeight: Int
    scale: Int = 1
    preferredContentType: ImageContentType
  }

  enum CropRegion {
    CENTER
    TOP
    BOTTOM
    LEFT
    RIGHT
  }

  enum ImageContentType {
    PNG
    JPG
    WEBP
  }

  type Image {
    id: ID
    altText: String
    url(transform: ImageTransformInput): URL!
    width: Int
    height: Int
  }

  interface HasCompareDigest {
    compareDigest: String!
  }

  type Metafield implements HasCompareDigest & Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    namespace: String!
    key: String!
    value: String!
    type: String!
    compareDigest: String!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  enum CurrencyCode {
    EUR
    USD
    CAD
    GBP
    CHF
  }

  type Domain implements Node {
    id: ID!
    host: String!
    url: URL!
    sslEnabled: Boolean!
  }

  type Shop implements Node {
    id: ID!
    name: String!
    email: String!
    contactEmail: String!
    myshopifyDomain: String!
    primaryDomain: Domain!
    url: URL!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
    description: String
  }

  type MarketWebPresenceRootUrl {
    locale: String!
    url: URL!
  }

  type MarketWebPresence implements Node {
    id: ID!
    domain: Domain
    subfolderSuffix: String
    defaultLocale: ShopLocale!
    alternateLocales: [ShopLocale!]!
    rootUrls: [MarketWebPresenceRootUrl!]!
  }

  type ShopLocale {
    locale: String!
    name: String!
    primary: Boolean!
    published: Boolean!
    marketWebPresences: [MarketWebPresence!]!
  }

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
    UNLISTED
  }

  enum ProductSortKeys {
    CREATED_AT
    ID
    INVENTORY_TOTAL
    PRODUCT_TYPE
    PUBLISHED_AT
    RELEVANCE
    TITLE
    UPDATED_AT
    VENDOR
  }

  enum CollectionSortKeys {
    ID
    RELEVANCE
    TITLE
    UPDATED_AT
  }

  enum PageSortKeys {
    ID
    PUBLISHED_AT
    TITLE
    UPDATED_AT
  }

  enum BlogSortKeys {
    HANDLE
    ID
    TITLE
  }

  enum ArticleSortKeys {
    AUTHOR
    BLOG_TITLE
    ID
    PUBLISHED_AT
    TITLE
    UPDATED_AT
  }

  enum ProductMediaSortKeys {
    ID
    POSITION
  }

  enum ProductCollectionSortKeys {
    COLLECTION_DEFAULT
    CREATED
    ID
    MANUAL
    TITLE
  }

  enum MediaContentType {
    EXTERNAL_VIDEO
    IMAGE
    MODEL_3D
    VIDEO
  }

  enum MediaStatus {
    UPLOADED
    PROCESSING
    READY
    FAILED
  }

  type MediaPreviewImage {
    image: Image
    status: MediaPreviewImageStatus!
  }

  enum MediaPreviewImageStatus {
    UPLOADED
    PROCESSING
    READY
    FAILED
  }

  interface Media {
    alt: String
    id: ID!
    mediaContentType: MediaContentType!
    preview: MediaPreviewImage
    status: MediaStatus!
  }

  enum FileStatus {
    UPLOADED
    PROCESSING
    READY
    FAILED
  }

  interface File {
    alt: String
    createdAt: DateTime!
    fileStatus: FileStatus!
    id: ID!
    preview: MediaPreviewImage
    updatedAt: DateTime!
  }

  type MediaImage implements File & Media & Node {
    alt: String
    id: ID!
    image: Image
    fileStatus: FileStatus!
    mediaContentType: MediaContentType!
    mimeType: String
    preview: MediaPreviewImage
    status: MediaStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type MediaEdge {
    cursor: String!
    node: Media!
  }

  type MediaConnection {
    edges: [MediaEdge!]!
    nodes: [Media!]!
    pageInfo: PageInfo!
  }

  type Product implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    handle: String!
    description(truncateAt: Int): String!
    descriptionHtml: HTML!
    seo: SEO!
    onlineStoreUrl: URL
    status: ProductStatus!
    productType: String!
    vendor: String!
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    publishedAt: DateTime
    templateSuffix: String
    media(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductMediaSortKeys = POSITION
      query: String
    ): MediaConnection!
    mediaCount: Count
    featuredMedia: Media
    collections(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: CollectionSortKeys = ID
      query: String
    ): CollectionConnection!
    metafield(namespace: String, key: String!): Metafield
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type Collection implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    title: String!
    handle: String!
    description(truncateAt: Int): String!
    descriptionHtml: HTML!
    seo: SEO!
    image: Image
    updatedAt: DateTime!
    templateSuffix: String
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductCollectionSortKeys = COLLECTION_DEFAULT
    ): ProductConnection!
    productsCount: Count
    metafield(namespace: String, key: String!): Metafield
  }

  type CollectionEdge {
    cursor: String!
    node: Collection!
  }

  type CollectionConnection {
    edges: [CollectionEdge!]!
    nodes: [Collection!]!
    pageInfo: PageInfo!
  }

  type Page implements Node {
    id: ID!
    title: String!
    handle: String!
    body: HTML!
    bodySummary: String!
    isPublished: Boolean!
    publishedAt: DateTime
    createdAt: DateTime!
    updatedAt: DateTime!
    templateSuffix: String
    metafield(namespace: String, key: String!): Metafield
  }

  type PageEdge {
    cursor: String!
    node: Page!
  }

  type PageConnection {
    edges: [PageEdge!]!
    nodes: [Page!]!
    pageInfo: PageInfo!
  }

  type ArticleAuthor {
    name: String!
  }

  type Blog implements Node {
    id: ID!
    title: String!
    handle: String!
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime
    templateSuffix: String
    articles(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): ArticleConnection!
    articlesCount: Count
    metafield(namespace: String, key: String!): Metafield
  }

  type BlogEdge {
    cursor: String!
    node: Blog!
  }

  type BlogConnection {
    edges: [BlogEdge!]!
    nodes: [Blog!]!
    pageInfo: PageInfo!
  }

  type Article implements Node {
    id: ID!
    title: String!
    handle: String!
    body: HTML!
    summary: HTML
    author: ArticleAuthor
    blog: Blog!
    image: Image
    isPublished: Boolean!
    publishedAt: DateTime
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime
    templateSuffix: String
    metafield(namespace: String, key: String!): Metafield
  }

  type ArticleEdge {
    cursor: String!
    node: Article!
  }

  type ArticleConnection {
    edges: [ArticleEdge!]!
    nodes: [Article!]!
    pageInfo: PageInfo!
  }

  enum TranslatableResourceType {
    ARTICLE
    ARTICLE_IMAGE
    BLOG
    COLLECTION
    COLLECTION_IMAGE
    MEDIA_IMAGE
    PAGE
    PRODUCT
    SHOP
  }

  enum LocalizableContentType {
    FILE_REFERENCE
    HTML
    INLINE_RICH_TEXT
    JSON
    JSON_STRING
    LINK
    LIST_FILE_REFERENCE
    LIST_LINK
    LIST_MULTI_LINE_TEXT_FIELD
    LIST_SINGLE_LINE_TEXT_FIELD
    LIST_URL
    MULTI_LINE_TEXT_FIELD
    RICH_TEXT_FIELD
    SINGLE_LINE_TEXT_FIELD
    STRING
    URI
    URL
  }

  type TranslatableContent {
    key: String!
    value: String
    digest: String
    locale: String!
    type: LocalizableContentType!
  }

  type Market implements Node {
    id: ID!
    name: String!
  }

  type Translation {
    key: String!
    value: String
    locale: String!
    outdated: Boolean!
    updatedAt: DateTime
    market: Market
  }

  type TranslatableResource {
    nestedTranslatableResources(
      after: String
      before: String
      first: Int
      last: Int
      resourceType: TranslatableResourceType
      reverse: Boolean = false
    ): TranslatableResourceConnection!
    resourceId: ID!
    translatableContent(marketId: ID): [TranslatableContent!]!
    translations(locale: String!, marketId: ID, outdated: Boolean): [Translation!]!
  }

  type TranslatableResourceEdge {
    cursor: String!
    node: TranslatableResource!
  }

  type TranslatableResourceConnection {
    edges: [TranslatableResourceEdge!]!
    nodes: [TranslatableResource!]!
    pageInfo: PageInfo!
  }

  input TranslationInput {
    locale: String!
    key: String!
    value: String!
    translatableContentDigest: String!
    marketId: ID
  }

  enum TranslationErrorCode {
    BLANK
    INVALID
    RESOURCE_NOT_FOUND
    RESOURCE_NOT_TRANSLATABLE
    TOO_MANY_KEYS_FOR_RESOURCE
    INVALID_KEY_FOR_MODEL
    FAILS_RESOURCE_VALIDATION
    INVALID_TRANSLATABLE_CONTENT
    INVALID_MARKET_LOCALIZABLE_CONTENT
    INVALID_LOCALE_FOR_SHOP
    INVALID_CODE
    INVALID_FORMAT
    MARKET_CUSTOM_CONTENT_NOT_ALLOWED
    MARKET_DOES_NOT_EXIST
    MARKET_LOCALE_CREATION_FAILED
    INVALID_VALUE_FOR_HANDLE_TRANSLATION
    INVALID_LOCALE_FOR_MARKET
  }

  type TranslationUserError {
    code: TranslationErrorCode
    field: [String!]
    message: String!
  }

  type TranslationsRegisterPayload {
    translations: [Translation!]
    userErrors: [TranslationUserError!]!
  }

  type TranslationsRemovePayload {
    translations: [Translation!]
    userErrors: [TranslationUserError!]!
  }

  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }

  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }

  enum BulkOperationType {
    MUTATION
    QUERY
  }

  enum BulkOperationsSortKeys {
    COMPLETED_AT
    CREATED_AT
  }

  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    errorCode: BulkOperationErrorCode
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
    type: BulkOperationType!
    createdAt: DateTime!
    completedAt: DateTime
  }

  type BulkOperationEdge {
    cursor: String!
    node: BulkOperation!
  }

  type BulkOperationConnection {
    edges: [BulkOperationEdge!]!
    nodes: [BulkOperation!]!
    pageInfo: PageInfo!
  }

  enum BulkOperationUserErrorCode {
    INVALID
    LIMIT_REACHED
    OPERATION_IN_PROGRESS
  }

  type BulkOperationUserError {
    code: BulkOperationUserErrorCode
    field: [String!]
    message: String!
  }

  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }

  type BulkOperationCancelPayload {
    bulkOperation: BulkOperation
    userErrors: [UserError!]!
  }

  type UserError {
    field: [String!]
    message: String!
  }

  enum WebhookSubscriptionTopic {
    APP_UNINSTALLED
    APP_SCOPES_UPDATE
    BULK_OPERATIONS_FINISH
    COLLECTIONS_CREATE
    COLLECTIONS_DELETE
    COLLECTIONS_UPDATE
    DOMAINS_CREATE
    DOMAINS_DESTROY
    DOMAINS_UPDATE
    LOCALES_CREATE
    LOCALES_DESTROY
    LOCALES_UPDATE
    PRODUCTS_CREATE
    PRODUCTS_DELETE
    PRODUCTS_UPDATE
    SHOP_UPDATE
  }

  enum WebhookSubscriptionFormat {
    JSON
    XML
  }

  enum WebhookSubscriptionSortKeys {
    CREATED_AT
    ID
  }

  type ApiVersion {
    handle: String!
    displayName: String!
    supported: Boolean!
  }

  type WebhookHttpEndpoint {
    callbackUrl: URL!
  }

  type WebhookEventBridgeEndpoint {
    arn: ARN!
  }

  type WebhookPubSubEndpoint {
    pubSubProject: String!
    pubSubTopic: String!
  }

  union WebhookSubscriptionEndpoint =
    | WebhookEventBridgeEndpoint
    | WebhookHttpEndpoint
    | WebhookPubSubEndpoint

  type WebhookSubscriptionMetafieldIdentifier {
    namespace: String!
    key: String!
  }

  type WebhookSubscription implements LegacyInteroperability & Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    apiVersion: ApiVersion!
    callbackUrl: URL! @deprecated(reason: "Use \`uri\` instead.")
    endpoint: WebhookSubscriptionEndpoint! @deprecated(reason: "Use \`uri\` instead.")
    createdAt: DateTime!
    updatedAt: DateTime!
    filter: String
    format: WebhookSubscriptionFormat!
    includeFields: [String!]!
    metafieldNamespaces: [String!]!
    metafields: [WebhookSubscriptionMetafieldIdentifier!]!
    topic: WebhookSubscriptionTopic!
    uri: String!
  }

  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }

  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }

  input HasMetafieldsMetafieldIdentifierInput {
    namespace: String
    key: String!
  }

  input WebhookSubscriptionInput {
    uri: String
    callbackUrl: URL
    filter: String
    format: WebhookSubscriptionFormat
    includeFields: [String!]
    metafieldNamespaces: [String!]
    metafields: [HasMetafieldsMetafieldIdentifierInput!]
  }

  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }

  type WebhookSubscriptionDeletePayload {
    deletedWebhookSubscriptionId: ID
    userErrors: [UserError!]!
  }

  type QueryRoot {
    shop: Shop!
    shopLocales(published: Boolean = false): [ShopLocale!]!
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!

    product(id: ID!): Product
    productByHandle(handle: String!): Product
      @deprecated(reason: "Use \`productByIdentifier\` instead.")
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
      savedSearchId: ID
    ): ProductConnection!
    productsCount(query: String, savedSearchId: ID, limit: Int = 10000): Count

    collection(id: ID!): Collection
    collections(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: CollectionSortKeys = ID
      query: String
      savedSearchId: ID
    ): CollectionConnection!
    collectionsCount(query: String, savedSearchId: ID, limit: Int = 10000): Count

    page(id: ID!): Page
    pages(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: PageSortKeys = ID
      query: String
      savedSearchId: ID
    ): PageConnection!
    pagesCount(limit: Int = 10000): Count

    blog(id: ID!): Blog
    blogs(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: BlogSortKeys = ID
      query: String
    ): BlogConnection!
    blogsCount(query: String, limit: Int = 10000): Count

    article(id: ID!): Article
    articles(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ArticleSortKeys = ID
      query: String
    ): ArticleConnection!

    translatableResource(resourceId: ID!): TranslatableResource
    translatableResources(
      resourceType: TranslatableResourceType!
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): TranslatableResourceConnection!
    translatableResourcesByIds(
      resourceIds: [ID!]!
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): TranslatableResourceConnection!

    bulkOperation(id: ID!): BulkOperation
    bulkOperations(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: BulkOperationsSortKeys = CREATED_AT
      query: String
    ): BulkOperationConnection!
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
      @deprecated(reason: "Use \`bulkOperations\` with status filter instead.")

    webhookSubscription(id: ID!): WebhookSubscription
    webhookSubscriptions(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: WebhookSubscriptionSortKeys = CREATED_AT
      topics: [WebhookSubscriptionTopic!]
      uri: String
      format: WebhookSubscriptionFormat
      query: String
    ): WebhookSubscriptionConnection!
    webhookSubscriptionsCount(query: String, limit: Int = 10000): Count
  }

  type App implements Node {
    id: ID!
    apiKey: String!
    title: String!
    handle: String
  }

  enum AppUninstallAppUninstallErrorCode {
    APP_NOT_FOUND
    APP_NOT_INSTALLED
    APP_UNINSTALL_ERROR
    USER_PERMISSIONS_INSUFFICIENT
  }

  type AppUninstallAppUninstallError {
    code: AppUninstallAppUninstallErrorCode
    field: [String!]
    message: String!
  }

  type AppUninstallPayload {
    app: App
    userErrors: [AppUninstallAppUninstallError!]!
  }

  input SEOInput {
    title: String
    description: String
  }

  input ProductUpdateInput {
    id: ID
    title: String
    handle: String
    descriptionHtml: String
    seo: SEOInput
  }

  input CreateMediaInput {
    originalSource: String!
    alt: String
    mediaContentType: MediaContentType!
  }

  type ProductUpdatePayload {
    product: Product
    userErrors: [UserError!]!
  }

  input ImageInput {
    id: ID
    altText: String
    src: String
  }

  input CollectionInput {
    id: ID
    title: String
    descriptionHtml: String
    seo: SEOInput
    image: ImageInput
  }

  type Job {
    id: ID!
    done: Boolean!
    query: QueryRoot
  }

  type CollectionUpdatePayload {
    collection: Collection
    job: Job
    userErrors: [UserError!]!
  }

  input MetafieldsSetInput {
    ownerId: ID!
    namespace: String
    key: String!
    value: String!
    type: String
    compareDigest: String
  }

  enum MetafieldsSetUserErrorCode {
    APP_NOT_AUTHORIZED
    BLANK
    CAPABILITY_VIOLATION
    INCLUSION
    INTERNAL_ERROR
    INVALID
    INVALID_COMPARE_DIGEST
    INVALID_TYPE
    INVALID_VALUE
    LESS_THAN_OR_EQUAL_TO
    PRESENT
    STALE_OBJECT
    TAKEN
    TOO_LONG
    TOO_SHORT
  }

  type MetafieldsSetUserError {
    code: MetafieldsSetUserErrorCode
    elementIndex: Int
    field: [String!]
    message: String!
  }

  type MetafieldsSetPayload {
    metafields: [Metafield!]
    userErrors: [MetafieldsSetUserError!]!
  }

  input MetafieldIdentifierInput {
    ownerId: ID!
    namespace: String!
    key: String!
  }

  type MetafieldIdentifier {
    ownerId: ID!
    namespace: String!
    key: String!
  }

  type MetafieldsDeletePayload {
    deletedMetafields: [MetafieldIdentifier]
    userErrors: [UserError!]!
  }

  input FileUpdateInput {
    id: ID!
    alt: String
  }

  enum FilesErrorCode {
    ALT_VALUE_LIMIT_EXCEEDED
    BLANK_SEARCH
    FILE_DOES_NOT_EXIST
    FILE_LOCKED
    FILENAME_ALREADY_EXISTS
    INVALID
    INVALID_QUERY
    MISSING_ARGUMENTS
    NON_READY_STATE
    TOO_MANY_ARGUMENTS
    UNACCEPTABLE_ASSET
  }

  type FilesUserError {
    code: FilesErrorCode
    field: [String!]
    message: String!
  }

  type FileUpdatePayload {
    files: [File!]
    userErrors: [FilesUserError!]!
  }

  input MetafieldInput {
    namespace: String
    key: String
    value: String
    type: String
  }

  input ArticleImageInput {
    altText: String
    url: String
  }

  input AuthorInput {
    name: String
    userId: ID
  }

  input ArticleCreateInput {
    author: AuthorInput!
    blogId: ID
    body: HTML
    handle: String
    image: ArticleImageInput
    isPublished: Boolean
    metafields: [MetafieldInput!]
    publishDate: DateTime
    summary: HTML
    tags: [String!]
    templateSuffix: String
    title: String!
  }

  input ArticleBlogInput {
    title: String!
  }

  enum ArticleCreateUserErrorCode {
    AMBIGUOUS_AUTHOR
    AMBIGUOUS_BLOG
    AUTHOR_FIELD_REQUIRED
    AUTHOR_MUST_EXIST
    BLANK
    BLOG_REFERENCE_REQUIRED
    INVALID
    INVALID_PUBLISH_DATE
    INVALID_TYPE
    INVALID_VALUE
    NOT_FOUND
    TAKEN
    TOO_LONG
    UPLOAD_FAILED
  }

  type ArticleCreateUserError {
    code: ArticleCreateUserErrorCode
    field: [String!]
    message: String!
  }

  type ArticleCreatePayload {
    article: Article
    userErrors: [ArticleCreateUserError!]!
  }

  input ArticleUpdateInput {
    author: AuthorInput
    blogId: ID
    body: HTML
    handle: String
    image: ArticleImageInput
    isPublished: Boolean
    metafields: [MetafieldInput!]
    publishDate: DateTime
    redirectNewHandle: Boolean = false
    summary: HTML
    tags: [String!]
    templateSuffix: String
    title: String
  }

  enum ArticleUpdateUserErrorCode {
    AMBIGUOUS_AUTHOR
    AMBIGUOUS_BLOG
    AUTHOR_MUST_EXIST
    BLANK
    INVALID
    INVALID_PUBLISH_DATE
    INVALID_TYPE
    INVALID_VALUE
    NOT_FOUND
    TAKEN
    TOO_LONG
    UPLOAD_FAILED
  }

  type ArticleUpdateUserError {
    code: ArticleUpdateUserErrorCode
    field: [String!]
    message: String!
  }

  type ArticleUpdatePayload {
    article: Article
    userErrors: [ArticleUpdateUserError!]!
  }

  enum ArticleDeleteUserErrorCode {
    NOT_FOUND
  }

  type ArticleDeleteUserError {
    code: ArticleDeleteUserErrorCode
    field: [String!]
    message: String!
  }

  type ArticleDeletePayload {
    deletedArticleId: ID
    userErrors: [ArticleDeleteUserError!]!
  }

  input BlogCreateInput {
    handle: String
    title: String!
  }

  enum BlogCreateUserErrorCode {
    INCLUSION
    INVALID
    INVALID_TYPE
    INVALID_VALUE
    TOO_LONG
  }

  type BlogCreateUserError {
    code: BlogCreateUserErrorCode
    field: [String!]
    message: String!
  }

  type BlogCreatePayload {
    blog: Blog
    userErrors: [BlogCreateUserError!]!
  }

  input PageUpdateInput {
    title: String
    body: String
    metafields: [MetafieldInput!]
  }

  enum PageUpdateUserErrorCode {
    BLANK
    INVALID
    INVALID_PUBLISH_DATE
    INVALID_TYPE
    INVALID_VALUE
    NOT_FOUND
    TAKEN
    TOO_BIG
    TOO_LONG
  }

  type PageUpdateUserError {
    code: PageUpdateUserErrorCode
    field: [String!]
    message: String!
  }

  type PageUpdatePayload {
    page: Page
    userErrors: [PageUpdateUserError!]!
  }

  type Mutation {
    appUninstall: AppUninstallPayload
    bulkOperationRunQuery(
      query: String!
      groupObjects: Boolean! = false
    ): BulkOperationRunQueryPayload
    bulkOperationCancel(id: ID!): BulkOperationCancelPayload
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
    translationsRegister(
      resourceId: ID!
      translations: [TranslationInput!]!
    ): TranslationsRegisterPayload
    translationsRemove(
      resourceId: ID!
      translationKeys: [String!]!
      locales: [String!]!
      marketIds: [ID!]
    ): TranslationsRemovePayload
    productUpdate(product: ProductUpdateInput, media: [CreateMediaInput!]): ProductUpdatePayload
    collectionUpdate(
      input: CollectionInput @deprecated(reason: "Use \`collection\` instead.")
    ): CollectionUpdatePayload
    metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
    metafieldsDelete(metafields: [MetafieldIdentifierInput!]!): MetafieldsDeletePayload
    fileUpdate(files: [FileUpdateInput!]!): FileUpdatePayload
    articleCreate(article: ArticleCreateInput!, blog: ArticleBlogInput): ArticleCreatePayload
    articleUpdate(id: ID!, article: ArticleUpdateInput!): ArticleUpdatePayload
    articleDelete(id: ID!): ArticleDeletePayload
    blogCreate(blog: BlogCreateInput!): BlogCreatePayload
    pageUpdate(id: ID!, page: PageUpdateInput!): PageUpdatePayload
  }

  schema {
    query: QueryRoot
    mutation: Mutation
  }
`;
