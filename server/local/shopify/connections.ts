import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import type { FieldReader } from './search-query.ts';

/**
 * Relay connections as Shopify serves them: `first`/`after` or `last`/`before` (one of `first` or
 * `last` required, at most 250), `reverse`, a sort key, opaque cursors (base64 JSON of the last id
 * and sort value, as Shopify's look), `edges { cursor node }`, `nodes` and `pageInfo`.
 *
 * In a bulk operation the page-size rules do not apply below the top: a nested connection returns
 * everything, and the top one reports where it stopped so the operation can carry on from there.
 */

export const maximumPageSize = 250;

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
  sortKey?: string | null;
  query?: string | null;
}

/** Where a bulk operation's top-level connection stopped. */
export interface BulkPaging {
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface PagingContext {
  bulk?: BulkPaging;
}

/** A list of resources a connection pages through, ids ascending. */
export interface ResourceList<T> {
  /** Ids in ascending order, from the first above `afterId` when given. */
  ids(afterId?: number): Iterable<number>;
  get(id: number): T | undefined;
  /** Reads a field for a `query:` filter, or a sort value (`updated_at`, `title`…). */
  reader(id: number): FieldReader;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  nodes: T[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export function encodeCursor(id: number, sortValue?: string | number | null): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: sortValue ?? id }), 'utf8').toString(
    'base64',
  );
}

export function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as {
      last_id?: unknown;
    };
    if (typeof parsed.last_id === 'number' && Number.isSafeInteger(parsed.last_id)) {
      return parsed.last_id;
    }
  } catch {
    // falls through to the error below
  }
  throw new GraphQLError(`Invalid cursor for current pagination sort.`, {
    extensions: { code: 'BAD_REQUEST' },
  });
}

const sortFields: Record<string, string> = {
  TITLE: 'title',
  UPDATED_AT: 'updated_at',
  CREATED_AT: 'created_at',
  CREATED: 'created_at',
  PUBLISHED_AT: 'published_at',
  PRODUCT_TYPE: 'product_type',
  VENDOR: 'vendor',
  HANDLE: 'handle',
  AUTHOR: 'author',
  BLOG_TITLE: 'blog_title',
  COMPLETED_AT: 'completed_at',
};

/** The page size asked for, checked as Shopify checks it. */
function pageSize(args: ConnectionArgs, unbounded: boolean): { size: number; fromEnd: boolean } {
  const first = args.first ?? undefined;
  const last = args.last ?? undefined;
  if (unbounded && first === undefined && last === undefined) {
    return { size: Number.POSITIVE_INFINITY, fromEnd: false };
  }
  if (first === undefined && last === undefined) {
    throw new GraphQLError('you must provide one of first or last', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  if (first !== undefined && last !== undefined) {
    throw new GraphQLError('providing both first and last is not supported', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  const size = (first ?? last)!;
  if (size < 0) {
    throw new GraphQLError(`${first !== undefined ? 'first' : 'last'} must be a positive integer`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  if (size > maximumPageSize && !unbounded) {
    throw new GraphQLError(
      `The ${first !== undefined ? 'first' : 'last'} argument must be less than or equal to ${maximumPageSize}.`,
      { extensions: { code: 'BAD_REQUEST', argumentName: first !== undefined ? 'first' : 'last' } },
    );
  }
  return { size, fromEnd: last !== undefined };
}

/**
 * One page of `list`, filtered by `matches`. Sorting by id forwards streams from the cursor, so a
 * page of a 100,000-product store reads only what it returns; other orders sort what matches.
 */
export function paginate<T, V>(
  list: ResourceList<T>,
  args: ConnectionArgs,
  matches: (read: FieldReader) => boolean,
  view: (item: T) => V,
  context: PagingContext,
  info: GraphQLResolveInfo,
): Connection<V> {
  const inBulk = context.bulk !== undefined;
  const topLevel = info.path.prev === undefined;
  const { size, fromEnd } = pageSize(args, inBulk && !topLevel);
  const sortKey = args.sortKey ?? 'ID';
  const sortField = sortFields[sortKey];
  const descending = Boolean(args.reverse);
  const after = args.after ? decodeCursor(args.after) : undefined;
  const before = args.before ? decodeCursor(args.before) : undefined;

  let ids: number[];
  let hasNextPage = false;
  let hasPreviousPage = false;
  if (sortField === undefined && !descending && !fromEnd && before === undefined) {
    // Streaming: ids ascending from the cursor, stop one past the page.
    ids = [];
    hasPreviousPage = after !== undefined;
    for (const id of list.ids(after)) {
      if (!matches(list.reader(id))) continue;
      if (ids.length === size) {
        hasNextPage = true;
        break;
      }
      ids.push(id);
    }
  } else {
    const all: number[] = [];
    for (const id of list.ids()) if (matches(list.reader(id))) all.push(id);
    if (sortField !== undefined) {
      const values = new Map(all.map((id) => [id, list.reader(id)(sortField) ?? '']));
      all.sort((left, right) => {
        const a = values.get(left)!;
        const b = values.get(right)!;
        return a < b ? -1 : a > b ? 1 : left - right;
      });
    }
    if (descending) all.reverse();
    let start = 0;
    let end = all.length;
    if (after !== undefined) {
      const position = all.indexOf(after);
      start = position === -1 ? all.length : position + 1;
    }
    if (before !== undefined) {
      const position = all.indexOf(before);
      if (position !== -1) end = Math.max(start, position);
    }
    hasPreviousPage = start > 0;
    hasNextPage = end < all.length;
    if (end - start > size) {
      if (fromEnd) {
        start = end - size;
        hasPreviousPage = true;
      } else {
        end = start + size;
        hasNextPage = true;
      }
    }
    ids = all.slice(start, end);
  }

  const edges = ids.map((id) => {
    const item = list.get(id)!;
    const sortValue = sortField === undefined ? id : list.reader(id)(sortField);
    return { cursor: encodeCursor(id, sortValue as string | number | null), node: view(item) };
  });
  const pageInfo = {
    hasNextPage,
    hasPreviousPage,
    startCursor: edges[0]?.cursor ?? null,
    endCursor: edges.at(-1)?.cursor ?? null,
  };
  if (inBulk && topLevel) {
    context.bulk!.endCursor = pageInfo.endCursor;
    context.bulk!.hasNextPage = pageInfo.hasNextPage;
  }
  return { edges, nodes: edges.map((edge) => edge.node), pageInfo };
}

/** A list held in memory, in the order given (ids need not ascend: positions act as ids). */
export function arrayList<T>(
  items: readonly T[],
  idOf: (item: T) => number,
  readerOf: (item: T) => FieldReader,
): ResourceList<T> {
  const sorted = [...items].sort((left, right) => idOf(left) - idOf(right));
  const byId = new Map(sorted.map((item) => [idOf(item), item]));
  return {
    *ids(afterId) {
      for (const item of sorted) {
        const id = idOf(item);
        if (afterId === undefined || id > afterId) yield id;
      }
    },
    get: (id) => byId.get(id),
    reader: (id) => readerOf(byId.get(id)!),
  };
}
