import type { PostList, PostListQuery, PostVersionView, PostView } from '#shared/schemas/blog.ts';
import type { Database } from '#server/db/database.ts';
import { articleUpdateTimes, productsByHandles } from '#server/areas/catalog/index.ts';
import { postFiguring } from './post-figures.ts';
import * as postsRepository from './posts-repository.ts';
import { presentPost, presentPostSummaries, presentVersions } from './present-post.ts';
import { postNotFound } from './save-post.ts';

const defaultPageSize = 20;

/**
 * The store's posts, the latest saved first, narrowed to titles holding `search` in either
 * language and to the filters asked, each with its figures and its links to products that lead
 * nowhere or to a product off sale now.
 */
export async function listPosts(
  db: Database,
  shopId: string,
  query: PostListQuery,
): Promise<PostList> {
  await figureOlderPosts(db, shopId);
  const offset = query.offset ?? 0;
  const { total, rows } = await postsRepository.listPosts(db, shopId, {
    search: query.search ?? '',
    ...(query.state !== undefined && { state: query.state }),
    ...(query.needs !== undefined && { needs: query.needs }),
    offset,
    limit: query.limit ?? defaultPageSize,
  });
  const [articleTimes, linkProblems] = await Promise.all([
    articleUpdateTimes(
      db,
      shopId,
      rows.flatMap((row) => (row.articleGid === null ? [] : [row.articleGid])),
    ),
    productLinkProblems(
      db,
      shopId,
      rows.map((row) => ({ id: row.id, productHandles: row.figures.productHandles })),
    ),
  ]);
  return {
    total,
    offset,
    posts: await presentPostSummaries(db, rows, articleTimes, linkProblems),
  };
}

/**
 * Posts saved before the figures were kept get them at the store's first list read, before the
 * list filters on them: a one-time cost per store.
 */
async function figureOlderPosts(db: Database, shopId: string): Promise<void> {
  const older = await postsRepository.postsToFigure(db, shopId);
  if (older.length === 0) return;
  const figure = await postFiguring(db, shopId);
  for (const post of older) {
    await postsRepository.keepFigures(db, post.id, figure(post.content));
  }
}

/**
 * Per post, its links to products the catalog's copy no longer has under that address (deleted,
 * or renamed: Shopify moves a renamed product's address only where the owner asks it to) or has off
 * sale. Read for the listed posts together, in one query.
 */
export async function productLinkProblems(
  db: Database,
  shopId: string,
  posts: ReadonlyArray<{ id: string; productHandles: readonly string[] }>,
): Promise<ReadonlyMap<string, number>> {
  const handles = [...new Set(posts.flatMap((post) => post.productHandles))];
  const onSale = new Map<string, boolean>();
  for (const product of await productsByHandles(db, shopId, handles)) {
    const known = [product.handle, ...Object.values(product.translations).map((t) => t.handle)];
    for (const handle of known) {
      if (handle !== null) onSale.set(handle.toLowerCase(), product.status === 'ACTIVE');
    }
  }
  return new Map(
    posts.map((post) => [
      post.id,
      post.productHandles.filter((handle) => onSale.get(handle) !== true).length,
    ]),
  );
}

export async function readPost(db: Database, shopId: string, postId: string): Promise<PostView> {
  const row = await postsRepository.findPost(db, shopId, postId);
  if (row === undefined) throw postNotFound();
  return presentPost(db, row);
}

export async function listPostVersions(
  db: Database,
  shopId: string,
  postId: string,
): Promise<PostVersionView[]> {
  const row = await postsRepository.findPost(db, shopId, postId);
  if (row === undefined) throw postNotFound();
  return presentVersions(db, await postsRepository.listVersions(db, postId));
}

/**
 * Removes every post of a store, when the store is disconnected or Shopify asks for its data to be
 * erased: the composition root calls it where the catalog's copy is deleted.
 */
export async function deleteStorePosts(db: Database, shopId: string): Promise<void> {
  await postsRepository.deleteShopPosts(db, shopId);
}
