import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { removeDataFolder } from '../../scripts/lib/data-folder.mjs';
import { startEmbeddedPostgres } from '#server/local/embedded-postgres.ts';

/**
 * As root, a data folder that PostgreSQL's system user cannot enter gets its cluster placed elsewhere
 * and linked from `<data folder>/postgres`. The clean-up of tests and benchmarks recognises that
 * cluster by the name local mode gives it, so the two must agree: a real start places the cluster,
 * and removing the data folder removes it. Only root runs PostgreSQL as another user.
 */
test.runIf(process.getuid?.() === 0)(
  'removing a private data folder removes the cluster local mode placed for it',
  async () => {
    const privateFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-private-'));
    try {
      await fs.chmod(privateFolder, 0o700);
      const dataDir = path.join(privateFolder, '.data');
      await fs.mkdir(dataDir);
      const notices: string[] = [];
      const database = await startEmbeddedPostgres(dataDir, (line) => notices.push(line));
      await database.stop();
      const link = path.join(dataDir, 'postgres');
      const cluster = path.resolve(dataDir, await fs.readlink(link));
      expect(notices.join('\n')).toContain(cluster);
      expect(await fs.readFile(path.join(cluster, 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);

      await removeDataFolder(dataDir);

      await expect(fs.lstat(dataDir)).rejects.toThrow();
      await expect(fs.lstat(cluster)).rejects.toThrow();
    } finally {
      await fs.rm(privateFolder, { recursive: true, force: true });
    }
  },
  120_000,
);
