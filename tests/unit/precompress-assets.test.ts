import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isPrecompressible,
  precompressDirectory,
  precompressMinBytes,
} from '../../scripts/vite/precompress-assets.ts';

describe('isPrecompressible', () => {
  it.each(['app.js', 'chunk.mjs', 'style.css', 'index.html', 'logo.svg', 'meta.json', 'UPPER.JS'])(
    'takes the text asset %s from 1 KB on',
    (name) => {
      expect(isPrecompressible(name, precompressMinBytes)).toBe(true);
      expect(isPrecompressible(name, precompressMinBytes - 1)).toBe(false);
    },
  );

  it.each(['photo.png', 'font.woff2', 'app.js.br', 'app.js.gz', 'README'])(
    'leaves %s alone',
    (name) => {
      expect(isPrecompressible(name, 100_000)).toBe(false);
    },
  );
});

describe('precompressDirectory', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-precompress-'));
  });
  afterEach(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('writes brotli and gzip siblings that decompress to the original, in every folder', async () => {
    const script = `export const words = ${JSON.stringify('vitrine '.repeat(400))};\n`;
    await fs.mkdir(path.join(directory, 'assets'));
    await fs.writeFile(path.join(directory, 'assets', 'app.js'), script);
    await fs.writeFile(path.join(directory, 'small.css'), 'body{margin:0}');
    await fs.writeFile(path.join(directory, 'image.png'), Buffer.alloc(4096));

    const compressed = await precompressDirectory(directory);

    expect(compressed).toEqual([path.join(directory, 'assets', 'app.js')]);
    const brotli = await fs.readFile(path.join(directory, 'assets', 'app.js.br'));
    const gzip = await fs.readFile(path.join(directory, 'assets', 'app.js.gz'));
    expect(zlib.brotliDecompressSync(brotli).toString()).toBe(script);
    expect(zlib.gunzipSync(gzip).toString()).toBe(script);
    expect(brotli.length).toBeLessThan(script.length / 10);

    const files = await fs.readdir(directory, { recursive: true });
    expect(files.sort()).toEqual(
      [
        'assets',
        'assets/app.js',
        'assets/app.js.br',
        'assets/app.js.gz',
        'image.png',
        'small.css',
      ].map((file) => file.split('/').join(path.sep)),
    );
  });
});
