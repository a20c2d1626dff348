import * as documents from '#server/platform/shopify/admin-documents.ts';

const sampleLocales = ['fr', 'pt-BR'];

/**
 * Every GraphQL document the product sends to Shopify's Admin API (admin-documents.ts holds them
 * all), by export name; the builders are called with sample languages and every resource type.
 */
export function everyAdminDocument(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(documents)) {
    if (typeof value === 'string') found.push([name, value]);
    else if (name === 'translationsBulkQuery') {
      for (const type of documents.translatableResourceTypes) {
        found.push([`${name}(${type})`, documents.translationsBulkQuery(type, sampleLocales)]);
      }
    } else if (name === 'translationsByIdsQuery') {
      found.push([name, documents.translationsByIdsQuery(sampleLocales)]);
    }
  }
  return found;
}
