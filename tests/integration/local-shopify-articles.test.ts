import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanRenderedHtml } from '#shared/seo/rendered/scan-rendered-html.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * The local Shopify's article and blog writes (articleCreate, articleUpdate, articleDelete,
 * blogCreate), called over HTTP as an app calls them: what they keep, what they refuse with
 * Shopify's codes, how a scheduled article becomes visible when its date comes, what they cost, how
 * a created article is translated, and how the storefront serves it in English and French.
 */

let shopify: TestShopify;
let token: string;
const host = 'www.maison-exemple.example';
const origin = `https://${host}`;
const journal = 'gid://shopify/Blog/95000000001';

beforeAll(async () => {
  shopify = await startTestShopify();
  token = (await shopify.installApp()).access_token;
});
afterAll(async () => {
  await shopify?.stop();
});

async function admin<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const answer = await shopify.graphql<T>(token, query, variables);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!;
}

/** A storefront page as a browser gets it from the store's domain (redirects not followed). */
function storefront(path: string): Promise<{ status: number; location?: string; html: string }> {
  const server = new URL(shopify.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: server.hostname, port: server.port, path, headers: { Host: host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            location: response.headers.location,
            html: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

interface UserError {
  field: string[] | null;
  message: string;
  code: string;
}

interface ArticleRead {
  id: string;
  title: string;
  handle: string;
  body: string;
  summary: string | null;
  author: { name: string } | null;
  blog: { id: string; title: string; handle: string };
  image: { altText: string | null; url: string } | null;
  isPublished: boolean;
  publishedAt: string | null;
  tags: string[];
  templateSuffix: string | null;
  createdAt: string;
  updatedAt: string | null;
  titleTag: { value: string } | null;
  descriptionTag: { value: string } | null;
}

const articleFields = `id title handle body summary author { name } blog { id title handle }
  image { altText url } isPublished publishedAt tags templateSuffix createdAt updatedAt
  titleTag: metafield(namespace: "global", key: "title_tag") { value }
  descriptionTag: metafield(namespace: "global", key: "description_tag") { value }`;

const createDocument = `mutation($article: ArticleCreateInput!, $blog: ArticleBlogInput) {
  articleCreate(article: $article, blog: $blog) {
    article { ${articleFields} }
    userErrors { field message code }
  }
}`;

const updateDocument = `mutation($id: ID!, $article: ArticleUpdateInput!) {
  articleUpdate(id: $id, article: $article) {
    article { ${articleFields} }
    userErrors { field message code }
  }
}`;

type Payload = { article: ArticleRead | null; userErrors: UserError[] };

async function create(
  article: Record<string, unknown>,
  blog?: Record<string, unknown>,
): Promise<Payload> {
  const data = await admin<{ articleCreate: Payload }>(createDocument, {
    article: { blogId: journal, author: { name: 'Camille Martin' }, ...article },
    ...(blog !== undefined && { blog }),
  });
  return data.articleCreate;
}

async function update(id: string, article: Record<string, unknown>): Promise<Payload> {
  return (await admin<{ articleUpdate: Payload }>(updateDocument, { id, article })).articleUpdate;
}

async function read(id: string): Promise<ArticleRead | null> {
  const data = await admin<{ article: ArticleRead | null }>(
    `query($id: ID!) { article(id: $id) { ${articleFields} } }`,
    { id },
  );
  return data.article;
}

const codesOf = (payload: { userErrors: UserError[] }) =>
  payload.userErrors.map((error) => ({ field: error.field, code: error.code }));

describe('articleCreate', () => {
  it('keeps what it is given and reads it back', async () => {
    const before = Date.now();
    const answer = await create({
      title: 'Caring for Linen',
      body: '<p>Wash it cool, dry it flat.</p>',
      summary: '<p>Linen, washed well.</p>',
      handle: 'Linen Care Guide',
      image: { url: 'https://example.com/linen.jpg', altText: 'Linen on a line' },
      tags: ['care', ' linen ', 'care'],
      isPublished: true,
      templateSuffix: 'wide',
      metafields: [
        {
          namespace: 'global',
          key: 'title_tag',
          type: 'single_line_text_field',
          value: 'Linen care',
        },
        {
          namespace: 'global',
          key: 'description_tag',
          type: 'single_line_text_field',
          value: 'How to wash and dry linen.',
        },
      ],
    });
    expect(answer.userErrors).toEqual([]);
    const created = answer.article!;
    expect(created).toMatchObject({
      title: 'Caring for Linen',
      handle: 'linen-care-guide',
      body: '<p>Wash it cool, dry it flat.</p>',
      summary: '<p>Linen, washed well.</p>',
      author: { name: 'Camille Martin' },
      blog: { id: journal, handle: 'journal' },
      image: { altText: 'Linen on a line', url: 'https://example.com/linen.jpg' },
      isPublished: true,
      tags: ['care', 'linen'],
      templateSuffix: 'wide',
      titleTag: { value: 'Linen care' },
      descriptionTag: { value: 'How to wash and dry linen.' },
    });
    expect(Date.parse(created.publishedAt!)).toBeGreaterThanOrEqual(before);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(created.publishedAt).toBe(created.createdAt);
    expect(await read(created.id)).toEqual(created);
  });

  it('is published now when neither isPublished nor a date is given, hidden on isPublished false', async () => {
    const shown = await create({ title: 'Shown by default' });
    expect(shown.article).toMatchObject({ isPublished: true, publishedAt: expect.any(String) });
    const hidden = await create({ title: 'Kept hidden', isPublished: false });
    expect(hidden.article).toMatchObject({ isPublished: false, publishedAt: null });
    expect((await storefront('/blogs/journal/kept-hidden')).status).toBe(404);
    expect((await storefront('/blogs/journal/shown-by-default')).status).toBe(200);
  });

  it('makes a handle from the title, numbered when the blog already holds it', async () => {
    const handles: string[] = [];
    // A blank handle is none.
    for (const handle of [undefined, null, ' ']) {
      handles.push((await create({ title: 'Washing Wool, Gently', handle })).article!.handle);
    }
    expect(handles).toEqual([
      'washing-wool-gently',
      'washing-wool-gently-1',
      'washing-wool-gently-2',
    ]);
  });

  it('refuses a handle another article of the blog holds, and one with nothing in it', async () => {
    await create({ title: 'First', handle: 'taken-handle' });
    expect(codesOf(await create({ title: 'Second', handle: 'Taken Handle' }))).toEqual([
      { field: ['article', 'handle'], code: 'TAKEN' },
    ]);
    expect(codesOf(await create({ title: 'Third', handle: '!!!' }))).toEqual([
      { field: ['article', 'handle'], code: 'INVALID' },
    ]);
  });

  it('refuses a blank title and one over 255 characters', async () => {
    expect(codesOf(await create({ title: '  ' }))).toEqual([
      { field: ['article', 'title'], code: 'BLANK' },
    ]);
    expect(codesOf(await create({ title: 'x'.repeat(256) }))).toEqual([
      { field: ['article', 'title'], code: 'TOO_LONG' },
    ]);
    expect((await create({ title: 'x'.repeat(255) })).userErrors).toEqual([]);
  });

  it('refuses an author with neither a name nor a user, with both, or with a user', async () => {
    expect(codesOf(await create({ title: 'Nobody', author: { name: ' ' } }))).toEqual([
      { field: ['article', 'author'], code: 'AUTHOR_FIELD_REQUIRED' },
    ]);
    const staff = 'gid://shopify/StaffMember/1';
    expect(
      codesOf(await create({ title: 'Both', author: { name: 'Léa', userId: staff } })),
    ).toEqual([{ field: ['article', 'author'], code: 'AMBIGUOUS_AUTHOR' }]);
    expect(codesOf(await create({ title: 'Staff', author: { userId: staff } }))).toEqual([
      { field: ['article', 'author', 'userId'], code: 'AUTHOR_MUST_EXIST' },
    ]);
  });

  it('creates a blog with the article, and refuses both or neither blog, or an unknown one', async () => {
    const withBlog = await admin<{ articleCreate: Payload }>(createDocument, {
      article: { title: 'Opening Notes', author: { name: 'Hugo Bernard' } },
      blog: { title: 'Workshop News' },
    });
    expect(withBlog.articleCreate.article?.blog).toMatchObject({
      title: 'Workshop News',
      handle: 'workshop-news',
    });
    expect(codesOf(await create({ title: 'Two blogs' }, { title: 'Another' }))).toEqual([
      { field: ['blog'], code: 'AMBIGUOUS_BLOG' },
    ]);
    const neither = await admin<{ articleCreate: Payload }>(createDocument, {
      article: { title: 'No blog', author: { name: 'Hugo Bernard' } },
    });
    expect(codesOf(neither.articleCreate)).toEqual([
      { field: ['article', 'blogId'], code: 'BLOG_REFERENCE_REQUIRED' },
    ]);
    expect(codesOf(await create({ title: 'Lost', blogId: 'gid://shopify/Blog/1' }))).toEqual([
      { field: ['article', 'blogId'], code: 'NOT_FOUND' },
    ]);
  });

  it('refuses isPublished with a date still ahead, and the metafields articleUpdate refuses', async () => {
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      codesOf(await create({ title: 'Too soon', isPublished: true, publishDate: ahead })),
    ).toEqual([{ field: ['article', 'publishDate'], code: 'INVALID_PUBLISH_DATE' }]);
    const blank = await create({
      title: 'Blank tag',
      metafields: [
        { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: '' },
      ],
    });
    expect(codesOf(blank)).toEqual([
      { field: ['article', 'metafields', '0', 'value'], code: 'BLANK' },
    ]);
  });

  it('costs what Shopify charges a mutation', async () => {
    const answer = await shopify.graphql(token, createDocument, {
      article: { blogId: journal, title: 'Costed', author: { name: 'Léa Dubois' } },
    });
    expect(answer.body.extensions?.cost.requestedQueryCost).toBe(10);
  });
});

describe('a scheduled article', () => {
  it('stays hidden until its date, then reads as published and is served', async () => {
    const date = new Date(Date.now() + 1_500);
    const answer = await create({ title: 'Spring Linens', publishDate: date.toISOString() });
    expect(answer.userErrors).toEqual([]);
    const { id } = answer.article!;
    expect(answer.article).toMatchObject({ isPublished: false, publishedAt: date.toISOString() });
    expect((await storefront('/blogs/journal/spring-linens')).status).toBe(404);
    const scheduled = await admin<{ articles: { nodes: Array<{ id: string }> } }>(
      `{ articles(first: 5, query: "published_status:unpublished title:'Spring Linens'") { nodes { id } } }`,
    );
    expect(scheduled.articles.nodes).toEqual([{ id }]);

    await new Promise((resolve) => setTimeout(resolve, date.getTime() - Date.now() + 50));
    expect(await read(id)).toMatchObject({ isPublished: true, publishedAt: date.toISOString() });
    expect((await storefront('/blogs/journal/spring-linens')).status).toBe(200);
  });

  it('is published at a date already passed', async () => {
    const past = '2025-03-01T09:00:00.000Z';
    const answer = await create({ title: 'Back Issue', publishDate: past });
    expect(answer.article).toMatchObject({ isPublished: true, publishedAt: past });
  });
});

describe('articleUpdate', () => {
  async function fresh(title: string) {
    return (await create({ title })).article!;
  }

  it('changes the handle, tags, author and template, and moves updatedAt each time', async () => {
    const article = await fresh('Mending Socks');
    const first = await update(article.id, {
      handle: 'darning-socks',
      tags: ['mending'],
      author: { name: 'Léa Dubois' },
      templateSuffix: 'long',
    });
    expect(first.article).toMatchObject({
      handle: 'darning-socks',
      tags: ['mending'],
      author: { name: 'Léa Dubois' },
      templateSuffix: 'long',
    });
    expect(first.article!.updatedAt! > article.updatedAt!).toBe(true);
    const second = await update(article.id, { title: 'Mending Socks, Again' });
    expect(second.article!.updatedAt! > first.article!.updatedAt!).toBe(true);
    expect(second.article!.handle).toBe('darning-socks');
  });

  it('refuses a handle in use, an empty one, a blank author and an unknown blog', async () => {
    const held = await fresh('Held Handle');
    const article = await fresh('Wants Handle');
    expect(codesOf(await update(article.id, { handle: held.handle }))).toEqual([
      { field: ['article', 'handle'], code: 'TAKEN' },
    ]);
    expect(codesOf(await update(article.id, { handle: '---' }))).toEqual([
      { field: ['article', 'handle'], code: 'INVALID' },
    ]);
    expect(codesOf(await update(article.id, { author: { name: '' } }))).toEqual([
      { field: ['article', 'author'], code: 'BLANK' },
    ]);
    expect(codesOf(await update(article.id, { blogId: 'gid://shopify/Blog/2' }))).toEqual([
      { field: ['article', 'blogId'], code: 'NOT_FOUND' },
    ]);
    expect(await read(article.id)).toEqual(article);
  });

  it('redirects the old address to the new handle only when asked', async () => {
    const kept = await fresh('Old Address');
    await update(kept.id, { handle: 'new-address', redirectNewHandle: true });
    const moved = await storefront('/blogs/journal/old-address');
    expect(moved).toMatchObject({ status: 301, location: '/blogs/journal/new-address' });
    expect(await storefront('/fr/blogs/journal/old-address')).toMatchObject({
      status: 301,
      location: '/fr/blogs/journal/new-address',
    });
    const dropped = await fresh('Dropped Address');
    await update(dropped.id, { handle: 'elsewhere' });
    expect((await storefront('/blogs/journal/dropped-address')).status).toBe(404);
  });

  it('hides, schedules and publishes as articleCreate does', async () => {
    const article = await fresh('Going Back and Forth');
    expect((await update(article.id, { isPublished: false })).article).toMatchObject({
      isPublished: false,
      publishedAt: null,
    });
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    expect(codesOf(await update(article.id, { isPublished: true, publishDate: ahead }))).toEqual([
      { field: ['article', 'publishDate'], code: 'INVALID_PUBLISH_DATE' },
    ]);
    expect((await update(article.id, { publishDate: ahead })).article).toMatchObject({
      isPublished: false,
      publishedAt: ahead,
    });
    const published = (await update(article.id, { isPublished: true })).article!;
    expect(published.isPublished).toBe(true);
    expect(Date.parse(published.publishedAt!)).toBeLessThanOrEqual(Date.now());
    // Published already: its date stays.
    expect((await update(article.id, { isPublished: true })).article!.publishedAt).toBe(
      published.publishedAt,
    );
  });

  it('moves an article to another blog', async () => {
    const { blogCreate } = await admin<{ blogCreate: { blog: { id: string; handle: string } } }>(
      `mutation { blogCreate(blog: { title: "Archive" }) { blog { id handle } userErrors { code } } }`,
    );
    const article = await fresh('Moving House');
    const moved = await update(article.id, { blogId: blogCreate.blog.id });
    expect(moved.article!.blog).toMatchObject({ id: blogCreate.blog.id });
    expect((await storefront(`/blogs/${blogCreate.blog.handle}/moving-house`)).status).toBe(200);
    expect((await storefront('/blogs/journal/moving-house')).status).toBe(404);
  });
});

describe('articleDelete', () => {
  const deleteDocument = `mutation($id: ID!) {
    articleDelete(id: $id) { deletedArticleId userErrors { field message code } }
  }`;
  type DeleteAnswer = {
    articleDelete: { deletedArticleId: string | null; userErrors: UserError[] };
  };

  it('deletes an article, then answers NOT_FOUND for it', async () => {
    const article = (await create({ title: 'Short Lived' })).article!;
    const deleted = await admin<DeleteAnswer>(deleteDocument, { id: article.id });
    expect(deleted.articleDelete).toEqual({ deletedArticleId: article.id, userErrors: [] });
    expect(await read(article.id)).toBeNull();
    expect((await storefront('/blogs/journal/short-lived')).status).toBe(404);
    const again = await admin<DeleteAnswer>(deleteDocument, { id: article.id });
    expect(again.articleDelete.deletedArticleId).toBeNull();
    expect(codesOf(again.articleDelete)).toEqual([{ field: ['id'], code: 'NOT_FOUND' }]);
  });
});

describe('blogCreate', () => {
  const blogDocument = `mutation($blog: BlogCreateInput!) {
    blogCreate(blog: $blog) { blog { id title handle articlesCount { count } } userErrors { field message code } }
  }`;
  type BlogAnswer = {
    blogCreate: {
      blog: { id: string; title: string; handle: string; articlesCount: { count: number } } | null;
      userErrors: UserError[];
    };
  };

  it('creates a blog the blogs query finds, its handle numbered when in use', async () => {
    const made = await admin<BlogAnswer>(blogDocument, {
      blog: { title: 'Field Notes', handle: 'Notes' },
    });
    expect(made.blogCreate.blog).toMatchObject({
      title: 'Field Notes',
      handle: 'notes',
      articlesCount: { count: 0 },
    });
    const again = await admin<BlogAnswer>(blogDocument, { blog: { title: 'Notes' } });
    expect(again.blogCreate.blog!.handle).toBe('notes-1');
    const found = await admin<{ blogs: { nodes: Array<{ id: string }> } }>(
      `{ blogs(first: 5, query: "handle:notes") { nodes { id } } }`,
    );
    expect(found.blogs.nodes).toEqual([{ id: made.blogCreate.blog!.id }]);
  });

  it('refuses a blank title and one over 255 characters', async () => {
    const blank = await admin<BlogAnswer>(blogDocument, { blog: { title: ' ' } });
    expect(codesOf(blank.blogCreate)).toEqual([{ field: ['blog', 'title'], code: 'INVALID' }]);
    const long = await admin<BlogAnswer>(blogDocument, { blog: { title: 'b'.repeat(256) } });
    expect(codesOf(long.blogCreate)).toEqual([{ field: ['blog', 'title'], code: 'TOO_LONG' }]);
  });
});

describe('a created article in French', () => {
  interface Translatable {
    translatableContent: Array<{ key: string; value: string; digest: string }>;
  }

  async function content(id: string): Promise<Translatable['translatableContent']> {
    const data = await admin<{ translatableResource: Translatable }>(
      `query($id: ID!) { translatableResource(resourceId: $id) { translatableContent { key value digest } } }`,
      { id },
    );
    return data.translatableResource.translatableContent;
  }

  async function register(id: string, translations: Array<Record<string, string>>) {
    const data = await admin<{
      translationsRegister: { translations: unknown[] | null; userErrors: UserError[] };
    }>(
      `mutation($id: ID!, $translations: [TranslationInput!]!) {
        translationsRegister(resourceId: $id, translations: $translations) {
          translations { key value } userErrors { field message code }
        }
      }`,
      { id, translations },
    );
    return data.translationsRegister;
  }

  it('offers its texts to translate, and the storefront serves them in both languages', async () => {
    const article = (
      await create({
        title: 'Folding Sheets',
        body: '<p>Fold them in thirds.</p>',
        summary: '<p>Sheets, folded.</p>',
        metafields: [
          {
            namespace: 'global',
            key: 'title_tag',
            type: 'single_line_text_field',
            value: 'Folding sheets | Maison',
          },
          {
            namespace: 'global',
            key: 'description_tag',
            type: 'single_line_text_field',
            value: 'Fold your sheets the workshop way.',
          },
        ],
      })
    ).article!;
    const source = await content(article.id);
    expect(source.map((entry) => entry.key)).toEqual([
      'title',
      'body_html',
      'summary_html',
      'handle',
      'meta_title',
      'meta_description',
    ]);
    const french: Record<string, string> = {
      title: 'Plier les draps',
      body_html: '<p>Pliez-les en trois.</p>',
      handle: 'plier-les-draps',
      meta_title: 'Plier les draps | Maison',
      meta_description: 'Pliez vos draps comme à l’atelier.',
    };
    const registered = await register(
      article.id,
      source
        .filter((entry) => french[entry.key] !== undefined)
        .map((entry) => ({
          locale: 'fr',
          key: entry.key,
          value: french[entry.key]!,
          translatableContentDigest: entry.digest,
        })),
    );
    expect(registered.userErrors).toEqual([]);

    const englishPath = '/blogs/journal/folding-sheets';
    const frenchPath = '/fr/blogs/journal/plier-les-draps';
    const english = await storefront(englishPath);
    expect(english.status).toBe(200);
    const englishPage = scanRenderedHtml(english.html);
    expect(englishPage.title).toContain('Folding sheets | Maison');
    expect(englishPage.metas).toContainEqual({
      name: 'description',
      content: 'Fold your sheets the workshop way.',
    });
    const alternates = Object.fromEntries(
      englishPage.links
        .filter((link) => link.rel === 'alternate')
        .map((link) => [link.hreflang!, link.href!]),
    );
    expect(alternates).toEqual({
      'x-default': `${origin}${englishPath}`,
      en: `${origin}${englishPath}`,
      fr: `${origin}${frenchPath}`,
    });

    const frenchAnswer = await storefront(frenchPath);
    expect(frenchAnswer.status).toBe(200);
    const frenchPage = scanRenderedHtml(frenchAnswer.html);
    expect(frenchPage.htmlLang).toBe('fr');
    expect(frenchPage.title).toContain('Plier les draps | Maison');
    expect(frenchPage.metas).toContainEqual({
      name: 'description',
      content: 'Pliez vos draps comme à l’atelier.',
    });
    expect(frenchAnswer.html).toContain('<p>Pliez-les en trois.</p>');
    expect(frenchAnswer.html).toContain('Plier les draps</h1>');
  });

  it('refuses a translation written against a title changed since', async () => {
    const article = (await create({ title: 'Airing Duvets' })).article!;
    const stale = (await content(article.id)).find((entry) => entry.key === 'title')!;
    await update(article.id, { title: 'Airing Duvets in Spring' });
    const answer = await register(article.id, [
      {
        locale: 'fr',
        key: 'title',
        value: 'Aérer les couettes',
        translatableContentDigest: stale.digest,
      },
    ]);
    expect(answer.translations).toBeNull();
    expect(codesOf(answer)).toEqual([
      {
        field: ['translations', '0', 'translatableContentDigest'],
        code: 'INVALID_TRANSLATABLE_CONTENT',
      },
    ]);
  });
});

describe('an article’s image in French', () => {
  interface Content {
    key: string;
    value: string;
    digest: string;
    locale: string;
  }
  interface NestedResource {
    resourceId: string;
    translatableContent: Content[];
    translations: Array<{ key: string; value: string; outdated: boolean }>;
  }
  interface NestedConnection {
    nodes: NestedResource[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  }

  const nestedDocument = `query($id: ID!, $type: TranslatableResourceType, $after: String) {
    translatableResource(resourceId: $id) {
      nestedTranslatableResources(first: 1, resourceType: $type, after: $after) {
        nodes {
          resourceId
          translatableContent { key value digest locale }
          translations(locale: "fr") { key value outdated }
        }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

  async function nested(
    id: string,
    type: string | null = 'ARTICLE_IMAGE',
    after?: string,
  ): Promise<NestedConnection> {
    const data = await admin<{
      translatableResource: { nestedTranslatableResources: NestedConnection };
    }>(nestedDocument, { id, type, ...(after !== undefined && { after }) });
    return data.translatableResource.nestedTranslatableResources;
  }

  async function imageOf(id: string): Promise<NestedResource> {
    const { nodes } = await nested(id);
    expect(nodes).toHaveLength(1);
    return nodes[0]!;
  }

  type TranslationsPayload = { translations: unknown[] | null; userErrors: UserError[] };

  async function registerAlt(resourceId: string, value: string, digest: string) {
    const data = await admin<{ translationsRegister: TranslationsPayload }>(
      `mutation($id: ID!, $translations: [TranslationInput!]!) {
        translationsRegister(resourceId: $id, translations: $translations) {
          translations { key value } userErrors { field message code }
        }
      }`,
      {
        id: resourceId,
        translations: [{ locale: 'fr', key: 'alt', value, translatableContentDigest: digest }],
      },
    );
    return data.translationsRegister;
  }

  async function removeAlt(resourceId: string) {
    const data = await admin<{ translationsRemove: TranslationsPayload }>(
      `mutation($id: ID!) {
        translationsRemove(resourceId: $id, translationKeys: ["alt"], locales: ["fr"]) {
          translations { key } userErrors { field message code }
        }
      }`,
      { id: resourceId },
    );
    return data.translationsRemove;
  }

  /** The `alt` of the article page's featured image. */
  function featuredAlt(html: string): string | undefined {
    return /<article class="article-template"><img [^>]*\balt="([^"]*)"/.exec(html)?.[1];
  }

  it('is a nested ARTICLE_IMAGE resource offering its alt text, the same until the image changes', async () => {
    const article = (
      await create({
        title: 'Pressing Linen',
        image: { url: 'https://example.com/pressing.jpg', altText: 'An iron on linen' },
      })
    ).article!;
    const image = await imageOf(article.id);
    expect(image.resourceId).toMatch(/^gid:\/\/shopify\/ArticleImage\/\d+$/);
    // Its own id, not the article's: an app reads it from Shopify, never makes it.
    expect(image.resourceId.split('/').at(-1)).not.toBe(article.id.split('/').at(-1));
    expect(image.translatableContent).toEqual([
      {
        key: 'alt',
        value: 'An iron on linen',
        digest: createHash('sha256').update('An iron on linen').digest('hex'),
        locale: 'en',
      },
    ]);
    expect(image.translations).toEqual([]);
    // Without a type, the same one; of another type, none.
    expect((await nested(article.id, null)).nodes.map((node) => node.resourceId)).toEqual([
      image.resourceId,
    ]);
    expect((await nested(article.id, 'MEDIA_IMAGE')).nodes).toEqual([]);
    // One page of one, and nothing after it.
    const first = await nested(article.id);
    expect(first.pageInfo.hasNextPage).toBe(false);
    expect((await nested(article.id, 'ARTICLE_IMAGE', first.pageInfo.endCursor!)).nodes).toEqual(
      [],
    );
    // Read by its own id, it is the same resource.
    const byId = await admin<{ translatableResource: { resourceId: string } | null }>(
      `query($id: ID!) { translatableResource(resourceId: $id) { resourceId } }`,
      { id: image.resourceId },
    );
    expect(byId.translatableResource).toEqual({ resourceId: image.resourceId });

    // Its alt text changed, the same image; another address, another image.
    await update(article.id, { image: { altText: 'A hot iron on linen' } });
    const altered = await imageOf(article.id);
    expect(altered.resourceId).toBe(image.resourceId);
    expect(altered.translatableContent[0]!.value).toBe('A hot iron on linen');
    await update(article.id, { image: { url: 'https://example.com/pressing-2.jpg' } });
    expect((await imageOf(article.id)).resourceId).not.toBe(image.resourceId);
  });

  it('is absent from an article without an image, and from other resources', async () => {
    const article = (await create({ title: 'Storing Blankets' })).article!;
    expect(await nested(article.id)).toEqual({
      nodes: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    expect((await nested(journal, null)).nodes).toEqual([]);
    // An image without alt text is there, with nothing to translate.
    const bare = (
      await create({ title: 'Storing Quilts', image: { url: 'https://example.com/quilts.jpg' } })
    ).article!;
    expect((await imageOf(bare.id)).translatableContent).toEqual([]);
  });

  it('takes a French alt text against its digest, served on the French page, and removes it', async () => {
    const article = (
      await create({
        title: 'Drying Towels',
        handle: 'drying-towels',
        image: { url: 'https://example.com/towels.jpg', altText: 'Towels on a line' },
      })
    ).article!;
    const image = await imageOf(article.id);
    const registered = await registerAlt(
      image.resourceId,
      'Des serviettes sur un fil',
      image.translatableContent[0]!.digest,
    );
    expect(registered).toEqual({
      translations: [{ key: 'alt', value: 'Des serviettes sur un fil' }],
      userErrors: [],
    });
    expect((await imageOf(article.id)).translations).toEqual([
      { key: 'alt', value: 'Des serviettes sur un fil', outdated: false },
    ]);
    expect(featuredAlt((await storefront('/blogs/journal/drying-towels')).html)).toBe(
      'Towels on a line',
    );
    expect(featuredAlt((await storefront('/fr/blogs/journal/drying-towels')).html)).toBe(
      'Des serviettes sur un fil',
    );

    const removed = await removeAlt(image.resourceId);
    expect(removed).toEqual({ translations: [{ key: 'alt' }], userErrors: [] });
    expect((await imageOf(article.id)).translations).toEqual([]);
    // Without a French alt text, the French page shows the English one.
    expect(featuredAlt((await storefront('/fr/blogs/journal/drying-towels')).html)).toBe(
      'Towels on a line',
    );
  });

  it('refuses a French alt text against a digest gone stale, and an image that does not exist', async () => {
    const article = (
      await create({
        title: 'Ironing Napkins',
        image: { url: 'https://example.com/napkins.jpg', altText: 'Napkins' },
      })
    ).article!;
    const stale = await imageOf(article.id);
    await update(article.id, { image: { altText: 'Napkins, ironed' } });
    const answer = await registerAlt(
      stale.resourceId,
      'Des serviettes de table',
      stale.translatableContent[0]!.digest,
    );
    expect(answer.translations).toBeNull();
    expect(answer.userErrors).toEqual([
      {
        field: ['translations', '0', 'translatableContentDigest'],
        message: 'Translatable content hash is invalid',
        code: 'INVALID_TRANSLATABLE_CONTENT',
      },
    ]);

    // The article's image replaced: its former resource is gone.
    await update(article.id, { image: { url: 'https://example.com/napkins-2.jpg' } });
    const fresh = (await imageOf(article.id)).translatableContent[0]!.digest;
    expect(codesOf(await registerAlt(stale.resourceId, 'Serviettes', fresh))).toEqual([
      { field: ['resourceId'], code: 'RESOURCE_NOT_FOUND' },
    ]);
    expect(codesOf(await removeAlt(stale.resourceId))).toEqual([
      { field: ['resourceId'], code: 'RESOURCE_NOT_FOUND' },
    ]);
  });
});

describe('the local admin page', () => {
  it('lists the articles and edits one’s title and body as its owner would', async () => {
    const article = (await create({ title: 'Ironing Napkins', body: '<p>Damp, then hot.</p>' }))
      .article!;
    const numericId = article.id.split('/').pop()!;
    const page = await fetch(`${shopify.shopUrl()}/_local/admin`);
    const html = await page.text();
    expect(html).toContain('Ironing Napkins');
    expect(html).toContain(`href="admin/articles/${numericId}"`);
    const form = await fetch(`${shopify.shopUrl()}/_local/admin/articles/${numericId}`);
    expect(await form.text()).toContain('&lt;p&gt;Damp, then hot.&lt;/p&gt;</textarea>');

    const saved = await fetch(`${shopify.shopUrl()}/_local/admin/articles/${numericId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: 'Ironing Napkins Well', body: '<p>Damp.</p>' }),
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/${shopify.shopDomain}/_local/admin`);
    const changed = (await read(article.id))!;
    expect(changed).toMatchObject({ title: 'Ironing Napkins Well', body: '<p>Damp.</p>' });
    expect(changed.updatedAt! > article.updatedAt!).toBe(true);

    const refused = await fetch(`${shopify.shopUrl()}/_local/admin/articles/${numericId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: ' ', body: '' }),
    });
    expect(refused.status).toBe(400);
  });
});
