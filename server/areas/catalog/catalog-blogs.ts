import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/database.ts';
import { catalogArticles, catalogBlogs, catalogShops } from './tables.ts';

/**
 * What the blog needs of a store's copy to publish a post: the store's blogs and time zone, and the
 * handles its articles already use (a handle is unique within its blog).
 */

export interface StoreBlogs {
  timeZone: string;
  blogs: Array<{ gid: string; title: string; handle: string }>;
}

/** Undefined when the copy holds no store (its first import has not read the shop yet). */
export async function storeBlogsOf(db: Queryable, shopId: string): Promise<StoreBlogs | undefined> {
  const [shop] = await db
    .select({ timeZone: catalogShops.ianaTimezone })
    .from(catalogShops)
    .where(eq(catalogShops.shopId, shopId));
  if (shop === undefined) return undefined;
  const blogs = await db
    .select({ gid: catalogBlogs.gid, title: catalogBlogs.title, handle: catalogBlogs.handle })
    .from(catalogBlogs)
    .where(eq(catalogBlogs.shopId, shopId))
    // The store's first blog first: ids grow, and a longer one is a later one.
    .orderBy(sql`length(${catalogBlogs.gid})`, asc(catalogBlogs.gid));
  return { timeZone: shop.timeZone, blogs };
}

/** Whether another article of the blog than `exceptGid` has `handle` in the copy. */
export async function articleHandleTaken(
  db: Queryable,
  shopId: string,
  blogGid: string,
  handle: string,
  exceptGid: string | null,
): Promise<boolean> {
  const rows = await db
    .select({ gid: catalogArticles.gid })
    .from(catalogArticles)
    .where(
      and(
        eq(catalogArticles.shopId, shopId),
        eq(catalogArticles.blogGid, blogGid),
        eq(catalogArticles.handle, handle),
        exceptGid === null ? undefined : ne(catalogArticles.gid, exceptGid),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
