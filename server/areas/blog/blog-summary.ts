import type { Language } from '#shared/constants.ts';
import type { BlogSummary } from '#shared/schemas/dashboard.ts';
import type { Database } from '#server/db/database.ts';
import { auditedStoreOf, storeBlogsOf } from '#server/areas/catalog/index.ts';
import * as postsRepository from './posts-repository.ts';
import { nextMonthStart, publicationMonth } from './publication-month.ts';
import { productLinkProblems } from './read-posts.ts';

/** How many posts each of the dashboard's lists names. */
const postsShown = 5;

/**
 * A store's blog as the dashboard sums it up: drafts, the next scheduled posts (their dates shown
 * in the store's time zone), the latest published, and the posts whose links to products lead
 * nowhere or to a product off sale now.
 */
export async function summariseBlog(db: Database, shopId: string): Promise<BlogSummary> {
  const [store, blogs, rows] = await Promise.all([
    auditedStoreOf(db, shopId),
    storeBlogsOf(db, shopId),
    postsRepository.blogSummaryRows(db, shopId, postsShown),
  ]);
  const primary: Language = store?.primaryLanguage ?? 'en';
  const other: Language = primary === 'en' ? 'fr' : 'en';
  const present = (post: postsRepository.PostMention) => ({
    id: post.id,
    title: post.titles[primary] || post.titles[other],
    state: post.publicationState,
    publishAt: post.publishAt?.toISOString() ?? null,
    updatedAt: post.updatedAt.toISOString(),
  });
  const problems = await productLinkProblems(db, shopId, rows.linking);
  return {
    timeZone: blogs?.timeZone ?? 'UTC',
    drafts: rows.drafts,
    scheduled: rows.scheduled.map(present),
    recent: rows.recent.map(present),
    brokenLinks: rows.linking
      .filter((post) => (problems.get(post.id) ?? 0) > 0)
      .slice(0, postsShown)
      .map(present),
  };
}

/**
 * The posts counted against the plan this month, summed over the stores, each in its own time zone's
 * month; and when the first store's month starts again (the dashboard's "resets on").
 */
export async function postsCountedThisMonth(
  db: Database,
  shopIds: readonly string[],
  now = new Date(),
): Promise<{ used: number; resetsOn: string | null }> {
  let used = 0;
  let resetsOn: string | null = null;
  for (const shopId of shopIds) {
    const timeZone = (await storeBlogsOf(db, shopId))?.timeZone ?? 'UTC';
    const month = publicationMonth(now, timeZone);
    used += await postsRepository.countPostsInMonth(db, shopId, month);
    resetsOn ??= nextMonthStart(month);
  }
  return { used, resetsOn };
}

/** Whether a post of one of the owner's stores was ever published (the dashboard's checklist). */
export async function hasPublishedPost(db: Database, shopIds: readonly string[]): Promise<boolean> {
  return postsRepository.anyPostPublished(db, shopIds);
}
