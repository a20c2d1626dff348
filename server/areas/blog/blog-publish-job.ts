import * as z from 'zod/mini';
import type { Language } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { handleFromTitle } from '#shared/blog/handle.ts';
import type { LanguageWriteState, PostContent } from '#shared/schemas/blog.ts';
import { defineJob } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import { AdminQueryError, type AdminClient } from '#server/platform/shopify/admin-client.ts';
import {
  ArticleWriteRefused,
  clearBlankSeoTags,
  createArticle,
  deleteArticle,
  findPostArticle,
  hideArticle,
  readArticle,
  registerArticleTranslations,
  updateArticle,
  type ArticleFields,
  type ArticleState,
} from '#server/platform/shopify/articles.ts';
import { auditedStoreOf, storeBlogsOf } from '#server/areas/catalog/index.ts';
import { recordStoreActivity, recordStoreEvent } from '#server/areas/shops/index.ts';
import type { BlogDependencies } from './blog-dependencies.ts';
import * as postsRepository from './posts-repository.ts';

/**
 * Writes a post's queued publication to Shopify (publish-post.ts queues it): the article in the
 * store's primary language, then the other language's texts as its translations (the featured
 * image's alt text on the image's own translatable resource), then the article read back, whose
 * update time is the one a later write compares against. Each step is recorded as it is done:
 * the article's id as soon as Shopify created it, so that a retry never creates a second one (and
 * an attempt whose answer was lost finds its article among the blog's newest by the post's id it
 * carries). An article changed in Shopify since Vitrine last wrote it is not overwritten: the
 * post is in conflict until the owner chooses. Shopify refusing the fields fails the post at once
 * with the reason; Shopify unreachable is retried with backoff, then fails.
 */
export const blogPublishJob = defineJob({
  name: 'blog-publish',
  payload: z.object({ shopId: z.uuid(), postId: z.uuid() }),
  retry: { limit: 6, delaySeconds: 10, backoff: true },
  retentionDays: 7,
  concurrency: 2,
  // One job per post at a time: two would race to create its article.
  singletonKey: (payload) => payload.postId,
  // The owner waits to see the post published.
  pollingIntervalSeconds: 0.5,
  async handle(run, deps: BlogDependencies) {
    const { shopId, postId } = run.payload;
    const post = await postsRepository.findPost(deps.db, shopId, postId);
    if (post === undefined || post.publicationState !== 'queued') return;
    try {
      const client = await deps.adminClient(shopId);
      if (post.publicationAction === 'publish') await publish(deps, client, post);
      else if (post.publicationAction === 'unpublish') await unpublish(deps, client, post);
      else if (post.publicationAction === 'delete') await removeFromStore(deps, client, post);
    } catch (error) {
      const refused = error instanceof ArticleWriteRefused || error instanceof AdminQueryError;
      if (!run.lastAttempt && !refused) {
        deps.log.warn({ err: error, shopId, postId }, 'blog post not written; retrying');
        throw error;
      }
      const code =
        error instanceof ArticleWriteRefused
          ? refusalCode(error)
          : error instanceof AdminQueryError
            ? 'shopify_refused'
            : error instanceof AppError
              ? error.code
              : 'internal_error';
      // Read again: an attempt may have created and recorded the article meanwhile.
      const current = await postsRepository.findPost(deps.db, shopId, postId);
      // A post Shopify refused to create is not on the store and counts no more against the
      // month. When Shopify could not be reached, an article may exist whose answer was lost:
      // the post keeps counting, and publishing again finds it.
      const neverCreated =
        error instanceof ArticleWriteRefused &&
        current?.articleGid === null &&
        current.publishedRevision === null;
      await postsRepository.updatePublication(deps.db, postId, {
        publicationState: 'failed',
        publicationAction: null,
        errorCode: code,
        ...(neverCreated && { countedMonth: null }),
      });
      if (neverCreated) await postsRepository.uncountPost(deps.db, shopId, postId);
      if (current !== undefined) {
        await recordStoreActivity(deps.db, shopId, {
          kind: 'post.failed',
          actor: 'vitrine',
          details: {
            postId,
            title: postTitle(
              current,
              (await auditedStoreOf(deps.db, shopId))?.primaryLanguage ?? 'en',
            ),
            errorCode: code,
          },
        });
      }
      await recordStoreEvent(deps.db, shopId, 'post.failed');
      deps.log.error({ err: error, shopId, postId, code }, 'blog post not written');
      if (!(error instanceof ArticleWriteRefused)) {
        reportError(error, { extra: { job: blogPublishJob.name, shopId, postId } });
      }
    }
  },
});

/** After a scheduled date: whether the article became visible, as Shopify promised. */
export const blogVisibilityCheckJob = defineJob({
  name: 'blog-visibility-check',
  payload: z.object({ shopId: z.uuid(), postId: z.uuid() }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  retentionDays: 7,
  concurrency: 2,
  async handle(run, deps: BlogDependencies) {
    const { shopId, postId } = run.payload;
    const post = await postsRepository.findPost(deps.db, shopId, postId);
    if (post === undefined || post.publicationState !== 'scheduled' || post.articleGid === null) {
      return;
    }
    const article = await readArticle(await deps.adminClient(shopId), post.articleGid);
    if (article !== null && article.isPublished) {
      await postsRepository.updatePublication(deps.db, postId, {
        publicationState: 'published',
        publishAt: article.publishedAt === null ? post.publishAt : new Date(article.publishedAt),
      });
      await recordStoreEvent(deps.db, shopId, 'post.published');
      await tellArticleWritten(deps, shopId, post.articleGid);
      return;
    }
    const due = article?.publishedAt == null ? null : new Date(article.publishedAt);
    if (article !== null && due !== null && due.getTime() > Date.now()) {
      // Rescheduled in Shopify meanwhile: look again then.
      await postsRepository.updatePublication(deps.db, postId, { publishAt: due });
      await queueVisibilityCheck(deps, shopId, postId, due);
      return;
    }
    await postsRepository.updatePublication(deps.db, postId, {
      publicationState: 'failed',
      errorCode: 'article_not_visible',
    });
    await recordStoreEvent(deps.db, shopId, 'post.failed');
  },
});

/** The post's title as the timeline names it: the store's language's, else the other's. */
function postTitle(post: postsRepository.StoredPost, primary: Language): string {
  const { languages } = post.content;
  return languages[primary].title || languages[primary === 'en' ? 'fr' : 'en'].title;
}

async function queueVisibilityCheck(
  deps: Pick<BlogDependencies, 'jobs'>,
  shopId: string,
  postId: string,
  at: Date,
): Promise<void> {
  // A few seconds after the date: Shopify shows it from that second on.
  const seconds = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000) + 3);
  await deps.jobs.send(blogVisibilityCheckJob, { shopId, postId }, { startAfterSeconds: seconds });
}

/**
 * The article is written: the catalog reads it again. Its failure (Shopify busy a moment later) is
 * logged and leaves the post as written; the reconciliation brings the article in later.
 */
async function tellArticleWritten(
  deps: BlogDependencies,
  shopId: string,
  articleGid: string,
): Promise<void> {
  try {
    await deps.onArticleWritten?.(shopId, articleGid);
  } catch (error) {
    deps.log.warn({ err: error, shopId, articleGid }, 'written article not read into the copy');
  }
}

/**
 * Stops the write when the article changed in Shopify since Vitrine last wrote or read it: the post
 * is in conflict, holding the article as Shopify has it, until the owner keeps one text or the
 * other. Answers whether it stopped.
 */
async function stoppedByChange(
  deps: BlogDependencies,
  post: postsRepository.StoredPost,
  article: ArticleState,
): Promise<boolean> {
  if (post.shopifyUpdatedAt === null || sameInstant(article.updatedAt, post.shopifyUpdatedAt)) {
    return false;
  }
  const publishedAt = article.publishedAt === null ? null : Date.parse(article.publishedAt);
  await postsRepository.updatePublication(deps.db, post.id, {
    publicationState: 'conflict',
    publicationAction: null,
    shopifyVersion: {
      title: article.title,
      bodyHtml: article.body,
      summaryHtml: article.summary ?? '',
      tags: article.tags,
      author: article.author?.name ?? '',
      seoTitle: article.titleTag?.value ?? '',
      seoDescription: article.descriptionTag?.value ?? '',
      imageUrl: article.image?.url ?? '',
      imageAlt: article.image?.altText ?? '',
      updatedAt: article.updatedAt ?? '',
      visible: article.isPublished,
      scheduledFor:
        !article.isPublished && publishedAt !== null && publishedAt > Date.now()
          ? article.publishedAt
          : null,
    },
  });
  deps.log.info({ shopId: post.shopId, postId: post.id }, 'blog post changed in Shopify');
  return true;
}

/**
 * Whether the article is as Vitrine last knew it: its update time names the same moment (the
 * catalog's copy writes it with milliseconds, Shopify without), or Shopify holds none, which it
 * does only for an article nobody edited since it was brought over from another platform.
 */
function sameInstant(shopify: string | null, known: string): boolean {
  return shopify === null || Date.parse(shopify) === Date.parse(known);
}

function refusalCode(error: ArticleWriteRefused): string {
  const [first] = error.userErrors;
  if (first?.code === 'TAKEN' && first.field?.includes('handle')) return 'handle_taken';
  if (first?.code === 'INVALID_PUBLISH_DATE') return 'publish_date_past';
  return 'shopify_rejected_value';
}

function articleFields(
  content: PostContent,
  language: Language,
  publishAt: Date | null,
  storeImageUrl: string | null,
): ArticleFields {
  const texts = content.languages[language];
  const imageUrl = content.imageUrl.trim();
  return {
    title: texts.title,
    bodyHtml: texts.bodyHtml,
    summaryHtml: texts.summaryHtml,
    handle: texts.handle.trim() === '' ? handleFromTitle(texts.title) : texts.handle,
    seoTitle: texts.seoTitle,
    seoDescription: texts.seoDescription,
    author: content.author,
    tags: content.tags,
    image:
      imageUrl === ''
        ? null
        : { url: imageUrl === storeImageUrl ? null : imageUrl, altText: texts.imageAlt },
    publishAt,
  };
}

/** The translatable keys of an article (Shopify's names) and the post's text for each. */
function translationValues(content: PostContent, language: Language): Record<string, string> {
  const texts = content.languages[language];
  return {
    title: texts.title,
    body_html: texts.bodyHtml,
    summary_html: texts.summaryHtml,
    handle: texts.handle.trim() === '' ? handleFromTitle(texts.title) : texts.handle,
    meta_title: texts.seoTitle,
    meta_description: texts.seoDescription,
  };
}

const newBlogTitles: Record<Language, string> = { en: 'News', fr: 'Actualités' };

async function publish(
  deps: BlogDependencies,
  client: AdminClient,
  post: postsRepository.StoredPost,
): Promise<void> {
  const { db } = deps;
  const store = await auditedStoreOf(db, post.shopId);
  const primary: Language = store?.primaryLanguage ?? 'en';
  const other = store?.locales.find((locale) => locale.language !== primary);
  const fields = articleFields(post.content, primary, post.queuedPublishAt, post.storeImageUrl);

  let article: ArticleState | null =
    post.articleGid === null ? null : await readArticle(client, post.articleGid);
  if (article !== null && !post.queuedOverwrite && (await stoppedByChange(deps, post, article))) {
    return;
  }

  const languages: Record<Language, LanguageWriteState> = {
    en: 'not-written',
    fr: 'not-written',
  };
  if (article === null) {
    // New to the store, or deleted there since: created, unless an attempt whose answer was lost
    // already did.
    const blogs = await storeBlogsOf(db, post.shopId);
    const blogGid = (post.content.blogId || blogs?.blogs[0]?.gid) ?? null;
    // Looked for only after a creation whose answer never came: a first creation costs nothing more.
    const lost =
      blogGid === null || post.creationSentAt === null
        ? null
        : await findPostArticle(client, blogGid, post.id);
    if (lost === null) {
      await postsRepository.updatePublication(db, post.id, { creationSentAt: new Date() });
    }
    article =
      lost !== null
        ? await updateArticle(client, lost.id, fields)
        : await createArticle(
            client,
            fields,
            blogGid === null ? { newBlogTitle: newBlogTitles[primary] } : { blogGid },
            post.id,
            store?.shopName ?? '',
          );
  } else {
    // The search texts left blank go first: the update's answer then holds the article's last
    // update time, the one recorded below.
    await clearBlankSeoTags(client, article, fields);
    article = await updateArticle(client, article.id, fields);
  }
  // Recorded at once: a retry after this point compares against Vitrine's own write, not a
  // change made in Shopify, and never creates the article again.
  await postsRepository.updatePublication(db, post.id, {
    articleGid: article.id,
    creationSentAt: null,
    blogGid: article.blog.id,
    shopifyUpdatedAt: article.updatedAt,
  });
  languages[primary] = 'written';

  if (other !== undefined) {
    const values = translationValues(post.content, other.language);
    // The featured image's alt text is translated on the image's own resource, in the same step:
    // a language is written when all its texts are.
    const imageAlt = fields.image === null ? '' : post.content.languages[other.language].imageAlt;
    if ([...Object.values(values), imageAlt].some((value) => value.trim() !== '')) {
      try {
        await registerArticleTranslations(client, article.id, other.locale, values, imageAlt);
        languages[other.language] = 'written';
      } catch (error) {
        if (!(error instanceof ArticleWriteRefused)) throw error;
        languages[other.language] = 'failed';
        deps.log.warn(
          { err: error, shopId: post.shopId, postId: post.id },
          'blog post translation refused',
        );
      }
    }
  }

  const final = (await readArticle(client, article.id)) ?? article;
  const publishAt = final.publishedAt === null ? null : new Date(final.publishedAt);
  const scheduled = !final.isPublished && publishAt !== null && publishAt.getTime() > Date.now();
  await postsRepository.updatePublication(db, post.id, {
    publicationState: final.isPublished ? 'published' : scheduled ? 'scheduled' : 'unpublished',
    publicationAction: null,
    queuedPublishAt: null,
    queuedOverwrite: false,
    publishAt,
    publishedRevision: post.revision,
    shopifyUpdatedAt: final.updatedAt,
    // The address the image was given, or the one it kept: the same next time, the image is kept
    // as it is rather than read again by Shopify from its address.
    storeImageUrl: fields.image === null ? null : (fields.image.url ?? post.storeImageUrl),
    languageStates: languages,
    errorCode: null,
    shopifyVersion: null,
  });
  if (final.isPublished || scheduled)
    await recordStoreEvent(
      db,
      post.shopId,
      final.isPublished ? 'post.published' : 'post.scheduled',
    );
  if (scheduled) await queueVisibilityCheck(deps, post.shopId, post.id, publishAt);
  if (final.isPublished || scheduled) {
    await recordStoreActivity(db, post.shopId, {
      kind: scheduled ? 'post.scheduled' : 'post.published',
      actor: 'owner',
      details: {
        postId: post.id,
        title: postTitle(post, primary),
        ...(scheduled && { publishAt: publishAt.toISOString() }),
      },
    });
  }
  await tellArticleWritten(deps, post.shopId, article.id);
  deps.log.info(
    { shopId: post.shopId, postId: post.id, scheduled },
    'blog post written to the store',
  );
}

async function unpublish(
  deps: BlogDependencies,
  client: AdminClient,
  post: postsRepository.StoredPost,
): Promise<void> {
  const current = await readArticle(client, post.articleGid!);
  // Hiding it would record Shopify's newer text as the one Vitrine knows: the change is the
  // owner's to settle first.
  if (current !== null && (await stoppedByChange(deps, post, current))) return;
  const article = await hideArticle(client, post.articleGid!);
  await postsRepository.updatePublication(deps.db, post.id, {
    publicationState: 'unpublished',
    publicationAction: null,
    publishAt: null,
    shopifyUpdatedAt: article.updatedAt,
  });
  await tellArticleWritten(deps, post.shopId, article.id);
}

async function removeFromStore(
  deps: BlogDependencies,
  client: AdminClient,
  post: postsRepository.StoredPost,
): Promise<void> {
  await deleteArticle(client, post.articleGid!);
  await postsRepository.deletePost(deps.db, post.shopId, post.id);
  await tellArticleWritten(deps, post.shopId, post.articleGid!);
}

/**
 * How long a post may wait `queued` before the sweep takes its job for lost: a request queues it
 * within milliseconds of committing, and a job retries for a few minutes; past this, the process
 * that asked stopped before queueing it, or the job died with its worker on its last attempt.
 */
export const lostPublicationAfterSeconds = 15 * 60;

/**
 * Queues again the job of every post still `queued` long after it was asked, whose job is gone:
 * without it the post would stay queued, and every request about it refused as in progress. The
 * job reads Shopify before writing, and finds an article a lost attempt created.
 */
export const blogPublishSweepJob = defineJob({
  name: 'blog-publish-sweep',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  retentionDays: 1,
  concurrency: 1,
  singletonKey: () => 'every-store',
  schedule: { cron: '*/5 * * * *', payload: {} },
  async handle(_run, deps: BlogDependencies) {
    await queueLostPublications(deps);
  },
});

/** The sweep's work, over every store or one (`shopId`), at `now`; answers the posts queued again. */
export async function queueLostPublications(
  deps: Pick<BlogDependencies, 'db' | 'jobs' | 'log'>,
  options: { now?: Date; shopId?: string } = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - lostPublicationAfterSeconds * 1000);
  const waiting = await postsRepository.postsQueuedBefore(deps.db, before, options.shopId);
  if (waiting.length === 0) return [];
  const queued = new Set(
    (await deps.jobs.unfinishedPayloads(blogPublishJob)).map(({ postId }) => postId),
  );
  const lost = waiting.filter(({ postId }) => !queued.has(postId));
  for (const { shopId, postId } of lost) {
    await postsRepository.updatePublication(deps.db, postId, { queuedAt: now });
    await deps.jobs.send(blogPublishJob, { shopId, postId });
    deps.log.warn({ shopId, postId }, 'blog post queued without a job: queued again');
  }
  return lost.map(({ postId }) => postId);
}

/** Puts the blog's jobs to work in this process. */
export async function startBlogJobs(deps: BlogDependencies): Promise<void> {
  await deps.jobs.work(blogPublishJob, deps);
  await deps.jobs.work(blogVisibilityCheckJob, deps);
  await deps.jobs.work(blogPublishSweepJob, deps);
}
