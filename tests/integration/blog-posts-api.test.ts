import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { storeCatalog } from '#server/workers.ts';
import { postFigures } from '#shared/blog/post-figures.ts';
import { accountResponseSchema } from '#shared/schemas/account.ts';
import {
  emptyPostContent,
  postListSchema,
  postResponseSchema,
  postVersionListSchema,
  type PostContent,
  type PostView,
} from '#shared/schemas/blog.ts';
import {
  bearer,
  createTestJobQueue,
  errorOf,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import { gid, seedStoreCopy } from '../support/seo-test-support.ts';

/**
 * The blog's drafts through the API: a post written in both languages is saved whole, each save a
 * new revision; a save from a tab that did not see the latest one is refused, not written over it;
 * versions are kept per moment of writing and restored as a new revision; bodies are kept clean;
 * the list searches titles in both languages and pages on the server; the owner only; the posts go
 * with the store.
 */

let api: ApiTestContext;
let idleJobs: JobQueue;

beforeAll(async () => {
  api = await startApiForTests();
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

function call(
  owner: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method,
    url,
    headers: bearer(owner.idToken),
    ...(payload !== undefined && { payload: payload as object }),
  });
}

/** How the product names the owner to people's eyes: the display name registration gave. */
async function nameOf(owner: TestUser): Promise<string> {
  const response = await call(owner, 'GET', '/api/v1/account/me');
  return accountResponseSchema.parse(response.json()).data.user.displayName;
}

async function ownerWithStore(): Promise<{ owner: TestUser; store: string }> {
  const owner = await registeredOwner(api);
  return { owner, store: await connectedStore(api, owner) };
}

function written(content: PostContent, en: string, fr: string): PostContent {
  return {
    ...content,
    languages: {
      en: { ...content.languages.en, title: en, bodyHtml: `<p>${en}, the story.</p>` },
      fr: { ...content.languages.fr, title: fr, bodyHtml: `<p>${fr}, l’histoire.</p>` },
    },
  };
}

async function newPost(owner: TestUser, store: string, content?: PostContent): Promise<PostView> {
  const response = await call(owner, 'POST', `/api/v1/shops/${store}/blog/posts`, {
    ...(content !== undefined && { content }),
  });
  expect(response.statusCode).toBe(201);
  return postResponseSchema.parse(response.json()).data;
}

async function save(
  owner: TestUser,
  store: string,
  post: { id: string; revision: number },
  content: PostContent,
  editorId = 'first-tab',
): Promise<LightMyRequestResponse> {
  return call(owner, 'PUT', `/api/v1/shops/${store}/blog/posts/${post.id}`, {
    baseRevision: post.revision,
    content,
    editorId,
  });
}

async function saved(
  owner: TestUser,
  store: string,
  post: { id: string; revision: number },
  content: PostContent,
  editorId = 'first-tab',
): Promise<PostView> {
  const response = await save(owner, store, post, content, editorId);
  expect(response.statusCode, response.body).toBe(200);
  return postResponseSchema.parse(response.json()).data;
}

async function versionsOf(owner: TestUser, store: string, postId: string) {
  const response = await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts/${postId}/versions`);
  expect(response.statusCode).toBe(200);
  return postVersionListSchema.parse(response.json()).data.versions;
}

describe('a draft', () => {
  it('starts empty, signed with the owner’s name, and is saved whole in both languages', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store);
    expect(post.revision).toBe(1);
    expect(post.content.languages.en.title).toBe('');
    expect(post.content.author).toBe(await nameOf(owner));

    const content = written(post.content, 'Caring for linen', 'Entretenir le lin');
    const next = await saved(owner, store, post, content);
    expect(next.revision).toBe(2);

    const read = await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts/${post.id}`);
    expect(read.statusCode).toBe(200);
    const again = postResponseSchema.parse(read.json()).data;
    expect(again.revision).toBe(2);
    expect(again.content.languages.fr.title).toBe('Entretenir le lin');
    expect(again.content.languages.fr.bodyHtml).toBe('<p>Entretenir le lin, l’histoire.</p>');
    expect(again.updatedBy).toBe(await nameOf(owner));
  });

  it('keeps what the owner typed past Shopify’s limits, for the editor to flag', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store);
    const longTitle = 'A very long title '.repeat(20);
    const content = {
      ...post.content,
      languages: {
        ...post.content.languages,
        en: { ...post.content.languages.en, title: longTitle, handle: 'taken-handle' },
      },
    };
    const next = await saved(owner, store, post, content);
    expect(next.content.languages.en.title).toBe(longTitle);
  });

  it('is stored with its bodies cleaned: scripts, handlers and styles gone, the text kept', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store);
    const content = {
      ...post.content,
      languages: {
        ...post.content.languages,
        fr: {
          ...post.content.languages.fr,
          bodyHtml:
            '<p style="color:red" onclick="steal()">Le <span data-mce-style="x">lin</span> lavé</p><script>steal()</script>',
        },
      },
    };
    const next = await saved(owner, store, post, content);
    expect(next.content.languages.fr.bodyHtml).toBe('<p>Le lin lavé</p>');
  });

  it('refuses a save from a tab that did not see the latest one, and writes nothing', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store);
    const firstTab = await saved(owner, store, post, written(post.content, 'First tab', 'Premier'));
    const late = await save(
      owner,
      store,
      post,
      written(post.content, 'Second tab', 'Second'),
      'second-tab',
    );
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('post_changed_elsewhere');

    const read = await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts/${post.id}`);
    const kept = postResponseSchema.parse(read.json()).data;
    expect(kept.revision).toBe(firstTab.revision);
    expect(kept.content.languages.en.title).toBe('First tab');

    // Keeping its own text, the second tab saves on top of the revision it has now read.
    const overwritten = await saved(
      owner,
      store,
      kept,
      written(post.content, 'Second tab', 'Second'),
    );
    expect(overwritten.content.languages.en.title).toBe('Second tab');
  });

  it('names the field of a request that is not a post', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store);
    const response = await call(owner, 'PUT', `/api/v1/shops/${store}/blog/posts/${post.id}`, {
      baseRevision: post.revision,
      content: { ...post.content, tags: 'linen' },
      editorId: 'first-tab',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_content.tags');
  });
});

describe('versions', () => {
  it('makes one version of saves close together, and restores an older one as a new revision', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store, written(emptyPostContent('Ana'), 'Linen', 'Lin'));
    let current = post;
    for (const word of ['Linen care', 'Linen care at home', 'Linen care at home, simply']) {
      current = await saved(owner, store, current, written(current.content, word, 'Lin'));
    }
    // The post as created is a version; three saves from one editor in the same moment, one more.
    let versions = await versionsOf(owner, store, post.id);
    expect(versions.map((version) => version.revision)).toEqual([4, 1]);
    expect(versions[0]!.titles.en).toBe('Linen care at home, simply');

    // A version begun more than five minutes ago is closed: the next save starts a new one.
    await api.database.db.execute(
      `update blog_post_versions set started_at = now() - interval '6 minutes' where post_id = '${post.id}'`,
    );
    current = await saved(owner, store, current, written(current.content, 'Washing linen', 'Lin'));
    versions = await versionsOf(owner, store, post.id);
    expect(versions.map((version) => [version.revision, version.titles.en])).toEqual([
      [5, 'Washing linen'],
      [4, 'Linen care at home, simply'],
      [1, 'Linen'],
    ]);
    expect(versions[0]!.words.en).toBe(4);
    expect(versions[0]!.savedBy).toBe(await nameOf(owner));

    const restored = await call(
      owner,
      'POST',
      `/api/v1/shops/${store}/blog/posts/${post.id}/versions/4/restore`,
      { baseRevision: current.revision },
    );
    expect(restored.statusCode).toBe(200);
    const back = postResponseSchema.parse(restored.json()).data;
    expect(back.revision).toBe(6);
    expect(back.content.languages.en.title).toBe('Linen care at home, simply');
    versions = await versionsOf(owner, store, post.id);
    expect(versions.map((version) => version.revision)).toEqual([6, 5, 4, 1]);

    const stale = await call(
      owner,
      'POST',
      `/api/v1/shops/${store}/blog/posts/${post.id}/versions/5/restore`,
      { baseRevision: current.revision },
    );
    expect(stale.statusCode).toBe(409);
    const missing = await call(
      owner,
      'POST',
      `/api/v1/shops/${store}/blog/posts/${post.id}/versions/2/restore`,
      { baseRevision: back.revision },
    );
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('version_not_found');
  });

  it('keeps the 30 newest versions', async () => {
    const { owner, store } = await ownerWithStore();
    let current = await newPost(owner, store);
    for (let index = 0; index < 33; index++) {
      // Each save starts a version of its own, as if minutes apart.
      await api.database.db.execute(
        `update blog_post_versions set started_at = now() - interval '6 minutes' where post_id = '${current.id}'`,
      );
      current = await saved(
        owner,
        store,
        current,
        written(current.content, `Draft ${index}`, `Brouillon ${index}`),
      );
    }
    const versions = await versionsOf(owner, store, current.id);
    expect(versions).toHaveLength(30);
    expect(versions[0]!.revision).toBe(34);
    expect(versions.at(-1)!.revision).toBe(5);
  });
});

describe('the list', () => {
  it('searches titles in both languages, the latest saved first, paged on the server', async () => {
    const { owner, store } = await ownerWithStore();
    const titles: Array<[string, string]> = [
      ['Caring for linen', 'Entretenir le lin'],
      ['Summer dresses', 'Robes d’été'],
      ['Washing wool', 'Laver la laine'],
    ];
    for (const [en, fr] of titles)
      await newPost(owner, store, written(emptyPostContent('Ana'), en, fr));

    const all = postListSchema.parse(
      (await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts?limit=2`)).json(),
    ).data;
    expect(all.total).toBe(3);
    expect(all.posts.map((post) => post.titles.en)).toEqual(['Washing wool', 'Summer dresses']);
    // “Laver la laine, l’histoire.”: l’histoire is one word, as readers count it.
    expect(all.posts[0]!.languages.en.words).toBe(4);
    expect(all.posts[0]!.languages.fr.words).toBe(4);
    const second = postListSchema.parse(
      (await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts?limit=2&offset=2`)).json(),
    ).data;
    expect(second.posts.map((post) => post.titles.en)).toEqual(['Caring for linen']);

    const french = postListSchema.parse(
      (
        await call(
          owner,
          'GET',
          `/api/v1/shops/${store}/blog/posts?search=${encodeURIComponent('été')}`,
        )
      ).json(),
    ).data;
    expect(french.posts.map((post) => post.titles.fr)).toEqual(['Robes d’été']);
    // A search's % is a percent sign, not "anything".
    const percent = postListSchema.parse(
      (await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts?search=%25`)).json(),
    ).data;
    expect(percent.total).toBe(0);
  });
});

describe('the list’s figures and filters', () => {
  const paragraph = (sentence: string) => `<p>${Array(12).fill(sentence).join(' ')}</p>`;
  const englishBody =
    paragraph('Linen keeps you cool in summer and lasts for years.') +
    '<h2>Washing</h2>' +
    paragraph('Wash it cool, dry it flat and iron it damp.');
  const frenchBody =
    paragraph('Le lin garde la fraîcheur en été et dure des années.') +
    '<h2>Laver</h2>' +
    paragraph('Lavez-le à froid, séchez-le à plat et repassez-le humide.');

  function englishOnly(title: string): PostContent {
    const content = emptyPostContent('Ana');
    return {
      ...content,
      languages: {
        ...content.languages,
        en: { ...content.languages.en, title, handle: 'linen', bodyHtml: englishBody },
      },
    };
  }

  function bothLanguages(title: string, titleFr: string): PostContent {
    const content = englishOnly(title);
    return {
      ...content,
      languages: {
        ...content.languages,
        fr: { ...content.languages.fr, title: titleFr, handle: 'lin', bodyHtml: frenchBody },
      },
    };
  }

  /** An image without alt text and a search title too wide for the results: two warnings. */
  function withSeoProblems(content: PostContent): PostContent {
    return {
      ...content,
      imageUrl: 'https://cdn.example/linen.jpg',
      languages: {
        ...content.languages,
        en: {
          ...content.languages.en,
          seoTitle:
            'Caring for linen at home: washing, drying, ironing and storing your linen shirts, sheets and dresses the right way',
        },
      },
    };
  }

  async function listed(owner: TestUser, store: string, query = '') {
    const response = await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return postListSchema.parse(response.json()).data;
  }

  it('gives each language the words, SEO score and readability the editor gives it', async () => {
    const { owner, store } = await ownerWithStore();
    await seedStoreCopy(api, store, {});
    const content = withSeoProblems(bothLanguages('Caring for linen', 'Entretenir le lin'));
    const created = await newPost(owner, store, content);

    const [post] = (await listed(owner, store)).posts;
    // The editor figures a post with the store's name and primary language (English here).
    const editor = postFigures(content, 'Maison Exemple', 'en');
    expect(post!.languages).toEqual(editor.languages);
    expect(post!.languages.en.readability.formula).toBe('flesch');
    expect(post!.languages.fr.readability.formula).toBe('kandel-moles');
    expect(post!.languages.fr.readability.readingEase).not.toBeNull();
    // Two warnings of the audit (5 points each), two notes (1 each): 88.
    expect(post!.languages.en.seoScore).toBe(88);

    const better: PostContent = {
      ...content,
      languages: {
        ...content.languages,
        en: {
          ...content.languages.en,
          seoTitle: 'Caring for linen: washing, drying and ironing',
          imageAlt: 'A linen shirt drying flat on a rack',
        },
      },
    };
    await saved(owner, store, created, better);
    const [after] = (await listed(owner, store)).posts;
    expect(after!.languages.en.seoScore).toBe(98);
    // The French page shows the English search title and alt text where its own are blank, as the
    // storefront does: it gains too.
    expect(after!.languages.fr.seoScore).toBeGreaterThan(post!.languages.fr.seoScore);
    expect(after!.languages.fr.words).toBe(post!.languages.fr.words);
  });

  it('narrows the list to a state and to what needs work, on the server', async () => {
    const { owner, store } = await ownerWithStore();
    await seedStoreCopy(api, store, {});
    const english = await newPost(owner, store, englishOnly('Only in English'));
    const both = await newPost(
      owner,
      store,
      withSeoProblems(bothLanguages('In both', 'Dans les deux')),
    );
    const onStore = await newPost(owner, store, bothLanguages('On the store', 'Sur la boutique'));
    // As a publication leaves it: on the store at its first revision.
    await api.database.pool.query(
      `update blog_posts set publication_state = 'published', published_revision = 1,
         article_gid = 'gid://shopify/Article/9' where id = $1`,
      [onStore.id],
    );
    const titles = async (query: string) =>
      (await listed(owner, store, query)).posts.map((post) => post.titles.en);

    expect(await titles('?state=draft')).toEqual(['In both', 'Only in English']);
    expect(await titles('?state=published')).toEqual(['On the store']);
    expect(await titles('?state=changed')).toEqual([]);
    expect(await titles('?needs=translation')).toEqual(['Only in English']);
    const unwritten = (await listed(owner, store, '?needs=translation')).posts[0]!;
    expect(unwritten.languages.fr.written).toBe(false);
    expect(unwritten.languages.en.written).toBe(true);
    expect(await titles('?needs=seo')).toEqual(['In both']);

    await saved(owner, store, onStore, bothLanguages('On the store, revised', 'Sur la boutique'));
    expect(await titles('?state=changed')).toEqual(['On the store, revised']);
    expect(await titles('?state=published&search=revised')).toEqual(['On the store, revised']);
    expect(await titles('?state=draft&needs=translation')).toEqual(['Only in English']);
    expect(await titles('?needs=seo&state=published')).toEqual([]);
    expect(english.id).not.toBe(both.id);

    const refused = await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts?state=lost`);
    expect(refused.statusCode).toBe(400);
  });

  it('counts the links to products deleted, renamed or off sale', async () => {
    const { owner, store } = await ownerWithStore();
    await seedStoreCopy(api, store, {
      products: [
        { id: 1, title: 'Linen shirt', handle: 'linen-shirt' },
        { id: 2, title: 'Wool scarf', handle: 'wool-scarf', status: 'DRAFT' },
      ],
      translations: [[gid('Product', 1), 'fr', 'handle', 'chemise-en-lin']],
    });
    const content = bothLanguages('Linking', 'Liens');
    await newPost(owner, store, {
      ...content,
      languages: {
        en: {
          ...content.languages.en,
          bodyHtml:
            '<p>Wear the <a href="/products/linen-shirt">linen shirt</a> or the ' +
            '<a href="/products/gone-for-good">old one</a>.</p>',
        },
        fr: {
          ...content.languages.fr,
          bodyHtml:
            '<p>Portez la <a href="/fr/products/chemise-en-lin">chemise</a> et ' +
            '<a href="/fr/products/wool-scarf">l’écharpe</a>.</p>',
        },
      },
    });
    await newPost(owner, store, bothLanguages('No links', 'Sans liens'));

    const { posts } = await listed(owner, store);
    const problems = Object.fromEntries(
      posts.map((post) => [post.titles.en, post.productLinkProblems]),
    );
    // gone-for-good leads nowhere; wool-scarf is off sale; the shirt answers in both languages.
    expect(problems).toEqual({ Linking: 2, 'No links': 0 });
  });

  it('figures the posts saved before figures were kept at the first list read', async () => {
    const { owner, store } = await ownerWithStore();
    await seedStoreCopy(api, store, {});
    const content = withSeoProblems(bothLanguages('Older post', 'Ancien article'));
    const post = await newPost(owner, store, content);
    await api.database.pool.query('update blog_posts set figures = null where id = $1', [post.id]);

    const { posts } = await listed(owner, store, '?needs=seo');
    expect(posts.map((listedPost) => listedPost.id)).toEqual([post.id]);
    expect(posts[0]!.languages).toEqual(postFigures(content, 'Maison Exemple', 'en').languages);
    const { rows } = await api.database.pool.query<{ figures: unknown }>(
      'select figures from blog_posts where id = $1',
      [post.id],
    );
    expect(rows[0]!.figures).not.toBeNull();
  });
});

describe('who may', () => {
  it('answers another owner’s store and posts as missing', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store);
    const stranger = await registeredOwner(api);
    const strangerStore = await connectedStore(api, stranger);
    const list = await call(stranger, 'GET', `/api/v1/shops/${store}/blog/posts`);
    expect(list.statusCode).toBe(404);
    expect(errorOf(list).code).toBe('shop_not_found');
    const viaOwnStore = await call(
      stranger,
      'GET',
      `/api/v1/shops/${strangerStore}/blog/posts/${post.id}`,
    );
    expect(viaOwnStore.statusCode).toBe(404);
    expect(errorOf(viaOwnStore).code).toBe('post_not_found');
    const overwrite = await save(stranger, strangerStore, post, post.content);
    expect(overwrite.statusCode).toBe(404);
  });
});

describe('deletion', () => {
  it('deletes a draft with its versions', async () => {
    const { owner, store } = await ownerWithStore();
    const post = await newPost(owner, store);
    const deleted = await call(owner, 'DELETE', `/api/v1/shops/${store}/blog/posts/${post.id}`);
    expect(deleted.statusCode).toBe(204);
    const read = await call(owner, 'GET', `/api/v1/shops/${store}/blog/posts/${post.id}`);
    expect(read.statusCode).toBe(404);
    const versions = await api.database.db.execute(
      `select 1 from blog_post_versions where post_id = '${post.id}'`,
    );
    expect(versions.rows).toHaveLength(0);
  });

  it("goes with the store's copy when the store is disconnected", async () => {
    const { owner, store } = await ownerWithStore();
    await newPost(owner, store, written(emptyPostContent('Ana'), 'Linen', 'Lin'));
    await storeCatalog({ db: api.database.db, jobs: idleJobs }).deleteStoreCopy(store);
    const rows = await api.database.db.execute(
      `select 1 from blog_posts where shop_id = '${store}'`,
    );
    expect(rows.rows).toHaveLength(0);
  });
});
