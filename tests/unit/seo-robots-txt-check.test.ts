import { describe, expect, it } from 'vitest';
import { robotsTxtInvalid, type RobotsTxtAnswer } from '#shared/seo/rendered/robots-txt-check.ts';

/** R03 on a store's robots.txt, rule by rule, as Lighthouse's robots-txt audit reads the file. */

const url = 'https://www.maison-exemple.example/robots.txt';

function check(body: string, answer: Partial<RobotsTxtAnswer> = {}) {
  return robotsTxtInvalid.run({ url, status: 200, body, languageFolders: ['fr'], ...answer });
}

/** Shopify's default robots.txt, as robots.txt.liquid prints it untouched (its opening lines). */
const shopifyDefault = `# we use Shopify as our ecommerce platform

User-agent: *
Disallow: /admin
Disallow: /cart
Disallow: /checkouts/
Disallow: /collections/*sort_by*
Disallow: /*/collections/*sort_by*
Disallow: /collections/*+*
Disallow: */collections/*filter*&*filter*
Disallow: /blogs/*+*
Disallow: /*/blogs/*%2B*
Disallow: /policies/
Disallow: /*/policies/
Disallow: /search
Disallow: /recommendations/products
Disallow: /*/recommendations/products
Sitemap: https://www.maison-exemple.example/sitemap.xml

# Google adsbot ignores robots.txt unless specifically named!
User-agent: adsbot-google
Disallow: /checkouts/

User-agent: Nutch
Disallow: /

User-agent: AhrefsBot
Crawl-delay: 10
Disallow: /admin
`;

describe('R03 robots.txt', () => {
  it("finds nothing in Shopify's default robots.txt, English and French stores alike", () => {
    expect(check(shopifyDefault)).toEqual([]);
    expect(check(shopifyDefault, { languageFolders: [] })).toEqual([]);
  });

  it('reports a server error, and a 429, once', () => {
    expect(check('', { status: 503 })).toEqual([{ measured: 'HTTP 503', excerpt: url }]);
    expect(check('', { status: 429 })).toEqual([{ measured: 'HTTP 429', excerpt: url }]);
  });

  it('says nothing of a missing robots.txt (4xx), an empty one, or one not reached', () => {
    expect(check('Disallow /', { status: 404 })).toEqual([]);
    expect(check('  \n')).toEqual([]);
    expect(check('Disallow /', { status: null })).toEqual([]);
  });

  it('reports a line without a colon', () => {
    expect(check('User-agent: *\nDisallow /cart')).toEqual([
      { measured: 'line 2: no colon', excerpt: 'Disallow /cart' },
    ]);
  });

  it('reports a directive off the list, and passes those crawlers know', () => {
    expect(
      check('User-agent: *\nDissalow: /cart\nCrawl-delay: 10\nHost: example.com\nNoindex: /x'),
    ).toEqual([{ measured: 'line 2: unknown directive', excerpt: 'Dissalow: /cart' }]);
  });

  it('reports a sitemap that is no absolute http(s) or ftp address', () => {
    expect(
      check(
        'Sitemap: /sitemap.xml\nSitemap: mailto:a@b.c\nSitemap: https://example.com/sitemap.xml',
      ),
    ).toEqual([
      { measured: 'line 1: invalid sitemap URL', excerpt: 'Sitemap: /sitemap.xml' },
      { measured: 'line 2: invalid sitemap URL', excerpt: 'Sitemap: mailto:a@b.c' },
    ]);
  });

  it('reports an empty user-agent', () => {
    expect(check('User-agent:\nDisallow: /cart')).toEqual([
      { measured: 'line 1: no user-agent', excerpt: 'User-agent:' },
      { measured: 'line 2: rule before any user-agent', excerpt: 'Disallow: /cart' },
    ]);
  });

  it('reports a pattern that does not start with / or *, or has a $ before its end', () => {
    expect(
      check(
        'User-agent: *\nDisallow: cart\nAllow: *.css\nDisallow: /a$b\nDisallow: /*.pdf$\nDisallow:',
      ),
    ).toEqual([
      { measured: 'line 2: pattern not starting with / or *', excerpt: 'Disallow: cart' },
      { measured: 'line 4: $ before the end of the pattern', excerpt: 'Disallow: /a$b' },
    ]);
  });

  it('reports a rule before any user-agent', () => {
    expect(check('Disallow: /cart # old\nUser-agent: *\nDisallow: /admin')).toEqual([
      { measured: 'line 1: rule before any user-agent', excerpt: 'Disallow: /cart # old' },
    ]);
  });

  it('reports a robots.txt that keeps every crawler, or Googlebot, from the whole store', () => {
    expect(check('User-agent: *\nDisallow: /')).toEqual([
      {
        measured:
          'line 2: blocks / /products/ /collections/ /pages/ /blogs/ /fr/products/ /fr/collections/ /fr/pages/ /fr/blogs/ (user-agent *)',
        excerpt: 'Disallow: /',
      },
    ]);
    expect(check('User-agent: Bingbot\nUser-agent: Googlebot\nDisallow: /')).toHaveLength(1);
    // Other crawlers may be kept out: that is the owner's choice.
    expect(check('User-agent: GPTBot\nDisallow: /')).toEqual([]);
  });

  it('reports a disallow that covers the products, collections, pages or blogs, in English or French', () => {
    expect(check('User-agent: *\nDisallow: /collections/\nAllow: /collections/*.css')).toEqual([
      {
        measured: 'line 2: blocks /collections/ (user-agent *)',
        excerpt: 'Disallow: /collections/',
      },
    ]);
    expect(check('User-agent: googlebot\nDisallow: /fr/products')).toEqual([
      {
        measured: 'line 2: blocks /fr/products/ (user-agent googlebot)',
        excerpt: 'Disallow: /fr/products',
      },
    ]);
    expect(check('User-agent: *\nDisallow: /*/blogs/')).toEqual([
      { measured: 'line 2: blocks /fr/blogs/ (user-agent *)', excerpt: 'Disallow: /*/blogs/' },
    ]);
    // A longer allow wins, as Google reads the rules.
    expect(check('User-agent: *\nDisallow: /pages/\nAllow: /pages/a')).toEqual([]);
  });
});
