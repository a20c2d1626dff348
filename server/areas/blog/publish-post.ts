import { sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { postProblems } from '#shared/blog/post-problems.ts';
import type { BlogSettings, PostView, PublishBody } from '#shared/schemas/blog.ts';
import type { Language } from '#shared/constants.ts';
import type { Database } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { auditedStoreOf, storeBlogsOf } from '#server/areas/catalog/index.ts';
import { effectivePlanOf, planLimitReached, planLimitsOf } from '#server/areas/billing/index.ts';
import { requireActiveStore, shopOwnerOf, shopNotFound } from '#server/areas/shops/index.ts';
import { blogPublishJob } from './blog-publish-job.ts';
import { storeLanguagesOf, takenHandleLanguage } from './post-handles.ts';
import * as postsRepository from './posts-repository.ts';
import { presentPost } from './present-post.ts';
import { publicationMonth } from './publication-month.ts';
import { postNotFound } from './save-post.ts';

/**
 * The owner's requests about a post's life on the store: publish (now or at a date), unpublish,
 * delete from the store. Each checks what it can before anything is sent (the post as saved is the
 * one meant, nothing Shopify would refuse, its handle free in its blog in each language
 * (post-handles.ts), the plan's posts per month, the store writable), then marks the post `queued`
 * and queues the job that writes it (blog-publish-job.ts); the owner sees each step's state on
 * the post.
 */

/** The language the store's posts are written first in. */
export function primaryLanguageOf(store: Awaited<ReturnType<typeof auditedStoreOf>>): Language {
  return store?.primaryLanguage ?? 'en';
}

async function requireWritable(db: Database, shopId: string): Promise<void> {
  const owner = await shopOwnerOf(db, shopId);
  if (owner === undefined) throw shopNotFound();
  await requireActiveStore(db, owner, shopId);
}

function inProgress(): AppError {
  return new AppError('publication_in_progress', 409, {
    message: 'The post is being written to the store',
  });
}

/** The plan's posts per month and how many this month holds, for the editor's "left this month". */
export async function readBlogSettings(
  db: Database,
  shopId: string,
  uid: string,
  now = new Date(),
): Promise<BlogSettings> {
  const store = await storeBlogsOf(db, shopId);
  const timeZone = store?.timeZone ?? 'UTC';
  const plan = await effectivePlanOf(db, uid);
  return {
    blogs: (store?.blogs ?? []).map((blog) => ({
      id: blog.gid,
      title: blog.title,
      handle: blog.handle,
    })),
    timeZone,
    postsThisMonth: await postsRepository.countPostsInMonth(
      db,
      shopId,
      publicationMonth(now, timeZone),
    ),
    postsPerMonth: planLimitsOf(plan).limits.blogPostsPerMonth,
  };
}

export async function requestPublication(
  deps: { db: Database; jobs: JobQueue },
  shopId: string,
  postId: string,
  uid: string,
  body: PublishBody,
  now = new Date(),
): Promise<PostView> {
  const { db } = deps;
  await requireWritable(db, shopId);
  const store = await auditedStoreOf(db, shopId);
  const blogs = await storeBlogsOf(db, shopId);
  const primary = primaryLanguageOf(store);
  const publishAt = body.publishAt === undefined ? null : new Date(body.publishAt);
  if (publishAt !== null && publishAt.getTime() <= now.getTime()) {
    throw new AppError('publish_date_past', 400, {
      field: 'publishAt',
      message: 'A scheduled date must be in the future',
    });
  }
  const row = await db.transaction(async (tx) => {
    const post = await postsRepository.findPost(tx, shopId, postId, { forUpdate: true });
    if (post === undefined) throw postNotFound();
    if (post.revision !== body.baseRevision) {
      throw new AppError('post_changed_elsewhere', 409, {
        message: 'The post was saved since the revision asked to publish',
      });
    }
    if (post.publicationState === 'queued') throw inProgress();
    const problem = postProblems(post.content, primary, post.storeImageUrl)[0];
    if (problem !== undefined) {
      throw new AppError('post_not_publishable', 422, {
        field:
          problem.language === undefined ? problem.code : `${problem.language}.${problem.code}`,
        message: `Shopify would refuse the post: ${problem.code}`,
      });
    }
    const blogGid = post.blogGid ?? (post.content.blogId || blogs?.blogs[0]?.gid) ?? null;
    if (blogGid !== null) {
      // One request of the store at a time looks: two posts published at once with one handle
      // see each other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blog-handle:${shopId}`}))`);
      // A creation was sent with no article recorded since: it may have made one whose answer was
      // lost, under this handle. The job finds it by the post's id it carries; Shopify refuses the
      // handle if another article has it.
      const mayOwnUnrecordedArticle = post.articleGid === null && post.creationSentAt !== null;
      const taken = await takenHandleLanguage(
        tx,
        {
          shopId,
          blogGid,
          postId: post.id,
          articleGid: post.articleGid,
          ...storeLanguagesOf(store),
        },
        post.content.languages,
        { firstBlogGid: blogs?.blogs[0]?.gid ?? null, articles: !mayOwnUnrecordedArticle },
      );
      if (taken !== null) {
        throw new AppError('handle_taken', 409, {
          field: `${taken}.handle`,
          message: `Another article of the blog has this handle in ${taken === 'en' ? 'English' : 'French'}`,
        });
      }
    }
    let countedMonth = post.countedMonth;
    // A post new to the store counts in the month it becomes visible: until it has, a new date
    // moves it to that date's month.
    const stillToAppear = post.publishedRevision === null || post.publicationState === 'scheduled';
    const month = publicationMonth(publishAt ?? now, blogs?.timeZone ?? 'UTC');
    if (countedMonth === null || (stillToAppear && countedMonth !== month)) {
      // One request of the store at a time counts: two posts published at once both see the other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blog-month:${shopId}`}))`);
      const plan = await effectivePlanOf(tx, uid, now);
      const allowed = planLimitsOf(plan).limits.blogPostsPerMonth;
      const published = await postsRepository.countPostsInMonth(tx, shopId, month);
      if (allowed !== null && published >= allowed) {
        throw planLimitReached('blogPostsPerMonth', plan, published + 1);
      }
      countedMonth = month;
      await postsRepository.countPostIn(tx, { shopId, postId: post.id }, month);
    }
    return postsRepository.updatePublication(tx, post.id, {
      publicationState: 'queued',
      publicationAction: 'publish',
      queuedAt: now,
      queuedPublishAt: publishAt,
      queuedOverwrite: body.overwrite === true,
      errorCode: null,
      countedMonth,
    });
  });
  await deps.jobs.send(blogPublishJob, { shopId, postId });
  return presentPost(db, row!);
}

/** Hides a post on the store, or (`delete`) removes it from the store and from Vitrine. */
export async function requestRemoval(
  deps: { db: Database; jobs: JobQueue },
  shopId: string,
  postId: string,
  action: 'unpublish' | 'delete',
): Promise<PostView | null> {
  const { db } = deps;
  const row = await db.transaction(async (tx) => {
    // Locked: a publication asked for at the same moment waits, and sees this one queued.
    const post = await postsRepository.findPost(tx, shopId, postId, { forUpdate: true });
    if (post === undefined) throw postNotFound();
    if (post.publicationState === 'queued') throw inProgress();
    if (post.articleGid === null) {
      if (action === 'unpublish') {
        throw new AppError('post_not_on_store', 409, { message: 'The post is not on the store' });
      }
      await postsRepository.deletePost(tx, shopId, postId);
      return null;
    }
    await requireWritable(db, shopId);
    return postsRepository.updatePublication(tx, post.id, {
      publicationState: 'queued',
      publicationAction: action,
      queuedAt: new Date(),
      errorCode: null,
    });
  });
  if (row === null) return null;
  await deps.jobs.send(blogPublishJob, { shopId, postId });
  return presentPost(db, row!);
}
