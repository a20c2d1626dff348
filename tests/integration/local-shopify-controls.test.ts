import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/** The `_local` controls: a store changed as its owner would change it, and bad input refused. */

let shopify: TestShopify;
let token: string;

beforeAll(async () => {
  shopify = await startTestShopify();
  token = (await shopify.installApp()).access_token;
});
afterAll(async () => {
  await shopify?.stop();
});

interface Summary {
  products: number;
  collections: number;
  translations: number;
}

describe('the _local controls', () => {
  it('refuses a malformed change with the reasons, and an unknown product or store with 404', async () => {
    const malformed = await shopify.control<{ error: string; problems: string[] }>(
      'PATCH',
      'products/8100000000001',
      { title: '', status: 'SOLD_OUT', colour: 'red' },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_body');
    expect(malformed.body.problems.join('\n')).toMatch(/title/);
    expect(malformed.body.problems.join('\n')).toMatch(/status/);
    expect((await shopify.control('GET', 'products/8100000000001')).body).toMatchObject({
      title: expect.not.stringMatching(/^$/),
    });
    expect((await shopify.control('PATCH', 'products/42', { title: 'x' })).status).toBe(404);
    expect(
      (await shopify.control('GET', 'summary', undefined, 'nowhere.myshopify.com')).status,
    ).toBe(404);
  });

  it('creates and deletes products and collections, and the Admin API sees it', async () => {
    const before = (await shopify.control<Summary>('GET', 'summary')).body;
    const created = await shopify.control<{ id: string; handle: string }>('POST', 'products', {
      title: 'Housse de couette en lin',
      descriptionHtml: '<p>Lin lavé.</p>',
    });
    expect(created.status).toBe(201);
    const read = await shopify.graphql<{ product: { title: string; handle: string } | null }>(
      token,
      'query($id: ID!) { product(id: $id) { title handle } }',
      { id: created.body.id },
    );
    expect(read.body.data!.product).toEqual({
      title: 'Housse de couette en lin',
      handle: created.body.handle,
    });

    const collection = await shopify.control<{ id: string }>('POST', 'collections', {
      title: 'Linge de lit',
    });
    expect(collection.status).toBe(201);
    expect((await shopify.control<Summary>('GET', 'summary')).body).toMatchObject({
      products: before.products + 1,
      collections: before.collections + 1,
    });

    const numeric = (id: string) => id.split('/').at(-1)!;
    expect((await shopify.control('DELETE', `products/${numeric(created.body.id)}`)).status).toBe(
      200,
    );
    expect(
      (await shopify.control('DELETE', `collections/${numeric(collection.body.id)}`)).status,
    ).toBe(200);
    const gone = await shopify.graphql<{ product: unknown }>(
      token,
      'query($id: ID!) { product(id: $id) { id } }',
      {
        id: created.body.id,
      },
    );
    expect(gone.body.data!.product).toBeNull();
    expect((await shopify.control<Summary>('GET', 'summary')).body).toMatchObject({
      products: before.products,
      collections: before.collections,
    });
  });

  it('counts a translation written through the controls, and refuses one for a locale the shop lacks', async () => {
    const before = (await shopify.control<Summary>('GET', 'summary')).body.translations;
    // No page's handle is translated in the seed: this one is new.
    const written = await shopify.control('PUT', 'translations', {
      resourceId: 'gid://shopify/Page/110000000002',
      locale: 'fr',
      key: 'handle',
      value: 'contact',
    });
    expect(written.status).toBe(200);
    expect((await shopify.control<Summary>('GET', 'summary')).body.translations).toBe(before + 1);
    const refused = await shopify.control('PUT', 'translations', {
      resourceId: 'gid://shopify/Page/110000000002',
      locale: 'de',
      key: 'title',
      value: 'Kontakt',
    });
    expect(refused.status).toBe(400);
  });

  it('publishes a new locale, which shopLocales then lists', async () => {
    const added = await shopify.control('PUT', 'locales', {
      locale: 'de',
      name: 'German',
      published: true,
    });
    expect(added.status).toBe(200);
    const locales = await shopify.graphql<{ shopLocales: Array<{ locale: string }> }>(
      token,
      '{ shopLocales(published: true) { locale } }',
    );
    expect(locales.body.data!.shopLocales.map((locale) => locale.locale)).toEqual([
      'en',
      'fr',
      'de',
    ]);
    expect(
      (await shopify.control('PUT', 'locales', { locale: 'en', name: 'English', published: false }))
        .status,
    ).toBe(400);
  });

  it('serves an admin page listing the products and the deliveries', async () => {
    const response = await fetch(`${shopify.shopUrl()}/_local/admin`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    const first = (await shopify.control<{ title: string }>('GET', 'products/8100000000001')).body;
    expect(html).toContain('Maison Exemple');
    expect(html).toContain(first.title.replace(/&/g, '&amp;'));
    expect(html).toContain('Webhook deliveries');
  });
});
