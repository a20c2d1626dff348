import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * The stores' images, served by the local Shopify at the addresses its Admin API gives, so that
 * local mode shows them without the internet.
 */

let shopify: TestShopify;
let token: string;

beforeAll(async () => {
  shopify = await startTestShopify();
  token = (await shopify.installApp()).access_token;
});
afterAll(async () => {
  await shopify?.stop();
});

interface Image {
  url: string;
  width: number;
  height: number;
}

interface Catalog {
  products: {
    nodes: Array<{ title: string; media: { nodes: Array<{ image: Image | null }> } }>;
  };
  collections: { nodes: Array<{ image: Image | null }> };
  articles: { nodes: Array<{ image: Image | null }> };
}

const catalogImages = `{
  products(first: 10) {
    nodes { title media(first: 10) { nodes { ... on MediaImage { image { url width height } } } } }
  }
  collections(first: 20) { nodes { image { url width height } } }
  articles(first: 20) { nodes { image { url width height } } }
}`;

async function expectServedImage(image: Image): Promise<string> {
  expect(new URL(image.url).origin).toBe(shopify.url);
  const response = await fetch(image.url);
  expect(response.status, image.url).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml\b/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const svg = await response.text();
  // Drawn at the size the catalog gives, as a thumbnail shown at that ratio expects.
  expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${image.width}" height="${image.height}"`));
  return svg;
}

describe('the stores’ images', () => {
  it('are served by the local Shopify at the addresses the Admin API gives for products, collections and articles', async () => {
    const { body } = await shopify.graphql<Catalog>(token, catalogImages);
    const catalog = body.data!;
    const productImages = catalog.products.nodes.flatMap((product) =>
      product.media.nodes.flatMap((media) => (media.image === null ? [] : [media.image])),
    );
    const collectionImages = catalog.collections.nodes.flatMap((item) => item.image ?? []);
    const articleImages = catalog.articles.nodes.flatMap((item) => item.image ?? []);
    expect(productImages.length).toBeGreaterThanOrEqual(10);
    expect(collectionImages.length).toBeGreaterThan(0);
    expect(articleImages.length).toBeGreaterThan(0);

    for (const image of [...productImages, ...collectionImages, ...articleImages]) {
      await expectServedImage(image);
    }
  });

  it('are drawn in their product’s colour', async () => {
    const { body } = await shopify.graphql<Catalog>(token, catalogImages);
    const firstIn = (colour: string) =>
      body.data!.products.nodes.find((product) => product.title.includes(`– ${colour}`))!.media
        .nodes[0]!.image!;
    const svgs = new Set<string>();
    const colours = new Set(
      body.data!.products.nodes.map((product) => /– (\w[\w ]*)$/.exec(product.title)?.[1]),
    );
    colours.delete(undefined);
    expect(colours.size).toBeGreaterThan(1);
    for (const colour of colours) {
      const fill = /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(
        await expectServedImage(firstIn(colour!)),
      );
      svgs.add(fill![1]!);
    }
    expect(svgs.size).toBe(colours.size);
  });

  it('answers 404 where the store holds no image', async () => {
    const { body } = await shopify.graphql<Catalog>(token, catalogImages);
    const known = new URL(body.data!.products.nodes[0]!.media.nodes[0]!.image!.url);
    const files = known.pathname.slice(0, known.pathname.lastIndexOf('/'));
    const unknown = [
      `${files}/no-such-image-1-1.svg`,
      // The first product's position, an image number it does not have.
      known.pathname.replace(/-1\.svg$/, '-9.svg'),
      known.pathname.replace(/\.svg$/, '.jpg'),
      known.pathname.replace('/cdn/shop/files/', '/cdn/shop/collections/'),
      known.pathname.replace('/cdn/shop/files/', '/cdn/shop/themes/'),
      known.pathname.replace('maison-exemple.myshopify.com', 'no-such-store.myshopify.com'),
      `/maison-exemple.myshopify.com/cdn/shop/collections/no-such-collection.svg`,
    ];
    for (const path of unknown) {
      expect((await fetch(`${shopify.url}${path}`)).status, path).toBe(404);
    }
  });

  it('include the image of a product created through the local controls', async () => {
    const created = await shopify.control<{ id: string; media: Image[] }>('POST', 'products', {
      title: 'Plaid en laine mérinos',
    });
    expect(created.status).toBe(201);
    expect(created.body.media).toHaveLength(1);
    await expectServedImage(created.body.media[0]!);

    const { body } = await shopify.graphql<{
      product: { media: { nodes: Array<{ image: Image }> } };
    }>(
      token,
      `query Product($id: ID!) {
        product(id: $id) { media(first: 5) { nodes { ... on MediaImage { image { url width height } } } } }
      }`,
      { id: created.body.id },
    );
    expect(body.data!.product.media.nodes.map((media) => media.image.url)).toEqual([
      created.body.media[0]!.url,
    ]);
  });
});
