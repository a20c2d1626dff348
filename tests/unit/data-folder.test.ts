import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDataFolder } from '../../scripts/lib/data-folder.mjs';

/**
 * Removing a throw-away data folder removes the cluster local mode placed elsewhere for it, and
 * nothing else a `postgres` link in it happens to point to.
 */

const made: string[] = [];

afterEach(async () => {
  await Promise.all(
    made.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })),
  );
});

async function tempFolder(prefix: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  made.push(folder);
  return folder;
}

const exists = (file: string) =>
  fs.lstat(file).then(
    () => true,
    () => false,
  );

/** A folder with a file in it, standing for something that is not a cluster of this data folder. */
async function somethingElse(folder: string): Promise<string> {
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'keep.txt'), 'not a cluster');
  return folder;
}

it('leaves alone a folder that a postgres link points to outside the cluster homes', async () => {
  const dataFolder = await tempFolder('vitrine-data-');
  const elsewhere = await somethingElse(await tempFolder('vitrine-elsewhere-'));
  await fs.symlink(elsewhere, path.join(dataFolder, 'postgres'));
  await fs.mkdir(path.join(dataFolder, 'nested'));
  await fs.symlink(elsewhere, path.join(dataFolder, 'nested', 'postgres'));

  await removeDataFolder(dataFolder);

  expect(await exists(dataFolder)).toBe(false);
  expect(await fs.readFile(path.join(elsewhere, 'keep.txt'), 'utf8')).toBe('not a cluster');
});

/** As root, local mode places clusters in /var/lib/vitrine/clusters; only root may write there. */
describe.runIf(process.getuid?.() === 0)('the cluster placed for the data folder', () => {
  const clusters = '/var/lib/vitrine/clusters';
  const nameOf = (dataFolder: string) =>
    `${dataFolder
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(-60)}-${randomBytes(4).toString('hex')}`;

  async function placedCluster(name: string): Promise<string> {
    await fs.mkdir(clusters, { recursive: true });
    const cluster = path.join(clusters, name);
    await somethingElse(cluster);
    made.push(cluster);
    return cluster;
  }

  it('is removed with the data folder, and so is that of a data folder nested in it', async () => {
    const dataFolder = await tempFolder('vitrine-data-');
    const nested = path.join(dataFolder, 'error-reporting');
    await fs.mkdir(nested);
    const cluster = await placedCluster(nameOf(dataFolder));
    const nestedCluster = await placedCluster(nameOf(nested));
    await fs.symlink(cluster, path.join(dataFolder, 'postgres'));
    await fs.symlink(nestedCluster, path.join(nested, 'postgres'));

    await removeDataFolder(dataFolder);

    expect(await exists(dataFolder)).toBe(false);
    expect(await exists(cluster)).toBe(false);
    expect(await exists(nestedCluster)).toBe(false);
  });

  it("is the only one removed: another data folder's cluster stays", async () => {
    const dataFolder = await tempFolder('vitrine-data-');
    const otherCluster = await placedCluster(nameOf(await tempFolder('vitrine-other-')));
    await fs.symlink(otherCluster, path.join(dataFolder, 'postgres'));

    await removeDataFolder(dataFolder);

    expect(await exists(dataFolder)).toBe(false);
    expect(await fs.readFile(path.join(otherCluster, 'keep.txt'), 'utf8')).toBe('not a cluster');
  });
});
