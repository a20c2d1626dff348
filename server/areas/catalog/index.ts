/**
 * What the catalog area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { refreshArticle } from './catalog-article-refresh.ts';
export {
  articleHandleTaken,
  articleUpdateTimes,
  listStoreArticles,
  productsByHandles,
  readStoreArticle,
  searchLinkableProducts,
  storeBlogsOf,
} from './catalog-blogs.ts';
export type { LinkableProduct, StoreArticle, StoreBlogs } from './catalog-blogs.ts';
export { adminClients } from './catalog-dependencies.ts';
export type { CatalogDependencies, ShopAccessProvider } from './catalog-dependencies.ts';
export { importPartialCopiesAgain, queueCatalogImport } from './catalog-import-job.ts';
export { startCatalogJobs } from './catalog-jobs.ts';
export {
  auditedStoreOf,
  choosePages,
  listPagesOutside,
  pageCountsOf,
  readChosenPageBatches,
  readPageBatches,
  readPages,
} from './catalog-pages.ts';
export type {
  AuditedLocale,
  AuditedPage,
  AuditedStore,
  ChosenPages,
  PageLeftOut,
} from './catalog-pages.ts';
export { storefrontAddresses } from './catalog-storefront-addresses.ts';
export type { StorefrontAddresses } from './catalog-storefront-addresses.ts';
export { productFactsOf } from './catalog-product-facts.ts';
export type { ProductFacts } from './catalog-product-facts.ts';
export {
  pageSeoTexts,
  recordSeoText,
  recordTranslationOutdated,
  translatedLocalesOf,
} from './catalog-seo-texts.ts';
export type { PageSeoTexts } from './catalog-seo-texts.ts';
export { catalogStates, catalogSummaries, deleteStoreCopy } from './catalog-summaries.ts';
export { catalogWebhookHandlers } from './catalog-webhooks.ts';
export { syncPhases } from './tables.ts';
