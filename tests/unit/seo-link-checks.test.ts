import { describe, expect, it } from 'vitest';
import {
  internalLinkMinimumWords,
  isInternalLink,
  linkChecks,
} from '#shared/seo/checks/link-checks.ts';
import { storeLinkOf } from '#shared/seo/checks/store-links.ts';
import { checkById } from '#shared/seo/catalogue.ts';
import { pageCheck, pageView, paragraphOf } from '../support/seo-pages-and-checks.ts';

const genericLinkText = pageCheck('L01');
const uncrawlableAnchor = pageCheck('L02');
const noInternalLink = pageCheck('L03');

const inLanguage = (language: 'en' | 'fr', bodyHtml: string) =>
  pageView({ language, primaryLanguage: language, bodyHtml });

describe('L01 generic link text', () => {
  it('reports Lighthouse’s English texts after trimming and lowercasing, exact matches only', () => {
    const bodyHtml =
      '<p><a href="/pages/care">click here</a> <a href="/pages/care"> Read  More </a> ' +
      '<a href="/pages/care">Learn more →</a> <a href="/pages/care">click here for our care guide</a> ' +
      '<a href="/pages/care">Our care guide</a></p>';
    expect(genericLinkText.run(inLanguage('en', bodyHtml))).toEqual([
      { field: 'body', excerpt: 'click here' },
      { field: 'body', excerpt: 'Read More' },
      { field: 'body', excerpt: 'Learn more →' },
    ]);
  });

  it('reports our French texts on a French page, apostrophe typed either way', () => {
    const bodyHtml =
      '<p><a href="/fr/pages/entretien">Cliquez ici</a>, <a href="/fr/pages/entretien">En savoir plus&nbsp;»</a>, ' +
      '<a href="/fr/pages/entretien">plus d\'infos</a>, <a href="/fr/pages/entretien">notre guide d’entretien</a></p>';
    expect(genericLinkText.run(inLanguage('fr', bodyHtml))).toEqual([
      { field: 'body', excerpt: 'Cliquez ici' },
      { field: 'body', excerpt: 'En savoir plus\u00a0»' },
      { field: 'body', excerpt: "plus d'infos" },
    ]);
  });

  it('uses the list of the page’s language only', () => {
    expect(genericLinkText.run(inLanguage('fr', '<a href="/a">read more</a>'))).toEqual([]);
    expect(genericLinkText.run(inLanguage('en', '<a href="/a">lire la suite</a>'))).toEqual([]);
  });

  it('skips nofollow, script, e-mail and same-page links, and anchors without href', () => {
    const bodyHtml =
      '<a href="/a" rel="nofollow">here</a><a href="javascript:open()">here</a>' +
      '<a href="mailto:hello@example.com">here</a><a href="#reviews">more</a><a name="top">here</a>';
    expect(genericLinkText.run(inLanguage('en', bodyHtml))).toEqual([]);
  });
});

describe('L02 uncrawlable anchor', () => {
  it('reports empty, file:, javascript:void(0) and unparseable addresses', () => {
    const bodyHtml =
      '<a href="">Sizes</a><a href="  ">Care</a><a href="file:///C:/catalogue.pdf">Catalogue</a>' +
      '<a href="javascript:void(0)">Open</a><a href="JAVASCRIPT:void(0);">Menu</a><a href="http://exa mple.com">Shop</a>';
    expect(uncrawlableAnchor.run(inLanguage('en', bodyHtml))).toEqual([
      { field: 'body', excerpt: '<a href="">Sizes</a>' },
      { field: 'body', excerpt: '<a href=" ">Care</a>' },
      { field: 'body', excerpt: '<a href="file:///C:/catalogue.pdf">Catalogue</a>' },
      { field: 'body', excerpt: '<a href="javascript:void(0)">Open</a>' },
      { field: 'body', excerpt: '<a href="JAVASCRIPT:void(0);">Menu</a>' },
      { field: 'body', excerpt: '<a href="http://exa mple.com">Shop</a>' },
    ]);
  });

  it('accepts real addresses, and leaves out e-mail links, role anchors and named anchors', () => {
    const bodyHtml =
      '<a href="/collections/hats">Hats</a><a href="https://example.com/a?b=1&amp;c=2">Partner</a>' +
      '<a href="mailto:">Mail</a><a href="" role="button">Open</a><a name="top"></a><a href="#top">Top</a>';
    expect(uncrawlableAnchor.run(inLanguage('fr', bodyHtml))).toEqual([]);
  });
});

describe('L03 no internal link', () => {
  const body = (words: number, links: string) =>
    `${paragraphOf(words, ['soft', 'merino', 'wool', 'scarf'])}<p>${links}</p>`;

  it.each(['en', 'fr'] as const)(
    'reports a body of 100 words or more without a link to the store, in %s',
    (language) => {
      const external = '<a href="https://www.instagram.com/maisonlaine">Instagram</a>';
      // The link text adds one word.
      const run = (words: number) =>
        noInternalLink.run(inLanguage(language, body(words - 1, external)));
      expect(run(internalLinkMinimumWords - 1)).toEqual([]);
      expect(run(internalLinkMinimumWords)).toEqual([{ field: 'body', measured: 0 }]);
      expect(run(internalLinkMinimumWords + 1)).toEqual([{ field: 'body', measured: 0 }]);
    },
  );

  it('is satisfied by one link to the store', () => {
    const link = '<a href="/collections/scarves">scarves</a>';
    expect(noInternalLink.run(inLanguage('en', body(150, link)))).toEqual([]);
  });

  it('declares product, page and article bodies, not collections', () => {
    expect(noInternalLink.appliesTo).toEqual(['product', 'page', 'article']);
  });
});

describe('isInternalLink', () => {
  it('counts relative addresses, the myshopify.com domain and storefront paths on any domain', () => {
    expect(isInternalLink('/collections/hats')).toBe(true);
    expect(isInternalLink('../pages/faq')).toBe(true);
    expect(isInternalLink('https://maison-laine.myshopify.com/')).toBe(true);
    expect(isInternalLink('https://maisonlaine.fr/fr/products/echarpe')).toBe(true);
    expect(isInternalLink('https://maisonlaine.com/blogs/news/winter')).toBe(true);
    expect(isInternalLink('//maisonlaine.com/pages/about')).toBe(true);
  });

  it('does not count other sites, same-page anchors, e-mail, telephone or script links', () => {
    expect(isInternalLink('https://www.instagram.com/maisonlaine')).toBe(false);
    expect(isInternalLink('https://example.com/productsfoo')).toBe(false);
    expect(isInternalLink('#reviews')).toBe(false);
    expect(isInternalLink('mailto:hello@maisonlaine.com')).toBe(false);
    expect(isInternalLink('tel:+33100000000')).toBe(false);
    expect(isInternalLink('javascript:void(0)')).toBe(false);
    expect(isInternalLink('')).toBe(false);
  });
});

describe('link declarations', () => {
  it('declares each check once, with its area and severity', () => {
    expect(linkChecks.map((check) => [check.id, check.area, check.severity])).toEqual([
      ['L01', 'links', 'warning'],
      ['L02', 'links', 'warning'],
      ['L03', 'links', 'info'],
      ['L04', 'links', 'warning'],
    ]);
  });
});

describe('storeLinkOf: the page of the store a link names', () => {
  const onEnglishStore = (href: string) => storeLinkOf(href, 'en');

  it('reads products, collections, pages, blogs and articles, relative or on any host', () => {
    expect(onEnglishStore('/products/linen-apron')).toEqual({
      kind: 'product',
      handle: 'linen-apron',
      language: '',
      host: '',
    });
    expect(onEnglishStore('https://maison-exemple.myshopify.com/collections/linen')).toEqual({
      kind: 'collection',
      handle: 'linen',
      language: '',
      host: 'maison-exemple.myshopify.com',
    });
    expect(onEnglishStore('//Maison-Exemple.com/pages/care-guide')).toEqual({
      kind: 'page',
      handle: 'care-guide',
      language: '',
      host: 'maison-exemple.com',
    });
    expect(onEnglishStore('/blogs/journal')).toMatchObject({ kind: 'blog', handle: 'journal' });
    expect(onEnglishStore('/blogs/journal/linen-care')).toMatchObject({
      kind: 'article',
      handle: 'journal/linen-care',
    });
  });

  it('reads a product through a collection as the product', () => {
    expect(onEnglishStore('/collections/linen/products/linen-apron')).toMatchObject({
      kind: 'product',
      handle: 'linen-apron',
    });
  });

  it('reads the language folder, the primary language’s own folder as none', () => {
    expect(onEnglishStore('/fr/products/tablier-lin')).toMatchObject({
      handle: 'tablier-lin',
      language: 'fr',
    });
    expect(onEnglishStore('https://maison-exemple.com/fr-ca/pages/faq')).toMatchObject({
      kind: 'page',
      language: 'fr',
    });
    expect(onEnglishStore('/en/products/linen-apron')).toMatchObject({ language: '' });
    expect(storeLinkOf('/fr/products/tablier-lin', 'fr')).toMatchObject({ language: '' });
    expect(storeLinkOf('/en/products/linen-apron', 'fr')).toMatchObject({ language: 'en' });
  });

  it('reads a relative path as a browser does: dot segments, backslashes, letters to encode', () => {
    expect(onEnglishStore('/collections/linen/../../products/linen-apron')).toMatchObject({
      kind: 'product',
      handle: 'linen-apron',
      host: '',
    });
    expect(onEnglishStore('/products/./linen-apron')).toMatchObject({ handle: 'linen-apron' });
    expect(onEnglishStore('/products\\linen-apron')).toMatchObject({ handle: 'linen-apron' });
    expect(onEnglishStore('/fr/products/tablier-été')).toMatchObject({ handle: 'tablier-été' });
    expect(onEnglishStore('/products/linen\tapron')).toMatchObject({ handle: 'linenapron' });
  });

  it('leaves out the query string, the fragment and one trailing slash', () => {
    expect(onEnglishStore('/products/linen-apron?variant=42#reviews')).toMatchObject({
      kind: 'product',
      handle: 'linen-apron',
    });
    expect(onEnglishStore('/pages/care-guide/')).toMatchObject({ handle: 'care-guide' });
  });

  it('percent-decodes and lowercases handles, as Shopify stores them', () => {
    expect(onEnglishStore('/fr/products/Tablier-%C3%89t%C3%A9')).toMatchObject({
      handle: 'tablier-été',
    });
    expect(onEnglishStore('/products/Linen-Apron')).toMatchObject({ handle: 'linen-apron' });
    expect(onEnglishStore('/products/bad%E0%A4%A')).toBeNull();
  });

  it('names no page for Shopify’s own lists, filters, formats and other sections', () => {
    for (const href of [
      '/collections/all',
      '/collections/vendors?q=Maison',
      '/collections/types?q=Linen',
      '/collections/linen/summer',
      '/blogs/journal/tagged/linen',
      '/products/linen-apron.json',
      '/products/linen-apron/extra',
      '/search?q=linen',
      '/cart',
      '/account/login',
      '/policies/refund-policy',
      '/de/products/leinen-schurze',
      '/',
    ]) {
      expect(onEnglishStore(href), href).toBeNull();
    }
  });

  it('names no page for addresses it cannot place: relative to the page, or not the web', () => {
    for (const href of [
      '../pages/faq',
      'products/linen-apron',
      '#reviews',
      'mailto:hello@maison-exemple.com',
      'ftp://maison-exemple.com/products/linen-apron',
      '',
    ]) {
      expect(onEnglishStore(href), href).toBeNull();
    }
  });
});

describe('L04 broken store link: the links it records', () => {
  it('records each store link of the body with the excerpt a finding quotes', () => {
    const check = checkById('L04');
    if (check?.type !== 'store-link') throw new Error('L04 is not a store link check');
    const view = inLanguage(
      'en',
      '<p>See <a href="/products/linen-apron">our apron</a>, <a href="/cart">your cart</a> and ' +
        '<a href="https://www.instagram.com/maison">Instagram</a>.</p>',
    );
    expect(check.links(view)).toEqual([
      {
        link: { kind: 'product', handle: 'linen-apron', language: '', host: '' },
        excerpt: '<a href="/products/linen-apron">our apron</a>',
      },
    ]);
  });
});
