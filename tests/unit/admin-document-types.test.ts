import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateAdminDocumentTypes,
  generatedTypesFile,
} from '../../scripts/lib/shopify-admin-types.ts';

/**
 * The result types of admin-documents.ts's documents are generated from Shopify's published Admin
 * schema; the committed file must be what the generator writes today, so that a changed document or
 * a new API version cannot leave the answers typed as they were. `npm run codegen:shopify` fixes it.
 */

describe('admin-document-types.ts', () => {
  let generated = '';
  // Reading Shopify's whole schema (some 15 MB of JSON) takes seconds on a busy machine.
  beforeAll(async () => {
    generated = await generateAdminDocumentTypes();
  }, 120_000);

  it('is what npm run codegen:shopify generates from the documents and Shopify’s schema', () => {
    expect(
      readFileSync(generatedTypesFile, 'utf8') === generated,
      'server/platform/shopify/admin-document-types.ts is stale: run npm run codegen:shopify',
    ).toBe(true);
  });

  it('types each field as Shopify’s schema does, null where Shopify may leave it null', () => {
    // Product.onlineStoreUrl is `URL` (nullable), Product.title `String!`, Blog.updatedAt `DateTime`.
    expect(generated).toMatch(/onlineStoreUrl: string \| null;/);
    expect(generated).toMatch(
      /export type ProductQuery = \{\s*product: \{\s*id: string;\s*title: string;/,
    );
    expect(generated).toMatch(
      /export type BlogsBulkQuery[\s\S]*?createdAt: string;\s*updatedAt: string \| null;/,
    );
  });
});
