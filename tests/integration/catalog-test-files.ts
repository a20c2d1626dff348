import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { finished } from 'node:stream/promises';

/**
 * Bulk operation result files as Shopify writes them (JSONL, a product's media on lines of their own
 * after it, carrying `__parentId`), and a plain HTTP file server that serves them with byte ranges, as
 * the storage behind a bulk operation's `url` does. Not a stand-in for Shopify's API: only its files.
 */

export interface GeneratedProduct {
  gid: string;
  title: string;
  handle: string;
  seoDescription: string | null;
  updatedAt: string;
  media: string[];
}

/** Product `n` of a generated store; `version` changes its title and update time. */
export function generatedProduct(n: number, version = 1): GeneratedProduct {
  const mediaCount = n % 3 === 0 ? 2 : 1;
  return {
    gid: `gid://shopify/Product/${1_000_000 + n}`,
    title: version === 1 ? `Produit n° ${n} – édition « été »` : `Produit n° ${n} (v${version})`,
    handle: `produit-${n}`,
    seoDescription: n % 7 === 0 ? null : `Description ${n} pour les moteurs de recherche`,
    updatedAt: new Date(Date.UTC(2026, 0, 1) + n * 1000 + version * 86_400_000).toISOString(),
    media: Array.from(
      { length: mediaCount },
      (_, m) => `gid://shopify/MediaImage/${2_000_000 + n * 3 + m}`,
    ),
  };
}

/** The JSONL lines of some products and their media, in Shopify's order. */
export function* productLines(products: Iterable<GeneratedProduct>): Generator<string> {
  for (const product of products) {
    yield JSON.stringify({
      id: product.gid,
      title: product.title,
      handle: product.handle,
      descriptionHtml: `<p>${product.title}</p>`,
      seo: { title: null, description: product.seoDescription },
      status: 'ACTIVE',
      productType: 'Linge de maison',
      vendor: 'Maison Exemple',
      tags: ['lin', 'été'],
      onlineStoreUrl: `https://maison-exemple.fr/products/${product.handle}`,
      updatedAt: product.updatedAt,
    });
    for (const media of product.media) {
      yield JSON.stringify({
        id: media,
        alt: null,
        mediaContentType: 'IMAGE',
        image: { url: `https://cdn.shopify.com/${media.split('/').pop()}.jpg`, altText: null },
        __parentId: product.gid,
      });
    }
  }
}

/** Writes lines to a file as they are generated (a 100,000-product file is never built in memory). */
export async function writeLines(file: string, lines: Iterable<string>): Promise<number> {
  const out = fs.createWriteStream(file);
  let count = 0;
  for (const line of lines) {
    count += 1;
    if (!out.write(`${line}\n`))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
  return count;
}

/**
 * The fingerprint of a copy's products as the tests compare them: gid, title, handle and search
 * description of each, in gid order.
 */
export function productsFingerprint(products: Iterable<GeneratedProduct>): string {
  const rows = [...products]
    .map((p) => `${p.gid}|${p.title}|${p.handle}|${p.seoDescription ?? ''}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('md5').update(rows.join('\n')).digest('hex');
}

export const productsFingerprintSql = `
  select coalesce(md5(string_agg(gid || '|' || title || '|' || handle || '|' || coalesce(seo_description, ''),
    E'\\n' order by gid collate "C")), md5('')) as fingerprint
  from catalog_products where shop_id = $1`;

export interface FileServer {
  url(name: string): string;
  /** The Range header of each request, in order (undefined: the whole file). */
  ranges: Array<string | undefined>;
  /** Serves at most this many bytes of the next response, then drops the connection. */
  cutNextAfter(bytes: number): void;
  /** Answers the next request with the whole file whatever its Range (as some servers do). */
  ignoreNextRange(): void;
  /** Holds the next response after this many bytes until `release` resolves. */
  holdNextAfter(bytes: number, release: Promise<void>): void;
  close(): Promise<void>;
}

export async function startFileServer(folder: string): Promise<FileServer> {
  const ranges: Array<string | undefined> = [];
  let cut: number | undefined;
  let hold: { bytes: number; release: Promise<void> } | undefined;
  let ignoreRange = false;
  const server = http.createServer(async (request, response) => {
    const file = `${folder}/${decodeURIComponent(new URL(request.url!, 'http://x').pathname.slice(1))}`;
    if (!fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    ranges.push(request.headers.range);
    const start = ignoreRange
      ? 0
      : Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);
    ignoreRange = false;
    if (start >= size && start > 0) {
      response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
    response.writeHead(start > 0 ? 206 : 200, {
      'content-type': 'application/jsonl',
      'content-length': String(size - start),
      ...(start > 0 && { 'content-range': `bytes ${start}-${size - 1}/${size}` }),
    });
    const cutAfter = cut;
    const holdAt = hold;
    cut = undefined;
    hold = undefined;
    let sent = 0;
    for await (const chunk of fs.createReadStream(file, { start, highWaterMark: 16 * 1024 })) {
      let piece = chunk as Buffer;
      if (holdAt !== undefined && sent < holdAt.bytes && sent + piece.length >= holdAt.bytes) {
        const before = piece.subarray(0, holdAt.bytes - sent);
        response.write(before);
        sent += before.length;
        piece = piece.subarray(before.length);
        await holdAt.release;
      }
      if (cutAfter !== undefined && sent + piece.length > cutAfter) {
        response.write(piece.subarray(0, cutAfter - sent));
        await new Promise((resolve) => setTimeout(resolve, 50));
        response.socket?.destroy();
        return;
      }
      sent += piece.length;
      if (!response.write(piece)) await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (name) => `http://127.0.0.1:${port}/${encodeURIComponent(name)}`,
    ranges,
    cutNextAfter(bytes) {
      cut = bytes;
    },
    ignoreNextRange() {
      ignoreRange = true;
    },
    holdNextAfter(bytes, release) {
      hold = { bytes, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
