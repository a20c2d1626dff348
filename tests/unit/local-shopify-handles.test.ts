import { describe, expect, it } from 'vitest';
import { gid, shopifyHandle } from '#server/local/shopify/catalog-model.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';

/** Handles in the local Shopify: made from what the owner or an app gives, as Shopify makes them. */

describe('shopifyHandle', () => {
  it.each([
    ['Nappe en lin lavé', 'nappe-en-lin-lave'],
    ['  Tablier Été (2026) ', 'tablier-ete-2026'],
    ['Déjà--vu!!  Bol', 'deja-vu-bol'],
    ['L’été à la Maison', 'l-ete-a-la-maison'],
    ['CRÈME & Brûlée', 'creme-brulee'],
    ['already-a-handle-12', 'already-a-handle-12'],
    ['!!!', ''],
  ])('makes %j into %j', (text, handle) => {
    expect(shopifyHandle(text)).toBe(handle);
  });
});

describe('the seeded store’s handles', () => {
  it('keeps a handle the owner types, and a translated one, as Shopify makes it', () => {
    const store = new SeededStore('maison-exemple', 20);
    const product = store.updateProduct(8_100_000_000_003, { handle: 'Tablier Été' })!;
    expect(product.handle).toBe('tablier-ete');
    expect(store.createProduct({ title: 'Bol', handle: 'Bol à Café' }).handle).toBe('bol-a-cafe');

    store.setTranslation(product.translations, 'fr', 'handle', 'Nappe en lin lavé', product.handle);
    expect(product.translations.fr!.handle!.value).toBe('nappe-en-lin-lave');
    expect(store.productByHandle('nappe-en-lin-lave', 'fr')?.id).toBe(product.id);
  });

  it('knows a handle another resource already answers at in a locale', () => {
    const store = new SeededStore('maison-exemple', 20);
    const [first, second] = [...store.pages.values()];
    store.setTranslation(first!.translations, 'fr', 'handle', 'a-propos', first!.handle);
    expect(store.handleInUse(gid('Page', second!.id), 'fr', 'a-propos')).toBe(true);
    expect(store.handleInUse(gid('Page', second!.id), 'fr', first!.handle)).toBe(true);
    expect(store.handleInUse(gid('Page', first!.id), 'fr', 'a-propos')).toBe(false);
    expect(store.handleInUse(gid('Page', second!.id), 'fr', 'tout-autre-chose')).toBe(false);
  });
});
