import { describe, expect, it } from 'vitest';
import { linkedProductHandles } from '#shared/blog/product-links.ts';

describe('the products a post links to', () => {
  it('are named by the handle of each link to a product, in any language folder', () => {
    expect(
      linkedProductHandles(
        '<p>See <a href="/products/linen-shirt">the shirt</a>, ' +
          '<a href="/fr/products/chemise-en-lin?variant=2">la chemise</a>, ' +
          '<a href="/en-ca/products/Linen-Shirt#size">again</a>, ' +
          '<a href="https://elsewhere.example/products/their-shirt">theirs</a>, ' +
          '<a href="/collections/summer">a collection</a> and ' +
          '<a href="https://elsewhere.example/blog">a source</a>.</p>',
      ),
    ).toEqual(['linen-shirt', 'chemise-en-lin']);
  });

  it('are none in a body without product links', () => {
    expect(linkedProductHandles('<p>No links.</p>')).toEqual([]);
    expect(linkedProductHandles('')).toEqual([]);
  });
});
