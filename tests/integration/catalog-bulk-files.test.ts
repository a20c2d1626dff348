import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { productWithMedia } from '#server/areas/catalog/catalog-records.ts';
import {
  filesBegunAt,
  newOperations,
  storeOperationFile,
  type OperationKind,
} from '#server/areas/catalog/catalog-sync.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openTestDatabase, testDatabaseUrl } from '../support/integration-services.ts';
import {
  generatedProduct,
  productLines,
  productsFingerprint,
  productsFingerprintSql,
  startFileServer,
  writeLines,
  type FileServer,
  type GeneratedProduct,
} from './catalog-test-files.ts';
import { eventually } from '../support/eventually.ts';

/**
 * A bulk operation's file into the copy, on the real PostgreSQL: read line by line as it downloads,
 * stored in batches with the position reached, resumed by another process after the first is killed,
 * ending with exactly the file's records; and a later run removes what the store no longer has
 * without letting an older file undo what webhooks stored.
 */

let database: DatabaseHandle;
let folder: string;
let files: FileServer;

beforeAll(async () => {
  database = openTestDatabase();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bulk-files-'));
  files = await startFileServer(folder);
});

afterAll(async () => {
  await files?.close();
  await database?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** A run of a store's import (the store's state made as connecting it does, the first time). */
async function newRun(
  shopId: string,
  kinds: OperationKind[] = ['products'],
  locales: string[] = [],
) {
  if ((await catalogRepository.findSyncState(database.db, shopId)) === undefined) {
    await catalogRepository.markQueued(database.db, shopId);
  }
  return (await catalogRepository.beginRun(database.db, shopId, {
    phase: 'importing',
    locales,
    operations: newOperations(kinds),
  }))!;
}

/** A run's start and when its files began, as the import gives them to removeUnseen. */
function timesOf(state: Awaited<ReturnType<typeof newRun>>) {
  return {
    runStartedAt: state.startedAt!,
    filesBegunAt: filesBegunAt(state.operations, state.startedAt!),
  };
}

async function storeFile(
  shopId: string,
  state: Awaited<ReturnType<typeof newRun>>,
  url: string,
  batchRows = 5000,
) {
  await storeOperationFile(
    database,
    { shopId, run: state.run, locales: state.runLocales, operations: state.operations, batchRows },
    0,
    url,
  );
}

async function count(table: string, shopId: string): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(
    `select count(*) as n from ${table} where shop_id = $1`,
    [shopId],
  );
  return Number(rows[0]!.n);
}

async function fingerprint(shopId: string): Promise<string> {
  const { rows } = await database.pool.query<{ fingerprint: string }>(productsFingerprintSql, [
    shopId,
  ]);
  return rows[0]!.fingerprint;
}

const mediaOf = (products: GeneratedProduct[]) =>
  products.reduce((sum, product) => sum + product.media.length, 0);

describe('a bulk operation’s file into the copy', () => {
  it('stores 100,000 products and their media as the file downloads, ending with exactly its content', async () => {
    const shopId = randomUUID();
    const products = range(1, 100_000).map((n) => generatedProduct(n));
    const lines = await writeLines(
      path.join(folder, 'products-100k.jsonl'),
      productLines(products),
    );
    const size = (await fs.stat(path.join(folder, 'products-100k.jsonl'))).size;
    const state = await newRun(shopId);

    // The server sends the first half and holds the rest until the copy has rows: a reader that
    // waited for the whole file before storing would never see the second half.
    let release!: () => void;
    files.holdNextAfter(Math.floor(size / 2), new Promise<void>((resolve) => (release = resolve)));
    const storing = storeFile(shopId, state, files.url('products-100k.jsonl'));
    await eventually(
      'rows stored from the first half',
      async () => (await count('catalog_products', shopId)) > 0,
      (stored) => stored,
      60_000,
    );
    release();
    await storing;

    expect(await count('catalog_products', shopId)).toBe(100_000);
    expect(await count('catalog_media', shopId)).toBe(mediaOf(products));
    expect(await fingerprint(shopId)).toBe(productsFingerprint(products));
    const stored = await catalogRepository.findSyncState(database.db, shopId);
    expect(stored!.operations[0]).toMatchObject({ linesStored: lines, bytesStored: size });
  }, 240_000);

  it('resumes in a new process where a killed one stopped, and ends with no row missing or doubled', async () => {
    const shopId = randomUUID();
    const products = range(1, 20_000).map((n) => generatedProduct(n));
    const lines = await writeLines(path.join(folder, 'products-20k.jsonl'), productLines(products));
    const size = (await fs.stat(path.join(folder, 'products-20k.jsonl'))).size;
    await newRun(shopId);

    // The first process gets 60 % of the file, then the download stalls; it is killed there.
    let release!: () => void;
    files.holdNextAfter(
      Math.floor(size * 0.6),
      new Promise<void>((resolve) => (release = resolve)),
    );
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/integration/catalog-import-process.ts',
        testDatabaseUrl(),
        shopId,
        files.url('products-20k.jsonl'),
        '500',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    const storedAtLeast = async (minimum: number) =>
      ((await catalogRepository.findSyncState(database.db, shopId))?.operations[0]?.linesStored ??
        0) >= minimum;
    await eventually(
      'the first process to store most of what it received',
      () => storedAtLeast(Math.floor(lines * 0.5)),
      (stored) => stored,
      60_000,
    );
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    release();

    const killedAt = (await catalogRepository.findSyncState(database.db, shopId))!.operations[0]!;
    expect(killedAt.linesStored).toBeGreaterThan(0);
    expect(killedAt.linesStored).toBeLessThan(lines);
    expect(await count('catalog_products', shopId)).toBeLessThan(20_000);

    const state = (await catalogRepository.findSyncState(database.db, shopId))!;
    await storeFile(shopId, state, files.url('products-20k.jsonl'), 500);

    // The second read asked only for the bytes after the last line stored.
    expect(files.ranges.at(-1)).toBe(`bytes=${killedAt.bytesStored}-`);
    expect(await count('catalog_products', shopId)).toBe(20_000);
    expect(await count('catalog_media', shopId)).toBe(mediaOf(products));
    expect(await fingerprint(shopId)).toBe(productsFingerprint(products));
    const { rows: media } = await database.pool.query<{ positions: string }>(
      `select string_agg(gid, ',' order by position) as positions from catalog_media
       where shop_id = $1 and product_gid = $2`,
      [shopId, products[2]!.gid],
    );
    expect(media[0]!.positions).toBe(products[2]!.media.join(','));
    const done = (await catalogRepository.findSyncState(database.db, shopId))!.operations[0];
    expect(done).toMatchObject({ linesStored: lines, bytesStored: size });
  }, 120_000);

  it('resumes after a dropped download, also from a server that sends the whole file again', async () => {
    const shopId = randomUUID();
    const products = range(1, 3000).map((n) => generatedProduct(n));
    await writeLines(path.join(folder, 'products-3k.jsonl'), productLines(products));
    const size = (await fs.stat(path.join(folder, 'products-3k.jsonl'))).size;
    const state = await newRun(shopId);

    files.cutNextAfter(Math.floor(size / 3));
    await expect(storeFile(shopId, state, files.url('products-3k.jsonl'), 200)).rejects.toThrow();
    const stopped = (await catalogRepository.findSyncState(database.db, shopId))!.operations[0]!;
    expect(stopped.linesStored).toBeGreaterThan(0);

    // The server answers 200 with the whole file: the bytes already stored are skipped as they come.
    files.ignoreNextRange();
    await storeFile(shopId, state, files.url('products-3k.jsonl'), 200);
    expect(files.ranges.at(-1)).toBe(`bytes=${stopped.bytesStored}-`);
    expect(await fingerprint(shopId)).toBe(productsFingerprint(products));
    expect(await count('catalog_media', shopId)).toBe(mediaOf(products));
    expect(state.operations[0]).toMatchObject({ bytesStored: size });
  });

  it('removes, at the end of a later run, what the store no longer has, and keeps the rest as the store has it', async () => {
    const shopId = randomUUID();
    const before = range(1, 300).map((n) => generatedProduct(n));
    await writeLines(path.join(folder, 'before.jsonl'), productLines(before));
    const first = await newRun(shopId);
    await storeFile(shopId, first, files.url('before.jsonl'), 100);
    await catalogRepository.removeUnseen(
      database.db,
      shopId,
      first.run,
      ['products'],
      timesOf(first),
    );

    const gone = new Set([5, 50, 150, 300]);
    const after = [
      ...range(1, 300)
        .filter((n) => !gone.has(n))
        .map((n) => generatedProduct(n, n === 7 ? 2 : 1)),
      ...range(301, 310).map((n) => generatedProduct(n)),
    ];
    await writeLines(path.join(folder, 'after.jsonl'), productLines(after));
    const second = await newRun(shopId);
    expect(second.run).toBe(first.run + 1);
    await storeFile(shopId, second, files.url('after.jsonl'), 100);
    // Until the run has read everything, nothing is removed.
    expect(await count('catalog_products', shopId)).toBe(310);
    await catalogRepository.removeUnseen(
      database.db,
      shopId,
      second.run,
      ['products'],
      timesOf(second),
    );

    expect(await fingerprint(shopId)).toBe(productsFingerprint(after));
    expect(await count('catalog_media', shopId)).toBe(mediaOf(after));
  });

  it('lets no older file undo a webhook’s newer read, bring back what a webhook deleted, or remove what a webhook created', async () => {
    const shopId = randomUUID();
    const catalog = range(1, 50).map((n) => generatedProduct(n));
    await writeLines(path.join(folder, 'webhooks-first.jsonl'), productLines(catalog));
    const first = await newRun(shopId);
    await storeFile(shopId, first, files.url('webhooks-first.jsonl'));

    // A product created in the store, which the next run's file cannot hold, stored by a webhook
    // just before that run begins (so as seen by the run before).
    const created: GeneratedProduct = {
      ...generatedProduct(999),
      updatedAt: new Date(Date.now() + 1000).toISOString(),
    };
    const createdRead = productWithMedia({
      ...JSON.parse([...productLines([created])][0]!),
      media: { nodes: created.media.map((id) => ({ id, mediaContentType: 'IMAGE', alt: null })) },
    });
    await catalogRepository.storeProductWithMedia(
      database.db,
      shopId,
      'follow-up',
      createdRead.product,
      createdRead.media,
    );

    // A second run's file is begun; meanwhile webhooks store product 10's newer version and delete 20.
    const second = await newRun(shopId);
    second.operations[0]!.createdAt = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const newer = generatedProduct(10, 3);
    const { product, media } = productWithMedia({
      ...JSON.parse([...productLines([newer])][0]!),
      media: { nodes: newer.media.map((id) => ({ id, mediaContentType: 'IMAGE', alt: null })) },
    });
    expect(
      await catalogRepository.storeProductWithMedia(
        database.db,
        shopId,
        'follow-up',
        product,
        media,
      ),
    ).toBe(true);
    await catalogRepository.deleteRecord(database.db, shopId, catalog[19]!.gid, new Date());

    // The file was written before both: product 10 in version 2, product 20 still there.
    const file = catalog.map((p) => (p.gid === newer.gid ? generatedProduct(10, 2) : p));
    await writeLines(path.join(folder, 'webhooks-second.jsonl'), productLines(file));
    await storeFile(shopId, second, files.url('webhooks-second.jsonl'));
    await catalogRepository.removeUnseen(
      database.db,
      shopId,
      second.run,
      ['products'],
      timesOf(second),
    );

    const expected = [
      ...catalog
        .filter((p) => p.gid !== catalog[19]!.gid)
        .map((p) => (p.gid === newer.gid ? newer : p)),
      created,
    ];
    expect(await fingerprint(shopId)).toBe(productsFingerprint(expected));
    expect(await count('catalog_media', shopId)).toBe(mediaOf(expected));
  });

  it('stores translations per language with the digest of the text they translate', async () => {
    const shopId = randomUUID();
    const lines = [
      {
        resourceId: 'gid://shopify/Product/1',
        translatableContent: [
          { key: 'title', digest: 'digest-title-1' },
          { key: 'meta_description', digest: 'digest-meta-1' },
        ],
        t0: [
          {
            key: 'title',
            value: 'Nappe en lin',
            locale: 'fr',
            outdated: false,
            updatedAt: '2026-03-01T10:00:00Z',
          },
          {
            key: 'meta_description',
            value: 'Linen tablecloth',
            locale: 'fr',
            outdated: true,
            updatedAt: '2026-02-01T10:00:00Z',
          },
        ],
        t1: [
          {
            key: 'title',
            value: 'Leinentischdecke',
            locale: 'de',
            outdated: false,
            updatedAt: '2026-03-02T10:00:00Z',
          },
        ],
      },
      {
        resourceId: 'gid://shopify/Product/2',
        translatableContent: [{ key: 'title', digest: 'd2' }],
        t0: [],
        t1: [],
      },
    ];
    await writeLines(
      path.join(folder, 'translations.jsonl'),
      lines.map((line) => JSON.stringify(line)),
    );
    const state = await newRun(shopId, ['translations:PRODUCT'], ['fr', 'de']);
    await storeFile(shopId, state, files.url('translations.jsonl'));

    const { rows } = await database.pool.query(
      `select resource_gid, locale, key, value, digest, outdated from catalog_translations
       where shop_id = $1 order by locale, key`,
      [shopId],
    );
    expect(rows).toEqual([
      {
        resource_gid: 'gid://shopify/Product/1',
        locale: 'de',
        key: 'title',
        value: 'Leinentischdecke',
        digest: 'digest-title-1',
        outdated: false,
      },
      {
        resource_gid: 'gid://shopify/Product/1',
        locale: 'fr',
        key: 'meta_description',
        value: 'Linen tablecloth',
        digest: 'digest-meta-1',
        outdated: true,
      },
      {
        resource_gid: 'gid://shopify/Product/1',
        locale: 'fr',
        key: 'title',
        value: 'Nappe en lin',
        digest: 'digest-title-1',
        outdated: false,
      },
    ]);
  });
});
