/**
 * `npm run codegen:shopify`: writes the result types of admin-documents.ts's documents, from
 * Shopify's published Admin schema, to server/platform/shopify/admin-document-types.ts. Run it after
 * changing a document or moving the API version (scripts/lib/shopify-admin-types.ts says how).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateAdminDocumentTypes, generatedTypesFile } from './lib/shopify-admin-types.ts';

await writeFile(generatedTypesFile, await generateAdminDocumentTypes());
console.log(`Wrote ${path.relative(process.cwd(), generatedTypesFile)}`);
