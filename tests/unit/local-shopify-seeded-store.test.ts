import { describe, expect, it } from 'vitest';
import { contentDigest, isOutdated, type Product } from '#server/local/shopify/catalog-model.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';

/** The seeded stores: the same every time, and as imperfect as real ones. */

function allProducts(store: SeededStore): Product[] {
  return [...store.productIds()].map((id) => store.product(id)!);
}

const plainText = (html: string) => html.replace(/<[^>]*>/g, '').trim();

describe('a seeded store', () => {
  it('is the same store for the same name, and another for another name', () => {
    const first = new SeededStore('maison-exemple');
    const second = new SeededStore('maison-exemple');
    expect(JSON.stringify(allProducts(first))).toBe(JSON.stringify(allProducts(second)));
    expect(JSON.stringify([...first.articles.values()])).toBe(
      JSON.stringify([...second.articles.values()]),
    );
    expect(first.summary()).toEqual(second.summary());
    const other = new SeededStore('boutique-autre');
    expect(other.product(8100000000001)!.title).not.toBe(first.product(8100000000001)!.title);
  });

  it('holds maison-exemple’s catalog: English primary, French published', () => {
    const store = new SeededStore('maison-exemple');
    const summary = store.summary();
    expect(summary).toMatchObject({
      products: 300,
      collections: 12,
      pages: 8,
      blogs: 1,
      articles: 20,
    });
    expect(summary.media).toBeGreaterThanOrEqual(300);
    expect(summary.translations).toBeGreaterThan(500);
    expect(store.shop.locales).toEqual([
      { locale: 'en', name: 'English', primary: true, published: true },
      { locale: 'fr', name: 'French', primary: false, published: true },
    ]);
    expect(store.storefrontUrl('/products/x', 'fr')).toBe(
      'https://www.maison-exemple.example/fr/products/x',
    );
  });

  it('has the defects of a real store', () => {
    const products = allProducts(new SeededStore('maison-exemple'));
    const descriptions = products
      .map((product) => product.seo.description)
      .filter((text) => text !== null);
    const duplicated = descriptions.filter((text, index) => descriptions.indexOf(text) !== index);
    const french = products.map((product) => product.translations.fr);
    const some = (count: number) => count > 0 && count < products.length;

    expect(some(products.filter((product) => product.seo.description === null).length)).toBe(true);
    expect(duplicated.length).toBeGreaterThan(0);
    expect(
      some(products.filter((product) => product.media.some((media) => media.alt === '')).length),
    ).toBe(true);
    expect(some(french.filter((translations) => translations === undefined).length)).toBe(true);
    expect(
      some(
        products.filter((product) => product.translations.fr?.title?.value === product.title)
          .length,
      ),
    ).toBe(true);
    expect(
      some(
        products.filter(
          (product) =>
            product.translations.fr?.title !== undefined &&
            isOutdated(product.translations.fr.title, product.title),
        ).length,
      ),
    ).toBe(true);
    expect(some(products.filter((product) => product.title.length > 70).length)).toBe(true);
    expect(
      some(products.filter((product) => plainText(product.descriptionHtml).length < 50).length),
    ).toBe(true);
    expect(new Set(products.map((product) => product.handle)).size).toBe(products.length);
  });

  it('keeps an edit, dates it after every seeded date, and outdates the translations of what changed', () => {
    const store = new SeededStore('maison-exemple');
    const translated = allProducts(store).find(
      (product) =>
        product.translations.fr?.title !== undefined &&
        !isOutdated(product.translations.fr.title, product.title),
    )!;
    const updated = store.updateProduct(translated.id, { title: 'Renamed' })!;
    expect(store.product(translated.id)!.title).toBe('Renamed');
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse('2026-11-01T00:00:00Z'));
    expect(isOutdated(updated.translations.fr!.title!, updated.title)).toBe(true);
    expect(updated.translations.fr!.title!.sourceDigest).toBe(contentDigest(translated.title));
  });

  it('makes stores of any size without generating every product up front', () => {
    const store = new SeededStore('grande-boutique', 100_000);
    expect(store.productCount()).toBe(100_000);
    expect(store.product(8100000100000)!.title.length).toBeGreaterThan(0);
    expect(store.product(8100000100001)).toBeUndefined();
    const created = store.createProduct({ title: 'New' });
    expect(created.id).toBe(8100000100001);
    expect(store.deleteProduct(8100000000001)).toBe(true);
    expect(store.productCount()).toBe(100_000);
    expect([...store.productIds(8100000099999)]).toEqual([8100000100000, 8100000100001]);
    expect(store.collections.size).toBe(4000);
  });
});
