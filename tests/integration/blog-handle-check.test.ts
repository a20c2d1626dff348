import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCatalogImport } from '#server/areas/catalog/catalog-import-job.ts';
import { storeCatalog } from '#server/workers.ts';
import { handleCheckResponseSchema } from '#shared/schemas/blog-handles.ts';
import {
  emptyPostContent,
  postResponseSchema,
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
 * A post's handle checked in both languages against the store's blog (server/areas/blog/post-handles.ts),
 * with the local Shopify and the product's own workers: publishing refuses a handle another article
 * answers at in English or French, naming the language, and never the post's own; the editor's
 * question gives the same answer as the owner types; another post on the store holds the handle its
 * text has, a draft none; a draft is saved with a taken handle all the same.
 */

const storeName = 'atelier-adresses';
/** The store's first seeded article, in its only blog (server/local/shopify/seeded-store.ts). */
const seededArticle = { id: '560000000001', handle: 'how-to-care-for-linen' };
/** The French handle the owner gave that article in Shopify before connecting the store. */
const seededFrenchHandle = 'guide-du-lin';

let shopify: TestShopify;
let api: ApiTestContext;
let owner: TestUser;
let shopId: string;

function call(
  who: TestUser,
  method: 'GET' | 'POST' | 'PUT',
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

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: storeName, products: 4 }] });
  const translated = await shopify.control('PUT', 'translations', {
    resourceId: `gid://shopify/Article/${seededArticle.id}`,
    locale: 'fr',
    key: 'handle',
    value: seededFrenchHandle,
  });
  expect(translated.status, JSON.stringify(translated.body)).toBe(200);
  api = await startApiForTests({ shopify: testShopifyApp(shopify.url), shopCatalog: 'product' });
  owner = await registeredOwner(api, 'pro');
  shopId = await storeConnectedToLocalShopify(api, shopify, owner);
  await queueCatalogImport({ db: api.database.db, jobs: api.jobs }, shopId);
  await waitUntil(async () => {
    const list = shopListSchema.parse((await call(owner, 'GET', '/api/v1/shops')).json()).data;
    return list.shops.find((shop) => shop.id === shopId)?.state === 'ready';
  }, 60_000);
}, 120_000);

afterAll(async () => {
  if (shopId !== undefined) {
    await storeCatalog({ db: api.database.db, jobs: api.jobs }).deleteStoreCopy(shopId);
  }
  await api?.close();
  await shopify?.stop();
});

/** A post in both languages; `handles` written by the owner, otherwise made from the titles. */
function written(en: string, fr: string, handles: { en?: string; fr?: string } = {}): PostContent {
  const content = emptyPostContent('Camille Martin');
  const language = (title: string, handle: string | undefined, body: string) => ({
    ...content.languages.en,
    title,
    bodyHtml: `<p>${body}</p>`,
    ...(handle !== undefined && { handle, handleEdited: true }),
  });
  return {
    ...content,
    languages: {
      en: language(en, handles.en, 'A few words on it.'),
      fr: language(fr, handles.fr, 'Quelques mots à ce sujet.'),
    },
  };
}

async function newPost(content: PostContent): Promise<PostView> {
  const response = await call(owner, 'POST', `/api/v1/shops/${shopId}/blog/posts`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return postResponseSchema.parse(response.json()).data;
}

async function readPost(postId: string): Promise<PostView> {
  const response = await call(owner, 'GET', `/api/v1/shops/${shopId}/blog/posts/${postId}`);
  return postResponseSchema.parse(response.json()).data;
}

function publish(post: PostView) {
  return call(owner, 'POST', `/api/v1/shops/${shopId}/blog/posts/${post.id}/publish`, {
    baseRevision: post.revision,
  });
}

async function published(content: PostContent): Promise<PostView> {
  const post = await newPost(content);
  const response = await publish(post);
  expect(response.statusCode, response.body).toBe(202);
  let settled: PostView | undefined;
  await waitUntil(async () => {
    settled = await readPost(post.id);
    return settled.publication.state !== 'queued';
  }, 30_000);
  expect(settled!.publication).toMatchObject({
    state: 'published',
    languages: { en: 'written', fr: 'written' },
  });
  return settled!;
}

/** The editor's question: is `handle` taken in `language` for this post? */
async function taken(
  post: PostView,
  language: 'en' | 'fr',
  handle: string,
  who = owner,
): Promise<boolean> {
  const query = new URLSearchParams({ language, handle });
  const response = await call(
    who,
    'GET',
    `/api/v1/shops/${shopId}/blog/posts/${post.id}/handle-check?${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return handleCheckResponseSchema.parse(response.json()).data.taken;
}

describe('publishing', () => {
  it('refuses a French handle another article of the blog has in French, naming French', async () => {
    const post = await newPost(
      written('Linen, a guide', 'Le lin, un guide', { fr: seededFrenchHandle }),
    );
    const refused = await publish(post);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'handle_taken', field: 'fr.handle' });
    expect((await readPost(post.id)).publication.state).toBe('draft');
  });

  it('refuses a French handle another article has as its own: the storefront would serve either', async () => {
    const post = await newPost(
      written('Linen, the basics', 'Le lin, les bases', { fr: seededArticle.handle }),
    );
    const refused = await publish(post);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'handle_taken', field: 'fr.handle' });
  });

  it('refuses an English handle another article has in French', async () => {
    const post = await newPost(
      written('Linen guide', 'Guide du linge', { en: seededFrenchHandle, fr: 'guide-du-linge' }),
    );
    const refused = await publish(post);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'handle_taken', field: 'en.handle' });
  });

  it('never finds the post’s own article in the way, in either language', async () => {
    // The same handle in both languages, as an owner who writes no French address leaves it.
    const post = await published(written('Washing wool', 'Laver la laine', { fr: 'washing-wool' }));
    expect(await taken(post, 'en', 'washing-wool')).toBe(false);
    expect(await taken(post, 'fr', 'washing-wool')).toBe(false);
    // Published again once the catalog holds its article with its French handle.
    await waitUntil(async () => {
      const { rows } = await api.database.pool.query(
        `select value from catalog_translations
         where shop_id = $1 and resource_gid = $2 and locale = 'fr' and key = 'handle'`,
        [shopId, post.publication.articleId],
      );
      return rows[0]?.value === 'washing-wool';
    }, 30_000);
    const again = await publish(post);
    expect(again.statusCode, again.body).toBe(202);
  });
});

describe('the editor’s question', () => {
  it('says taken for another article’s handle in either language, free for a new one', async () => {
    const post = await newPost(written('Ironing tips', 'Conseils de repassage'));
    expect(await taken(post, 'fr', seededFrenchHandle)).toBe(true);
    expect(await taken(post, 'fr', seededArticle.handle)).toBe(true);
    expect(await taken(post, 'en', seededArticle.handle)).toBe(true);
    expect(await taken(post, 'en', seededFrenchHandle)).toBe(true);
    expect(await taken(post, 'fr', 'conseils-de-repassage')).toBe(false);
    expect(await taken(post, 'en', 'ironing-tips')).toBe(false);
    expect(await taken(post, 'fr', '')).toBe(false);
  });

  it('answers only the store’s owner', async () => {
    const post = await newPost(written('Drying herbs', 'Sécher les herbes'));
    const stranger = await registeredOwner(api, 'pro');
    const query = new URLSearchParams({ language: 'fr', handle: seededFrenchHandle });
    const response = await call(
      stranger,
      'GET',
      `/api/v1/shops/${shopId}/blog/posts/${post.id}/handle-check?${query}`,
    );
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('shop_not_found');
  });

  it('lets a draft be saved with a taken handle', async () => {
    const post = await newPost(written('Pressing flowers', 'Presser les fleurs'));
    const content = written('Pressing flowers', 'Presser les fleurs', { fr: seededFrenchHandle });
    const saved = await call(owner, 'PUT', `/api/v1/shops/${shopId}/blog/posts/${post.id}`, {
      baseRevision: post.revision,
      content,
      editorId: 'tab-1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await taken(post, 'fr', seededFrenchHandle)).toBe(true);
  });
});

describe('another post of the store', () => {
  it('holds the handle its text has once published; a draft holds none', async () => {
    const first = await published(written('Mending socks', 'Repriser les chaussettes'));
    // Its French address changed in Vitrine, not published again: the store does not show it yet.
    const edited = written('Mending socks', 'Repriser les chaussettes', {
      fr: 'chaussettes-reprisees',
    });
    const saved = await call(owner, 'PUT', `/api/v1/shops/${shopId}/blog/posts/${first.id}`, {
      baseRevision: first.revision,
      content: edited,
      editorId: 'tab-1',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const second = await newPost(
      written('Darning socks', 'Repriser des chaussettes', { fr: 'chaussettes-reprisees' }),
    );
    expect(await taken(second, 'fr', 'chaussettes-reprisees')).toBe(true);
    const refused = await publish(second);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'handle_taken', field: 'fr.handle' });

    // A draft never published reserves nothing: the first of two drafts published takes it.
    const draft = await newPost(written('Knitting a scarf', 'Tricoter une écharpe'));
    const other = await newPost(written('Knitting a scarf', 'Tricoter une écharpe'));
    expect(await taken(other, 'fr', 'tricoter-une-echarpe')).toBe(false);
    expect(await taken(other, 'en', 'knitting-a-scarf')).toBe(false);
    await published(written('Knitting a scarf', 'Tricoter une écharpe'));
    expect(await taken(draft, 'en', 'knitting-a-scarf')).toBe(true);
    expect(await taken(draft, 'fr', 'tricoter-une-echarpe')).toBe(true);
  });
});
