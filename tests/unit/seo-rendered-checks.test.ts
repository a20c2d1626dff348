import { describe, expect, it } from 'vitest';
import { checkRenderedPage } from '#shared/seo/rendered/audit-rendered-pages.ts';
import type { RenderedPage, RenderedPageResponse } from '#shared/seo/rendered/rendered-check.ts';
import { renderedChecks } from '#shared/seo/rendered/rendered-checks.ts';
import { scanRenderedHtml } from '#shared/seo/rendered/scan-rendered-html.ts';

/** The rendered checks, each at its threshold, on pages written as a storefront serves them. */

const en = 'https://shop.example/products/linen-towel';
const fr = 'https://shop.example/fr/products/linen-towel';
const now = new Date('2026-11-23T12:00:00Z');

const alternates = (self: string) => `
  <link rel="alternate" hreflang="x-default" href="${en}">
  <link rel="alternate" hreflang="en" href="${en}">
  <link rel="alternate" hreflang="fr" href="${fr}">
  <link rel="canonical" href="${self}">`;

function html(head: string, body = '<h1>Linen towel</h1>') {
  return `<!doctype html><html lang="en"><head><title>Linen towel – Shop</title>${head}</head><body>${body}</body></html>`;
}

function response(
  url: string,
  language: 'en' | 'fr',
  content: string,
  overrides: Partial<RenderedPageResponse> = {},
): RenderedPageResponse {
  return {
    url,
    finalUrl: url,
    language,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    html: content,
    blockedByRobotsTxt: false,
    ...overrides,
  };
}

/** The English page, with the French page as it should be unless given. */
function englishPage(
  head: string,
  options: {
    body?: string;
    overrides?: Partial<RenderedPage>;
    french?: RenderedPageResponse;
  } = {},
): RenderedPage {
  return {
    ...response(en, 'en', html(head, options.body)),
    alternates: [options.french ?? response(fr, 'fr', html(alternates(fr)))],
    ...options.overrides,
  };
}

const findings = (page: RenderedPage, checkId: string) =>
  checkRenderedPage(page, now).filter((finding) => finding.checkId === checkId);

const productMarkup = (product: Record<string, unknown>) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'http://schema.org/', '@type': 'Product', ...product })}</script>`;

const goodProduct = {
  name: 'Linen towel',
  image: ['https://cdn.example/towel.jpg'],
  sku: 'LT-24',
  brand: { '@type': 'Brand', name: 'Atelier Lin' },
  offers: [
    {
      '@type': 'Offer',
      price: 24,
      priceCurrency: 'EUR',
      availability: 'http://schema.org/InStock',
    },
  ],
};

describe('a well-made page', () => {
  it('has no finding at all', () => {
    const page = englishPage(alternates(en), {
      body: `<h1>Linen towel</h1>${productMarkup(goodProduct)}`,
      overrides: { kind: 'product' },
    });
    expect(checkRenderedPage(page, now)).toEqual([]);
  });

  it('declares the severities of the catalogue', () => {
    expect(Object.fromEntries(renderedChecks.map((check) => [check.id, check.severity]))).toEqual({
      R01: 'error',
      R02: 'error',
      R04: 'error',
      R05: 'error',
      HL1: 'error',
      HL2: 'error',
      HL3: 'info',
      H02: 'info',
      S01: 'error',
      S02: 'info',
      S03: 'warning',
      S04: 'info',
      S05: 'info',
    });
  });
});

describe('R01 HTTP error', () => {
  it('flags 400 to 599 and nothing else on that page', () => {
    for (const status of [400, 404, 500, 599]) {
      const page = englishPage('', { body: '', overrides: { status } });
      expect(checkRenderedPage(page, now).map((finding) => finding.checkId)).toEqual(['R01']);
      expect(findings(page, 'R01')[0]).toMatchObject({
        measured: status,
        severity: 'error',
        url: en,
      });
    }
  });

  it('passes 200, 399 and a page not fetched', () => {
    for (const status of [200, 399, null]) {
      expect(findings(englishPage(alternates(en), { overrides: { status } }), 'R01')).toEqual([]);
    }
  });
});

describe('R02 blocked from indexing', () => {
  it('flags noindex and none in a robots meta tag, for every crawler or Googlebot', () => {
    for (const meta of [
      '<meta name="robots" content="noindex">',
      '<meta name="ROBOTS" content="index, NONE">',
      '<meta name="googlebot" content="nofollow,noindex">',
    ]) {
      expect(findings(englishPage(alternates(en) + meta), 'R02')).toHaveLength(1);
    }
  });

  it('passes nofollow alone, and rules for another crawler', () => {
    for (const meta of [
      '<meta name="robots" content="nofollow">',
      '<meta name="bingbot" content="noindex">',
    ]) {
      expect(findings(englishPage(alternates(en) + meta), 'R02')).toEqual([]);
    }
  });

  it('flags X-Robots-Tag noindex, and unavailable_after once the date has passed', () => {
    const withHeader = (value: string) =>
      englishPage(alternates(en), {
        overrides: { headers: { 'content-type': 'text/html', 'x-robots-tag': value } },
      });
    expect(findings(withHeader('noindex'), 'R02')[0]).toMatchObject({ measured: 'noindex' });
    expect(findings(withHeader('googlebot: none'), 'R02')).toHaveLength(1);
    expect(findings(withHeader('otherbot: noindex'), 'R02')).toEqual([]);
    expect(findings(withHeader('unavailable_after: 2026-11-22T00:00:00Z'), 'R02')).toHaveLength(1);
    expect(findings(withHeader('unavailable_after: 2026-11-24T00:00:00Z'), 'R02')).toEqual([]);
  });

  it('flags a page robots.txt disallows', () => {
    const page = englishPage('', {
      body: '',
      overrides: { status: null, html: '', blockedByRobotsTxt: true },
    });
    expect(
      checkRenderedPage(page, now).map((finding) => [finding.checkId, finding.measured]),
    ).toEqual([['R02', 'robots.txt']]);
  });

  it('does not read a noindex inside a comment or a script', () => {
    const page = englishPage(
      `${alternates(en)}<!-- <meta name="robots" content="noindex"> --><script>document.write('<meta name="robots" content="noindex">')</script>`,
    );
    expect(findings(page, 'R02')).toEqual([]);
  });
});

describe('R04 canonical invalid', () => {
  const hreflang = alternates(en).replace(/<link rel="canonical"[^>]*>/, '');
  const withCanonical = (links: string, url = en) => ({
    ...englishPage(hreflang + links),
    url,
    finalUrl: url,
  });

  it('flags a relative canonical', () => {
    expect(
      findings(withCanonical('<link rel="canonical" href="/products/linen-towel">'), 'R04')[0],
    ).toMatchObject({ measured: 'relative' });
  });

  it('flags two different canonicals, but not the same one twice', () => {
    const other = '<link rel="canonical" href="https://shop.example/products/other">';
    expect(
      findings(withCanonical(`<link rel="canonical" href="${en}">${other}`), 'R04')[0],
    ).toMatchObject({ measured: 'multiple', threshold: 1 });
    const twice = `<link rel="canonical" href="${en}"><link rel="canonical" href="${en}">`;
    expect(findings(withCanonical(twice), 'R04')).toEqual([]);
  });

  it('counts a canonical sent in a Link header', () => {
    const page = {
      ...withCanonical(`<link rel="canonical" href="${en}">`),
      headers: { link: '<https://shop.example/products/other>; rel="canonical"' },
    };
    expect(findings(page, 'R04')[0]).toMatchObject({ measured: 'multiple' });
  });

  it('flags an address that is not a web address', () => {
    expect(
      findings(withCanonical('<link rel="canonical" href="javascript:void(0)">'), 'R04')[0],
    ).toMatchObject({ measured: 'relative' });
    expect(findings(withCanonical('<link rel="canonical" href="">'), 'R04')[0]).toMatchObject({
      measured: 'invalid',
    });
  });

  it('flags the root as canonical of another page, not of the home page', () => {
    const root = '<link rel="canonical" href="https://shop.example/">';
    expect(findings(withCanonical(root), 'R04')[0]).toMatchObject({ measured: 'root' });
    expect(findings(withCanonical(root, 'https://shop.example/'), 'R04')).toEqual([]);
  });

  it('is not applicable without a canonical', () => {
    expect(findings(withCanonical(''), 'R04')).toEqual([]);
  });
});

describe('R05 canonical crosses locale', () => {
  it('flags a French page whose canonical is the English page', () => {
    const french: RenderedPage = {
      ...response(fr, 'fr', html(alternates(en))),
      alternates: [response(en, 'en', html(alternates(en)))],
    };
    expect(findings(french, 'R05')[0]).toMatchObject({
      measured: 'en',
      threshold: 'fr',
      severity: 'error',
    });
  });

  it('knows the other language from the alternates even without hreflang links', () => {
    const french: RenderedPage = {
      ...response(fr, 'fr', html(`<link rel="canonical" href="${en}">`)),
      alternates: [response(en, 'en', html(`<link rel="canonical" href="${en}">`))],
    };
    expect(findings(french, 'R05')).toHaveLength(1);
  });

  it('passes a canonical in the page’s own language, x-default included', () => {
    expect(findings(englishPage(alternates(en)), 'R05')).toEqual([]);
  });
});

describe('HL1 hreflang invalid', () => {
  const page = (links: string) => englishPage(`<link rel="canonical" href="${en}">${links}`);

  it('flags a code that is not ISO 639-1 (with an optional region) or x-default', () => {
    for (const code of ['fr_FR', 'FR-', 'english', 'us', 'xx', 'fr-FRA']) {
      const found = findings(page(`<link rel="alternate" hreflang="${code}" href="${fr}">`), 'HL1');
      expect(found, code).toHaveLength(1);
      expect(found[0]!.measured).toBe(code);
    }
  });

  it('accepts language, language-region, language-script and x-default', () => {
    for (const code of ['fr', 'fr-CA', 'en-gb', 'zh-Hant', 'zh-Hant-TW', 'x-default']) {
      expect(
        findings(page(`<link rel="alternate" hreflang="${code}" href="${fr}">`), 'HL1'),
        code,
      ).toEqual([]);
    }
  });

  it('flags an address that is not absolute http(s)', () => {
    for (const href of ['/fr/products/linen-towel', 'ftp://shop.example/fr', '']) {
      expect(
        findings(page(`<link rel="alternate" hreflang="fr" href="${href}">`), 'HL1'),
        href,
      ).toHaveLength(1);
    }
  });
});

describe('HL2 hreflang not reciprocal', () => {
  it('flags both sides when the French page does not link back to the English one', () => {
    const frenchHead = `<link rel="alternate" hreflang="x-default" href="${en}"><link rel="alternate" hreflang="fr" href="${fr}"><link rel="canonical" href="${fr}">`;
    const frenchResponse = response(fr, 'fr', html(frenchHead));
    const english = englishPage(alternates(en), { french: frenchResponse });
    expect(findings(english, 'HL2')[0]).toMatchObject({ measured: 'fr', excerpt: fr });
    const french: RenderedPage = {
      ...frenchResponse,
      alternates: [response(en, 'en', html(alternates(en)))],
    };
    // x-default pointing at the English page is no return link.
    expect(findings(french, 'HL2')[0]).toMatchObject({ measured: 'en', excerpt: en });
  });

  it('flags a page whose hreflang links do not list itself', () => {
    const head = `<link rel="alternate" hreflang="fr" href="${fr}"><link rel="alternate" hreflang="x-default" href="${en}">`;
    const french = response(fr, 'fr', html(alternates(fr)));
    expect(
      findings(englishPage(head, { french }), 'HL2').map((finding) => finding.measured),
    ).toEqual(['en']);
  });

  it('passes reciprocal links, and a page with no hreflang and no alternate', () => {
    expect(findings(englishPage(alternates(en)), 'HL2')).toEqual([]);
    expect(
      findings({ ...response(en, 'en', html('')), alternates: [] } as RenderedPage, 'HL2'),
    ).toEqual([]);
  });

  it('does not judge a return from an alternate that was not fetched', () => {
    const french = response(fr, 'fr', '', { status: null, blockedByRobotsTxt: true });
    expect(findings(englishPage(alternates(en), { french }), 'HL2')).toEqual([]);
  });
});

describe('HL3 x-default missing', () => {
  it('flags hreflang links without x-default', () => {
    const head = alternates(en).replace(/<link[^>]*x-default[^>]*>/, '');
    expect(findings(englishPage(head), 'HL3')[0]).toMatchObject({
      measured: 0,
      threshold: 1,
      severity: 'info',
    });
  });

  it('is not applicable to a page without hreflang links', () => {
    expect(findings(englishPage(`<link rel="canonical" href="${en}">`), 'HL3')).toEqual([]);
  });
});

describe('H02 no H1 rendered', () => {
  it('flags 0 H1, not counting one inside a script or a comment', () => {
    for (const body of [
      '<h2>Linen towel</h2>',
      '<!-- <h1>Linen towel</h1> --><script>var h = "<h1>";</script>',
    ]) {
      expect(findings(englishPage(alternates(en), { body }), 'H02')[0]).toMatchObject({
        measured: 0,
        severity: 'info',
      });
    }
  });

  it('passes one H1 or more (more is the catalog check’s business)', () => {
    for (const body of ['<H1 class="title">Linen</H1>', '<h1>A</h1><h1>B</h1>']) {
      expect(findings(englishPage(alternates(en), { body }), 'H02')).toEqual([]);
    }
  });
});

describe('S01 Product markup required fields', () => {
  const productPage = (product: Record<string, unknown>) =>
    englishPage(alternates(en), {
      body: `<h1>Linen towel</h1>${productMarkup(product)}`,
      overrides: { kind: 'product' },
    });

  it('flags a price of 0, and passes the smallest price above it', () => {
    const at = (price: unknown) =>
      findings(
        productPage({ ...goodProduct, offers: { '@type': 'Offer', price, priceCurrency: 'EUR' } }),
        'S01',
      );
    expect(at(0)[0]!.measured).toBe('offers.price 0');
    expect(at('0.00')).toHaveLength(1);
    expect(at('free')).toHaveLength(1);
    expect(at(0.01)).toEqual([]);
    expect(at('12.50')).toEqual([]);
  });

  it('flags a missing or non-ISO 4217 currency', () => {
    for (const priceCurrency of [undefined, 'eur', '€', 'EURO']) {
      const found = findings(
        productPage({ ...goodProduct, offers: [{ '@type': 'Offer', price: 24, priceCurrency }] }),
        'S01',
      );
      expect(found[0]!.measured, String(priceCurrency)).toBe('offers.priceCurrency');
    }
  });

  it('flags missing name, image and offers, and an AggregateOffer', () => {
    expect(findings(productPage({ offers: goodProduct.offers }), 'S01')[0]!.measured).toBe(
      'name, image',
    );
    expect(findings(productPage({ name: 'x', image: 'y' }), 'S01')[0]!.measured).toBe('offers');
    expect(
      findings(
        productPage({
          ...goodProduct,
          offers: { '@type': 'AggregateOffer', lowPrice: 10, priceCurrency: 'EUR' },
        }),
        'S01',
      )[0]!.measured,
    ).toBe('offers.@type AggregateOffer');
  });

  it('reads the price from a priceSpecification, and Products inside @graph', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', name: 'x' },
        {
          ...goodProduct,
          '@type': 'Product',
          offers: {
            '@type': 'Offer',
            priceSpecification: { price: 0, priceCurrency: 'EUR' },
          },
        },
      ],
    };
    const page = englishPage(alternates(en), {
      body: `<h1>x</h1><script type="application/ld+json">${JSON.stringify(graph)}</script>`,
    });
    expect(findings(page, 'S01')[0]!.measured).toBe('offers.price 0');
  });

  it('flags a product page without Product markup, not another page', () => {
    expect(
      findings(englishPage(alternates(en), { overrides: { kind: 'product' } }), 'S01')[0]!.measured,
    ).toBe('Product');
    expect(findings(englishPage(alternates(en), { overrides: { kind: 'page' } }), 'S01')).toEqual(
      [],
    );
    const broken = englishPage(alternates(en), {
      body: '<h1>x</h1><script type="application/ld+json">{"@type": "Product",</script>',
      overrides: { kind: 'product' },
    });
    expect(findings(broken, 'S01')[0]!.measured).toBe('Product');
  });
});

describe('S02 merchant listing recommended fields', () => {
  /** A product page in English or in French, with its markup. */
  const productPage = (product: Record<string, unknown>, language: 'en' | 'fr' = 'en') => {
    const body = `<h1>Linen towel</h1>${productMarkup(product)}`;
    if (language === 'en')
      return englishPage(alternates(en), { body, overrides: { kind: 'product' } });
    return {
      ...response(fr, 'fr', html(alternates(fr), body)),
      kind: 'product' as const,
      alternates: [response(en, 'en', html(alternates(en)))],
    };
  };
  const { sku: _sku, brand: _brand, ...bare } = goodProduct;
  const withoutAvailability = {
    ...bare,
    offers: [{ '@type': 'Offer', price: 24, priceCurrency: 'EUR' }],
  };

  it('lists in one finding what Google recommends and the markup lacks, in English and French', () => {
    for (const language of ['en', 'fr'] as const) {
      expect(findings(productPage(withoutAvailability, language), 'S02')).toEqual([
        {
          checkId: 'S02',
          severity: 'info',
          language,
          url: language === 'en' ? en : fr,
          measured: 'offers.availability, brand, sku/gtin/mpn',
          threshold: 'offers.availability, brand, sku/gtin/mpn',
          excerpt: 'Linen towel',
        },
      ]);
    }
  });

  it('takes an identifier on the product or its offer, and a brand by its name', () => {
    expect(findings(productPage(goodProduct), 'S02')).toEqual([]);
    const offerGtin = {
      ...bare,
      brand: 'Atelier Lin',
      offers: [{ ...goodProduct.offers[0], gtin13: '3760000000001' }],
    };
    expect(findings(productPage(offerGtin, 'fr'), 'S02')).toEqual([]);
    expect(findings(productPage({ ...goodProduct, mpn: 'X', sku: ' ' }), 'S02')).toEqual([]);
    const unnamedBrand = { ...goodProduct, brand: { '@type': 'Brand', name: '' } };
    expect(findings(productPage(unnamedBrand), 'S02')[0]!.measured).toBe('brand');
  });

  it('leaves shipping and returns aside, and a page without Product markup to S01', () => {
    expect(findings(productPage(goodProduct), 'S02')).toEqual([]);
    expect(
      findings(englishPage(alternates(en), { overrides: { kind: 'product' } }), 'S02'),
    ).toEqual([]);
  });
});

describe('S04 breadcrumbs invalid', () => {
  const crumbs = (items: unknown[]) =>
    `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: items,
    })}</script>`;
  const item = (position: number, name?: string, url?: string) => ({
    '@type': 'ListItem',
    position,
    ...(name !== undefined && { name }),
    ...(url !== undefined && { item: url }),
  });
  const page = (markup: string, language: 'en' | 'fr' = 'en') => {
    if (language === 'en') return englishPage(alternates(en), { body: `<h1>x</h1>${markup}` });
    return {
      ...response(fr, 'fr', html(alternates(fr), `<h1>x</h1>${markup}`)),
      alternates: [response(en, 'en', html(alternates(en)))],
    };
  };

  it('passes a valid trail, whose last item may have no address, in English and French', () => {
    const valid = crumbs([
      item(1, 'Home', 'https://shop.example/'),
      item(2, 'Linen', 'https://shop.example/collections/linen'),
      item(3, 'Linen towel'),
    ]);
    expect(findings(page(valid), 'S04')).toEqual([]);
    expect(findings(page(valid, 'fr'), 'S04')).toEqual([]);
  });

  it('says nothing of a page without breadcrumbs: Dawn prints none', () => {
    expect(findings(page(''), 'S04')).toEqual([]);
  });

  it('flags a trail of fewer than two items', () => {
    for (const language of ['en', 'fr'] as const) {
      expect(
        findings(page(crumbs([item(1, 'Home', 'https://shop.example/')]), language), 'S04'),
      ).toEqual([
        {
          checkId: 'S04',
          severity: 'info',
          language,
          url: language === 'en' ? en : fr,
          measured: '1 item',
          threshold: '2 items, each with a name and an address (the last one: a name)',
          excerpt: 'Home',
        },
      ]);
    }
  });

  it('flags an item without a name, or without an address before the last', () => {
    const trail = crumbs([
      item(1, 'Home'),
      item(2, undefined, 'https://shop.example/collections/linen'),
      item(3, 'Linen towel'),
    ]);
    expect(findings(page(trail, 'fr'), 'S04')[0]!.measured).toBe(
      'item 1: no address, item 2: no name',
    );
    // An item given as a Thing with its own @id and name is complete.
    const nested = crumbs([
      { '@type': 'ListItem', position: 1, item: { '@id': 'https://shop.example/', name: 'Home' } },
      item(2, 'Linen towel'),
    ]);
    expect(findings(page(nested), 'S04')).toEqual([]);
  });

  it('reads microdata breadcrumbs too', () => {
    const microdata = (items: string) =>
      `<nav><ol itemscope itemtype="https://schema.org/BreadcrumbList">${items}</ol></nav>`;
    const li = (position: number, name: string, url?: string) =>
      `<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">` +
      (url === undefined
        ? `<span itemprop="name">${name}</span>`
        : `<a itemprop="item" href="${url}"><span itemprop="name">${name}</span></a>`) +
      `<meta itemprop="position" content="${position}"></li>`;
    expect(
      findings(page(microdata(li(1, 'Accueil', '/') + li(2, 'Serviette en lin')), 'fr'), 'S04'),
    ).toEqual([]);
    expect(findings(page(microdata(li(1, 'Home'))), 'S04')[0]!.measured).toBe('1 item');
  });
});

describe('S03 priceValidUntil in the past', () => {
  const until = (priceValidUntil: string) =>
    findings(
      englishPage(alternates(en), {
        body: `<h1>x</h1>${productMarkup({ ...goodProduct, offers: [{ ...goodProduct.offers[0], priceValidUntil }] })}`,
      }),
      'S03',
    );

  it('flags a date before today, not today or later', () => {
    expect(until('2026-11-22')[0]).toMatchObject({
      measured: '2026-11-22',
      threshold: '2026-11-23',
      severity: 'warning',
    });
    expect(until('2026-11-23')).toEqual([]);
    expect(until('2027-01-01')).toEqual([]);
  });
});

describe('S05 Article markup incomplete', () => {
  const article = {
    '@context': 'http://schema.org/',
    '@type': 'Article',
    headline: 'How to care for linen',
    image: ['https://cdn.example/linen.jpg'],
    datePublished: '2026-01-10T09:00:00Z',
    dateModified: '2026-02-01T09:00:00Z',
    author: { '@type': 'Person', name: 'Camille Martin' },
  };
  const articlePage = (markup: Record<string, unknown> | null) =>
    englishPage(alternates(en), {
      body: `<h1>x</h1>${markup === null ? '' : `<script type="application/ld+json">${JSON.stringify(markup)}</script>`}`,
      overrides: { kind: 'article' },
    });

  it('passes a complete Article or BlogPosting', () => {
    expect(findings(articlePage(article), 'S05')).toEqual([]);
    expect(findings(articlePage({ ...article, '@type': 'BlogPosting' }), 'S05')).toEqual([]);
  });

  it('names every missing field', () => {
    const { datePublished: _published, image: _image, ...incomplete } = article;
    expect(findings(articlePage(incomplete), 'S05')[0]).toMatchObject({
      measured: 'image, datePublished',
      severity: 'info',
    });
    expect(findings(articlePage({ ...article, headline: ' ' }), 'S05')[0]!.measured).toBe(
      'headline',
    );
  });

  it('flags an article page without Article markup', () => {
    expect(findings(articlePage(null), 'S05')[0]!.measured).toBe('Article');
  });
});

describe('the HTML scanner', () => {
  it('reads lang, the title with entities, metas, links and JSON-LD as written', () => {
    const scanned = scanRenderedHtml(
      `<!DOCTYPE html><HTML Lang='fr'><head><title>\n  Plaid &amp; coussin &#8211; Boutique\n</title>` +
        `<meta name=description content="Un &quot;plaid&quot;"><link rel="alternate" hreflang=fr href='https://x.example/fr'>` +
        `<script type="application/ld+json">{"a":"</p>"}</script></head><body><h1>a</h1></body></HTML>`,
    );
    expect(scanned).toEqual({
      htmlLang: 'fr',
      title: 'Plaid & coussin – Boutique',
      metas: [{ name: 'description', content: 'Un "plaid"' }],
      links: [{ rel: 'alternate', hreflang: 'fr', href: 'https://x.example/fr' }],
      h1Count: 1,
      jsonLd: ['{"a":"</p>"}'],
      microdataBreadcrumbs: [],
    });
  });
});
