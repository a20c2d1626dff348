import { importCatalog } from '#server/areas/catalog/import-catalog.ts';
import { openDatabase } from '#server/db/database.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { catalogDependenciesFor } from './catalog-local-shopify-support.ts';

/**
 * A process of its own that imports one store from the local Shopify, as a worker does:
 * catalog-local-shopify.test.ts kills it mid-import to show that the next attempt resumes and ends
 * with exactly the store's content. The token comes in CATALOG_TEST_ACCESS_TOKEN, not the arguments.
 *
 * Usage: node --import tsx tests/integration/catalog-local-import-process.ts <databaseUrl>
 *   <localShopifyUrl> <publicUrl> <shopId> <shopDomain>
 */
const [databaseUrl, localShopifyUrl, publicUrl, shopId, shopDomain] = process.argv.slice(2);
const database = openDatabase(databaseUrl!, { maxConnections: 2 });
const deps = catalogDependenciesFor({
  db: database.db,
  // Never started: an import sends no job.
  jobs: createJobQueue({ databaseUrl: databaseUrl!, onError: () => {} }),
  localShopifyUrl: localShopifyUrl!,
  publicUrl: publicUrl!,
  store: {
    shopId: shopId!,
    shopDomain: shopDomain!,
    accessToken: process.env.CATALOG_TEST_ACCESS_TOKEN!,
  },
});
await importCatalog(deps, shopId!, { batchRows: 200 });
await database.close();
