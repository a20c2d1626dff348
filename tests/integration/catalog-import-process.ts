import { openDatabase } from '#server/db/database.ts';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { storeOperationFile } from '#server/areas/catalog/catalog-sync.ts';

/**
 * A process of its own that stores one operation's file of a store's run, from where the database
 * says it stands, as the import's worker does: catalog-bulk-files.test.ts kills it mid-file to show
 * that the next process resumes and ends with exactly the file's content.
 *
 * Usage: node --import tsx tests/integration/catalog-import-process.ts <databaseUrl> <shopId> <fileUrl> <batchRows>
 */
const [databaseUrl, shopId, fileUrl, batchRows] = process.argv.slice(2);
const database = openDatabase(databaseUrl!, { maxConnections: 2 });
const state = await catalogRepository.findSyncState(database.db, shopId!);
if (state === undefined) throw new Error(`No sync state for ${shopId}`);
process.stdout.write('storing\n');
await storeOperationFile(
  database,
  {
    shopId: shopId!,
    run: state.run,
    locales: state.runLocales,
    operations: state.operations,
    batchRows: Number(batchRows),
  },
  0,
  fileUrl!,
);
await database.close();
process.stdout.write('stored\n');
