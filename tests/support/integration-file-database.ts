import { inject } from 'vitest';
import { createFreshDatabase } from './fresh-database.ts';
import { useFileDatabase } from './integration-services.ts';

/**
 * Runs before each integration test file: the file gets a database of its own, a copy of the
 * migrated template made by integration-global-setup.ts (copying is much faster than migrating).
 * Files can then run side by side without meeting each other's rows, job queues or counts. The
 * copies go with the cluster at the end of the run.
 */
const database = await createFreshDatabase('file', { template: inject('templateDatabaseName') });
useFileDatabase(database.url);
