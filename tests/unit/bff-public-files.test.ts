import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { publicRootFiles } from '#server/bff/client-files/serve-build.ts';

/**
 * The BFF serves the build's root files from a list, so that no other file there can be reached by
 * spelling its path oddly; the list must follow client/public, whose files Vite copies there.
 */
test('the root files the BFF serves are exactly the files of client/public', async () => {
  const publicDir = fileURLToPath(new URL('../../client/public/', import.meta.url));
  const entries = await fs.readdir(publicDir, { withFileTypes: true });

  expect(entries.every((entry) => entry.isFile())).toBe(true);
  expect([...publicRootFiles].sort()).toEqual(entries.map((entry) => entry.name).sort());
});
