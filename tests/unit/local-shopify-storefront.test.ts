import { describe, expect, it } from 'vitest';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import {
  plantedStorefrontFindings,
  storefrontDefects,
} from '#server/local/shopify/storefront-defects.ts';
import { renderStorefrontPage } from '#server/local/shopify/storefront-pages.ts';
import { scanRenderedHtml } from '#shared/seo/rendered/scan-rendered-html.ts';

/** The local storefront's pages, rendered from the seeded store as Dawn would print them. */

const render = (store: SeededStore, locale: string, path: string) => {
  const page = renderStorefrontPage(store, locale, path);
  return { ...page, scanned: scanRenderedHtml(page.html) };
};

const hreflang = (links: Array<Record<string, string>>) =>
  links
    .filter((link) => link.rel === 'alternate')
    .map((link) => [link.hreflang, link.href] as const);

describe('the local storefront’s pages', () => {
  it('print the title with the shop’s name once, and a description only when one is set', () => {
    const store = new SeededStore('maison-exemple', 20);
    const product = store.product(8_100_000_000_001)!;
    store.updateProduct(product.id, {
      status: 'ACTIVE',
      title: 'Linen Apron',
      seo: { title: null, description: null },
    });
    const plain = render(store, 'en', `/products/${product.handle}`);
    expect(plain.scanned.title).toBe('Linen Apron – Maison Exemple');
    expect(plain.scanned.metas.some((meta) => meta.name === 'description')).toBe(false);

    store.updateProduct(product.id, {
      seo: { title: 'Linen Apron | Maison Exemple', description: 'An apron in linen.' },
    });
    const withSeo = render(store, 'en', `/products/${product.handle}`);
    expect(withSeo.scanned.title).toBe('Linen Apron | Maison Exemple');
    expect(withSeo.scanned.metas).toContainEqual({
      name: 'description',
      content: 'An apron in linen.',
    });
  });

  it('show the French text where there is one and the English one where there is none', () => {
    const store = new SeededStore('maison-exemple', 20);
    const page = [...store.pages.values()].find((item) => item.translations.fr?.title)!;
    store.setTranslation(page.translations, 'fr', 'body_html', '<p>Texte français.</p>', page.body);
    delete page.translations.fr!.title;
    const french = render(store, 'fr', `/pages/${page.handle}`);
    expect(french.scanned.htmlLang).toBe('fr');
    expect(french.html).toContain(`>${page.title}</h1>`);
    expect(french.html).toContain('<p>Texte français.</p>');
  });

  it('list every published locale and x-default, with absolute addresses and one canonical', () => {
    const store = new SeededStore('maison-exemple', 20);
    const collection = [...store.collections.values()][5]!;
    const path = `/collections/${collection.handle}`;
    const english = render(store, 'en', path);
    expect(hreflang(english.scanned.links)).toEqual([
      ['x-default', store.storefrontUrl(path)],
      ['en', store.storefrontUrl(path)],
      ['fr', store.storefrontUrl(path, 'fr')],
    ]);
    expect(english.scanned.links.filter((link) => link.rel === 'canonical')).toEqual([
      { rel: 'canonical', href: store.storefrontUrl(path) },
    ]);
    expect(english.scanned.h1Count).toBe(1);

    store.setLocale('fr', 'French', false);
    expect(hreflang(render(store, 'en', path).scanned.links)).toEqual([
      ['x-default', store.storefrontUrl(path)],
      ['en', store.storefrontUrl(path)],
    ]);
  });

  it('answer 404 for what is unpublished or unknown', () => {
    const store = new SeededStore('maison-exemple', 60);
    const draft = [...store.productIds()]
      .map((id) => store.product(id)!)
      .find((product) => product.status !== 'ACTIVE')!;
    expect(render(store, 'en', `/products/${draft.handle}`).status).toBe(404);
    const hidden = [...store.articles.values()].find((article) => !article.isPublished)!;
    expect(render(store, 'fr', `/blogs/journal/${hidden.handle}`).status).toBe(404);
    const page = [...store.pages.values()][0]!;
    store.updatePage(page.id, { isPublished: false });
    expect(render(store, 'en', `/pages/${page.handle}`).status).toBe(404);
    expect(render(store, 'en', '/products/').status).toBe(404);
    expect(render(store, 'en', '/collections/no-such-collection').status).toBe(404);
  });

  it('carry the product’s price and the shop’s currency in Product markup', () => {
    const store = new SeededStore('maison-exemple', 20);
    const planted = new Set(plantedStorefrontFindings(store).map((finding) => finding.url));
    const product = [...store.productIds()]
      .map((id) => store.product(id)!)
      .find(
        (item) =>
          item.status === 'ACTIVE' && !planted.has(store.storefrontUrl(`/products/${item.handle}`)),
      )!;
    const markup = JSON.parse(
      render(store, 'fr', `/products/${product.handle}`).scanned.jsonLd[0]!,
    ) as Record<string, unknown>;
    expect(markup).toMatchObject({
      '@type': 'Product',
      image: product.media.map((media) => media.url),
      offers: [{ '@type': 'Offer', priceCurrency: 'EUR' }],
    });
    expect((markup.offers as Array<{ price: number }>)[0]!.price).toBeGreaterThan(0);
  });
});

describe('the planted storefront defects', () => {
  it('land on a page of the default store each, and are the same for the same store', () => {
    const store = new SeededStore('maison-exemple');
    const planted = plantedStorefrontFindings(store);
    const causes = new Set(planted.map((finding) => finding.cause));
    for (const name of Object.keys(storefrontDefects)) expect(causes, name).toContain(name);
    expect(plantedStorefrontFindings(new SeededStore('maison-exemple'))).toEqual(planted);
  });

  it('follow the store’s state: an unpublished product hands its defect to the next one', () => {
    const store = new SeededStore('maison-exemple', 20);
    const before = plantedStorefrontFindings(store).find(
      (finding) => finding.cause === 'hreflangReturnMissing',
    )!;
    const handle = new URL(before.url).pathname.split('/').at(-1)!;
    store.updateProduct(store.productByHandle(handle)!.id, { status: 'DRAFT' });
    const after = plantedStorefrontFindings(store).find(
      (finding) => finding.cause === 'hreflangReturnMissing',
    )!;
    expect(after.url).not.toBe(before.url);
  });
});
