import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCatalogImport } from '#server/areas/catalog/catalog-import-job.ts';
import { catalogReconcileJob } from '#server/areas/catalog/catalog-reconcile-job.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import { queueLostPublications } from '#server/areas/blog/blog-publish-job.ts';
import { storeCatalog } from '#server/workers.ts';
import { scanRenderedHtml } from '#shared/seo/rendered/scan-rendered-html.ts';
import {
  blogSettingsSchema,
  emptyPostContent,
  postListSchema,
  postResponseSchema,
  productLinkListSchema,
  storeArticleListSchema,
  type PostContent,
  type PostView,
} from '#shared/schemas/blog.ts';
import { shopListSchema } from '#shared/schemas/shops.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';
import { registeredOwner, storeConnectedToLocalShopify } from '../support/owners-and-stores.ts';
import { testShopifyApp, waitUntil } from '../support/shops-test-support.ts';

/**
 * Blog posts published to the local Shopify (server/local/shopify) by the product's own workers: the
 * article written in the store's language with its French translation, served by the storefront in
 * both, its featured image's French alt text included; a scheduled post hidden until its date, then found visible; an article changed in Shopify
 * since not overwritten but shown as a conflict, answered either way; a retry whose first answer was
 * lost finds its article instead of creating a second; a handle taken refused before anything is
 * sent; unpublish and delete; and the plan's posts per month on Free.
 */

const storeName = 'atelier-journal';
const freeStoreName = 'atelier-gratuit';
const host = `www.${storeName}.example`;

let shopify: TestShopify;
let api: ApiTestContext;
let owner: TestUser;
let shopId: string;

function call(
  who: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method,
    url,
    headers: bearer(who.idToken),
    ...(payload !== undefined && { payload }),
  });
}

/** A storefront page as a browser gets it from the store's domain. */
function storefront(path: string, storeHost = host): Promise<{ status: number; html: string }> {
  const server = new URL(shopify.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: server.hostname, port: server.port, path, headers: { Host: storeHost } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, html: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function importedStore(who: TestUser, domain?: string): Promise<string> {
  const id = await storeConnectedToLocalShopify(api, shopify, who, domain);
  await queueCatalogImport({ db: api.database.db, jobs: api.jobs }, id);
  await waitUntil(async () => {
    const list = shopListSchema.parse((await call(who, 'GET', '/api/v1/shops')).json()).data;
    return list.shops.find((shop) => shop.id === id)?.state === 'ready';
  }, 60_000);
  return id;
}

beforeAll(async () => {
  shopify = await startTestShopify({
    stores: [
      { name: storeName, products: 4 },
      { name: freeStoreName, products: 2 },
    ],
  });
  api = await startApiForTests({ shopify: testShopifyApp(shopify.url), shopCatalog: 'product' });
  owner = await registeredOwner(api, 'pro');
  shopId = await importedStore(owner);
}, 120_000);

afterAll(async () => {
  if (shopId !== undefined) {
    await storeCatalog({ db: api.database.db, jobs: api.jobs }).deleteStoreCopy(shopId);
  }
  await api?.close();
  await shopify?.stop();
});

function written(en: { title: string; body: string }, fr: { title: string; body: string }) {
  const content = emptyPostContent('Camille Martin');
  return {
    ...content,
    languages: {
      en: {
        ...content.languages.en,
        title: en.title,
        bodyHtml: `<p>${en.body}</p>`,
        seoDescription: `${en.body} Read how.`,
      },
      fr: {
        ...content.languages.fr,
        title: fr.title,
        bodyHtml: `<p>${fr.body}</p>`,
        seoDescription: `${fr.body} Lisez comment.`,
      },
    },
  } satisfies PostContent;
}

async function newPost(who: TestUser, store: string, content: PostContent): Promise<PostView> {
  const response = await call(who, 'POST', `/api/v1/shops/${store}/blog/posts`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return postResponseSchema.parse(response.json()).data;
}

async function readPost(who: TestUser, store: string, postId: string): Promise<PostView> {
  const response = await call(who, 'GET', `/api/v1/shops/${store}/blog/posts/${postId}`);
  return postResponseSchema.parse(response.json()).data;
}

function publish(
  who: TestUser,
  store: string,
  post: PostView,
  options: { publishAt?: string; overwrite?: boolean } = {},
) {
  return call(who, 'POST', `/api/v1/shops/${store}/blog/posts/${post.id}/publish`, {
    baseRevision: post.revision,
    ...options,
  });
}

/** The post once its queued publication is done. */
async function settled(who: TestUser, store: string, postId: string): Promise<PostView> {
  let post: PostView | undefined;
  await waitUntil(async () => {
    post = await readPost(who, store, postId);
    return post.publication.state !== 'queued';
  }, 30_000);
  return post!;
}

async function published(content: PostContent): Promise<PostView> {
  const post = await newPost(owner, shopId, content);
  const response = await publish(owner, shopId, post);
  expect(response.statusCode, response.body).toBe(202);
  expect(postResponseSchema.parse(response.json()).data.publication.state).toBe('queued');
  return settled(owner, shopId, post.id);
}

/** The articles the store's copy holds. */
async function copiedArticles(): Promise<number> {
  const list = shopListSchema.parse((await call(owner, 'GET', '/api/v1/shops')).json()).data;
  return list.shops.find((shop) => shop.id === shopId)!.counts.articles;
}

/** The store's articles with this handle, as Shopify's admin lists them. */
async function articlesWithHandle(handle: string): Promise<number> {
  const token = (await shopify.installApp({ shopDomain: shopify.shopDomain })).access_token;
  const answer = await shopify.graphql<{ articles: { nodes: Array<{ id: string }> } }>(
    token,
    `query($query: String!) { articles(first: 10, query: $query) { nodes { id } } }`,
    { query: `handle:${handle}` },
  );
  return answer.body.data!.articles.nodes.length;
}

describe('publishing', () => {
  it('writes the article in English with its French translation, served in both languages', async () => {
    const post = await published(
      written(
        { title: 'Caring for linen', body: 'Wash linen cool and dry it flat.' },
        { title: 'Entretenir le lin', body: 'Lavez le lin à froid et séchez-le à plat.' },
      ),
    );
    expect(post.publication).toMatchObject({
      state: 'published',
      languages: { en: 'written', fr: 'written' },
      publishedRevision: post.revision,
      errorCode: null,
    });
    expect(post.publication.articleId).toMatch(/^gid:\/\/shopify\/Article\/\d+$/);

    const settings = blogSettingsSchema.parse(
      (await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/settings`)).json(),
    ).data;
    const blog = settings.blogs.find((entry) => entry.id === post.publication.blogId)!;
    expect(settings.postsThisMonth).toBe(1);
    expect(settings.postsPerMonth).toBe(30);

    const english = await storefront(`/blogs/${blog.handle}/caring-for-linen`);
    expect(english.status).toBe(200);
    const englishPage = scanRenderedHtml(english.html);
    expect(englishPage.title).toContain('Caring for linen');
    expect(englishPage.metas).toContainEqual({
      name: 'description',
      content: 'Wash linen cool and dry it flat. Read how.',
    });
    expect(
      englishPage.links.find((link) => link.rel === 'alternate' && link.hreflang === 'fr')?.href,
    ).toContain('/fr/blogs/');
    const french = await storefront(`/fr/blogs/${blog.handle}/entretenir-le-lin`);
    expect(french.status).toBe(200);
    expect(scanRenderedHtml(french.html).title).toContain('Entretenir le lin');
    expect(french.html).toContain('<p>Lavez le lin à froid et séchez-le à plat.</p>');
  });

  it('schedules a post: hidden until its date, then found visible', async () => {
    const post = await newPost(
      owner,
      shopId,
      written(
        { title: 'Spring linens', body: 'New colours for spring.' },
        { title: 'Le lin du printemps', body: 'De nouvelles couleurs.' },
      ),
    );
    const at = new Date(Date.now() + 3_000);
    const response = await publish(owner, shopId, post, { publishAt: at.toISOString() });
    expect(response.statusCode, response.body).toBe(202);
    const scheduled = await settled(owner, shopId, post.id);
    expect(scheduled.publication.state).toBe('scheduled');
    // Shopify keeps dates to the second.
    expect(
      Math.abs(new Date(scheduled.publication.publishAt!).getTime() - at.getTime()),
    ).toBeLessThan(1000);
    const settings = blogSettingsSchema.parse(
      (await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/settings`)).json(),
    ).data;
    const blog = settings.blogs.find((entry) => entry.id === scheduled.publication.blogId)!;
    expect((await storefront(`/blogs/${blog.handle}/spring-linens`)).status).toBe(404);

    await waitUntil(
      async () => (await readPost(owner, shopId, post.id)).publication.state === 'published',
      20_000,
    );
    expect((await storefront(`/blogs/${blog.handle}/spring-linens`)).status).toBe(200);
  });

  it('refuses a date in the past and a post Shopify would refuse, sending nothing', async () => {
    const post = await newPost(
      owner,
      shopId,
      written({ title: '', body: 'No title.' }, { title: '', body: '' }),
    );
    const untitled = await publish(owner, shopId, post);
    expect(untitled.statusCode).toBe(422);
    expect(errorOf(untitled)).toMatchObject({
      code: 'post_not_publishable',
      field: 'en.title_missing',
    });
    const past = await publish(owner, shopId, post, {
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).code).toBe('publish_date_past');
    expect((await readPost(owner, shopId, post.id)).publication.state).toBe('draft');
  });

  it('refuses a handle another article of the blog has', async () => {
    const articlesBefore = await copiedArticles();
    await published(
      written({ title: 'Ironing shirts', body: 'Iron while damp.' }, { title: '', body: '' }),
    );
    // The copy knows the first one once the catalog has read the store's articles again.
    await waitUntil(async () => (await copiedArticles()) > articlesBefore, 30_000);
    const second = await newPost(
      owner,
      shopId,
      written({ title: 'Ironing shirts', body: 'Another take.' }, { title: '', body: '' }),
    );
    const refused = await publish(owner, shopId, second);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'handle_taken', field: 'en.handle' });
    expect((await readPost(owner, shopId, second.id)).publication.state).toBe('draft');
  });

  it('finds the article of an attempt whose answer was lost instead of creating a second', async () => {
    const post = await published(
      written({ title: 'Storing wool', body: 'Fold, never hang.' }, { title: '', body: '' }),
    );
    // As if the process had stopped after Shopify created the article, before it was recorded.
    await api.database.pool.query(
      `update blog_posts set article_gid = null, shopify_updated_at = null, publication_state = 'draft',
         creation_sent_at = now() where id = $1`,
      [post.id],
    );
    const again = await publish(owner, shopId, post);
    expect(again.statusCode, again.body).toBe(202);
    const settledAgain = await settled(owner, shopId, post.id);
    expect(settledAgain.publication.state).toBe('published');
    expect(settledAgain.publication.articleId).toBe(post.publication.articleId);
    expect(await articlesWithHandle('storing-wool')).toBe(1);
  });
});

describe('a publication whose job was lost', () => {
  it('is queued again by the sweep, and written once', async () => {
    const post = await newPost(
      owner,
      shopId,
      written({ title: 'Pressing napkins', body: 'Damp, then hot.' }, { title: '', body: '' }),
    );
    // As if the process that asked had stopped before queueing the job.
    await api.database.pool.query(
      `update blog_posts set publication_state = 'queued', publication_action = 'publish',
         queued_at = now() - interval '20 minutes' where id = $1`,
      [post.id],
    );
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const sweep = () =>
      queueLostPublications({ db: api.database.db, jobs: api.jobs, log: silent }, { shopId });
    expect(await sweep()).toEqual([post.id]);
    // Queued again just now: the next sweep leaves it to its job.
    expect(await sweep()).toEqual([]);
    expect((await settled(owner, shopId, post.id)).publication.state).toBe('published');
    expect(await articlesWithHandle('pressing-napkins')).toBe(1);
  });
});

describe('a change made in Shopify', () => {
  it('is not overwritten: the post is in conflict until the owner keeps either text', async () => {
    const post = await published(
      written({ title: 'Bed linen sizes', body: 'Measure the mattress.' }, { title: '', body: '' }),
    );
    const articleId = post.publication.articleId!.split('/').at(-1);
    const edited = await shopify.control('PATCH', `articles/${articleId}`, {
      title: 'Bed linen sizes, a guide',
    });
    expect(edited.status).toBe(200);
    // Once the catalog's reconciliation has read the article, the list says so.
    await api.jobs.send(catalogReconcileJob, { shopId });
    await waitUntil(async () => {
      const list = postListSchema.parse(
        (await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/posts?limit=100`)).json(),
      ).data;
      return list.posts.find((entry) => entry.id === post.id)?.changedInShopify === true;
    }, 30_000);

    const again = await publish(owner, shopId, post);
    expect(again.statusCode).toBe(202);
    const conflict = await settled(owner, shopId, post.id);
    expect(conflict.publication.state).toBe('conflict');
    expect(conflict.publication.shopifyVersion?.title).toBe('Bed linen sizes, a guide');

    // Hiding the post does not take Shopify's change for known either.
    const hidden = await call(
      owner,
      'POST',
      `/api/v1/shops/${shopId}/blog/posts/${post.id}/unpublish`,
    );
    expect(hidden.statusCode).toBe(202);
    expect((await settled(owner, shopId, post.id)).publication.state).toBe('conflict');

    // Keeping Shopify's text makes it the post's, with the summary and search texts changed there.
    await shopify.control('PATCH', `articles/${articleId}`, {
      summary: '<p>Which sheet fits which bed.</p>',
      seo: { title: 'Bed linen sizes | Atelier', description: 'Every size, measured.' },
    });
    await publish(owner, shopId, post);
    const conflictAgain = await settled(owner, shopId, post.id);
    expect(conflictAgain.publication.state).toBe('conflict');
    const taken = await call(
      owner,
      'POST',
      `/api/v1/shops/${shopId}/blog/posts/${post.id}/take-shopify`,
      { baseRevision: conflictAgain.revision },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    const theirs = postResponseSchema.parse(taken.json()).data;
    expect(theirs.content.languages.en).toMatchObject({
      title: 'Bed linen sizes, a guide',
      summaryHtml: '<p>Which sheet fits which bed.</p>',
      seoTitle: 'Bed linen sizes | Atelier',
      seoDescription: 'Every size, measured.',
    });
    expect(theirs.publication.state).toBe('published');

    // Changed in Shopify again, then the owner's text written over it on purpose.
    await shopify.control('PATCH', `articles/${articleId}`, { title: 'Changed once more' });
    expect((await publish(owner, shopId, theirs)).statusCode).toBe(202);
    const blocked = await settled(owner, shopId, post.id);
    expect(blocked.publication.state).toBe('conflict');
    const overwrite = await publish(owner, shopId, blocked, { overwrite: true });
    expect(overwrite.statusCode).toBe(202);
    const ours = await settled(owner, shopId, post.id);
    expect(ours.publication.state).toBe('published');
    const token = (await shopify.installApp()).access_token;
    const article = await shopify.graphql<{ article: { title: string } }>(
      token,
      `query($id: ID!) { article(id: $id) { title } }`,
      { id: post.publication.articleId },
    );
    expect(article.body.data!.article.title).toBe('Bed linen sizes, a guide');

    // A search description and a French title cleared in Vitrine are cleared in Shopify too.
    const frenchKeys = async () =>
      (
        await shopify.graphql<{ translatableResource: { translations: Array<{ key: string }> } }>(
          token,
          `query($id: ID!) { translatableResource(resourceId: $id) { translations(locale: "fr") { key } } }`,
          { id: post.publication.articleId },
        )
      ).body.data!.translatableResource.translations.map((entry) => entry.key);
    const titled = postResponseSchema.parse(
      (
        await call(owner, 'PUT', `/api/v1/shops/${shopId}/blog/posts/${post.id}`, {
          baseRevision: ours.revision,
          editorId: 'first-tab',
          content: {
            ...ours.content,
            languages: {
              ...ours.content.languages,
              fr: { ...ours.content.languages.fr, title: 'Les tailles du linge de lit' },
            },
          },
        })
      ).json(),
    ).data;
    expect((await publish(owner, shopId, titled)).statusCode).toBe(202);
    await settled(owner, shopId, post.id);
    expect(await frenchKeys()).toContain('title');
    const cleared = await call(owner, 'PUT', `/api/v1/shops/${shopId}/blog/posts/${post.id}`, {
      baseRevision: titled.revision,
      editorId: 'first-tab',
      content: {
        ...titled.content,
        languages: {
          en: { ...titled.content.languages.en, seoDescription: '' },
          fr: { ...titled.content.languages.fr, title: '' },
        },
      },
    });
    expect(cleared.statusCode).toBe(200);
    const clearedPost = postResponseSchema.parse(cleared.json()).data;
    expect((await publish(owner, shopId, clearedPost)).statusCode).toBe(202);
    expect((await settled(owner, shopId, post.id)).publication.state).toBe('published');
    const after = await shopify.graphql<{ article: { descriptionTag: { value: string } | null } }>(
      token,
      `query($id: ID!) { article(id: $id) { descriptionTag: metafield(namespace: "global", key: "description_tag") { value } } }`,
      { id: post.publication.articleId },
    );
    expect(after.body.data!.article.descriptionTag).toBeNull();
    expect(await frenchKeys()).not.toContain('title');
  });
});

describe('removal', () => {
  it('hides a post on the store, then deletes it there and here', async () => {
    const post = await published(
      written({ title: 'Linen napkins', body: 'Starch them lightly.' }, { title: '', body: '' }),
    );
    const blogHandle = blogSettingsSchema
      .parse((await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/settings`)).json())
      .data.blogs.find((blog) => blog.id === post.publication.blogId)!.handle;
    const hidden = await call(
      owner,
      'POST',
      `/api/v1/shops/${shopId}/blog/posts/${post.id}/unpublish`,
    );
    expect(hidden.statusCode).toBe(202);
    expect((await settled(owner, shopId, post.id)).publication.state).toBe('unpublished');
    expect((await storefront(`/blogs/${blogHandle}/linen-napkins`)).status).toBe(404);

    const deleted = await call(owner, 'DELETE', `/api/v1/shops/${shopId}/blog/posts/${post.id}`);
    expect(deleted.statusCode).toBe(202);
    await waitUntil(
      async () =>
        (await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/posts/${post.id}`)).statusCode ===
        404,
    );
    expect(await articlesWithHandle('linen-napkins')).toBe(0);
  });
});

describe('the featured image’s alt text in French', () => {
  interface ImageResource {
    resourceId: string;
    translations: Array<{ key: string; value: string; outdated: boolean }>;
  }

  /** The article's ARTICLE_IMAGE resources, as an app reads them from Shopify. */
  async function articleImages(articleId: string): Promise<ImageResource[]> {
    const token = (await shopify.installApp({ shopDomain: shopify.shopDomain })).access_token;
    const answer = await shopify.graphql<{
      translatableResource: { nestedTranslatableResources: { nodes: ImageResource[] } };
    }>(
      token,
      `query($id: ID!) {
        translatableResource(resourceId: $id) {
          nestedTranslatableResources(first: 5, resourceType: ARTICLE_IMAGE) {
            nodes { resourceId translations(locale: "fr") { key value outdated } }
          }
        }
      }`,
      { id: articleId },
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.translatableResource.nestedTranslatableResources.nodes;
  }

  /** The `alt` of the article page's featured image. */
  async function featuredAlt(path: string): Promise<string | undefined> {
    const page = await storefront(path);
    expect(page.status).toBe(200);
    return /<article class="article-template"><img [^>]*\balt="([^"]*)"/.exec(page.html)?.[1];
  }

  async function blogHandleOf(post: PostView): Promise<string> {
    return blogSettingsSchema
      .parse((await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/settings`)).json())
      .data.blogs.find((blog) => blog.id === post.publication.blogId)!.handle;
  }

  function withImage(content: PostContent, alt: { en: string; fr: string }): PostContent {
    return {
      ...content,
      imageUrl: 'https://cdn.example/folded-linen.jpg',
      languages: {
        en: { ...content.languages.en, imageAlt: alt.en },
        fr: { ...content.languages.fr, imageAlt: alt.fr },
      },
    };
  }

  /** The post saved with its alt texts changed, then published again. */
  async function republishedWithAlt(post: PostView, alt: { en: string; fr: string }) {
    const edited = await call(owner, 'PUT', `/api/v1/shops/${shopId}/blog/posts/${post.id}`, {
      baseRevision: post.revision,
      editorId: 'first-tab',
      content: withImage(post.content, alt),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const response = await publish(owner, shopId, postResponseSchema.parse(edited.json()).data);
    expect(response.statusCode, response.body).toBe(202);
    return settled(owner, shopId, post.id);
  }

  it('is registered on the image’s resource and shown on the French page, then removed when blank', async () => {
    const post = await published(
      withImage(
        written(
          { title: 'Folding linen', body: 'Fold linen in thirds.' },
          { title: 'Plier le lin', body: 'Pliez le lin en trois.' },
        ),
        { en: 'Folded linen on a shelf', fr: 'Du lin plié sur une étagère' },
      ),
    );
    expect(post.publication).toMatchObject({
      state: 'published',
      languages: { en: 'written', fr: 'written' },
      errorCode: null,
    });
    const articleId = post.publication.articleId!;
    const [image] = await articleImages(articleId);
    expect(image!.translations).toEqual([
      { key: 'alt', value: 'Du lin plié sur une étagère', outdated: false },
    ]);
    const blogHandle = await blogHandleOf(post);
    const englishPath = `/blogs/${blogHandle}/folding-linen`;
    const frenchPath = `/fr/blogs/${blogHandle}/plier-le-lin`;
    expect(await featuredAlt(englishPath)).toBe('Folded linen on a shelf');
    expect(await featuredAlt(frenchPath)).toBe('Du lin plié sur une étagère');

    // The English alt text changed: the French one is registered against its new digest.
    const changed = await republishedWithAlt(post, {
      en: 'Linen folded in thirds',
      fr: 'Du lin plié sur une étagère',
    });
    expect(changed.publication).toMatchObject({ state: 'published', errorCode: null });
    expect((await articleImages(articleId))[0]!.translations).toEqual([
      { key: 'alt', value: 'Du lin plié sur une étagère', outdated: false },
    ]);

    // Left blank in French: the French translation goes, and the French page shows the English.
    const blanked = await republishedWithAlt(changed, { en: 'Linen folded in thirds', fr: ' ' });
    expect(blanked.publication).toMatchObject({
      state: 'published',
      languages: { en: 'written', fr: 'written' },
      errorCode: null,
    });
    expect((await articleImages(articleId))[0]!.translations).toEqual([]);
    expect(await featuredAlt(frenchPath)).toBe('Linen folded in thirds');
  });

  it('registers none for a blank French alt text, and a post without an image publishes as before', async () => {
    const blankFrench = await published(
      withImage(
        written(
          { title: 'Airing linen', body: 'Air linen by a window.' },
          { title: 'Aérer le lin', body: 'Aérez le lin près d’une fenêtre.' },
        ),
        { en: 'Linen by a window', fr: '' },
      ),
    );
    expect(blankFrench.publication).toMatchObject({
      state: 'published',
      languages: { en: 'written', fr: 'written' },
    });
    expect((await articleImages(blankFrench.publication.articleId!))[0]!.translations).toEqual([]);
    const blogHandle = await blogHandleOf(blankFrench);
    expect(await featuredAlt(`/fr/blogs/${blogHandle}/aerer-le-lin`)).toBe('Linen by a window');

    const noImage = await published(
      written(
        { title: 'Mending linen', body: 'Darn small holes early.' },
        { title: 'Repriser le lin', body: 'Reprisez tôt les petits trous.' },
      ),
    );
    expect(noImage.publication).toMatchObject({
      state: 'published',
      languages: { en: 'written', fr: 'written' },
      errorCode: null,
    });
    expect(await articleImages(noImage.publication.articleId!)).toEqual([]);
    const french = await storefront(`/fr/blogs/${blogHandle}/repriser-le-lin`);
    expect(french.status).toBe(200);
    expect(french.html).not.toContain('<img');
  });
});

describe('the plan', () => {
  it('stops a Free account at its two posts a month, naming the plan that allows more', async () => {
    const freeOwner = await registeredOwner(api);
    const freeStore = await importedStore(freeOwner, `${freeStoreName}.myshopify.com`);
    for (const title of ['First post', 'Second post']) {
      const post = await newPost(
        freeOwner,
        freeStore,
        written({ title, body: 'Some words.' }, { title: '', body: '' }),
      );
      expect((await publish(freeOwner, freeStore, post)).statusCode).toBe(202);
      await settled(freeOwner, freeStore, post.id);
    }
    const third = await newPost(
      freeOwner,
      freeStore,
      written({ title: 'Third post', body: 'Some words.' }, { title: '', body: '' }),
    );
    const refused = await publish(freeOwner, freeStore, third);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'plan_limit_reached', limit: 'blogPostsPerMonth', plan: 'pro' },
    });
    // The draft stays a draft, saved.
    expect((await readPost(freeOwner, freeStore, third.id)).publication.state).toBe('draft');

    // Editing a published post does not count again.
    const first = postListSchema
      .parse((await call(freeOwner, 'GET', `/api/v1/shops/${freeStore}/blog/posts`)).json())
      .data.posts.find((post) => post.titles.en === 'First post')!;
    const firstPost = await readPost(freeOwner, freeStore, first.id);
    expect((await publish(freeOwner, freeStore, firstPost)).statusCode).toBe(202);
    await settled(freeOwner, freeStore, first.id);

    // Nor does deleting one give the month a post more.
    const deleted = await call(
      freeOwner,
      'DELETE',
      `/api/v1/shops/${freeStore}/blog/posts/${first.id}`,
    );
    expect(deleted.statusCode).toBe(202);
    await waitUntil(
      async () =>
        (await call(freeOwner, 'GET', `/api/v1/shops/${freeStore}/blog/posts/${first.id}`))
          .statusCode === 404,
    );
    const stillRefused = await publish(freeOwner, freeStore, third);
    expect(stillRefused.statusCode).toBe(403);
    const settings = blogSettingsSchema.parse(
      (await call(freeOwner, 'GET', `/api/v1/shops/${freeStore}/blog/settings`)).json(),
    ).data;
    expect(settings).toMatchObject({ postsThisMonth: 2, postsPerMonth: 2 });
    await storeCatalog({ db: api.database.db, jobs: api.jobs }).deleteStoreCopy(freeStore);
  });
});

describe('links to products', () => {
  const seeded = new SeededStore(storeName, 4);
  const [onSale] = [...seeded.productIds()]
    .map((id) => seeded.product(id)!)
    .filter((product) => product.status === 'ACTIVE' && product.translations.fr?.handle);

  it('finds the store’s products by title, with their address in each language', async () => {
    const word = onSale!.title.split(' ')[0]!;
    const response = await call(
      owner,
      'GET',
      `/api/v1/shops/${shopId}/blog/products?search=${encodeURIComponent(word)}`,
    );
    expect(response.statusCode).toBe(200);
    const found = productLinkListSchema
      .parse(response.json())
      .data.products.find((product) => product.id === `gid://shopify/Product/${onSale!.id}`);
    expect(found).toEqual({
      id: `gid://shopify/Product/${onSale!.id}`,
      onSale: true,
      titles: { en: onSale!.title, fr: onSale!.translations.fr!.title?.value ?? onSale!.title },
      paths: {
        en: `/products/${onSale!.handle}`,
        fr: `/fr/products/${onSale!.translations.fr!.handle!.value}`,
      },
      handles: { en: onSale!.handle, fr: onSale!.translations.fr!.handle!.value },
    });
  });

  it('reads back the products a post’s links name, telling the ones off sale or gone', async () => {
    const frenchHandle = onSale!.translations.fr!.handle!.value;
    const read = async () =>
      productLinkListSchema.parse(
        (
          await call(
            owner,
            'GET',
            `/api/v1/shops/${shopId}/blog/products?handles=${frenchHandle},no-such-product`,
          )
        ).json(),
      ).data.products;
    const before = await read();
    expect(before.map((product) => [product.id, product.onSale])).toEqual([
      [`gid://shopify/Product/${onSale!.id}`, true],
    ]);
  });
});

describe('the store’s own articles', () => {
  it('are listed until brought into Vitrine, then updated from it with their tags kept', async () => {
    const listed = storeArticleListSchema.parse(
      (await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/store-articles?limit=100`)).json(),
    ).data;
    expect(listed.total).toBeGreaterThan(0);
    const token = (await shopify.installApp()).access_token;
    const tagsOf = async (id: string) =>
      (
        await shopify.graphql<{ article: { tags: string[]; title: string } }>(
          token,
          `query($id: ID!) { article(id: $id) { tags title } }`,
          { id },
        )
      ).body.data!.article;
    // One of the seed's articles with tags and a French translation.
    const seededArticle = [...new SeededStore(storeName, 4).articles.values()].find(
      (article) => article.tags.length > 0 && article.translations.fr?.title !== undefined,
    )!;
    const id = `gid://shopify/Article/${seededArticle.id}`;
    expect(listed.articles.map((article) => article.id)).toContain(id);

    const adopted = await call(
      owner,
      'POST',
      `/api/v1/shops/${shopId}/blog/store-articles/${seededArticle.id}/adopt`,
    );
    expect(adopted.statusCode, adopted.body).toBe(201);
    const post = postResponseSchema.parse(adopted.json()).data;
    expect(post.content.languages.en.title).toBe(seededArticle.title);
    expect(post.content.languages.fr.title).toBe(seededArticle.translations.fr!.title!.value);
    expect(post.content.tags).toEqual(seededArticle.tags);
    expect(post.publication.articleId).toBe(id);
    // Brought in twice, it is the same post.
    const again = await call(
      owner,
      'POST',
      `/api/v1/shops/${shopId}/blog/store-articles/${seededArticle.id}/adopt`,
    );
    expect(postResponseSchema.parse(again.json()).data.id).toBe(post.id);
    const after = storeArticleListSchema.parse(
      (await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/store-articles?limit=100`)).json(),
    ).data;
    expect(after.articles.map((article) => article.id)).not.toContain(id);

    // Edited in Vitrine and published: no conflict, the tags still there.
    const edited = await call(owner, 'PUT', `/api/v1/shops/${shopId}/blog/posts/${post.id}`, {
      baseRevision: post.revision,
      editorId: 'first-tab',
      content: {
        ...post.content,
        languages: {
          ...post.content.languages,
          en: { ...post.content.languages.en, title: `${seededArticle.title}, revised` },
        },
      },
    });
    expect(edited.statusCode).toBe(200);
    const saved = postResponseSchema.parse(edited.json()).data;
    const republished = await publish(owner, shopId, saved);
    expect(republished.statusCode, republished.body).toBe(202);
    const done = await settled(owner, shopId, post.id);
    expect(done.publication.state).toBe(post.publication.state);
    expect(await tagsOf(id)).toEqual({
      tags: seededArticle.tags,
      title: `${seededArticle.title}, revised`,
    });
  });
});
