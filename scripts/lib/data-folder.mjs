import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes a throw-away data folder of local mode (a test's, a benchmark's) with the clusters linked
 * from it. As root, when PostgreSQL's system user cannot enter the folder, the cluster is kept
 * elsewhere and `<data folder>/postgres` links to it (server/local/postgres-system-user.ts); removing
 * the folder alone would leave that cluster behind. Plain JavaScript, for scripts/test.mjs.
 */
export async function removeDataFolder(folder) {
  const entries = await fs
    .readdir(folder, { recursive: true, withFileTypes: true })
    .catch(() => []);
  for (const entry of entries) {
    if (entry.name !== 'postgres' || !entry.isSymbolicLink()) continue;
    const link = path.join(entry.parentPath, entry.name);
    const cluster = await fs.realpath(link).catch(() => undefined);
    if (cluster !== undefined) await fs.rm(cluster, { recursive: true, force: true });
  }
  await fs.rm(folder, { recursive: true, force: true });
}
