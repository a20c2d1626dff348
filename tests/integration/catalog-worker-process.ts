import { startCatalogJobs } from '#server/areas/catalog/catalog-jobs.ts';
import { openDatabase } from '#server/db/database.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { catalogDependenciesFor } from './catalog-local-shopify-support.ts';

/**
 * A worker process of its own that runs the catalog's jobs for one store of the local Shopify, as
 * the product's workers do (startCatalogJobs): catalog-sync-runs.test.ts kills it during an import
 * to show that the import resumes as soon as another worker starts, and stops it with SIGTERM to show
 * that an import under way does not hold a stop. The token comes in CATALOG_TEST_ACCESS_TOKEN, not
 * the arguments. Prints `working` once it takes jobs.
 *
 * Usage: node --import tsx tests/integration/catalog-worker-process.ts <databaseUrl> <jobSchema>
 *   <localShopifyUrl> <publicUrl> <shopId> <shopDomain>
 */
const [databaseUrl, jobSchema, localShopifyUrl, publicUrl, shopId, shopDomain] =
  process.argv.slice(2);
const database = openDatabase(databaseUrl!, { maxConnections: 4 });
const jobs = createJobQueue({
  databaseUrl: databaseUrl!,
  schema: jobSchema!,
  pollingIntervalSeconds: 0.5,
  onError: (error) => process.stderr.write(`job queue failed: ${error.message}\n`),
});
await jobs.start();
await startCatalogJobs(
  catalogDependenciesFor({
    db: database.db,
    jobs,
    localShopifyUrl: localShopifyUrl!,
    publicUrl: publicUrl!,
    store: {
      shopId: shopId!,
      shopDomain: shopDomain!,
      accessToken: process.env.CATALOG_TEST_ACCESS_TOKEN!,
    },
  }),
);
// SIGTERM stops it as it stops the product (server/start-product.ts): the workers, then the pool.
process.once('SIGTERM', () => {
  jobs
    .stop()
    .then(() => database.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`stop failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
});
process.stdout.write('working\n');
