import {
  articleIsVisible,
  type Article,
  type Collection,
  type Page,
  type Product,
  type Translations,
} from './catalog-model.ts';
import type { SeededStore } from './seeded-store.ts';

/**
 * The theme-level defects the local storefront plants in every store: what no catalog field shows,
 * only the rendered page. Each lands on one seeded record, named by its position among the store's
 * published resources of its kind as the seed wrote them, and stays on that record whatever changes
 * later (a product the owner adds, another one unpublished): the same store always carries them on
 * the same pages, and nothing the owner makes inherits one. Tests and the audit's precision/recall
 * measurement read where they are from `plantedStorefrontFindings`.
 *
 * `shownOn` says which pages of the resource the audit should flag: the defect itself may sit on one
 * language's page while its consequence is seen from both (an hreflang link missing on the French
 * page leaves the English page's link without a return).
 */

export type StorefrontResourceKind = 'product' | 'collection' | 'page' | 'article';

export interface StorefrontDefect {
  /** The rendered check (client/locales/<language>/seo-checks.json) that should find it. */
  checkId: string;
  kind: StorefrontResourceKind;
  /**
   * 0 is the first published resource of its kind as seeded (articles: the first published with an
   * image).
   */
  position: number;
  shownOn: 'every-locale' | 'translated-locales';
}

export const storefrontDefects = {
  /**
   * The French page of a product lists itself and x-default but not the English version. Imitates a
   * translation app that writes its own hreflang tags and leaves out the primary language on
   * translated pages: the English page's link to French then has no return.
   */
  hreflangReturnMissing: { checkId: 'HL2', kind: 'product', position: 0, shownOn: 'every-locale' },
  /**
   * A product's JSON-LD offer says price 0. Imitates a theme that prints the price of a variant
   * before one is selected (or a "price on request" product set to 0).
   */
  productPriceZero: { checkId: 'S01', kind: 'product', position: 1, shownOn: 'every-locale' },
  /**
   * A product's JSON-LD offer has no priceCurrency. Imitates a hand-written JSON-LD snippet pasted
   * into the theme that drops the currency.
   */
  productCurrencyMissing: { checkId: 'S01', kind: 'product', position: 2, shownOn: 'every-locale' },
  /**
   * A product's offer carries a priceValidUntil long past. Imitates a review or sale app that wrote
   * the end date of a promotion into the markup and never removed it.
   */
  productPriceValidUntilPast: {
    checkId: 'S03',
    kind: 'product',
    position: 3,
    shownOn: 'every-locale',
  },
  /**
   * A product's JSON-LD has neither brand nor SKU. Imitates a theme whose hand-written Product
   * markup prints the name, images and offer, and leaves out the vendor and the variant's SKU.
   */
  productBrandAndSkuMissing: {
    checkId: 'S02',
    kind: 'product',
    position: 4,
    shownOn: 'every-locale',
  },
  /**
   * The French page of a collection gives the English page as its canonical. Imitates a theme edit
   * that builds the canonical from the primary domain and the handle, ignoring the locale.
   */
  collectionCanonicalToEnglish: {
    checkId: 'R05',
    kind: 'collection',
    position: 0,
    shownOn: 'translated-locales',
  },
  /**
   * A collection's hreflang links are relative paths. Imitates a snippet that writes the alternates
   * from `request.path` without the domain.
   */
  collectionHreflangRelative: {
    checkId: 'HL1',
    kind: 'collection',
    position: 1,
    shownOn: 'every-locale',
  },
  /**
   * A page carries `<meta name="robots" content="noindex">`. Imitates a template made for a page
   * under construction, left on the page once it went live.
   */
  pageNoindex: { checkId: 'R02', kind: 'page', position: 1, shownOn: 'every-locale' },
  /**
   * A page is disallowed in robots.txt. Imitates an owner's robots.txt.liquid edit meant for another
   * path that blocks a live page.
   */
  pageDisallowedByRobots: { checkId: 'R02', kind: 'page', position: 3, shownOn: 'every-locale' },
  /**
   * A page's canonical is a relative path. Imitates a theme that prints `{{ request.path }}` where
   * `{{ canonical_url }}` belongs.
   */
  pageCanonicalRelative: { checkId: 'R04', kind: 'page', position: 4, shownOn: 'every-locale' },
  /**
   * A page's title is rendered in an `<h2>`. Imitates a page template whose heading level was
   * changed for its look.
   */
  pageWithoutH1: { checkId: 'H02', kind: 'page', position: 5, shownOn: 'every-locale' },
  /**
   * A page's hreflang links have no x-default. Imitates a translation app's tags that list the
   * languages only.
   */
  pageWithoutXDefault: { checkId: 'HL3', kind: 'page', position: 6, shownOn: 'every-locale' },
  /**
   * An article's JSON-LD has no datePublished. Imitates a theme's hand-written BlogPosting markup
   * that prints only the modification date.
   */
  articleDatePublishedMissing: {
    checkId: 'S05',
    kind: 'article',
    position: 0,
    shownOn: 'every-locale',
  },
  /**
   * An article carries a BreadcrumbList whose first item, the home page, has no address. Imitates
   * a breadcrumbs snippet that prints the home crumb as plain text rather than a link.
   */
  articleBreadcrumbWithoutAddress: {
    checkId: 'S04',
    kind: 'article',
    position: 1,
    shownOn: 'every-locale',
  },
} as const satisfies Record<string, StorefrontDefect>;

export type StorefrontDefectName = keyof typeof storefrontDefects;

/**
 * The store-level defect of every seeded store's robots.txt (storefront-pages.ts): a rule whose
 * directive is misspelt, which crawlers ignore and R03 reports once for the store. Imitates an
 * owner's robots.txt.liquid edit meant to keep drafts out of search, typed in a hurry.
 */
export const robotsTxtMisspeltRule = {
  checkId: 'R03',
  line: 'Dissallow: /pages/draft-',
} as const;

/**
 * Redirects the storefront answers, as the owner's URL redirects (Online Store › Navigation › URL
 * redirects) do: one after a page's handle changed, and two that point to each other, as a bulk
 * import of redirects can leave.
 */
export const storefrontRedirects: Record<string, string> = {
  '/pages/old-about': '/pages/about-us',
  '/pages/loop-a': '/pages/loop-b',
  '/pages/loop-b': '/pages/loop-a',
};

type PublishedResource = Product | Collection | Page | Article;

/** The id of the seeded record at `position` of its kind as seeded, or undefined when it has fewer. */
function seededIdAt(
  store: SeededStore,
  kind: StorefrontResourceKind,
  position: number,
): number | undefined {
  if (kind === 'product') {
    let seen = 0;
    for (let index = 1; index <= store.seededProductCount; index++) {
      const product = store.seededProduct(index)!;
      if (product.status === 'ACTIVE' && seen++ === position) return product.id;
    }
    return undefined;
  }
  const seeded = store.asSeeded;
  const pool: PublishedResource[] =
    kind === 'collection'
      ? seeded.collections
      : kind === 'page'
        ? seeded.pages.filter((page) => page.isPublished)
        : seeded.articles.filter((article) => article.isPublished && article.image !== null);
  return pool[position]?.id;
}

const plantedIds = new WeakMap<SeededStore, Map<StorefrontDefectName, number>>();

/** The id of the record each defect lies on, found once per store (the seed does not change). */
function plantedIdsOf(store: SeededStore): Map<StorefrontDefectName, number> {
  let ids = plantedIds.get(store);
  if (ids === undefined) {
    ids = new Map();
    for (const [name, defect] of Object.entries(storefrontDefects) as Array<
      [StorefrontDefectName, StorefrontDefect]
    >) {
      const id = seededIdAt(store, defect.kind, defect.position);
      if (id !== undefined) ids.set(name, id);
    }
    plantedIds.set(store, ids);
  }
  return ids;
}

/** The record a defect lies on, as it is now; undefined when the store has none or it was deleted. */
export function plantedResource(
  store: SeededStore,
  name: StorefrontDefectName,
): PublishedResource | undefined {
  const id = plantedIdsOf(store).get(name);
  if (id === undefined) return undefined;
  switch (storefrontDefects[name].kind) {
    case 'product':
      return store.product(id);
    case 'collection':
      return store.collections.get(id);
    case 'page':
      return store.pages.get(id);
    case 'article':
      return store.articles.get(id);
  }
}

/** Whether a resource has a page on the storefront now. */
function isPublished(kind: StorefrontResourceKind, resource: PublishedResource): boolean {
  if (kind === 'product') return (resource as Product).status === 'ACTIVE';
  if (kind === 'collection') return true;
  if (kind === 'article') return articleIsVisible(resource as Article);
  return (resource as Page).isPublished;
}

/** The defects planted on one resource of the store. */
export function defectsOn(
  store: SeededStore,
  kind: StorefrontResourceKind,
  id: number,
): Set<StorefrontDefectName> {
  const names = new Set<StorefrontDefectName>();
  for (const [name, plantedId] of plantedIdsOf(store)) {
    if (storefrontDefects[name].kind === kind && plantedId === id) names.add(name);
  }
  return names;
}

/**
 * A resource's handle in `locale`: the handle translated for it (translationsRegister, key `handle`)
 * where there is one, its own handle otherwise, as Shopify builds a translated page's address.
 */
export function handleIn(
  resource: { handle: string; translations: Translations },
  locale?: string,
): string {
  return (
    (locale === undefined ? undefined : resource.translations[locale]?.handle?.value) ??
    resource.handle
  );
}

/**
 * The storefront path of a resource (without the locale prefix), in `locale` (the primary handles
 * when absent): an article's holds its blog's handle in that locale too.
 */
export function storefrontPath(
  store: SeededStore,
  kind: StorefrontResourceKind,
  resource: PublishedResource,
  locale?: string,
): string {
  if (kind === 'article') {
    const blog = store.blogs.get((resource as Article).blogId);
    return `/blogs/${blog === undefined ? 'news' : handleIn(blog, locale)}/${handleIn(resource, locale)}`;
  }
  return `/${kind === 'product' ? 'products' : kind === 'collection' ? 'collections' : 'pages'}/${handleIn(resource, locale)}`;
}

/** A resource's address on the storefront in `locale`, under its handles in that locale. */
export function storefrontUrlOf(
  store: SeededStore,
  kind: StorefrontResourceKind,
  resource: PublishedResource,
  locale: string,
): string {
  return store.storefrontUrl(storefrontPath(store, kind, resource, locale), locale);
}

/** A page the audit of the rendered storefront should flag, and why. */
export interface PlantedFinding {
  url: string;
  checkId: string;
  /** A theme-level defect of `storefrontDefects`, or a catalog defect the rendered page shows. */
  cause: StorefrontDefectName | 'article-without-image' | 'product-without-image';
}

/**
 * Every finding the rendered checks should make on the store's published pages: the planted
 * theme-level defects, and the catalog's own defects that only the rendered markup is checked for
 * (an article or a product without an image leaves its JSON-LD without one). Walks every product:
 * meant for tests and measurements, not for a request.
 */
export function plantedStorefrontFindings(store: SeededStore): PlantedFinding[] {
  const locales = store.shop.locales.filter((locale) => locale.published);
  const findings: PlantedFinding[] = [];
  const urlsOf = (
    kind: StorefrontResourceKind,
    resource: PublishedResource,
    shownOn: StorefrontDefect['shownOn'],
  ) =>
    locales
      .filter((locale) => shownOn === 'every-locale' || !locale.primary)
      .map((locale) => storefrontUrlOf(store, kind, resource, locale.locale));
  for (const [name, defect] of Object.entries(storefrontDefects) as Array<
    [StorefrontDefectName, StorefrontDefect]
  >) {
    const resource = plantedResource(store, name);
    if (resource === undefined || !isPublished(defect.kind, resource)) continue;
    for (const url of urlsOf(defect.kind, resource, defect.shownOn))
      findings.push({ url, checkId: defect.checkId, cause: name });
  }
  for (const article of store.articles.values()) {
    if (!articleIsVisible(article) || article.image !== null) continue;
    for (const url of urlsOf('article', article, 'every-locale'))
      findings.push({ url, checkId: 'S05', cause: 'article-without-image' });
  }
  for (const id of store.productIds()) {
    const product = store.product(id)!;
    if (product.status !== 'ACTIVE' || product.media.length > 0) continue;
    for (const url of urlsOf('product', product, 'every-locale'))
      findings.push({ url, checkId: 'S01', cause: 'product-without-image' });
  }
  return findings;
}
