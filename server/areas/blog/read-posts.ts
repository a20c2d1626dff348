import type { PostList, PostListQuery, PostVersionView, PostView } from '#shared/schemas/blog.ts';
import type { Database } from '#server/db/database.ts';
import { articleUpdateTimes } from '#server/areas/catalog/index.ts';
import * as postsRepository from './posts-repository.ts';
import { presentPost, presentPostSummaries, presentVersions } from './present-post.ts';
import { postNotFound } from './save-post.ts';

const defaultPageSize = 20;

/** The store's posts, the latest saved first, narrowed to titles holding `search` in either language. */
export async function listPosts(
  db: Database,
  shopId: string,
  query: PostListQuery,
): Promise<PostList> {
  const offset = query.offset ?? 0;
  const { total, rows } = await postsRepository.listPosts(db, shopId, {
    search: query.search ?? '',
    offset,
    limit: query.limit ?? defaultPageSize,
  });
  const articleTimes = await articleUpdateTimes(
    db,
    shopId,
    rows.flatMap((row) => (row.articleGid === null ? [] : [row.articleGid])),
  );
  return { total, offset, posts: await presentPostSummaries(db, rows, articleTimes) };
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
