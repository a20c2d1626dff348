import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Brotli and gzip siblings (`app.js.br`, `app.js.gz`) of the built text assets, made once at build
 * time at the highest levels, so that the server sends them without compressing on every request.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const compressibleExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json']);

/** Below this, the saving does not pay for the extra header and file; servers send such files as they are. */
export const precompressMinBytes = 1024;

export function isPrecompressible(fileName: string, sizeBytes: number): boolean {
  return (
    sizeBytes >= precompressMinBytes &&
    compressibleExtensions.has(path.extname(fileName).toLowerCase())
  );
}

export async function compressBrotli(content: Buffer): Promise<Buffer> {
  return brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

export async function compressGzip(content: Buffer): Promise<Buffer> {
  return gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION });
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the siblings for every compressible file under the directory; returns the files compressed. */
export async function precompressDirectory(directory: string): Promise<string[]> {
  const candidates: string[] = [];
  for (const file of await listFiles(directory)) {
    const { size } = await fs.stat(file);
    if (isPrecompressible(file, size)) candidates.push(file);
  }
  await Promise.all(
    candidates.map(async (file) => {
      const content = await fs.readFile(file);
      const [brotliContent, gzipContent] = await Promise.all([
        compressBrotli(content),
        compressGzip(content),
      ]);
      await Promise.all([
        fs.writeFile(`${file}.br`, brotliContent),
        fs.writeFile(`${file}.gz`, gzipContent),
      ]);
    }),
  );
  return candidates;
}
