/**
 * `npm run bench:blog-publish`: a blog post published to the store, from the owner's request to the
 * post `published`, and what it costs of the store's Admin API budget.
 *
 * Starts a connected, imported and audited store (scripts/lib/bench-store.ts: PostgreSQL, the local
 * Shopify with PRODUCTS products, default 200, and the product's own processes), the product
 * reaching the local Shopify through a recording proxy (scripts/lib/admin-api-recorder.ts) that
 * keeps each Admin API answer's `extensions.cost` as the product received it. Then, POSTS times
 * (default 10), one post at a time: saves a new post of WORDS words (default 3,000) in English, the
 * store's language, and in French (scripts/lib/linen-post.ts, the post bench-blog.ts analyses), asks
 * for its publication as the API's publish route does (requestPublication), and polls the database
 * every 20 ms until the product's publish job (server/areas/blog/blog-publish-job.ts) has written
 * the article and its French translation and marked the post `published`. Before each post the
 * product is left to finish what the previous one started (the catalog's reading of the written
 * article, the audit it leads to) and the app's bucket to fill up again: an owner publishes one post
 * at a time.
 *
 * The publish request is sent from this process, whose job queue works no queue: the product's
 * worker takes the job at its next poll (half a second at most for this job). The API process that
 * takes an owner's request works the queues too and wakes its idle worker at once
 * (server/jobs/job-queue.ts), so the time spent waiting for the poll (the job's start less its
 * creation, from pg-boss) is printed apart, and the wall time without it.
 *
 * Prints, over the posts: the wall time from the request to `published` (p50, min, max and each
 * post's), with and without that wait; the publish job's Admin API calls by operation, the sum of
 * their `actualQueryCost` per post (and of their requested cost), against the bucket's size and
 * its refill; the lowest `currentlyAvailable` any answer reported, against the bucket's size;
 * THROTTLED answers (goal: none); the same for the catalog's reading of each article written; and the points
 * the local Shopify counted for the app over the run beside the sum recorded. Asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { createPost } from '#server/areas/blog/save-post.ts';
import { requestPublication } from '#server/areas/blog/publish-post.ts';
import { emptyPostContent, type PostContent } from '#shared/schemas/blog.ts';
import type { RecordedAdminCall } from './lib/admin-api-recorder.ts';
import {
  appUsage,
  benchOwner,
  log,
  percentile,
  startBenchStore,
  waitForFullBucket,
  type BenchStore,
} from './lib/bench-store.ts';
import { linenPostKeyphrases, linenPostTexts } from './lib/linen-post.ts';

const products = Number(process.env.PRODUCTS ?? 200);
const postCount = Number(process.env.POSTS ?? 10);
const words = Number(process.env.WORDS ?? 3000);
const pollMs = 20;
/** The product is taken as done with a post once nothing ran for this long. */
const quietMs = 1500;
const goals = { throttled: 0 };
/**
 * The operations of the publish job (server/platform/shopify/articles.ts): its calls are told from
 * those of the catalog's reading of the article it wrote, which may start before the post is seen
 * `published`.
 */
const publishJobOperations = new Set([
  'ArticleState',
  'NewestBlogArticles',
  'ArticleCreate',
  'ArticleUpdate',
  'MetafieldsDelete',
  'TranslatableDigests',
  'TranslationsRegister',
  'TranslationsRemove',
]);

/** The post number `index`: the same texts, a title and handles of its own in each language. */
function postContent(index: number): PostContent {
  const content = emptyPostContent('Camille Martin');
  const language = (code: 'en' | 'fr') => {
    const texts = linenPostTexts(code, words);
    return {
      ...content.languages[code],
      title: `${texts.title} (${index + 1})`,
      handle: `${texts.handle}-${index + 1}`,
      handleEdited: true,
      bodyHtml: texts.bodyHtml,
      summaryHtml: `<p>${texts.seoDescription!}</p>`,
      seoTitle: texts.seoTitle!,
      seoDescription: texts.seoDescription!,
      imageAlt: texts.featuredImageAlt!,
      keyphrase: linenPostKeyphrases[code],
    };
  };
  return {
    ...content,
    languages: { en: language('en'), fr: language('fr') },
    imageUrl: 'https://cdn.example/linen-tablecloth.jpg',
    tags: ['linen', 'guides'],
  };
}

/** The jobs the product has to run now (not those scheduled for later). */
async function pendingJobs(store: BenchStore): Promise<string[]> {
  const { rows } = await store.database.pool.query<{ name: string }>(
    `select name from pgboss.job
     where state in ('created', 'retry', 'active') and start_after <= now()`,
  );
  return rows.map((row) => row.name);
}

/**
 * Waits until the product has run every job due and made no Admin API call for `quietMs`, then for
 * the app's bucket to be full.
 */
async function settle(store: BenchStore): Promise<void> {
  const recorder = store.adminApi!;
  const deadline = performance.now() + 5 * 60_000;
  let quietSince = performance.now();
  for (;;) {
    const pending = await pendingJobs(store);
    const lastCall = recorder.calls.at(-1)?.answeredAt ?? 0;
    const now = performance.now();
    if (pending.length > 0 || recorder.inFlight() > 0 || now - lastCall < quietMs) {
      quietSince = now;
    } else if (now - quietSince >= quietMs) {
      break;
    }
    if (now > deadline) {
      log(`Still busy after 5 min (${pending.join(', ') || 'Admin API calls'}); going on`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await waitForFullBucket(store);
}

interface PostFigures {
  wallMs: number;
  queueWaitMs: number;
  state: string;
  languages: Record<string, string>;
  publishCalls: RecordedAdminCall[];
  afterCalls: RecordedAdminCall[];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const actual = (calls: RecordedAdminCall[]) => sum(calls.map((call) => call.actualQueryCost ?? 0));
const requested = (calls: RecordedAdminCall[]) =>
  sum(calls.map((call) => call.requestedQueryCost ?? 0));
const lowest = (calls: RecordedAdminCall[]) =>
  Math.min(...calls.map((call) => call.currentlyAvailable ?? Infinity));
const throttledIn = (calls: RecordedAdminCall[]) => calls.filter((call) => call.throttled).length;

/** `3 ArticleState, 1 ArticleCreate…` in the order first called. */
function operations(calls: RecordedAdminCall[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call.operation, (counts.get(call.operation) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${count} ${name}`).join(', ') || 'none';
}

/** p50, min and max of per-post values. */
function spread(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(digits)}, min ${sorted[0]!.toFixed(digits)}, max ${sorted.at(-1)!.toFixed(digits)}`;
}

async function publishOne(store: BenchStore, index: number): Promise<PostFigures> {
  const { database, shopId } = store;
  const recorder = store.adminApi!;
  const post = await createPost(database.db, shopId, benchOwner, postContent(index));
  const firstCall = recorder.calls.length;
  const started = performance.now();
  await requestPublication({ db: database.db, jobs: store.jobs }, shopId, post.id, benchOwner, {
    baseRevision: post.revision,
  });
  let row: { state: string; languages: Record<string, string> } | undefined;
  for (;;) {
    const { rows } = await database.pool.query<{
      state: string;
      languages: Record<string, string>;
    }>(
      'select publication_state as state, language_states as languages from blog_posts where id = $1',
      [post.id],
    );
    row = rows[0];
    if (row !== undefined && row.state !== 'queued') break;
    if (performance.now() - started > 5 * 60_000) throw new Error(`Post ${index + 1} still queued`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const publishedAt = performance.now();
  const wallMs = publishedAt - started;
  const { rows: jobs } = await database.pool.query<{ waitMs: number }>(
    `select extract(epoch from (started_on - created_on)) * 1000 as "waitMs" from pgboss.job
     where name = 'blog-publish' and data->>'postId' = $1 order by created_on limit 1`,
    [post.id],
  );
  await settle(store);
  const calls = recorder.calls.slice(firstCall);
  const ofTheJob = (call: RecordedAdminCall) =>
    call.answeredAt <= publishedAt && publishJobOperations.has(call.operation);
  return {
    wallMs,
    queueWaitMs: Number(jobs[0]?.waitMs ?? 0),
    state: row.state,
    languages: row.languages,
    publishCalls: calls.filter(ofTheJob),
    afterCalls: calls.filter((call) => !ofTheJob(call)),
  };
}

async function main(): Promise<void> {
  const store = await startBenchStore(products, { recordAdminApi: true });
  try {
    log('Waiting for the product to be idle and the app’s bucket full…');
    await settle(store);
    const before = await appUsage(store);
    const callsBefore = store.adminApi!.calls.length;
    const content = postContent(0);
    const figures: PostFigures[] = [];
    for (let index = 0; index < postCount; index++) {
      log(`Publishing post ${index + 1} of ${postCount}…`);
      figures.push(await publishOne(store, index));
    }
    const after = await appUsage(store);
    const allCalls = store.adminApi!.calls.slice(callsBefore);

    const { maximumAvailable, restoreRate } = before.throttleStatus;
    const wordsOf = (html: string) =>
      html
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter((word) => word !== '').length;
    const published = figures.filter((post) => post.state === 'published').length;
    const frWritten = figures.filter((post) => post.languages.fr === 'written').length;
    const enWritten = figures.filter((post) => post.languages.en === 'written').length;
    const publishCalls = figures.flatMap((post) => post.publishCalls);
    const afterCalls = figures.flatMap((post) => post.afterCalls);
    const perPostPoints = figures.map((post) => actual(post.publishCalls));
    const perPostRequested = figures.map((post) => requested(post.publishCalls));
    const afterPoints = figures.map((post) => actual(post.afterCalls));
    const walls = figures.map((post) => post.wallMs);
    const waits = figures.map((post) => post.queueWaitMs);
    const withoutWait = figures.map((post) => post.wallMs - post.queueWaitMs);
    const lowestPublish = lowest(publishCalls);
    const lowestAll = lowest(allCalls);
    const throttled = throttledIn(allCalls);
    const pointsP50 = percentile(
      [...perPostPoints].sort((a, b) => a - b),
      0.5,
    );
    const recordedSpent = actual(allCalls);
    const countedSpent = after.usage.pointsSpent - before.usage.pointsSpent;

    console.log(
      `\n${postCount} posts published one at a time, English (the store's language) with the French translation, ` +
        `${wordsOf(content.languages.en.bodyHtml).toLocaleString('en')} + ${wordsOf(content.languages.fr.bodyHtml).toLocaleString('en')} words ` +
        `(${(content.languages.en.bodyHtml.length / 1024).toFixed(1)} + ${(content.languages.fr.bodyHtml.length / 1024).toFixed(1)} KB of HTML), ` +
        `store of ${products.toLocaleString('en')} products; bucket ${maximumAvailable} points, restored at ${restoreRate}/s`,
    );
    console.log(
      `  published: ${published}/${postCount}; languages written: en ${enWritten}/${postCount}, fr ${frWritten}/${postCount}`,
    );
    console.log(`  publish request → post published (ms): ${spread(walls)}`);
    console.log(
      `    of which waiting for the product's worker to poll the job (ms): ${spread(waits)} ` +
        `(${((sum(waits) / sum(walls)) * 100).toFixed(0)} % of the wall time)`,
    );
    console.log(`    without that wait (ms): ${spread(withoutWait)}`);
    console.log(
      `    each, in order of publication (ms): ${figures.map((post) => `${post.wallMs.toFixed(0)} (${(post.wallMs - post.queueWaitMs).toFixed(0)})`).join(', ')}`,
    );
    console.log(
      `  publish job's Admin API calls per post: ${operations(figures[0]!.publishCalls)} ` +
        `(${figures[0]!.publishCalls.length} calls; ${spread(figures.map((post) => post.publishCalls.length))} over the posts); ` +
        `call time p50 ${percentile(
          publishCalls.map((call) => call.ms).sort((a, b) => a - b),
          0.5,
        ).toFixed(
          1,
        )} ms, sum per post ${spread(figures.map((post) => sum(post.publishCalls.map((call) => call.ms))))} ms`,
    );
    console.log(
      `  actualQueryCost per post: ${spread(perPostPoints)} points ` +
        `(${((pointsP50 / maximumAvailable) * 100).toFixed(1)} % of the bucket, refilled in ${(pointsP50 / restoreRate).toFixed(1)} s); ` +
        `requested ${spread(perPostRequested)}`,
    );
    console.log(
      `  by operation (actual points each, p50): ${[
        ...new Set(publishCalls.map((call) => call.operation)),
      ]
        .map((name) => {
          const costs = publishCalls
            .filter((call) => call.operation === name)
            .map((call) => call.actualQueryCost ?? 0)
            .sort((a, b) => a - b);
          return `${name} ${percentile(costs, 0.5)}`;
        })
        .join(', ')}`,
    );
    console.log(
      `  lowest currentlyAvailable reported during the publish jobs: ${lowestPublish} of ${maximumAvailable} ` +
        `(${((lowestPublish / maximumAvailable) * 100).toFixed(1)} %)`,
    );
    console.log(
      `  then the catalog's reading of each article written: ${operations(figures[0]!.afterCalls)} ` +
        `for post 1; ${spread(afterPoints)} points per post ` +
        `(${(sum(afterPoints) / Math.max(1, sum(perPostPoints))).toFixed(2)}× the publish job's)`,
    );
    console.log(
      `  lowest currentlyAvailable over the whole run: ${lowestAll} of ${maximumAvailable} ` +
        `(${((lowestAll / maximumAvailable) * 100).toFixed(1)} %)`,
    );
    console.log(
      `  THROTTLED answers: ${throttled} of ${allCalls.length} calls (${throttledIn(publishCalls)} in the publish jobs, ` +
        `${throttledIn(afterCalls)} after) (goal ${goals.throttled}, ${throttled <= goals.throttled ? 'met' : 'MISSED'}); ` +
        `the local Shopify counted ${after.usage.throttled - before.usage.throttled}`,
    );
    console.log(
      `  points the local Shopify counted for the app over the run: ${countedSpent}; recorded: ${recordedSpent} ` +
        `(${publishCalls.length} + ${afterCalls.length} calls)`,
    );
  } finally {
    await store.stop();
  }
}

await main();
