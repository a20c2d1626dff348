import { describe, expect, it } from 'vitest';
import type { PageImage } from '#shared/seo/check.ts';
import { imageChecks } from '#shared/seo/checks/image-checks.ts';
import { runPageChecks } from '#shared/seo/run-page-checks.ts';
import { collectionRow, mediaRow } from '#server/areas/catalog/catalog-records.ts';
import { pageCheck, pageView } from '../support/seo-pages-and-checks.ts';

const altMissing = pageCheck('I01');
const altEmpty = pageCheck('I02');
const altNotLocalized = pageCheck('I03');

const image = (id: string, alt: string | null, sourceAlt: string | null = alt): PageImage => ({
  id: `gid://shopify/MediaImage/${id}`,
  alt,
  sourceAlt,
});

describe('I01 alt attribute missing', () => {
  it.each(['en', 'fr'] as const)('reports each page image without alt, in %s', (language) => {
    const view = pageView({
      language,
      primaryLanguage: language,
      images: [image('1', null), image('2', ''), image('3', 'Red merino scarf'), image('4', null)],
    });
    expect(altMissing.run(view)).toEqual([
      { field: 'image:gid://shopify/MediaImage/1' },
      { field: 'image:gid://shopify/MediaImage/4' },
    ]);
  });

  it('reports an image of the body without alt, unless it is presentational', () => {
    const bodyHtml =
      '<p>Our workshop</p><img src="https://cdn.shopify.com/workshop.jpg">' +
      '<img src="divider.png" role="presentation"><img src="dots.png" aria-hidden="true">' +
      '<img src="decor.png" alt=""><img src=\'scarf.jpg\' alt=\'Scarf\'>';
    expect(altMissing.run(pageView({ bodyHtml }))).toEqual([
      { field: 'body', excerpt: 'https://cdn.shopify.com/workshop.jpg' },
    ]);
  });

  it('reports nothing when every image has an alt attribute', () => {
    expect(
      altMissing.run(pageView({ images: [image('1', '')], bodyHtml: '<img alt="x">' })),
    ).toEqual([]);
  });
});

describe('I02 alt text empty', () => {
  it.each(['en', 'fr'] as const)('reports each page image with an empty alt, in %s', (language) => {
    const view = pageView({
      language,
      primaryLanguage: language,
      images: [image('1', ''), image('2', '   '), image('3', null), image('4', 'Écharpe rouge')],
    });
    expect(altEmpty.run(view)).toEqual([
      { field: 'image:gid://shopify/MediaImage/1' },
      { field: 'image:gid://shopify/MediaImage/2' },
    ]);
  });

  it('respects alt="" in the body, HTML’s mark of a decoration', () => {
    expect(altEmpty.run(pageView({ bodyHtml: '<img src="line.png" alt="">' }))).toEqual([]);
  });
});

describe('an alt text as Shopify gives it, through the copy', () => {
  const productGid = 'gid://shopify/Product/1';
  /** The product's main image, read from Shopify's media answer as the copy stores it. */
  const mainImage = (alt: string | null, altText: string | null): PageImage => {
    const row = mediaRow(
      {
        id: 'gid://shopify/MediaImage/1',
        alt,
        mediaContentType: 'IMAGE',
        image: { url: 'https://cdn.example/1.jpg', altText },
      },
      productGid,
      0,
    );
    const stored = row.alt ?? null;
    return { id: row.gid, alt: stored, sourceAlt: stored };
  };
  const imageFindings = (view: ReturnType<typeof pageView>) =>
    runPageChecks(
      imageChecks.filter((check) => check.type === 'page'),
      view,
    ).map(({ check, evidence }) => `${check.id} ${evidence.field}`);

  it.each(['en', 'fr'] as const)('reports an absent alt as missing (I01), in %s', (language) => {
    const view = pageView({ language, primaryLanguage: language, images: [mainImage(null, null)] });
    expect(imageFindings(view)).toEqual(['I01 image:gid://shopify/MediaImage/1']);
  });

  it.each(['en', 'fr'] as const)(
    'reports a main image whose alt was left empty as empty (I02), not missing, in %s',
    (language) => {
      const view = pageView({ language, primaryLanguage: language, images: [mainImage('', '')] });
      expect(imageFindings(view)).toEqual(['I02 image:gid://shopify/MediaImage/1']);
      const collection = collectionRow({
        id: 'gid://shopify/Collection/1',
        title: 'Linen',
        handle: 'linen',
        descriptionHtml: '',
        seo: { title: null, description: null },
        image: { url: 'https://cdn.example/c.jpg', altText: '' },
        updatedAt: '2025-04-02T10:00:00Z',
      });
      const collectionView = pageView({
        kind: 'collection',
        language,
        primaryLanguage: language,
        images: [{ id: 'c#image', alt: collection.imageAlt ?? null, sourceAlt: null }],
      });
      expect(imageFindings(collectionView)).toEqual(['I02 image:c#image']);
    },
  );

  it.each(['en', 'fr'] as const)(
    'reports nothing for alt="" on an image of the body, a decoration, in %s',
    (language) => {
      const view = pageView({
        language,
        primaryLanguage: language,
        bodyHtml: '<p>Tissé à Lyon.</p><img src="https://cdn.example/line.png" alt="">',
      });
      expect(imageFindings(view)).toEqual([]);
    },
  );
});

describe('I03 alt text not localized', () => {
  const french = (images: PageImage[], bodyHtml = '') =>
    pageView({ language: 'fr', primaryLanguage: 'en', images, bodyHtml });

  it('reports an alt left the same as the primary language’s', () => {
    const findings = altNotLocalized.run(
      french([
        image('1', 'Red merino scarf'),
        image('2', 'Écharpe mérinos rouge', 'Red merino scarf'),
        image('3', '  red MERINO scarf ', 'Red merino scarf'),
      ]),
    );
    expect(findings).toEqual([
      { field: 'image:gid://shopify/MediaImage/1', excerpt: 'Red merino scarf' },
      { field: 'image:gid://shopify/MediaImage/3', excerpt: 'red MERINO scarf' },
    ]);
  });

  it('accepts a single word the same in both languages, such as a brand', () => {
    expect(altNotLocalized.run(french([image('1', 'Patagonia')]))).toEqual([]);
  });

  it('reports an alt written in the primary language, even if it differs from it', () => {
    const findings = altNotLocalized.run(
      french([image('1', 'Portrait of model wearing red scarf', 'Model in a red scarf')]),
    );
    expect(findings).toEqual([
      { field: 'image:gid://shopify/MediaImage/1', excerpt: 'Portrait of model wearing red scarf' },
    ]);
  });

  it('reports an image of the body whose alt is in the primary language', () => {
    const bodyHtml =
      '<img src="a.jpg" alt="Woman holding a wicker basket bag">' +
      '<img src="b.jpg" alt="Femme tenant un sac panier en osier">';
    expect(altNotLocalized.run(french([], bodyHtml))).toEqual([
      { field: 'body', excerpt: 'Woman holding a wicker basket bag' },
    ]);
  });

  it('works the other way round: a French store’s English page', () => {
    const view = pageView({
      language: 'en',
      primaryLanguage: 'fr',
      images: [image('1', 'Gros plan sur le collier pendentif doré', 'Collier pendentif doré')],
    });
    expect(altNotLocalized.run(view)).toEqual([
      {
        field: 'image:gid://shopify/MediaImage/1',
        excerpt: 'Gros plan sur le collier pendentif doré',
      },
    ]);
  });

  it('reports nothing in the primary language, or for a missing or empty alt', () => {
    expect(altNotLocalized.run(pageView({ images: [image('1', 'Red merino scarf')] }))).toEqual([]);
    expect(altNotLocalized.run(french([image('1', null, null), image('2', '', '')]))).toEqual([]);
  });
});

describe('image declarations', () => {
  it('declares each check once, with its area and severity', () => {
    expect(imageChecks.map((check) => [check.id, check.area, check.severity])).toEqual([
      ['I01', 'images', 'error'],
      ['I02', 'images', 'warning'],
      ['I03', 'images', 'warning'],
    ]);
  });
});
