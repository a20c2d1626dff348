import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where local mode places a cluster that PostgreSQL's system user cannot reach inside the data folder:
 * `clusters` in one of the placement folders of server/local/postgres-system-user.ts.
 */
const clusterHomes = ['/var/lib/vitrine/clusters', '/tmp/vitrine/clusters'];

/**
 * Removes a throw-away data folder of local mode (a test's, a benchmark's) with the clusters linked
 * from it. As root, when PostgreSQL's system user cannot enter the folder, the cluster is kept
 * elsewhere and `<data folder>/postgres` links to it (server/local/postgres-system-user.ts); removing
 * the folder alone would leave that cluster behind. Only a link's target that local mode made for
 * that very data folder is removed: nothing a link elsewhere points to. The data folders nested in
 * this one (the e2e run's second instance) are looked at too. Plain JavaScript, for scripts/test.mjs.
 */
export async function removeDataFolder(folder) {
  const entries = await fs
    .readdir(folder, { recursive: true, withFileTypes: true })
    .catch(() => []);
  for (const entry of entries) {
    if (entry.name !== 'postgres' || !entry.isSymbolicLink()) continue;
    const cluster = await placedCluster(entry.parentPath);
    if (cluster !== undefined) await fs.rm(cluster, { recursive: true, force: true });
  }
  await fs.rm(folder, { recursive: true, force: true });
}

/**
 * The folder `<dataFolder>/postgres` links to, when it is the one local mode made for this data
 * folder: directly in a cluster home, named as newClusterFolder names it (the data folder's path,
 * then a random suffix of 8 hex digits), and a folder itself, not a further link.
 */
async function placedCluster(dataFolder) {
  const link = path.join(dataFolder, 'postgres');
  const target = path.resolve(dataFolder, await fs.readlink(link).catch(() => ''));
  if (!clusterHomes.includes(path.dirname(target))) return undefined;
  const names = new Set([path.resolve(dataFolder), await fs.realpath(dataFolder)].map(clusterName));
  const [, name, suffix] = /^(.*)-([0-9a-f]{8})$/.exec(path.basename(target)) ?? [];
  if (suffix === undefined || !names.has(name)) return undefined;
  const stat = await fs.lstat(target).catch(() => undefined);
  return stat?.isDirectory() ? target : undefined;
}

/** `/root/shop/.data` → `root-shop-data`, as server/local/postgres-system-user.ts names a cluster. */
function clusterName(dataFolder) {
  return dataFolder
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-60);
}
