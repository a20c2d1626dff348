import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDigest } from '#server/local/shopify/catalog-model.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import {
  plantedStorefrontFindings,
  storefrontDefects,
} from '#server/local/shopify/storefront-defects.ts';
import {
  auditUserAgent,
  createStorefrontFetcher,
  type StorefrontFetcherOptions,
} from '#server/platform/storefront/storefront-fetcher.ts';
import { auditRenderedPages, type PageToAudit } from '#shared/seo/rendered/audit-rendered-pages.ts';
import { scanRenderedHtml } from '#shared/seo/rendered/scan-rendered-html.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * The local Shopify's storefronts, fetched over real HTTP by the audit's polite fetcher: the pages as
 * Dawn renders them, robots.txt honoured, the pace kept, timeouts and redirects, and the rendered
 * checks finding exactly the defects the storefront plants.
 */

const storeName = 'maison-exemple';
const productCount = 40;
const publicUrl = 'https://vitrine.example';
const host = `www.${storeName}.example`;
const seeded = new SeededStore(storeName, productCount);
const url = (path: string, locale?: string) => seeded.storefrontUrl(path, locale);

let shopify: TestShopify;

function fetcher(options: Partial<StorefrontFetcherOptions> = {}) {
  const port = Number(new URL(shopify.url).port);
  return createStorefrontFetcher({
    publicUrl,
    connectTo: () => ({ protocol: 'http:', hostname: '127.0.0.1', port }),
    ...options,
  });
}

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: storeName, products: productCount }] });
});
afterAll(() => shopify?.stop());

const firstActiveProduct = () => {
  for (const id of seeded.productIds()) {
    const product = seeded.product(id)!;
    if (product.status === 'ACTIVE' && product.translations.fr?.title !== undefined) return product;
  }
  throw new Error('no translated active product');
};

describe('the local storefront', () => {
  it('renders a product in French as Dawn does, from the store’s current state', async () => {
    const product = firstActiveProduct();
    const frenchTitle = product.translations.fr!.title!.value;
    const page = await fetcher({ requestsPerSecond: 50 }).fetchPage(
      url(`/products/${product.handle}`, 'fr'),
    );
    expect(page.status).toBe(200);
    const scanned = scanRenderedHtml(page.html);
    expect(scanned.htmlLang).toBe('fr');
    const seoTitle = product.translations.fr?.meta_title?.value ?? product.seo.title;
    const expectedTitle = seoTitle ?? frenchTitle;
    expect(scanned.title).toBe(
      expectedTitle.includes(seeded.shop.name)
        ? expectedTitle
        : `${expectedTitle} – ${seeded.shop.name}`,
    );
    expect(scanned.h1Count).toBe(1);
    expect(page.html).toContain(`<h1>${frenchTitle}</h1>`);
    const productMarkup = JSON.parse(scanned.jsonLd[0]!) as {
      offers: Array<{ priceCurrency: string }>;
    };
    expect(productMarkup.offers[0]!.priceCurrency).toBe('EUR');

    // An edit of the store shows on the next render.
    const patched = await shopify.control('PATCH', `products/${product.id}`, { status: 'DRAFT' });
    expect(patched.status).toBe(200);
    const unpublished = await fetcher({ requestsPerSecond: 50 }).fetchPage(
      url(`/products/${product.handle}`),
    );
    expect(unpublished.status).toBe(404);
    await shopify.control('PATCH', `products/${product.id}`, { status: 'ACTIVE' });
  });

  it('shows a translation registered through the Admin API, and the English text once it is removed', async () => {
    const page = [...seeded.pages.values()][0]!;
    const { access_token: token } = await shopify.installApp();
    const resourceId = `gid://shopify/Page/${page.id}`;
    const registered = await shopify.graphql<{
      translationsRegister: { userErrors: unknown[] };
    }>(
      token,
      `mutation Register($id: ID!, $translations: [TranslationInput!]!) {
        translationsRegister(resourceId: $id, translations: $translations) { userErrors { message } }
      }`,
      {
        id: resourceId,
        translations: [
          {
            key: 'title',
            locale: 'fr',
            value: 'Qui sommes-nous',
            translatableContentDigest: contentDigest(page.title),
          },
        ],
      },
    );
    expect(registered.body.data?.translationsRegister.userErrors).toEqual([]);
    const pages = fetcher({ requestsPerSecond: 50 });
    const french = await pages.fetchPage(url(`/pages/${page.handle}`, 'fr'));
    expect(french.html).toContain('>Qui sommes-nous</h1>');

    await shopify.graphql(
      token,
      `mutation Remove($id: ID!) {
        translationsRemove(resourceId: $id, translationKeys: ["title"], locales: ["fr"]) { userErrors { message } }
      }`,
      { id: resourceId },
    );
    const fallback = await pages.fetchPage(url(`/pages/${page.handle}`, 'fr'));
    expect(scanRenderedHtml(fallback.html).htmlLang).toBe('fr');
    expect(fallback.html).toContain(`>${page.title}</h1>`);
  });

  it('answers 404 for what does not exist, in any locale', async () => {
    const pages = fetcher({ requestsPerSecond: 50 });
    expect((await pages.fetchPage(url('/products/no-such-thing-9', 'fr'))).status).toBe(404);
    expect((await pages.fetchPage(url('/blogs/journal/nothing-here'))).status).toBe(404);
  });
});

describe('the storefront fetcher', () => {
  it('reads robots.txt first and does not fetch a page it disallows', async () => {
    const disallowed = [...seeded.pages.values()][
      storefrontDefects.pageDisallowedByRobots.position
    ]!;
    const path = `/fr/pages/${disallowed.handle}`;
    const before = shopify.storefront.visits(host).length;
    const page = await fetcher({ requestsPerSecond: 50 }).fetchPage(`https://${host}${path}`);
    expect(page).toMatchObject({ blockedByRobotsTxt: true, status: null, html: '' });
    const visits = shopify.storefront.visits(host).slice(before);
    expect(visits.map((visit) => visit.path)).toEqual(['/robots.txt']);
    expect(visits[0]!.userAgent).toBe(auditUserAgent(publicUrl));
  });

  it('keeps two requests a second to a store at least 500 ms apart', async () => {
    const pages = fetcher();
    const before = shopify.storefront.visits(host).length;
    const paths = ['/', '/fr/', '/pages/about-us', '/fr/pages/about-us'];
    await Promise.all(paths.map((path) => pages.fetchPage(`https://${host}${path}`)));
    const visits = shopify.storefront.visits(host).slice(before);
    expect(visits.map((visit) => visit.path)).toEqual(['/robots.txt', ...paths]);
    const gaps = visits.slice(1).map((visit, index) => visit.at - visits[index]!.at);
    // The gaps are seen where the requests arrive: on a busy machine one request may reach the
    // store some tens of milliseconds late and the next one on time, and timers fire a little
    // early. Sent any closer than the pace allows, they would arrive about 1 ms apart.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(400);
  });

  it('gives up on a store that stays silent past its read timeout', async () => {
    shopify.storefront.delayAnswers(3_000);
    try {
      const page = await fetcher({ requestsPerSecond: 50, readTimeoutMs: 300 }).fetchPage(
        url('/pages/about-us'),
      );
      expect(page.status).toBeNull();
      expect(page.error).toMatch(/no answer for 300 ms/);
    } finally {
      shopify.storefront.delayAnswers(null);
    }
  });

  it('gives up on a request past its total time, whatever the read timeout allows', async () => {
    shopify.storefront.delayAnswers(3_000);
    try {
      const page = await fetcher({
        requestsPerSecond: 50,
        readTimeoutMs: 10_000,
        totalTimeoutMs: 400,
      }).fetchPage(url('/pages/about-us'));
      expect(page.status).toBeNull();
      expect(page.error).toMatch(/no complete answer within 400 ms/);
    } finally {
      shopify.storefront.delayAnswers(null);
    }
  });

  it('follows redirects itself, records the chain, and stops after five', async () => {
    const pages = fetcher({ requestsPerSecond: 50 });
    const moved = await pages.fetchPage(`https://${storeName}.myshopify.com/pages/old-about`);
    expect(moved.status).toBe(200);
    expect(moved.finalUrl).toBe(url('/pages/about-us'));
    expect(moved.redirects).toEqual([
      {
        url: `https://${storeName}.myshopify.com/pages/old-about`,
        status: 301,
        location: `https://${host}/pages/old-about`,
      },
      { url: `https://${host}/pages/old-about`, status: 301, location: '/pages/about-us' },
    ]);

    const loop = await pages.fetchPage(url('/pages/loop-a'));
    expect(loop.status).toBeNull();
    expect(loop.error).toBe('more than 5 redirects');
    expect(loop.redirects).toHaveLength(6);
  });

  it('stops reading a body past its size cap', async () => {
    const page = await fetcher({ requestsPerSecond: 50, maxBodyBytes: 1_000 }).fetchPage(
      url('/fr/'),
    );
    expect(page.error).toBe('body larger than 1000 bytes');
  });
});

/** Every published page of the sitemap, grouped by resource with its language versions. */
async function sitemapResources(): Promise<PageToAudit[]> {
  // The sitemap is XML, which the page fetcher does not keep: it is read directly.
  const port = Number(new URL(shopify.url).port);
  const xml = await new Promise<string>((resolve, reject) => {
    http
      .get({ hostname: '127.0.0.1', port, path: '/sitemap.xml', headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
  const resources = new Map<string, PageToAudit>();
  for (const entry of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const versions = [
      ...entry[1]!.matchAll(/<xhtml:link rel="alternate" hreflang="([a-z]+)" href="([^"]+)"/g),
    ].map((link) => ({ language: link[1] as 'en' | 'fr', url: link[2]! }));
    const key = versions.map((version) => version.url).join(' ');
    const path = new URL(versions[0]!.url).pathname;
    const kind = path.startsWith('/products/')
      ? 'product'
      : path.startsWith('/collections/')
        ? 'collection'
        : path.startsWith('/pages/')
          ? 'page'
          : path.startsWith('/blogs/')
            ? 'article'
            : 'home';
    resources.set(key, { kind, versions });
  }
  return [...resources.values()];
}

describe('the rendered audit of the seeded storefront', () => {
  it('finds exactly the defects the storefront planted', { timeout: 120_000 }, async () => {
    const resources = await sitemapResources();
    const audit = await auditRenderedPages(
      fetcher({ requestsPerSecond: 100 }),
      resources,
      new Date('2026-11-23T12:00:00Z'),
    );
    expect(audit.unreachable).toEqual([]);
    const found = new Set(audit.findings.map((finding) => `${finding.checkId} ${finding.url}`));
    const planted = plantedStorefrontFindings(seeded);
    const expected = new Set(planted.map((finding) => `${finding.checkId} ${finding.url}`));
    const truePositives = [...found].filter((key) => expected.has(key)).length;
    const recall = truePositives / expected.size;
    const precision = truePositives / found.size;
    const themeOnly = planted.filter((finding) => finding.cause in storefrontDefects);
    const themeFound = themeOnly.filter((finding) =>
      found.has(`${finding.checkId} ${finding.url}`),
    ).length;
    process.stdout.write(
      `rendered audit of ${resources.length} resources (${resources.reduce((sum, resource) => sum + resource.versions.length, 0)} pages): ` +
        `${expected.size} planted findings (${themeOnly.length} theme-level), ${found.size} found; ` +
        `recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}, theme-level recall ${(themeFound / themeOnly.length).toFixed(3)}\n`,
    );
    expect([...found].sort()).toEqual([...expected].sort());
    expect(new Set(themeOnly.map((finding) => finding.cause)).size).toBe(
      Object.keys(storefrontDefects).length,
    );
  });
});
