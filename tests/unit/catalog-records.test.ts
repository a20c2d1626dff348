import { describe, expect, it } from 'vitest';
import {
  articleRow,
  blogRow,
  collectionRow,
  mediaRow,
  pageRow,
  productRow,
  translationRows,
  type ArticleNode,
  type PageNode,
  type ProductNode,
} from '#server/areas/catalog/catalog-records.ts';

/**
 * The copy's rows read Shopify's answers as Shopify's Admin schema types them
 * (server/platform/shopify/admin-document-types.ts): a field Shopify may leave null is read as absent,
 * never as an empty text, and an article's and a blog's `updatedAt` may be null
 * (tests/unit/local-shopify-admin-schema.test.ts), a page's may not.
 */

const article: ArticleNode = {
  id: 'gid://shopify/Article/1',
  title: 'Linen care',
  handle: 'linen-care',
  body: '<p>Wash cold.</p>',
  summary: null,
  tags: ['care'],
  author: null,
  image: null,
  isPublished: true,
  createdAt: '2025-03-01T09:00:00Z',
  updatedAt: null,
  titleTag: null,
  descriptionTag: null,
};

const product: ProductNode = {
  id: 'gid://shopify/Product/1',
  title: 'Linen shirt',
  handle: 'linen-shirt',
  descriptionHtml: '<p>Soft.</p>',
  seo: { title: null, description: '' },
  status: 'ACTIVE',
  productType: '',
  vendor: 'Maison',
  tags: ['linen'],
  onlineStoreUrl: null,
  updatedAt: '2025-04-02T10:00:00Z',
};

describe('catalog records', () => {
  it('dates an article or a blog Shopify holds no update time for from its creation', () => {
    expect(articleRow(article, 'gid://shopify/Blog/1').updatedAt).toEqual(
      new Date('2025-03-01T09:00:00Z'),
    );
    const blog = { id: 'gid://shopify/Blog/1', title: 'Journal', handle: 'journal' };
    expect(
      blogRow({ ...blog, createdAt: '2025-01-01T00:00:00Z', updatedAt: null }).updatedAt,
    ).toEqual(new Date('2025-01-01T00:00:00Z'));
  });

  it('keeps an article’s update time when Shopify gives one', () => {
    expect(
      articleRow({ ...article, updatedAt: '2025-04-02T10:00:00Z' }, 'gid://shopify/Blog/1')
        .updatedAt,
    ).toEqual(new Date('2025-04-02T10:00:00Z'));
  });

  it('refuses a record whose non-null dates are both missing, as an answer Shopify never gives', () => {
    const broken = { id: 'gid://shopify/Article/2', updatedAt: null } as unknown as ArticleNode;
    expect(() => articleRow(broken, 'b')).toThrow(
      /Article gid:\/\/shopify\/Article\/2 has no valid/,
    );
    const page = { id: 'gid://shopify/Page/3', updatedAt: null } as unknown as PageNode;
    expect(() => pageRow(page)).toThrow(/Page gid:\/\/shopify\/Page\/3 has no valid updatedAt/);
  });

  it('reads what Shopify leaves null as absent, and an empty search text as none', () => {
    expect(productRow(product)).toMatchObject({
      seoTitle: null,
      seoDescription: null,
      onlineStoreUrl: null,
      // An empty text Shopify holds as such (`String!`) stays one.
      productType: '',
    });
    expect(articleRow(article, 'gid://shopify/Blog/1')).toMatchObject({
      summary: null,
      authorName: null,
      imageUrl: null,
      imageAlt: null,
      seoTitle: null,
      seoDescription: null,
    });
    const collection = {
      ...product,
      image: { url: 'https://cdn.example/c.jpg', altText: null },
    };
    expect(collectionRow(collection)).toMatchObject({
      imageUrl: 'https://cdn.example/c.jpg',
      imageAlt: null,
    });
  });

  it('gives a video no image address, and an image without alt text none', () => {
    const video = { id: 'gid://shopify/Video/1', alt: null, mediaContentType: 'VIDEO' } as const;
    expect(mediaRow(video, product.id, 0)).toEqual({
      gid: 'gid://shopify/Video/1',
      productGid: product.id,
      mediaContentType: 'VIDEO',
      alt: null,
      url: null,
      position: 0,
    });
    const image = {
      id: 'gid://shopify/MediaImage/2',
      alt: '',
      mediaContentType: 'IMAGE',
      image: { url: 'https://cdn.example/2.jpg', altText: 'Folded shirt' },
    } as const;
    expect(mediaRow(image, product.id, 1)).toMatchObject({
      alt: 'Folded shirt',
      url: 'https://cdn.example/2.jpg',
    });
  });

  it('keeps an alt text left empty apart from an absent one', () => {
    const image = (alt: string | null, altText: string | null) =>
      mediaRow(
        {
          id: 'gid://shopify/MediaImage/3',
          alt,
          mediaContentType: 'IMAGE',
          image: { url: 'https://cdn.example/3.jpg', altText },
        },
        product.id,
        0,
      ).alt;
    expect(image('', '')).toBe('');
    expect(image('', null)).toBe('');
    expect(image(null, null)).toBeNull();
    const collection = (altText: string | null) =>
      collectionRow({ ...product, image: { url: 'https://cdn.example/c.jpg', altText } }).imageAlt;
    expect(collection('')).toBe('');
    expect(collection(null)).toBeNull();
    const articleImage = (altText: string | null) =>
      articleRow({ ...article, image: { url: 'https://cdn.example/a.jpg', altText } }, 'b')
        .imageAlt;
    expect(articleImage('')).toBe('');
    expect(articleImage(null)).toBeNull();
  });

  it('keeps a translation Shopify holds without a value, digest or update time as such', () => {
    const rows = translationRows(
      {
        resourceId: product.id,
        translatableContent: [{ key: 'title', digest: null }],
        t0: [{ key: 'title', value: null, locale: 'fr', outdated: true, updatedAt: null }],
        t1: [
          {
            key: 'title',
            value: 'Camisa',
            locale: 'pt-BR',
            outdated: false,
            updatedAt: '2025-05-01T00:00:00Z',
          },
        ],
      },
      ['fr', 'pt-BR'],
    );
    expect(rows).toEqual([
      {
        resourceGid: product.id,
        locale: 'fr',
        key: 'title',
        value: null,
        digest: null,
        outdated: true,
        updatedAt: null,
      },
      {
        resourceGid: product.id,
        locale: 'pt-BR',
        key: 'title',
        value: 'Camisa',
        digest: null,
        outdated: false,
        updatedAt: new Date('2025-05-01T00:00:00Z'),
      },
    ]);
  });
});
