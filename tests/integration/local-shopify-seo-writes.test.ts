import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDigest } from '#server/local/shopify/catalog-model.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * The local Shopify's write mutations for a page's SEO texts (productUpdate, collectionUpdate,
 * metafieldsSet, metafieldsDelete, fileUpdate, articleUpdate, pageUpdate), called over HTTP as an app
 * calls them: what they change, what they refuse as Shopify does, what they cost, the webhooks they
 * send, and the translations a changed source text leaves outdated.
 */

let shopify: TestShopify;
let token: string;
let receiver: http.Server;
const received: Array<{ topic: string; body: Record<string, unknown> }> = [];

const product = 'gid://shopify/Product/8100000000011';
const firstMedia = 'gid://shopify/MediaImage/30100000000110';
const page = 'gid://shopify/Page/110000000003';

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        topic: String(request.headers['x-shopify-topic']),
        body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>,
      });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  shopify = await startTestShopify({ publicUrl: receiverUrl });
  token = (await shopify.installApp()).access_token;
  for (const topic of ['PRODUCTS_UPDATE', 'COLLECTIONS_UPDATE']) {
    await shopify.graphql(
      token,
      `mutation($topic: WebhookSubscriptionTopic!, $uri: String!) {
        webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri }) { userErrors { message } }
      }`,
      { topic, uri: `${receiverUrl}/webhooks` },
    );
  }
});
afterAll(async () => {
  await shopify?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The Admin API's `data`, failing the test on a GraphQL error. */
async function admin<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const answer = await shopify.graphql<T>(token, query, variables);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!;
}

async function webhookFor(topic: string, id: number): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const found = received.find((delivery) => delivery.topic === topic && delivery.body.id === id);
    if (found !== undefined) return found.body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No ${topic} for ${id}`);
}

interface Resource {
  translatableContent: Array<{ key: string; digest: string | null }>;
  translations: Array<{ key: string; value: string; outdated: boolean }>;
}

async function translatable(resourceId: string): Promise<Resource> {
  const data = await admin<{ translatableResource: Resource }>(
    `query($id: ID!) { translatableResource(resourceId: $id) {
      translatableContent { key digest }
      translations(locale: "fr") { key value outdated }
    } }`,
    { id: resourceId },
  );
  return data.translatableResource;
}

const digestOf = (resource: Resource, key: string) =>
  resource.translatableContent.find((entry) => entry.key === key)?.digest;

const registerFrench = `mutation($id: ID!, $key: String!, $value: String!, $digest: String!) {
  translationsRegister(resourceId: $id, translations: [
    { locale: "fr", key: $key, value: $value, translatableContentDigest: $digest }
  ]) { translations { key value outdated } userErrors { field message code } }
}`;

const productSeoUpdate = `mutation($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id title updatedAt seo { title description } }
    userErrors { field message }
  }
}`;

interface ProductUpdateAnswer {
  productUpdate: {
    product: {
      id: string;
      title: string;
      updatedAt: string;
      seo: { title: string | null; description: string | null };
    } | null;
    userErrors: Array<{ field: string[] | null; message: string }>;
  };
}

describe('productUpdate', () => {
  it('changes the SEO title, charges 10 points, sends products/update and outdates the French title', async () => {
    const seeded = await translatable(product);
    await admin(productSeoUpdate, {
      product: { id: product, seo: { title: 'Tea Towel | Maison' } },
    });
    const before = await translatable(product);
    const registered = await admin<{
      translationsRegister: { translations: Array<{ outdated: boolean }>; userErrors: unknown[] };
    }>(registerFrench, {
      id: product,
      key: 'meta_title',
      value: 'Torchon | Maison',
      digest: digestOf(before, 'meta_title'),
    });
    expect(registered.translationsRegister).toEqual({
      translations: [{ key: 'meta_title', value: 'Torchon | Maison', outdated: false }],
      userErrors: [],
    });
    expect(digestOf(before, 'meta_title')).not.toBe(digestOf(seeded, 'meta_title'));

    received.length = 0;
    const answer = await shopify.graphql<ProductUpdateAnswer>(token, productSeoUpdate, {
      product: { id: product, seo: { title: 'Linen Tea Towel | Maison Exemple' } },
    });
    const updated = answer.body.data!.productUpdate;
    expect(updated.userErrors).toEqual([]);
    expect(updated.product!.seo.title).toBe('Linen Tea Towel | Maison Exemple');
    expect(answer.body.extensions!.cost).toMatchObject({
      requestedQueryCost: 10,
      actualQueryCost: 10,
    });
    const webhook = await webhookFor('products/update', 8100000000011);
    expect(webhook.updated_at).toBe(updated.product!.updatedAt);

    const after = await translatable(product);
    expect(digestOf(after, 'meta_title')).not.toBe(digestOf(before, 'meta_title'));
    expect(after.translations.find((entry) => entry.key === 'meta_title')).toMatchObject({
      value: 'Torchon | Maison',
      outdated: true,
    });
    // The digest read before the change no longer names the current text.
    const stale = await admin<{
      translationsRegister: { translations: null; userErrors: Array<{ code: string }> };
    }>(registerFrench, {
      id: product,
      key: 'meta_title',
      value: 'Torchon en lin | Maison',
      digest: digestOf(before, 'meta_title'),
    });
    expect(stale.translationsRegister).toEqual({
      translations: null,
      userErrors: [
        {
          field: ['translations', '0', 'translatableContentDigest'],
          message: expect.any(String),
          code: 'INVALID_TRANSLATABLE_CONTENT',
        },
      ],
    });
  });

  it('registers no translation of an empty SEO title, and one against the title once written', async () => {
    const napkins = 'gid://shopify/Product/8100000000014';
    await admin(productSeoUpdate, { product: { id: napkins, seo: { title: '' } } });
    const empty = await translatable(napkins);
    // Shopify offers no source text to translate, so no digest to name.
    expect(digestOf(empty, 'meta_title')).toBeUndefined();
    const refused = await admin<{
      translationsRegister: { translations: null; userErrors: Array<{ code: string }> };
    }>(registerFrench, {
      id: napkins,
      key: 'meta_title',
      value: 'Serviettes | Maison',
      digest: contentDigest(''),
    });
    expect(refused.translationsRegister).toEqual({
      translations: null,
      userErrors: [
        {
          field: ['translations', '0', 'key'],
          message: expect.any(String),
          code: 'INVALID_KEY_FOR_MODEL',
        },
      ],
    });
    expect((await translatable(napkins)).translations).not.toContainEqual(
      expect.objectContaining({ key: 'meta_title' }),
    );

    // The English title written, the French is registered against its digest, read back.
    await admin(productSeoUpdate, {
      product: { id: napkins, seo: { title: 'Napkins | Maison' } },
    });
    const written = await translatable(napkins);
    expect(digestOf(written, 'meta_title')).toBe(contentDigest('Napkins | Maison'));
    const stale = await admin<{
      translationsRegister: { translations: null; userErrors: Array<{ code: string }> };
    }>(registerFrench, {
      id: napkins,
      key: 'meta_title',
      value: 'Serviettes | Maison',
      digest: contentDigest(''),
    });
    expect(stale.translationsRegister.userErrors.map((error) => error.code)).toEqual([
      'INVALID_TRANSLATABLE_CONTENT',
    ]);
    const registered = await admin<{
      translationsRegister: { translations: unknown[]; userErrors: unknown[] };
    }>(registerFrench, {
      id: napkins,
      key: 'meta_title',
      value: 'Serviettes | Maison',
      digest: digestOf(written, 'meta_title'),
    });
    expect(registered.translationsRegister).toEqual({
      translations: [{ key: 'meta_title', value: 'Serviettes | Maison', outdated: false }],
      userErrors: [],
    });
  });

  it('keeps the SEO field left out, clears one set empty, and moves updatedAt', async () => {
    const set = await admin<ProductUpdateAnswer>(productSeoUpdate, {
      product: { id: product, seo: { title: 'Kept', description: 'A description' } },
    });
    const cleared = await admin<ProductUpdateAnswer>(productSeoUpdate, {
      product: { id: product, seo: { description: '' } },
    });
    expect(cleared.productUpdate.product!.seo).toEqual({ title: 'Kept', description: null });
    expect(Date.parse(cleared.productUpdate.product!.updatedAt)).toBeGreaterThan(
      Date.parse(set.productUpdate.product!.updatedAt),
    );
    const content = await translatable(product);
    expect(digestOf(content, 'meta_title')).toEqual(expect.any(String));
    expect(digestOf(content, 'meta_description')).toBeUndefined();
  });

  it('refuses an unknown product and a blank title as Shopify does, changing nothing', async () => {
    const unknown = await admin<ProductUpdateAnswer>(productSeoUpdate, {
      product: { id: 'gid://shopify/Product/42', seo: { title: 'x' } },
    });
    expect(unknown.productUpdate).toEqual({
      product: null,
      userErrors: [{ field: ['id'], message: 'Product does not exist' }],
    });
    const blank = await admin<ProductUpdateAnswer>(productSeoUpdate, {
      product: { id: product, title: ' ', seo: { title: 'Never written' } },
    });
    expect(blank.productUpdate).toEqual({
      product: null,
      userErrors: [{ field: ['title'], message: "Title can't be blank" }],
    });
    const read = await admin<{ product: { seo: { title: string } } }>(
      'query($id: ID!) { product(id: $id) { seo { title } } }',
      { id: product },
    );
    expect(read.product.seo.title).not.toBe('Never written');
  });

  it('adds the images given as media', async () => {
    const added = await admin<{
      productUpdate: { product: { media: { nodes: Array<{ alt: string }> } }; userErrors: [] };
    }>(
      `mutation($product: ProductUpdateInput!, $media: [CreateMediaInput!]) {
        productUpdate(product: $product, media: $media) {
          product { media(first: 10) { nodes { alt } } }
          userErrors { field message }
        }
      }`,
      {
        product: { id: 'gid://shopify/Product/8100000000012' },
        media: [
          {
            originalSource: 'https://example.com/towel.jpg',
            alt: 'Folded towel',
            mediaContentType: 'IMAGE',
          },
        ],
      },
    );
    expect(added.productUpdate.product.media.nodes.at(-1)).toEqual({ alt: 'Folded towel' });
  });
});

describe('collectionUpdate', () => {
  const collection = 'gid://shopify/Collection/410000000002';
  const update = `mutation($input: CollectionInput!) {
    collectionUpdate(input: $input) {
      collection { seo { title description } image { altText } updatedAt }
      job { id }
      userErrors { field message }
    }
  }`;
  type Answer = {
    collectionUpdate: {
      collection: {
        seo: { title: string | null };
        image: { altText: string | null } | null;
        updatedAt: string;
      } | null;
      job: null;
      userErrors: Array<{ field: string[]; message: string }>;
    };
  };

  it('changes the SEO title and the image alt text, and sends collections/update', async () => {
    const answer = await admin<Answer>(update, {
      input: {
        id: collection,
        seo: { title: 'Table linen and tableware' },
        image: { src: 'https://example.com/table.jpg', altText: 'A laid table' },
      },
    });
    expect(answer.collectionUpdate).toMatchObject({
      collection: {
        seo: { title: 'Table linen and tableware' },
        image: { altText: 'A laid table' },
      },
      job: null,
      userErrors: [],
    });
    const altOnly = await admin<Answer>(update, {
      input: { id: collection, image: { altText: 'Plates and napkins' } },
    });
    expect(altOnly.collectionUpdate.collection!.image).toEqual({ altText: 'Plates and napkins' });
    const webhook = await webhookFor('collections/update', 410000000002);
    expect(webhook.admin_graphql_api_id).toBe(collection);
    const content = await translatable(collection);
    expect(digestOf(content, 'meta_title')).toEqual(expect.any(String));
  });

  it('refuses an unknown collection and an alt text over 512 characters', async () => {
    const unknown = await admin<Answer>(update, {
      input: { id: 'gid://shopify/Collection/1', seo: { title: 'x' } },
    });
    expect(unknown.collectionUpdate.userErrors).toEqual([
      { field: ['id'], message: 'Collection does not exist' },
    ]);
    const long = await admin<Answer>(update, {
      input: { id: collection, image: { altText: 'a'.repeat(513) } },
    });
    expect(long.collectionUpdate.userErrors).toEqual([
      { field: ['image', 'altText'], message: expect.stringContaining('512') },
    ]);
  });
});

const metafieldsSet = `mutation($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { namespace key value type compareDigest }
    userErrors { field message code elementIndex }
  }
}`;
interface SetAnswer {
  metafieldsSet: {
    metafields: Array<{ key: string; value: string; compareDigest: string }> | null;
    userErrors: Array<{ field: string[]; message: string; code: string; elementIndex: number }>;
  };
}
const readTag = `query($id: ID!) { page(id: $id) {
  updatedAt
  metafield(namespace: "global", key: "title_tag") { value type compareDigest }
} }`;
interface TagAnswer {
  page: {
    updatedAt: string;
    metafield: { value: string; type: string; compareDigest: string } | null;
  };
}
const titleTag = (value: string, compareDigest?: string | null) => ({
  ownerId: page,
  namespace: 'global',
  key: 'title_tag',
  type: 'single_line_text_field',
  value,
  ...(compareDigest !== undefined && { compareDigest }),
});

describe('metafieldsSet and metafieldsDelete', () => {
  it('writes a page’s title tag against the digest read, and refuses a stale digest', async () => {
    await admin(
      `mutation($m: [MetafieldIdentifierInput!]!) { metafieldsDelete(metafields: $m) {
      deletedMetafields { key } } }`,
      { m: [{ ownerId: page, namespace: 'global', key: 'title_tag' }] },
    );
    const created = await admin<SetAnswer>(metafieldsSet, {
      metafields: [titleTag('Shipping and returns | Maison Exemple', null)],
    });
    expect(created.metafieldsSet.userErrors).toEqual([]);
    const read = await admin<TagAnswer>(readTag, { id: page });
    expect(read.page.metafield).toEqual({
      value: 'Shipping and returns | Maison Exemple',
      type: 'single_line_text_field',
      compareDigest: created.metafieldsSet.metafields![0]!.compareDigest,
    });
    const content = await translatable(page);
    expect(digestOf(content, 'meta_title')).toEqual(expect.any(String));

    // A null digest says "it must not exist yet": it does now.
    const again = await admin<SetAnswer>(metafieldsSet, {
      metafields: [titleTag('Someone else’s title', null)],
    });
    expect(again.metafieldsSet).toEqual({
      metafields: null,
      userErrors: [
        {
          field: ['metafields', '0', 'compareDigest'],
          message: expect.any(String),
          code: 'STALE_OBJECT',
          elementIndex: 0,
        },
      ],
    });
    const updated = await admin<SetAnswer>(metafieldsSet, {
      metafields: [titleTag('Delivery and returns', read.page.metafield!.compareDigest)],
    });
    expect(updated.metafieldsSet.metafields![0]!.value).toBe('Delivery and returns');
    const stale = await admin<SetAnswer>(metafieldsSet, {
      metafields: [titleTag('Lost update', read.page.metafield!.compareDigest)],
    });
    expect(stale.metafieldsSet.userErrors.map((error) => error.code)).toEqual(['STALE_OBJECT']);
    expect((await admin<TagAnswer>(readTag, { id: page })).page.metafield!.value).toBe(
      'Delivery and returns',
    );
    expect(digestOf(await translatable(page), 'meta_title')).not.toBe(
      digestOf(content, 'meta_title'),
    );
  });

  it('refuses a blank value, an unknown owner and more than 25 metafields, writing none of a call', async () => {
    const before = (await admin<TagAnswer>(readTag, { id: page })).page.metafield!.value;
    const mixed = await admin<SetAnswer>(metafieldsSet, {
      metafields: [
        titleTag('Would be written with the others'),
        { ...titleTag(''), key: 'description_tag' },
        { ...titleTag('x'), ownerId: 'gid://shopify/Page/1' },
      ],
    });
    expect(mixed.metafieldsSet.metafields).toBeNull();
    expect(mixed.metafieldsSet.userErrors).toEqual([
      {
        field: ['metafields', '1', 'value'],
        message: "Value can't be blank",
        code: 'BLANK',
        elementIndex: 1,
      },
      {
        field: ['metafields', '2', 'ownerId'],
        message: expect.any(String),
        code: 'INVALID',
        elementIndex: 2,
      },
    ]);
    expect((await admin<TagAnswer>(readTag, { id: page })).page.metafield!.value).toBe(before);

    const many = await admin<SetAnswer>(metafieldsSet, {
      metafields: Array.from({ length: 26 }, (_, index) => ({
        ...titleTag(`Tag ${index}`),
        key: `tag_${index}`,
      })),
    });
    expect(many.metafieldsSet.userErrors).toEqual([
      {
        field: ['metafields'],
        message: 'Exceeded the maximum metafields input limit of 25.',
        code: 'LESS_THAN_OR_EQUAL_TO',
        elementIndex: null,
      },
    ]);
  });

  it('keeps a product’s SEO title as its global.title_tag metafield, both ways', async () => {
    const other = 'gid://shopify/Product/8100000000013';
    await admin(metafieldsSet, {
      metafields: [{ ...titleTag('Set as a metafield'), ownerId: other }],
    });
    const read = await admin<{
      product: { seo: { title: string }; metafield: { value: string } };
    }>(
      `query($id: ID!) { product(id: $id) { seo { title } metafield(namespace: "global", key: "title_tag") { value } } }`,
      { id: other },
    );
    expect(read.product).toEqual({
      seo: { title: 'Set as a metafield' },
      metafield: { value: 'Set as a metafield' },
    });
    await webhookFor('products/update', 8100000000013);
  });

  it('deletes a tag, and answers null for one that does not exist', async () => {
    const deleted = await admin<{
      metafieldsDelete: { deletedMetafields: Array<{ key: string } | null>; userErrors: [] };
    }>(
      `mutation($m: [MetafieldIdentifierInput!]!) { metafieldsDelete(metafields: $m) {
        deletedMetafields { ownerId namespace key } userErrors { field message } } }`,
      {
        m: [
          { ownerId: page, namespace: 'global', key: 'title_tag' },
          { ownerId: page, namespace: 'global', key: 'no_such_key' },
        ],
      },
    );
    expect(deleted.metafieldsDelete).toEqual({
      deletedMetafields: [{ ownerId: page, namespace: 'global', key: 'title_tag' }, null],
      userErrors: [],
    });
    expect((await admin<TagAnswer>(readTag, { id: page })).page.metafield).toBeNull();
  });
});

describe('fileUpdate', () => {
  const fileUpdate = `mutation($files: [FileUpdateInput!]!) {
    fileUpdate(files: $files) {
      files { id alt fileStatus ... on MediaImage { image { altText } } }
      userErrors { code field message }
    }
  }`;
  type Answer = {
    fileUpdate: {
      files: Array<{ id: string; alt: string; image: { altText: string | null } }> | null;
      userErrors: Array<{ code: string; field: string[]; message: string }>;
    };
  };

  it('changes a product image’s alt text, sends products/update and outdates its French alt', async () => {
    await admin<Answer>(fileUpdate, {
      files: [{ id: firstMedia, alt: 'Linen tea towel, folded' }],
    });
    const digest = digestOf(await translatable(firstMedia), 'alt');
    expect(digest).toEqual(expect.any(String));
    await admin(registerFrench, {
      id: firstMedia,
      key: 'alt',
      value: 'Torchon en lin plié',
      digest,
    });
    received.length = 0;
    const answer = await shopify.graphql<Answer>(token, fileUpdate, {
      files: [{ id: firstMedia, alt: 'Linen tea towel, folded in three' }],
    });
    expect(answer.body.data!.fileUpdate).toEqual({
      files: [
        {
          id: firstMedia,
          alt: 'Linen tea towel, folded in three',
          fileStatus: 'READY',
          image: { altText: 'Linen tea towel, folded in three' },
        },
      ],
      userErrors: [],
    });
    expect(answer.body.extensions!.cost.actualQueryCost).toBe(10);
    const webhook = await webhookFor('products/update', 8100000000011);
    expect((webhook.media as Array<{ alt: string }>)[0]!.alt).toBe(
      'Linen tea towel, folded in three',
    );
    const french = (await translatable(firstMedia)).translations.find(
      (entry) => entry.key === 'alt',
    );
    expect(french).toMatchObject({ value: 'Torchon en lin plié', outdated: true });
  });

  it('refuses an alt text over 512 characters and an image that does not exist', async () => {
    const answer = await admin<Answer>(fileUpdate, {
      files: [
        { id: firstMedia, alt: 'a'.repeat(513) },
        { id: 'gid://shopify/MediaImage/1', alt: 'x' },
      ],
    });
    expect(answer.fileUpdate).toEqual({
      files: null,
      userErrors: [
        {
          code: 'ALT_VALUE_LIMIT_EXCEEDED',
          field: ['files', '0', 'alt'],
          message: 'The alt value exceeds the maximum limit of 512 characters.',
        },
        {
          code: 'FILE_DOES_NOT_EXIST',
          field: ['files', '1', 'id'],
          message: expect.stringContaining('does not exist'),
        },
      ],
    });
  });
});

describe('articleUpdate and pageUpdate', () => {
  const articleUpdate = `mutation($id: ID!, $article: ArticleUpdateInput!) {
    articleUpdate(id: $id, article: $article) {
      article { image { altText } metafield(namespace: "global", key: "description_tag") { value } }
      userErrors { code field message }
    }
  }`;
  type ArticleAnswer = {
    articleUpdate: {
      article: {
        image: { altText: string | null } | null;
        metafield: { value: string } | null;
      } | null;
      userErrors: Array<{ code: string; field: string[]; message: string }>;
    };
  };

  it('sets an article’s image alt text and its description tag', async () => {
    const answer = await admin<ArticleAnswer>(articleUpdate, {
      id: 'gid://shopify/Article/560000000001',
      article: {
        image: { url: 'https://example.com/linen.jpg', altText: 'Linen drying on a line' },
        metafields: [
          {
            namespace: 'global',
            key: 'description_tag',
            type: 'single_line_text_field',
            value: 'How to wash, dry and iron linen.',
          },
        ],
      },
    });
    expect(answer.articleUpdate).toEqual({
      article: {
        image: { altText: 'Linen drying on a line' },
        metafield: { value: 'How to wash, dry and iron linen.' },
      },
      userErrors: [],
    });
    const content = await translatable('gid://shopify/Article/560000000001');
    expect(digestOf(content, 'meta_description')).toEqual(expect.any(String));
  });

  it('refuses an unknown article and a blank metafield value with the article’s own codes', async () => {
    const unknown = await admin<ArticleAnswer>(articleUpdate, {
      id: 'gid://shopify/Article/1',
      article: { image: { altText: 'x' } },
    });
    expect(unknown.articleUpdate.userErrors).toEqual([
      { code: 'NOT_FOUND', field: ['id'], message: expect.any(String) },
    ]);
    const blank = await admin<ArticleAnswer>(articleUpdate, {
      id: 'gid://shopify/Article/560000000001',
      article: {
        metafields: [
          { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: '' },
        ],
      },
    });
    expect(blank.articleUpdate.userErrors).toEqual([
      {
        code: 'BLANK',
        field: ['article', 'metafields', '0', 'value'],
        message: "Value can't be blank",
      },
    ]);
  });

  it('sets a page’s title tag through pageUpdate', async () => {
    const answer = await admin<{
      pageUpdate: { page: { metafield: { value: string } }; userErrors: [] };
    }>(
      `mutation($id: ID!, $page: PageUpdateInput!) { pageUpdate(id: $id, page: $page) {
        page { metafield(namespace: "global", key: "title_tag") { value } }
        userErrors { code field message }
      } }`,
      {
        id: 'gid://shopify/Page/110000000004',
        page: {
          metafields: [
            {
              namespace: 'global',
              key: 'title_tag',
              type: 'single_line_text_field',
              value: 'FAQ | Maison Exemple',
            },
          ],
        },
      },
    );
    expect(answer.pageUpdate).toEqual({
      page: { metafield: { value: 'FAQ | Maison Exemple' } },
      userErrors: [],
    });
  });
});

describe('an owner editing in Shopify’s admin (_local controls)', () => {
  it('changes an article’s tags and image alt text, a page’s tags, a collection’s and a product image’s alt text', async () => {
    const articles = await admin<{ articles: { nodes: Array<{ id: string; image: unknown }> } }>(
      '{ articles(first: 20) { nodes { id image { url } } } }',
    );
    const article = articles.articles.nodes.find((node) => node.image !== null)!.id;
    const edited = await shopify.control('PATCH', `articles/${article.split('/').at(-1)}`, {
      seo: { title: 'Caring for linen | Journal' },
      image: { altText: 'Linen sheets on a bed' },
    });
    expect(edited.status).toBe(200);
    const read = await admin<{
      article: { image: { altText: string }; metafield: { value: string } };
    }>(
      `query($id: ID!) { article(id: $id) { image { altText } metafield(namespace: "global", key: "title_tag") { value } } }`,
      { id: article },
    );
    expect(read.article).toEqual({
      image: { altText: 'Linen sheets on a bed' },
      metafield: { value: 'Caring for linen | Journal' },
    });

    const pageEdit = await shopify.control('PATCH', 'pages/110000000005', {
      seo: { description: 'Wash at 40 °C, dry flat.' },
    });
    expect(pageEdit.status).toBe(200);

    const collections = await admin<{
      collections: { nodes: Array<{ id: string; image: unknown }> };
    }>('{ collections(first: 30) { nodes { id image { url } } } }');
    const withImage = collections.collections.nodes.find((node) => node.image !== null)!.id;
    const withoutImage = collections.collections.nodes.find((node) => node.image === null)!.id;
    const imageAlt = { image: { altText: 'Ceramic bowls, stacked' } };
    const collectionEdit = await shopify.control<{ image: { altText: string } }>(
      'PATCH',
      `collections/${withImage.split('/').at(-1)}`,
      imageAlt,
    );
    expect(collectionEdit.body.image.altText).toBe('Ceramic bowls, stacked');
    const refused = await shopify.control(
      'PATCH',
      `collections/${withoutImage.split('/').at(-1)}`,
      { ...imageAlt, seo: { title: 'Not applied' } },
    );
    expect(refused).toEqual({ status: 409, body: { error: 'no_image' } });
    const untouched = await admin<{ collection: { seo: { title: string | null } } }>(
      'query($id: ID!) { collection(id: $id) { seo { title } } }',
      { id: withoutImage },
    );
    expect(untouched.collection.seo.title).not.toBe('Not applied');

    received.length = 0;
    const media = await shopify.control('PATCH', 'media/30100000000110', { alt: 'Tea towel' });
    expect(media.body).toEqual({ id: firstMedia, alt: 'Tea towel', productId: product });
    await webhookFor('products/update', 8100000000011);
    expect((await shopify.control('PATCH', 'media/1', { alt: 'x' })).status).toBe(404);
  });
});
