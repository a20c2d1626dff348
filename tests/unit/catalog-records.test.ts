import { describe, expect, it } from 'vitest';
import { articleRow, blogRow, pageRow } from '../../server/areas/catalog/catalog-records.ts';

/**
 * The copy's rows read Shopify's answers as Shopify's Admin schema types them: an article's and a
 * blog's `updatedAt` may be null (tests/unit/local-shopify-admin-schema.test.ts), a page's may not.
 */

const article = {
  id: 'gid://shopify/Article/1',
  title: 'Linen care',
  handle: 'linen-care',
  body: '<p>Wash cold.</p>',
  isPublished: true,
  createdAt: '2025-03-01T09:00:00Z',
};

describe('catalog records', () => {
  it('dates an article or a blog Shopify holds no update time for from its creation', () => {
    expect(articleRow({ ...article, updatedAt: null }, 'gid://shopify/Blog/1').updatedAt).toEqual(
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
    expect(() => articleRow({ id: 'gid://shopify/Article/2', updatedAt: null }, 'b')).toThrow(
      /Article gid:\/\/shopify\/Article\/2 has no valid/,
    );
    expect(() => pageRow({ id: 'gid://shopify/Page/3', updatedAt: null })).toThrow(
      /Page gid:\/\/shopify\/Page\/3 has no valid updatedAt/,
    );
  });
});
