import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanRenderedHtml } from '#shared/seo/rendered/scan-rendered-html.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * The local storefront under translated handles: a handle translated through the Admin API's
 * translationsRegister (key `handle`) gives the French page its own address, which answers, is its
 * canonical and is what the hreflang alternates name, for products, collections, pages and articles.
 */

let shopify: TestShopify;
let token: string;
const host = 'www.maison-exemple.example';
const origin = `https://${host}`;

beforeAll(async () => {
  shopify = await startTestShopify({
    stores: [{ name: 'maison-exemple' }, { name: 'atelier-neuf', products: 0 }],
  });
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
function storefront(
  path: string,
  storeHost = host,
): Promise<{ status: number; location?: string; html: string }> {
  const server = new URL(shopify.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: server.hostname, port: server.port, path, headers: { Host: storeHost } },
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

interface RegisterAnswer {
  translations: Array<{ value: string }> | null;
  userErrors: Array<{ field: string[]; message: string; code: string }>;
}

async function registerHandle(resourceId: string, frenchHandle: string): Promise<RegisterAnswer> {
  const { translatableResource } = await admin<{
    translatableResource: { translatableContent: Array<{ key: string; digest: string }> };
  }>(
    `query($id: ID!) { translatableResource(resourceId: $id) { translatableContent { key digest } } }`,
    {
      id: resourceId,
    },
  );
  const digest = translatableResource.translatableContent.find((item) => item.key === 'handle')!;
  const { translationsRegister } = await admin<{ translationsRegister: RegisterAnswer }>(
    `mutation($id: ID!, $translations: [TranslationInput!]!) {
      translationsRegister(resourceId: $id, translations: $translations) {
        userErrors { field message code } translations { value }
      }
    }`,
    {
      id: resourceId,
      translations: [
        {
          key: 'handle',
          locale: 'fr',
          value: frenchHandle,
          translatableContentDigest: digest.digest,
        },
      ],
    },
  );
  return translationsRegister;
}

async function translateHandle(resourceId: string, frenchHandle: string) {
  const answer = await registerHandle(resourceId, frenchHandle);
  expect(answer.userErrors).toEqual([]);
  return answer.translations![0]!.value;
}

const linksOf = (html: string) => {
  const links = scanRenderedHtml(html).links;
  return {
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    alternates: Object.fromEntries(
      links
        .filter((link) => link.rel === 'alternate')
        .map((link) => [link.hreflang!, link.href!] as const),
    ),
  };
};

/** The English and French addresses of one resource, checked as a visitor and a crawler see them. */
async function expectServedUnderBothHandles(englishPath: string, frenchPath: string) {
  const french = await storefront(`/fr${frenchPath}`);
  expect(french.status).toBe(200);
  expect(scanRenderedHtml(french.html).htmlLang).toBe('fr');
  const expected = {
    canonical: [`${origin}/fr${frenchPath}`],
    alternates: {
      'x-default': `${origin}${englishPath}`,
      en: `${origin}${englishPath}`,
      fr: `${origin}/fr${frenchPath}`,
    },
  };
  expect(linksOf(french.html)).toEqual(expected);

  const english = await storefront(englishPath);
  expect(english.status).toBe(200);
  expect(linksOf(english.html)).toEqual({ ...expected, canonical: [`${origin}${englishPath}`] });

  // The primary handle under /fr still answers the French page, whose canonical names the
  // translated address (see renderStorefrontPage).
  const primaryUnderFrench = await storefront(`/fr${englishPath}`);
  expect(primaryUnderFrench.status).toBe(200);
  expect(linksOf(primaryUnderFrench.html)).toEqual(expected);
}

describe('translated handles on the local storefront', () => {
  it('serve a product at its French handle, canonical and hreflang included', async () => {
    const { products } = await admin<{
      products: { nodes: Array<{ id: string; handle: string; status: string }> };
    }>(`{ products(first: 20) { nodes { id handle status } } }`);
    // Past the first four active products, which carry the storefront's planted defects.
    const product = products.nodes.filter((item) => item.status === 'ACTIVE')[5]!;
    const frenchHandle = await translateHandle(product.id, 'nappe-en-lin-lave');
    await expectServedUnderBothHandles(`/products/${product.handle}`, `/products/${frenchHandle}`);
  });

  it('serve a collection at its French handle', async () => {
    const { collections } = await admin<{
      collections: { nodes: Array<{ id: string; handle: string }> };
    }>(`{ collections(first: 5) { nodes { id handle } } }`);
    const collection = collections.nodes[3]!;
    await translateHandle(collection.id, 'linge-de-table');
    await expectServedUnderBothHandles(
      `/collections/${collection.handle}`,
      '/collections/linge-de-table',
    );
  });

  it('serve a page at its French handle', async () => {
    const { pages } = await admin<{
      pages: { nodes: Array<{ id: string; handle: string; isPublished: boolean }> };
    }>(`{ pages(first: 20) { nodes { id handle isPublished } } }`);
    const page = pages.nodes.filter((item) => item.isPublished)[0]!;
    await translateHandle(page.id, 'a-propos-de-nous');
    await expectServedUnderBothHandles(`/pages/${page.handle}`, '/pages/a-propos-de-nous');
  });

  it('serve an article at its French handle, under its blog’s French handle', async () => {
    const { articles } = await admin<{
      articles: {
        nodes: Array<{
          id: string;
          handle: string;
          isPublished: boolean;
          blog: { id: string; handle: string };
        }>;
      };
    }>(`{ articles(first: 20) { nodes { id handle isPublished blog { id handle } } } }`);
    const article = articles.nodes.filter((item) => item.isPublished)[1]!;
    await translateHandle(article.blog.id, 'carnet');
    await translateHandle(article.id, 'entretenir-le-lin');
    await expectServedUnderBothHandles(
      `/blogs/${article.blog.handle}/${article.handle}`,
      '/blogs/carnet/entretenir-le-lin',
    );
  });

  it('are kept as Shopify makes handles, and refused when another resource has them', async () => {
    const { products } = await admin<{
      products: { nodes: Array<{ id: string; handle: string; status: string }> };
    }>(`{ products(first: 20) { nodes { id handle status } } }`);
    const [product, other] = products.nodes.filter((item) => item.status === 'ACTIVE').slice(6);
    expect(await translateHandle(product!.id, '  Plaid en Laine Mérinos ! ')).toBe(
      'plaid-en-laine-merinos',
    );
    expect((await storefront('/fr/products/plaid-en-laine-merinos')).status).toBe(200);

    const taken = await registerHandle(other!.id, 'Plaid en laine mérinos');
    expect(taken).toEqual({
      translations: null,
      userErrors: [
        {
          field: ['translations', '0', 'value'],
          message: 'The handle is already taken for this resource',
          code: 'INVALID_VALUE_FOR_HANDLE_TRANSLATION',
        },
      ],
    });
    expect((await registerHandle(other!.id, '?!')).userErrors[0]?.code).toBe(
      'FAILS_RESOURCE_VALIDATION',
    );
  });

  it('given to productUpdate are made as Shopify makes them', async () => {
    const { products } = await admin<{
      products: { nodes: Array<{ id: string; handle: string; status: string }> };
    }>(`{ products(first: 20) { nodes { id handle status } } }`);
    const [product, other] = products.nodes.filter((item) => item.status === 'ACTIVE').slice(8);
    const update = (id: string, handle: string) =>
      admin<{
        productUpdate: {
          product: { handle: string } | null;
          userErrors: Array<{ field: string[]; message: string }>;
        };
      }>(
        `mutation($product: ProductUpdateInput!) {
          productUpdate(product: $product) { product { handle } userErrors { field message } }
        }`,
        { product: { id, handle } },
      );
    expect((await update(product!.id, 'Tablier Été (2026)')).productUpdate).toEqual({
      product: { handle: 'tablier-ete-2026' },
      userErrors: [],
    });
    expect((await storefront('/products/tablier-ete-2026')).status).toBe(200);
    expect((await update(other!.id, 'tablier-ete-2026')).productUpdate).toEqual({
      product: null,
      userErrors: [
        {
          field: ['handle'],
          message: "Handle 'tablier-ete-2026' already in use. Please provide a new handle.",
        },
      ],
    });
  });

  it('answer 404 for a French handle no resource carries', async () => {
    expect((await storefront('/fr/products/nappe-inconnue')).status).toBe(404);
  });
});

describe('the storefront’s planted defects', () => {
  it('never land on a product the owner adds: it shows its own price, currency and alternates', async () => {
    const newStore = 'atelier-neuf.myshopify.com';
    const newHost = 'www.atelier-neuf.example';
    const created: Array<{ handle: string }> = [];
    for (const title of ['Nappe en lin', 'Tablier en lin', 'Torchon brodé', 'Plaid en laine']) {
      const answer = await shopify.control<{ handle: string }>(
        'POST',
        'products',
        { title, descriptionHtml: `<p>${title}.</p>` },
        newStore,
      );
      expect(answer.status).toBe(201);
      created.push(answer.body);
    }
    for (const { handle } of created) {
      for (const prefix of ['', '/fr']) {
        const page = await storefront(`${prefix}/products/${handle}`, newHost);
        expect(page.status).toBe(200);
        const scanned = scanRenderedHtml(page.html);
        const [product] = scanned.jsonLd.map(
          (text) => JSON.parse(text) as { offers: Array<Record<string, unknown>> },
        );
        expect(product!.offers[0]).toMatchObject({ priceCurrency: 'EUR' });
        expect(product!.offers[0]!.price).toBeGreaterThan(0);
        expect(product!.offers[0]).not.toHaveProperty('priceValidUntil');
        expect(Object.keys(linksOf(page.html).alternates).sort()).toEqual([
          'en',
          'fr',
          'x-default',
        ]);
      }
    }
  });
});

describe('translated image alt texts on the local storefront', () => {
  const altsOf = (html: string) => [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1]);

  it('show a MediaImage alt translated through the Admin API on the French page only', async () => {
    const { products } = await admin<{
      products: {
        nodes: Array<{
          id: string;
          handle: string;
          status: string;
          media: { nodes: Array<{ id: string; alt: string | null }> };
        }>;
      };
    }>(
      `{ products(first: 20) { nodes { id handle status media(first: 5) { nodes { id alt } } } } }`,
    );
    const product = products.nodes.filter(
      (item) => item.status === 'ACTIVE' && item.media.nodes.some((media) => media.alt),
    )[6]!;
    const media = product.media.nodes.find((item) => item.alt)!;
    const { translatableResource } = await admin<{
      translatableResource: { translatableContent: Array<{ key: string; digest: string }> };
    }>(
      `query($id: ID!) { translatableResource(resourceId: $id) { translatableContent { key digest } } }`,
      {
        id: media.id,
      },
    );
    const { translationsRegister } = await admin<{ translationsRegister: RegisterAnswer }>(
      `mutation($id: ID!, $translations: [TranslationInput!]!) {
        translationsRegister(resourceId: $id, translations: $translations) {
          userErrors { field message code } translations { value }
        }
      }`,
      {
        id: media.id,
        translations: [
          {
            key: 'alt',
            locale: 'fr',
            value: 'Nappe en lin lavé, vue de près',
            translatableContentDigest: translatableResource.translatableContent[0]!.digest,
          },
        ],
      },
    );
    expect(translationsRegister.userErrors).toEqual([]);
    const french = await storefront(`/fr/products/${product.handle}`);
    expect(altsOf(french.html)).toContain('Nappe en lin lavé, vue de près');
    const english = await storefront(`/products/${product.handle}`);
    expect(altsOf(english.html)).toContain(media.alt);
    expect(altsOf(english.html)).not.toContain('Nappe en lin lavé, vue de près');
  });

  it('show a MediaImage alt translated through the local controls', async () => {
    const { products } = await admin<{
      products: {
        nodes: Array<{
          handle: string;
          status: string;
          media: { nodes: Array<{ id: string; alt: string | null }> };
        }>;
      };
    }>(`{ products(first: 20) { nodes { handle status media(first: 5) { nodes { id alt } } } } }`);
    const product = products.nodes.filter(
      (item) => item.status === 'ACTIVE' && item.media.nodes.some((media) => media.alt),
    )[7]!;
    const media = product.media.nodes.find((item) => item.alt)!;
    const written = await shopify.control('PUT', 'translations', {
      resourceId: media.id,
      locale: 'fr',
      key: 'alt',
      value: 'Torchon brodé plié',
    });
    expect(written).toMatchObject({ status: 200, body: { value: 'Torchon brodé plié' } });
    const french = await storefront(`/fr/products/${product.handle}`);
    expect(altsOf(french.html)).toContain('Torchon brodé plié');
  });
});
