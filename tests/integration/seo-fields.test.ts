import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient, type AdminClient } from '#server/platform/shopify/admin-client.ts';
import {
  readSeoField,
  SeoFieldWriteRefused,
  writeSeoField,
  type SeoFieldAddress,
  type SeoFieldName,
  type SeoResourceKind,
} from '#server/platform/shopify/seo-fields.ts';
import { shopifyApiVersion } from '#server/platform/shopify/shopify-app.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * One SEO text of one page read from and written to the local Shopify through the product's Admin API
 * client (seo-fields.ts): every field of every kind of page in both languages, the refusals that keep
 * an owner's edit made meanwhile, pages that are gone, and what the writes cost and set off.
 */

let shopify: TestShopify;
let token: string;
let client: AdminClient;
let receiver: http.Server;
const received: Array<{ topic: string; id: unknown }> = [];

const product = 'gid://shopify/Product/8100000000021';
const media = 'gid://shopify/MediaImage/30100000000210';
const page = 'gid://shopify/Page/110000000006';
let collection: string;
let article: string;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown };
      received.push({ topic: String(request.headers['x-shopify-topic']), id: body.id });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  shopify = await startTestShopify({ publicUrl: receiverUrl });
  token = (await shopify.installApp()).access_token;
  client = createAdminClient({
    endpoint: `${shopify.shopUrl()}/admin/api/${shopifyApiVersion}/graphql.json`,
    accessToken: async () => token,
    onUnauthorized: async () => 'ended',
  });
  const withImages = await client.request<{
    collections: { nodes: Array<{ id: string; image: unknown }> };
    articles: { nodes: Array<{ id: string; image: unknown }> };
  }>(`{
    collections(first: 20) { nodes { id image { url } } }
    articles(first: 20) { nodes { id image { url } } }
  }`);
  collection = withImages.collections.nodes.find((node) => node.image !== null)!.id;
  article = withImages.articles.nodes.find((node) => node.image !== null)!.id;
  await client.request(
    `mutation($uri: String!) {
      webhookSubscriptionCreate(topic: PRODUCTS_UPDATE, webhookSubscription: { uri: $uri }) {
        userErrors { message }
      }
    }`,
    { uri: `${receiverUrl}/webhooks` },
  );
});
afterAll(async () => {
  await shopify?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

function address(
  kind: SeoResourceKind,
  resourceGid: string,
  field: SeoFieldName,
  locale: string | null,
  targetId = resourceGid,
): SeoFieldAddress {
  return { kind, resourceGid, field, targetId, locale };
}

/** Reads, writes, and reads again what Shopify holds. */
async function writeAndRead(target: SeoFieldAddress, value: string) {
  const state = await readSeoField(client, target);
  const written = await writeSeoField(client, target, value, state);
  return { written, read: (await readSeoField(client, target)).value };
}

const numericId = (gid: string) => gid.split('/').at(-1)!;

describe('every field of every kind of page, in both languages', () => {
  const cases: Array<[string, () => SeoFieldAddress]> = [
    ['a product’s SEO title', () => address('product', product, 'seoTitle', null)],
    ['a product’s meta description', () => address('product', product, 'seoDescription', null)],
    ['a product image’s alt text', () => address('product', product, 'imageAlt', null, media)],
    ['a collection’s SEO title', () => address('collection', collection, 'seoTitle', null)],
    [
      'a collection’s meta description',
      () => address('collection', collection, 'seoDescription', null),
    ],
    ['a page’s title tag', () => address('page', page, 'seoTitle', null)],
    ['a page’s description tag', () => address('page', page, 'seoDescription', null)],
    ['an article’s title tag', () => address('article', article, 'seoTitle', null)],
    ['an article’s description tag', () => address('article', article, 'seoDescription', null)],
  ];

  it.each(cases)(
    '%s: written, translated, the translation cleared, then cleared',
    async (_what, make) => {
      const english = make();
      const french = { ...english, locale: 'fr' };
      expect(await writeAndRead(english, 'Linen, made to last')).toEqual({
        written: 'Linen, made to last',
        read: 'Linen, made to last',
      });
      const frenchState = await readSeoField(client, french);
      expect(frenchState.sourceDigest).toEqual(expect.any(String));
      expect(await writeAndRead(french, 'Du lin, fait pour durer')).toEqual({
        written: 'Du lin, fait pour durer',
        read: 'Du lin, fait pour durer',
      });
      expect(await writeAndRead(french, '')).toEqual({ written: null, read: null });
      expect(await writeAndRead(english, '')).toEqual({ written: null, read: null });
      expect(await readSeoField(client, french)).toEqual({
        value: null,
        sourceDigest: null,
        missing: false,
      });
    },
  );

  it.each([
    [
      'a collection’s',
      () => address('collection', collection, 'imageAlt', null, `${collection}#image`),
    ],
    ['an article’s', () => address('article', article, 'imageAlt', null, `${article}#image`)],
  ])('%s image alt text: written, then cleared', async (_what, make) => {
    const target = make();
    expect(await writeAndRead(target, 'Folded linen on a table')).toEqual({
      written: 'Folded linen on a table',
      read: 'Folded linen on a table',
    });
    expect(await writeAndRead(target, '')).toEqual({ written: null, read: null });
  });

  it('refuses, without asking Shopify, what it cannot address', async () => {
    await expect(
      readSeoField(
        client,
        address('collection', collection, 'imageAlt', 'fr', `${collection}#image`),
      ),
    ).rejects.toThrow(/not supported/);
    await expect(
      readSeoField(client, address('page', page, 'imageAlt', null, `${page}#image`)),
    ).rejects.toThrow(/no image/);
    await expect(readSeoField(client, address('product', page, 'seoTitle', null))).rejects.toThrow(
      /Not the global id of a product/,
    );
  });
});

describe('an owner’s edit made between the read and the write is kept', () => {
  it('refuses a page tag written from a read older than the owner’s edit', async () => {
    const target = address('page', page, 'seoTitle', null);
    await writeAndRead(target, 'Our workshops');
    const state = await readSeoField(client, target);
    await shopify.control('PATCH', `pages/${numericId(page)}`, {
      seo: { title: 'Our workshops, by the owner' },
    });
    const refusal = await writeSeoField(client, target, 'Our workshops | Maison', state).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SeoFieldWriteRefused);
    expect(refusal).toMatchObject({
      code: 'shopify_rejected_value',
      userErrors: [expect.objectContaining({ code: 'STALE_OBJECT' })],
    });
    expect((await readSeoField(client, target)).value).toBe('Our workshops, by the owner');
  });

  it('refuses a tag created from a read where there was none, once the owner created one', async () => {
    const target = address('article', article, 'seoDescription', null);
    await writeAndRead(target, '');
    const state = await readSeoField(client, target);
    expect(state).toMatchObject({ value: null, compareDigest: null });
    await shopify.control('PATCH', `articles/${numericId(article)}`, {
      seo: { description: 'Written by the owner' },
    });
    await expect(writeSeoField(client, target, 'Written by Vitrine', state)).rejects.toMatchObject({
      code: 'shopify_rejected_value',
    });
    expect((await readSeoField(client, target)).value).toBe('Written by the owner');
  });

  it('refuses a translation of an English text the owner changed since, which outdates the French one', async () => {
    const english = address('product', product, 'seoTitle', null);
    const french = { ...english, locale: 'fr' };
    await writeAndRead(english, 'Stoneware mug');
    await writeAndRead(french, 'Tasse en grès');
    const frenchState = await readSeoField(client, french);

    await shopify.control('PATCH', `products/${numericId(product)}`, {
      seo: { title: 'Stoneware mug, hand glazed' },
    });
    const outdated = await client.request<{
      translatableResource: { translations: Array<{ key: string; outdated: boolean }> };
    }>(
      `query($id: ID!) { translatableResource(resourceId: $id) {
        translations(locale: "fr") { key outdated }
      } }`,
      { id: product },
    );
    expect(
      outdated.translatableResource.translations.find((entry) => entry.key === 'meta_title'),
    ).toEqual({ key: 'meta_title', outdated: true });
    expect((await readSeoField(client, french)).sourceDigest).not.toBe(frenchState.sourceDigest);

    await expect(
      writeSeoField(client, french, 'Tasse en grès émaillée', frenchState),
    ).rejects.toMatchObject({
      code: 'shopify_rejected_value',
      userErrors: [expect.objectContaining({ code: 'INVALID_TRANSLATABLE_CONTENT' })],
    });
    expect((await readSeoField(client, french)).value).toBe('Tasse en grès');
  });

  it('refuses a translation where the English text is empty, and still clears one left over', async () => {
    const english = address('product', product, 'seoDescription', null);
    const french = { ...english, locale: 'fr' };
    await writeAndRead(english, 'A mug for every morning');
    await writeAndRead(french, 'Une tasse pour chaque matin');
    await writeAndRead(english, '');
    const state = await readSeoField(client, french);
    // Its English source changed (to nothing), so Shopify holds the French as outdated.
    expect(state).toEqual({
      value: 'Une tasse pour chaque matin',
      sourceDigest: null,
      missing: false,
      outdated: true,
    });
    await expect(writeSeoField(client, french, 'Autre chose', state)).rejects.toMatchObject({
      code: 'translation_source_missing',
    });
    expect(await writeSeoField(client, french, '', state)).toBeNull();
    expect((await readSeoField(client, french)).value).toBeNull();
  });
});

describe('pages that are gone', () => {
  it('reads a deleted product as missing, and refuses a write to it as page_removed', async () => {
    const doomed = 'gid://shopify/Product/8100000000031';
    const target = address('product', doomed, 'seoTitle', null);
    const before = await readSeoField(client, target);
    expect(before.missing).toBe(false);
    await shopify.control('DELETE', `products/${numericId(doomed)}`);

    expect(await readSeoField(client, target)).toEqual({
      value: null,
      sourceDigest: null,
      missing: true,
    });
    // Read before the deletion: Shopify answers that the product does not exist.
    await expect(writeSeoField(client, target, 'Too late', before)).rejects.toMatchObject({
      code: 'page_removed',
    });
    const imageTarget = address(
      'product',
      doomed,
      'imageAlt',
      null,
      'gid://shopify/MediaImage/30100000000310',
    );
    expect((await readSeoField(client, imageTarget)).missing).toBe(true);
    expect((await readSeoField(client, { ...target, locale: 'fr' })).missing).toBe(true);
  });
});

describe('what a write costs and sets off', () => {
  async function spent(act: () => Promise<unknown>): Promise<number> {
    const status = async () =>
      (
        await shopify.control<{ throttleStatus: { currentlyAvailable: number } }>(
          'GET',
          'installation',
        )
      ).body.throttleStatus.currentlyAvailable;
    const before = await status();
    await act();
    return before - (await status());
  }

  it('charges 10 points a write and a few a read, and sends products/update', async () => {
    // A bucket that does not refill: what each call took stays visible.
    await shopify.control('PUT', 'bucket', { maximumAvailable: 2000, restoreRate: 0 });
    try {
      const target = address('product', product, 'imageAlt', null, media);
      const state = await readSeoField(client, target);
      received.length = 0;
      expect(await spent(() => writeSeoField(client, target, 'A mug on a shelf', state))).toBe(10);
      for (const read of [
        target,
        { ...target, locale: 'fr' },
        address('page', page, 'seoTitle', null),
        address('collection', collection, 'imageAlt', null, `${collection}#image`),
      ]) {
        expect(await spent(() => readSeoField(client, read))).toBeLessThanOrEqual(3);
      }
    } finally {
      await shopify.control('PUT', 'bucket', { maximumAvailable: 2000, restoreRate: 100 });
    }
    for (let attempt = 0; attempt < 300; attempt++) {
      if (received.some((delivery) => delivery.topic === 'products/update')) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(received).toContainEqual({ topic: 'products/update', id: 8100000000021 });
  });
});
