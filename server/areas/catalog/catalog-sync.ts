import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '#shared/errors.ts';
import type { AdminClient } from '#server/platform/shopify/admin-client.ts';
import { shopifyWebhookPath } from '#server/platform/shopify/shopify-app.ts';
import {
  blogsBulkQuery,
  bulkOperationQuery,
  bulkOperationRunQueryMutation,
  collectionStampsBulkQuery,
  collectionsBulkQuery,
  pagesBulkQuery,
  productStampsBulkQuery,
  productsBulkQuery,
  recordCountsQuery,
  shopDetailsQuery,
  translatableResourceTypes,
  translationsBulkQuery,
  webhookSubscriptionCreateMutation,
  webhookSubscriptionsQuery,
  webhookTopics,
  type TranslatableResourceType,
} from '#server/platform/shopify/admin-documents.ts';
import type {
  BulkOperationQuery,
  BulkOperationRunQueryMutation,
  ShopDetailsQuery,
  WebhookSubscriptionCreateMutation,
  WebhookSubscriptionsQuery,
} from '#server/platform/shopify/admin-document-types.ts';
import type { CatalogDependencies } from './catalog-dependencies.ts';
import {
  articleRow,
  batchSize,
  blogRow,
  collectionRow,
  emptyBatch,
  mediaRow,
  pageRow,
  productRow,
  stamp,
  translationRows,
  type ArticleNode,
  type BlogNode,
  type CatalogBatch,
  type CollectionNode,
  type MediaNode,
  type PageNode,
  type ProductNode,
  type StampNode,
  type TranslatableResourceNode,
} from './catalog-records.ts';
import * as catalogRepository from './catalog-repository.ts';
import { resultLines } from './bulk-result-stream.ts';
import type { BulkOperationProgress, ShopifyTotals } from './tables.ts';

/**
 * What the import and the reconciliation share: reading the shop, subscribing to its webhooks, and
 * running bulk operations whose files are streamed into the copy in batches, each batch stored in
 * one transaction with the position reached in its file (catalog-repository.ts's storeBatch). A run
 * that stops anywhere resumes at the last batch stored; storing a line twice changes nothing, since
 * every row is an upsert by its Shopify id.
 */

/** The bulk queries a run may hold: the catalog's kinds, their stamps, one per translated type. */
export type OperationKind =
  | 'products'
  | 'collections'
  | 'pages'
  | 'blogs'
  | 'product-stamps'
  | 'collection-stamps'
  | `translations:${TranslatableResourceType}`;

export const importKinds: OperationKind[] = [
  'products',
  'collections',
  'pages',
  'blogs',
  ...translatableResourceTypes.map((type) => `translations:${type}` as const),
];

export const reconciliationKinds: OperationKind[] = [
  'product-stamps',
  'collection-stamps',
  'pages',
  'blogs',
  ...translatableResourceTypes.map((type) => `translations:${type}` as const),
];

function bulkQueryOf(kind: OperationKind, locales: readonly string[]): string {
  switch (kind) {
    case 'products':
      return productsBulkQuery;
    case 'collections':
      return collectionsBulkQuery;
    case 'pages':
      return pagesBulkQuery;
    case 'blogs':
      return blogsBulkQuery;
    case 'product-stamps':
      return productStampsBulkQuery;
    case 'collection-stamps':
      return collectionStampsBulkQuery;
    default:
      return translationsBulkQuery(
        kind.slice('translations:'.length) as TranslatableResourceType,
        locales,
      );
  }
}

/** One line of a bulk file: a record, and for a child record its parent's id. */
export type BulkLine = Record<string, unknown> & { __parentId?: unknown };

/**
 * A line as the record its query asks for: Shopify writes each line as its schema types the
 * query's fields (admin-document-types.ts), nullable fields null, so the line is read as that type.
 */
const read = <Node>(line: BulkLine): Node => line as unknown as Node;

/**
 * Adds one line of a file to the batch. A child line (a product's media, a blog's article) names its
 * parent in `__parentId`; a media's position is its line number, which orders a product's media the
 * way Shopify listed them, however the read was interrupted and resumed.
 */
export function addLine(
  batch: CatalogBatch,
  kind: OperationKind,
  node: BulkLine,
  lineNumber: number,
  locales: readonly string[],
): void {
  const parentId = typeof node.__parentId === 'string' ? node.__parentId : undefined;
  switch (kind) {
    case 'products':
      if (parentId === undefined) batch.products.push(productRow(read<ProductNode>(node)));
      else batch.media.push(mediaRow(read<MediaNode>(node), parentId, lineNumber));
      return;
    case 'collections':
      batch.collections.push(collectionRow(read<CollectionNode>(node)));
      return;
    case 'pages':
      batch.pages.push(pageRow(read<PageNode>(node)));
      return;
    case 'blogs':
      if (parentId === undefined) batch.blogs.push(blogRow(read<BlogNode>(node)));
      else batch.articles.push(articleRow(read<ArticleNode>(node), parentId));
      return;
    case 'product-stamps':
    case 'collection-stamps': {
      const stamps = kind === 'product-stamps' ? batch.productStamps : batch.collectionStamps;
      stamps.push(stamp(read<StampNode>(node)));
      return;
    }
    default:
      batch.translations.push(...translationRows(read<TranslatableResourceNode>(node), locales));
  }
}

export interface ShopDetails {
  gid: string;
  name: string;
  /** Published languages other than the primary one: the translations a run reads. */
  translatedLocales: string[];
}

/** Reads the shop and its languages and stores them; answers the languages to translate. */
export async function readShopDetails(
  deps: Pick<CatalogDependencies, 'db'>,
  client: AdminClient,
  shopId: string,
): Promise<ShopDetails> {
  const answer = await client.request<ShopDetailsQuery>(shopDetailsQuery);
  const locales = answer.shopLocales.map((entry) => {
    const url =
      (entry.marketWebPresences ?? [])
        .flatMap((presence) => presence.rootUrls ?? [])
        .find((root) => root.locale === entry.locale)?.url ?? null;
    return {
      locale: entry.locale,
      name: entry.name,
      primary: entry.primary,
      published: entry.published,
      url,
    };
  });
  await catalogRepository.storeShopDetails(deps.db, {
    shopId,
    gid: answer.shop.id,
    name: answer.shop.name,
    myshopifyDomain: answer.shop.myshopifyDomain,
    primaryDomainHost: answer.shop.primaryDomain.host,
    primaryDomainUrl: answer.shop.primaryDomain.url,
    currencyCode: answer.shop.currencyCode,
    ianaTimezone: answer.shop.ianaTimezone,
    locales,
    readAt: new Date(),
  });
  return {
    gid: answer.shop.id,
    name: answer.shop.name,
    translatedLocales: locales
      .filter((entry) => entry.published && !entry.primary)
      .map((entry) => entry.locale)
      .sort(),
  };
}

/**
 * Subscribes the store's webhooks to the product's address, creating only the topics not yet
 * subscribed there (an import that runs again adds nothing); answers the topics it created.
 */
export async function subscribeWebhooks(
  deps: Pick<CatalogDependencies, 'publicUrl'>,
  client: AdminClient,
): Promise<string[]> {
  const uri = `${deps.publicUrl}${shopifyWebhookPath}`;
  const subscribed = new Set<string>();
  let after: string | null = null;
  do {
    const answer: WebhookSubscriptionsQuery = await client.request<WebhookSubscriptionsQuery>(
      webhookSubscriptionsQuery,
      { uri, after },
    );
    for (const node of answer.webhookSubscriptions.nodes) {
      if (node.uri === uri) subscribed.add(node.topic);
    }
    after = answer.webhookSubscriptions.pageInfo.hasNextPage
      ? answer.webhookSubscriptions.pageInfo.endCursor
      : null;
  } while (after !== null);
  const created: string[] = [];
  for (const topic of webhookTopics) {
    if (subscribed.has(topic)) continue;
    const answer = await client.request<WebhookSubscriptionCreateMutation>(
      webhookSubscriptionCreateMutation,
      { topic, webhookSubscription: { uri } },
    );
    if (answer.webhookSubscriptionCreate === null) {
      throw new Error(`Shopify answered nothing to the ${topic} webhook's subscription`);
    }
    const errors = answer.webhookSubscriptionCreate.userErrors;
    if (errors.length > 0) {
      throw new Error(
        `Shopify refused the ${topic} webhook: ${errors.map((e) => e.message).join('; ')}`,
      );
    }
    created.push(topic);
  }
  return created;
}

interface BulkOperationState {
  id: string;
  status: string;
  errorCode: string | null;
  objectCount: string | number | null;
  url: string | null;
  createdAt: string;
}

/** Shopify runs at most this many bulk queries at once per store and app (2026-01 and later). */
const concurrentBulkQueries = 5;
/** A batch is stored once it holds this many rows: about 2 MB of JSON, a few hundred ms of work. */
export const defaultBatchRows = 5000;
/** A failed, cancelled or expired operation is started again this many times in one attempt. */
const operationRestarts = 2;

async function startBulkOperation(client: AdminClient, query: string) {
  const answer = await client.request<BulkOperationRunQueryMutation>(
    bulkOperationRunQueryMutation,
    { query },
  );
  if (answer.bulkOperationRunQuery === null) throw new Error('Shopify ran no bulk query');
  const { bulkOperation, userErrors } = answer.bulkOperationRunQuery;
  if (bulkOperation === null || userErrors.length > 0) {
    const limitReached = userErrors.some(
      (error) => error.code === 'OPERATION_IN_PROGRESS' || error.code === 'LIMIT_REACHED',
    );
    if (limitReached) return undefined;
    throw new Error(
      `Shopify refused a bulk query: ${userErrors.map((error) => error.message).join('; ')}`,
    );
  }
  return bulkOperation;
}

/**
 * How many records of each kind a store's copy may hold (each line of a bulk file: a product and each
 * of its media, a blog and each of its articles, a translated resource): ten times the pages the
 * owner's plan audits, and never fewer than 5,000. The audit reads its pages from the copy, so the
 * copy holds all it can audit with room to spare, without a Free owner's store of 100,000 products
 * being copied whole (docs/decisions/0020-catalog-import-cap.md).
 */
export function copyLimitFor(pagesAudited: number): number {
  return Math.max(pagesAudited * 10, 5000);
}

/** The files a run reads only up to the copy's limit: all but the stamps, which store no record. */
function isLimited(kind: OperationKind): boolean {
  return kind !== 'product-stamps' && kind !== 'collection-stamps';
}

/** The kinds of a run's operations whose files were read only up to the copy's limit. */
export function cutKinds(operations: readonly BulkOperationProgress[]): string[] {
  return operations
    .filter((operation) => operation.cut === true)
    .map((operation) => operation.kind);
}

/**
 * How many products and collections the store has at Shopify, for those of them the copy holds in
 * part (cutKinds); asks Shopify nothing when the copy holds both whole.
 */
export async function shopifyTotalsOf(
  client: AdminClient,
  partialKinds: readonly string[],
): Promise<ShopifyTotals> {
  const counted = (['products', 'collections'] as const).filter((kind) =>
    partialKinds.includes(kind),
  );
  if (counted.length === 0) return {};
  const answer = await client.request<{
    productsCount: { count: number } | null;
    collectionsCount: { count: number } | null;
  }>(recordCountsQuery);
  const totals: ShopifyTotals = {};
  for (const kind of counted) {
    const count = (kind === 'products' ? answer.productsCount : answer.collectionsCount)?.count;
    if (typeof count === 'number') totals[kind] = count;
  }
  return totals;
}

export interface RunContext {
  shopId: string;
  run: number;
  locales: string[];
  operations: BulkOperationProgress[];
  batchRows?: number;
  /** Records of each kind the copy may hold (copyLimitFor); every line is read when unset. */
  copyLimit?: number;
  /**
   * Kinds the copy holds in part: a stamp of such a record the copy lacks is left out rather than
   * read again, so that a reconciliation does not grow a partial copy.
   */
  partialKinds?: readonly string[];
  /** Ids of products and collections the stamps found changed: the reconciliation reads them again. */
  staleProducts?: Set<string>;
  staleCollections?: Set<string>;
}

/**
 * Runs a run's operations to the end: starts them (up to Shopify's concurrency), waits for their
 * files, and streams each file into the copy from where the last attempt stopped. An operation whose
 * file can no longer be read (failed, cancelled, expired) is started again and read from the start.
 */
export async function runOperations(
  deps: CatalogDependencies,
  client: AdminClient,
  context: RunContext,
): Promise<void> {
  const { shopId, operations } = context;
  const pollMs = deps.bulkPollIntervalMs ?? 1000;
  const statuses = new Map<number, BulkOperationState>();
  const restarts = new Map<number, number>();

  const restart = async (index: number, reason: string) => {
    const count = (restarts.get(index) ?? 0) + 1;
    if (count > operationRestarts) {
      throw new Error(`The ${operations[index]!.kind} bulk operation kept failing: ${reason}`);
    }
    restarts.set(index, count);
    deps.log.warn({ shopId, kind: operations[index]!.kind, reason }, 'bulk operation restarted');
    const reset = {
      bulkOperationId: null,
      createdAt: null,
      linesStored: 0,
      bytesStored: 0,
      objectCount: null,
    };
    Object.assign(operations[index]!, reset);
    statuses.delete(index);
    await catalogRepository.updateOperation(deps.db, shopId, context.run, index, reset);
  };

  for (;;) {
    const pending = operations
      .map((operation, index) => ({ operation, index }))
      .filter(({ operation }) => !operation.stored);
    if (pending.length === 0) return;

    // Ask about every started operation whose file is not stored yet.
    for (const { operation, index } of pending) {
      if (operation.bulkOperationId === null) continue;
      const answer = await client.request<BulkOperationQuery>(bulkOperationQuery, {
        id: operation.bulkOperationId,
      });
      if (answer.bulkOperation === null) await restart(index, 'unknown to Shopify');
      else statuses.set(index, answer.bulkOperation);
    }

    // Start what waits, as long as Shopify runs fewer than its limit for us.
    let running = [...statuses.values()].filter((state) =>
      ['CREATED', 'RUNNING'].includes(state.status),
    ).length;
    for (const { operation, index } of pending) {
      if (operation.bulkOperationId !== null || running >= concurrentBulkQueries) continue;
      const started = await startBulkOperation(
        client,
        bulkQueryOf(operation.kind as OperationKind, context.locales),
      );
      if (started === undefined) break;
      running += 1;
      const changes = { bulkOperationId: started.id, createdAt: new Date().toISOString() };
      Object.assign(operation, changes);
      statuses.set(index, {
        ...started,
        errorCode: null,
        objectCount: null,
        url: null,
        createdAt: changes.createdAt,
      });
      await catalogRepository.updateOperation(deps.db, shopId, context.run, index, changes);
    }

    // Store every file that is ready, one after the other.
    let progressed = false;
    for (const { operation, index } of pending) {
      const state = statuses.get(index);
      if (state === undefined) continue;
      if (state.status === 'FAILED' && state.errorCode === 'ACCESS_DENIED') {
        throw new AppError('shopify_refused', 502, { message: 'Shopify denied a bulk query' });
      }
      if (['FAILED', 'CANCELED', 'CANCELING', 'EXPIRED'].includes(state.status)) {
        await restart(index, `${state.status} ${state.errorCode ?? ''}`.trim());
        progressed = true;
        continue;
      }
      if (state.status !== 'COMPLETED') continue;
      // Deletions after the file began are kept out of it (storeBatch): Shopify's own time of the
      // file's start replaces ours when it is earlier.
      const objectCount = Number(state.objectCount ?? 0);
      const createdAt =
        operation.createdAt === null ||
        Date.parse(state.createdAt) < Date.parse(operation.createdAt)
          ? state.createdAt
          : operation.createdAt;
      if (operation.objectCount !== objectCount || operation.createdAt !== createdAt) {
        Object.assign(operation, { objectCount, createdAt });
        await catalogRepository.updateOperation(deps.db, shopId, context.run, index, {
          objectCount,
          createdAt,
        });
      }
      let cut = false;
      try {
        if (state.url !== null) cut = await storeOperationFile(deps, context, index, state.url);
      } catch (error) {
        if (!(error instanceof FileUnreadableError)) throw error;
        await restart(index, error.message);
        progressed = true;
        continue;
      }
      Object.assign(operation, { stored: true, cut });
      await catalogRepository.updateOperation(deps.db, shopId, context.run, index, {
        stored: true,
        cut,
      });
      progressed = true;
    }
    if (!progressed) await sleep(pollMs);
  }
}

/** The file's address no longer answers (its signed address expired): the operation must run again. */
class FileUnreadableError extends Error {}

/**
 * Stores an operation's file from where the last attempt stopped. A file is read up to the copy's
 * limit: once that many lines are stored, it stops before the next record that is not a child, so
 * that a product copied comes with all its media and a blog with its articles. Answers whether it
 * stopped there (the records after it are not in the copy).
 */
export async function storeOperationFile(
  deps: Pick<CatalogDependencies, 'db' | 'bulkFileIdleTimeoutMs'>,
  context: RunContext,
  index: number,
  url: string,
): Promise<boolean> {
  const operation = context.operations[index]!;
  const kind = operation.kind as OperationKind;
  const limit = isLimited(kind) ? context.copyLimit : undefined;
  let cut = false;
  const readSince = new Date(operation.createdAt ?? Date.now());
  const batchRows = context.batchRows ?? defaultBatchRows;
  let batch = emptyBatch();
  let position = { line: operation.linesStored, byte: operation.bytesStored };

  /**
   * Stores a batch while the next one is read: at most one batch is being written and one filled,
   * and batches are written in order, so the position recorded never passes an unstored line.
   */
  let writing: Promise<void> | undefined;
  const flush = async () => {
    const rows = batch;
    const reached = position;
    batch = emptyBatch();
    await writing;
    writing = (async () => {
      const stored = await catalogRepository.storeBatch(
        deps.db,
        context.shopId,
        context.run,
        rows,
        {
          readSince,
          progress: { operation: index, linesStored: reached.line, bytesStored: reached.byte },
          ...(context.partialKinds !== undefined && {
            partialKinds: context.partialKinds.filter(
              (partial) => partial === 'products' || partial === 'collections',
            ) as Array<'products' | 'collections'>,
          }),
        },
      );
      for (const gid of stored.staleProducts) context.staleProducts?.add(gid);
      for (const gid of stored.staleCollections) context.staleCollections?.add(gid);
      operation.linesStored = reached.line;
      operation.bytesStored = reached.byte;
    })();
    // Seen by the next flush or the end; until then, not an unhandled rejection.
    writing.catch(() => {});
  };

  try {
    const lines = resultLines(url, position, {
      ...(deps.bulkFileIdleTimeoutMs !== undefined && {
        idleTimeoutMs: deps.bulkFileIdleTimeoutMs,
      }),
    });
    for await (const line of lines) {
      const node = JSON.parse(line.text) as BulkLine;
      if (limit !== undefined && position.line >= limit && typeof node.__parentId !== 'string') {
        cut = true;
        break;
      }
      addLine(batch, kind, node, line.after.line, context.locales);
      position = line.after;
      if (batchSize(batch) >= batchRows) await flush();
    }
    if (batchSize(batch) > 0 || position.line !== operation.linesStored) await flush();
    await writing;
    return cut;
  } catch (error) {
    // A batch still being written finishes (or fails) before the error is reported.
    await writing?.catch(() => {});
    if (error instanceof Error && /answered (403|404|410)/.test(error.message)) {
      throw new FileUnreadableError(error.message);
    }
    throw error;
  }
}

/** Done and total over a run's operations; the total is known once every file is ready. */
export function runProgress(operations: readonly BulkOperationProgress[]): {
  done: number;
  total: number | null;
} {
  const done = operations.reduce((sum, operation) => sum + operation.linesStored, 0);
  const known = operations.every((operation) => operation.objectCount !== null);
  const total = known
    ? operations.reduce((sum, operation) => sum + (operation.objectCount ?? 0), 0)
    : null;
  return { done, total };
}

/** When Shopify began the earliest of a run's files (the run's start when none has begun). */
export function filesBegunAt(
  operations: readonly BulkOperationProgress[],
  runStartedAt: Date,
): Date {
  const times = operations
    .map((operation) => (operation.createdAt === null ? NaN : Date.parse(operation.createdAt)))
    .filter((time) => !Number.isNaN(time));
  return times.length === 0 ? runStartedAt : new Date(Math.min(...times));
}

export function newOperations(kinds: readonly OperationKind[]): BulkOperationProgress[] {
  return kinds.map((kind) => ({
    kind,
    bulkOperationId: null,
    createdAt: null,
    linesStored: 0,
    bytesStored: 0,
    objectCount: null,
    stored: false,
  }));
}
