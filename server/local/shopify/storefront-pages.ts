import {
  articleIsVisible,
  type Article,
  type Collection,
  type Page,
  type Product,
  type Translations,
} from './catalog-model.ts';
import { escapeHtml } from '#server/platform/plain-page.ts';
import type { SeededStore } from './seeded-store.ts';
import {
  defectsOn,
  handleIn,
  robotsTxtMisspeltRule,
  storefrontPath,
  storefrontUrlOf,
  type StorefrontDefectName,
  type StorefrontResourceKind,
} from './storefront-defects.ts';

/**
 * The online store's pages as Shopify's Dawn theme renders them (layout/theme.liquid and the main
 * sections), built on demand from the store's current state: the head Dawn prints (title with the
 * shop's name, description only when set, canonical), the hreflang alternates Shopify injects for each
 * published locale plus x-default, one `<h1>` with the resource's title, its description or body raw
 * below, images with their alt, and the JSON-LD of `{{ product | structured_data }}` and
 * `{{ article | structured_data }}`. Texts in a translated locale are the translation where one exists
 * and the primary language's text where none does, as the storefront falls back.
 */

export interface StorefrontPage {
  status: number;
  html: string;
}

interface Resource {
  kind: StorefrontResourceKind | 'index';
  /** The resource's path (without the locale prefix) in a locale: its handles there. */
  pathIn: (locale: string) => string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  /** The text Shopify fills `page_description` from when no search description is set. */
  bodyHtml: string | null;
  main: string;
  jsonLd: unknown[];
  ogType: string;
}

const translatedText = (
  translations: Translations,
  locale: string,
  key: string,
  source: string,
): string => translations[locale]?.[key]?.value ?? source;

function textIn(translations: Translations, locale: string) {
  return <T extends string | null>(key: string, source: T): T =>
    (source === null ? null : translatedText(translations, locale, key, source)) as T;
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** An HTML body's text as a shopper reads it: tags left out, entities decoded, spacing collapsed. */
function bodyText(html: string): string {
  return plainText(html)
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : entity;
      }
      return entities[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** How much of the body's text the filled-in description keeps, cut after a whole word. */
export const filledDescriptionLength = 160;

/**
 * The meta description Dawn prints (`{{ page_description | escape }}`): the search description the
 * owner wrote or, when none is set, what Shopify fills `page_description` with, the start of the
 * resource's body as text. How much of the body Shopify keeps is not documented (docs/seo-checks.md,
 * M02); the local storefront keeps `filledDescriptionLength` characters. Empty: Dawn prints no tag.
 */
function pageDescription(resource: Resource): string {
  if (resource.seoDescription !== null && resource.seoDescription.trim() !== '')
    return resource.seoDescription;
  const text = bodyText(resource.bodyHtml ?? '');
  if (text.length <= filledDescriptionLength) return text;
  const cut = text.slice(0, filledDescriptionLength + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (
    lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, filledDescriptionLength)
  ).trimEnd();
}

/** The seeded catalog holds no variants: a stable price is derived from the product's id. */
export function productPrice(product: Product): string {
  return (12 + (product.id % 89) + 0.5 * (product.id % 2)).toFixed(2);
}

/** Dawn's `– {{ shop.name }}` suffix, left out when the title already holds the shop's name. */
export function dawnTitle(pageTitle: string, shopName: string): string {
  return pageTitle.includes(shopName) ? pageTitle : `${pageTitle} – ${shopName}`;
}

function productResource(
  store: SeededStore,
  product: Product,
  locale: string,
  defects: Set<StorefrontDefectName>,
): Resource {
  const text = textIn(product.translations, locale);
  const title = text('title', product.title);
  const body = text('body_html', product.descriptionHtml);
  const url = storefrontUrlOf(store, 'product', product, locale);
  const price = defects.has('productPriceZero') ? '0.00' : productPrice(product);
  const images = product.media.map((media) => ({
    url: media.url,
    alt: translatedText(media.translations, locale, 'alt', media.alt),
  }));
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    availability: 'http://schema.org/InStock',
    price: Number(price),
    ...(!defects.has('productCurrencyMissing') && { priceCurrency: store.shop.currencyCode }),
    ...(defects.has('productPriceValidUntilPast') && { priceValidUntil: '2024-12-31' }),
    url,
    ...(!defects.has('productBrandAndSkuMissing') && { sku: `SKU-${product.id % 1_000_000}` }),
  };
  const jsonLd: Record<string, unknown> = {
    '@context': 'http://schema.org/',
    '@type': 'Product',
    name: title,
    url,
    ...(images.length > 0 && { image: images.map((image) => image.url) }),
    description: plainText(body),
    ...(!defects.has('productBrandAndSkuMissing') && {
      sku: offer.sku,
      brand: { '@type': 'Brand', name: product.vendor },
    }),
    offers: [offer],
  };
  const money = `€${price.replace('.', locale === 'fr' ? ',' : '.')} ${store.shop.currencyCode}`;
  return {
    kind: 'product',
    pathIn: (code) => storefrontPath(store, 'product', product, code),
    title,
    seoTitle: text('meta_title', product.seo.title),
    seoDescription: text('meta_description', product.seo.description),
    bodyHtml: body,
    ogType: 'product',
    jsonLd: [jsonLd],
    main:
      `<section class="product"><div class="product__media-list">` +
      images
        .map(
          (image) =>
            `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}" width="2048" height="2048" loading="lazy">`,
        )
        .join('') +
      `</div><div class="product__info-wrapper"><h1>${escapeHtml(title)}</h1>` +
      `<div class="price"><span class="price-item price-item--regular">${escapeHtml(money)}</span></div>` +
      `<div class="product__description rte">${body}</div></div></section>`,
  };
}

function collectionResource(store: SeededStore, collection: Collection, locale: string): Resource {
  const text = textIn(collection.translations, locale);
  const title = text('title', collection.title);
  const items = collection.productIds
    .slice(0, 16)
    .map((id) => store.product(id))
    .filter((product): product is Product => product?.status === 'ACTIVE')
    .map((product) => {
      const name = translatedText(product.translations, locale, 'title', product.title);
      const href = storefrontUrlOf(store, 'product', product, locale);
      return `<li class="grid__item"><a href="${escapeHtml(new URL(href).pathname)}">${escapeHtml(name)}</a></li>`;
    })
    .join('');
  const image =
    collection.image === null
      ? ''
      : `<img src="${escapeHtml(collection.image.url)}" alt="${escapeHtml(collection.image.altText ?? '')}" width="${collection.image.width}" height="${collection.image.height}">`;
  return {
    kind: 'collection',
    pathIn: (code) => storefrontPath(store, 'collection', collection, code),
    title,
    seoTitle: text('meta_title', collection.seo.title),
    seoDescription: text('meta_description', collection.seo.description),
    bodyHtml: text('body_html', collection.descriptionHtml),
    ogType: 'website',
    jsonLd: [],
    main:
      `<div class="collection-hero">${image}<h1 class="collection-hero__title">${escapeHtml(title)}</h1>` +
      `<div class="collection-hero__description rte">${text('body_html', collection.descriptionHtml)}</div></div>` +
      `<ul class="product-grid">${items}</ul>`,
  };
}

function pageResource(
  store: SeededStore,
  page: Page,
  locale: string,
  defects: Set<StorefrontDefectName>,
): Resource {
  const text = textIn(page.translations, locale);
  const title = text('title', page.title);
  const heading = defects.has('pageWithoutH1') ? 'h2' : 'h1';
  return {
    kind: 'page',
    pathIn: (code) => storefrontPath(store, 'page', page, code),
    title,
    seoTitle: text('meta_title', page.metafields['global.title_tag']?.value ?? null),
    seoDescription: text(
      'meta_description',
      page.metafields['global.description_tag']?.value ?? null,
    ),
    bodyHtml: text('body_html', page.body),
    ogType: 'website',
    jsonLd: [],
    main:
      `<div class="page-width page-width--narrow"><${heading} class="main-page-title page-title h0">${escapeHtml(title)}</${heading}>` +
      `<div class="rte">${text('body_html', page.body)}</div></div>`,
  };
}

function articleResource(
  store: SeededStore,
  article: Article,
  locale: string,
  defects: Set<StorefrontDefectName>,
): Resource {
  const text = textIn(article.translations, locale);
  const title = text('title', article.title);
  const body = text('body_html', article.body);
  const url = storefrontUrlOf(store, 'article', article, locale);
  const image = article.image;
  const jsonLd: Record<string, unknown> = {
    '@context': 'http://schema.org/',
    '@type': 'Article',
    articleBody: plainText(body),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    headline: title,
    ...(image !== null && { image: [image.url] }),
    ...(!defects.has('articleDatePublishedMissing') && { datePublished: article.publishedAt }),
    ...(article.updatedAt !== null && { dateModified: article.updatedAt }),
    author: { '@type': 'Person', name: article.authorName },
    publisher: { '@type': 'Organization', name: store.shop.name },
  };
  const blog = store.blogs.get(article.blogId);
  const breadcrumbs: Record<string, unknown> = {
    '@context': 'http://schema.org/',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: locale === 'fr' ? 'Accueil' : 'Home' },
      {
        '@type': 'ListItem',
        position: 2,
        name:
          blog === undefined
            ? 'Blog'
            : (translatedText(blog.translations, locale, 'title', blog.title) ?? blog.title),
        ...(blog !== undefined && {
          item: storefrontUrlOf(store, 'article', article, locale).replace(/\/[^/]*$/, ''),
        }),
      },
      { '@type': 'ListItem', position: 3, name: title },
    ],
  };
  // The image's alt text in the page's language: its ARTICLE_IMAGE translation, else the primary's.
  const alt = image === null ? null : textIn(image.translations, locale)('alt', image.altText);
  const imageTag =
    image === null
      ? ''
      : `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(alt ?? '')}" width="${image.width}" height="${image.height}">`;
  return {
    kind: 'article',
    pathIn: (code) => storefrontPath(store, 'article', article, code),
    title,
    seoTitle: text('meta_title', article.metafields['global.title_tag']?.value ?? null),
    seoDescription: text(
      'meta_description',
      article.metafields['global.description_tag']?.value ?? null,
    ),
    bodyHtml: body,
    ogType: 'article',
    jsonLd: defects.has('articleBreadcrumbWithoutAddress') ? [jsonLd, breadcrumbs] : [jsonLd],
    main:
      `<article class="article-template">${imageTag}<header class="page-width page-width--narrow">` +
      `<h1 class="article-template__title">${escapeHtml(title)}</h1>` +
      `<span class="caption-with-letter-spacing">${escapeHtml(article.authorName)}</span></header>` +
      `<div class="article-template__content page-width page-width--narrow rte">${body}</div></article>`,
  };
}

function homeResource(store: SeededStore, locale: string): Resource {
  const collections = [...store.collections.values()]
    .slice(0, 6)
    .map((collection) => {
      const title = translatedText(collection.translations, locale, 'title', collection.title);
      const href = new URL(storefrontUrlOf(store, 'collection', collection, locale)).pathname;
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(title)}</a></li>`;
    })
    .join('');
  return {
    kind: 'index',
    pathIn: () => '/',
    title: store.shop.name,
    seoTitle: null,
    seoDescription: null,
    bodyHtml: null,
    ogType: 'website',
    jsonLd: [],
    main: `<ul class="collection-list">${collections}</ul>`,
  };
}

/** The JSON-LD as `structured_data` prints it: `<` escaped so the script cannot be closed early. */
const jsonLdScript = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

function layout(
  store: SeededStore,
  locale: string,
  resource: Resource,
  defects: Set<StorefrontDefectName>,
): string {
  const published = store.shop.locales.filter((item) => item.published);
  const primary = published.find((item) => item.primary)?.locale ?? 'en';
  const urlIn = (code: string) => store.storefrontUrl(resource.pathIn(code), code);
  const url = urlIn(locale);
  const canonical = defects.has('collectionCanonicalToEnglish')
    ? urlIn(primary)
    : defects.has('pageCanonicalRelative')
      ? new URL(url).pathname
      : url;
  const href = (code: string) =>
    defects.has('collectionHreflangRelative') ? new URL(urlIn(code)).pathname : urlIn(code);
  // What Shopify's content_for_header adds: one alternate per published locale, and x-default.
  const alternates = [
    ...(defects.has('pageWithoutXDefault') ? [] : [['x-default', href(primary)]]),
    ...published
      .filter(
        (item) =>
          !(defects.has('hreflangReturnMissing') && locale !== primary && item.locale === primary),
      )
      .map((item) => [item.locale, href(item.locale)]),
  ]
    .map(
      ([code, target]) =>
        `<link rel="alternate" hreflang="${escapeHtml(code!)}" href="${escapeHtml(target!)}">`,
    )
    .join('\n    ');
  const pageTitle = resource.seoTitle ?? resource.title;
  const description = pageDescription(resource);
  const shopName = escapeHtml(store.shop.name);
  const brand =
    resource.kind === 'index'
      ? `<h1 class="header__heading"><a href="${escapeHtml(new URL(urlIn(locale)).pathname)}" class="header__heading-link">${shopName}</a></h1>`
      : `<a href="${escapeHtml(new URL(urlIn(locale)).pathname)}" class="header__heading-link"><span class="h2">${shopName}</span></a>`;
  return `<!doctype html>
<html class="no-js" lang="${escapeHtml(locale)}">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <meta name="theme-color" content="">
    <link rel="canonical" href="${escapeHtml(canonical)}">
${defects.has('pageNoindex') ? '    <meta name="robots" content="noindex">\n' : ''}
    <title>
      ${escapeHtml(dawnTitle(pageTitle, store.shop.name))}
    </title>
${description === '' ? '' : `    <meta name="description" content="${escapeHtml(description)}">\n`}
    <meta property="og:site_name" content="${shopName}">
    <meta property="og:url" content="${escapeHtml(url)}">
    <meta property="og:title" content="${escapeHtml(pageTitle)}">
    <meta property="og:type" content="${resource.ogType}">
    <meta property="og:description" content="${escapeHtml(description === '' ? store.shop.name : description)}">
    <script>var Shopify = Shopify || {}; Shopify.shop = "${escapeHtml(store.domain)}"; Shopify.locale = "${escapeHtml(locale)}";</script>
    ${alternates}
  </head>
  <body class="gradient">
    <a class="skip-to-content-link button visually-hidden" href="#MainContent">${locale === 'fr' ? 'Ignorer et passer au contenu' : 'Skip to content'}</a>
    <header class="header">${brand}</header>
    <main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1">
      ${resource.main}
      ${resource.jsonLd.map(jsonLdScript).join('\n      ')}
    </main>
    <footer class="footer"><small class="copyright__content">© ${shopName}</small></footer>
  </body>
</html>
`;
}

const notFoundPage = (store: SeededStore, locale: string): StorefrontPage => ({
  status: 404,
  html: `<!doctype html>
<html class="no-js" lang="${escapeHtml(locale)}">
  <head>
    <meta charset="utf-8">
    <title>
      ${escapeHtml(dawnTitle(locale === 'fr' ? '404 Page introuvable' : '404 Not Found', store.shop.name))}
    </title>
  </head>
  <body>
    <main id="MainContent"><div class="template-404 page-width center"><h1>${locale === 'fr' ? 'Page introuvable' : 'Page not found'}</h1></div></main>
  </body>
</html>
`,
});

/**
 * The resource a storefront address names in `locale`: the one whose handle in that locale it is,
 * else the one whose primary handle it is. A translated page thus answers under both handles; under
 * the primary one it is served in the locale with the translated address as its canonical, rather
 * than redirected there: what Shopify is documented to do there is only that handles can be
 * translated, and a redirect would be behaviour the local Shopify invents.
 */
function byHandle<T extends { handle: string; translations: Translations }>(
  resources: Iterable<T>,
  handle: string,
  locale: string,
): T | undefined {
  const all = [...resources];
  return (
    all.find((resource) => handleIn(resource, locale) === handle) ??
    all.find((resource) => resource.handle === handle)
  );
}

/**
 * The page at `path` (after the locale prefix) in `locale`, or Shopify's 404 page when nothing
 * published answers there.
 */
export function renderStorefrontPage(
  store: SeededStore,
  locale: string,
  path: string,
): StorefrontPage {
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  let resource: Resource | undefined;
  let defects = new Set<StorefrontDefectName>();
  if (segments.length === 0) {
    resource = homeResource(store, locale);
  } else if (segments.length === 2 && segments[0] === 'products') {
    const product = store.productByHandle(segments[1]!, locale);
    if (product?.status === 'ACTIVE') {
      defects = defectsOn(store, 'product', product.id);
      resource = productResource(store, product, locale, defects);
    }
  } else if (segments.length === 2 && segments[0] === 'collections') {
    const collection = byHandle(store.collections.values(), segments[1]!, locale);
    if (collection !== undefined) {
      defects = defectsOn(store, 'collection', collection.id);
      resource = collectionResource(store, collection, locale);
    }
  } else if (segments.length === 2 && segments[0] === 'pages') {
    const page = byHandle(store.pages.values(), segments[1]!, locale);
    if (page?.isPublished === true) {
      defects = defectsOn(store, 'page', page.id);
      resource = pageResource(store, page, locale, defects);
    }
  } else if (segments.length === 3 && segments[0] === 'blogs') {
    const blog = byHandle(store.blogs.values(), segments[1]!, locale);
    const article = byHandle(
      [...store.articles.values()].filter((item) => item.blogId === blog?.id),
      segments[2]!,
      locale,
    );
    if (article !== undefined && articleIsVisible(article)) {
      defects = defectsOn(store, 'article', article.id);
      resource = articleResource(store, article, locale, defects);
    }
  }
  if (resource === undefined) return notFoundPage(store, locale);
  return { status: 200, html: layout(store, locale, resource, defects) };
}

/**
 * Shopify's default robots.txt (robots.txt.liquid untouched), with the planted disallow and the
 * planted misspelt rule added.
 */
export function storefrontRobotsTxt(store: SeededStore, disallowedPaths: string[]): string {
  const host = store.shop.primaryDomainHost;
  return `# we use Shopify as our ecommerce platform

User-agent: *
Disallow: /admin
Disallow: /cart
Disallow: /orders
Disallow: /checkouts/
Disallow: /checkout
Disallow: /${store.shop.id}/checkouts
Disallow: /${store.shop.id}/orders
Disallow: /carts
Disallow: /account
Disallow: /collections/*sort_by*
Disallow: /*/collections/*sort_by*
Disallow: /collections/*+*
Disallow: /collections/*%2B*
Disallow: /collections/*%2b*
Disallow: /*/collections/*+*
Disallow: /*/collections/*%2B*
Disallow: /*/collections/*%2b*
Disallow: */collections/*filter*&*filter*
Disallow: /blogs/*+*
Disallow: /blogs/*%2B*
Disallow: /blogs/*%2b*
Disallow: /*/blogs/*+*
Disallow: /*/blogs/*%2B*
Disallow: /*/blogs/*%2b*
Disallow: /*?*oseid=*
Disallow: /*preview_theme_id*
Disallow: /*preview_script_id*
Disallow: /policies/
Disallow: /*/policies/
Disallow: /*/*?*ls=*&ls=*
Disallow: /*/*?*ls%3D*%3Fls%3D*
Disallow: /*/*?*ls%3d*%3fls%3d*
Disallow: /search
Disallow: /apple-app-site-association
Disallow: /.well-known/shopify/monorail
Disallow: /cdn/wpm/*.js
Disallow: /recommendations/products
Disallow: /*/recommendations/products
${disallowedPaths.map((path) => `Disallow: ${path}`).join('\n')}
${robotsTxtMisspeltRule.line}
Sitemap: https://${host}/sitemap.xml

# Google adsbot ignores robots.txt unless specifically named!
User-agent: adsbot-google
Disallow: /checkouts/
Disallow: /checkout
Disallow: /carts
Disallow: /orders
Disallow: /*?*oseid=*
Disallow: /*preview_theme_id*
Disallow: /*preview_script_id*

User-agent: Nutch
Disallow: /

User-agent: AhrefsBot
Crawl-delay: 10
Disallow: /admin
Disallow: /cart
Disallow: /orders
Disallow: /checkouts/
Disallow: /checkout

User-agent: Pinterest
Crawl-delay: 1
`;
}

/**
 * The sitemap of the published pages, with each URL's language versions as `xhtml:link`. Shopify
 * splits it into an index of child sitemaps; one file is enough for a local store, and is generated
 * as it is asked for.
 */
export function storefrontSitemap(store: SeededStore): string {
  const locales = store.shop.locales.filter((locale) => locale.published);
  const entry = (pathIn: (locale: string) => string, lastmod?: string) => {
    const urlIn = (locale: string) => store.storefrontUrl(pathIn(locale), locale);
    const links = locales
      .map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale.locale}" href="${escapeHtml(urlIn(locale.locale))}"/>`,
      )
      .join('');
    return locales
      .map(
        (locale) =>
          `<url><loc>${escapeHtml(urlIn(locale.locale))}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}${links}</url>`,
      )
      .join('\n');
  };
  const entries: string[] = [entry(() => '/')];
  for (const id of store.productIds()) {
    const product = store.product(id)!;
    if (product.status === 'ACTIVE')
      entries.push(
        entry((locale) => storefrontPath(store, 'product', product, locale), product.updatedAt),
      );
  }
  for (const collection of store.collections.values())
    entries.push(
      entry(
        (locale) => storefrontPath(store, 'collection', collection, locale),
        collection.updatedAt,
      ),
    );
  for (const page of store.pages.values())
    if (page.isPublished)
      entries.push(entry((locale) => storefrontPath(store, 'page', page, locale), page.updatedAt));
  for (const article of store.articles.values())
    if (articleIsVisible(article))
      entries.push(
        entry(
          (locale) => storefrontPath(store, 'article', article, locale),
          article.updatedAt ?? undefined,
        ),
      );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}
