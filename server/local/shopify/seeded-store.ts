import {
  contentDigest,
  countTranslations,
  gid,
  parseGid,
  shopifyHandle,
  type Article,
  type Blog,
  type Collection,
  type MediaImage,
  type Metafields,
  type Page,
  type Product,
  type ProductStatus,
  type ShopDetails,
  type Translation,
  type Translations,
} from './catalog-model.ts';

/**
 * A store's catalog, generated from its name by a seeded PRNG: the same name and size always give
 * the same store, byte for byte. Products are generated one at a time from their position, only when
 * asked for, and only the ones changed since (edited, created, deleted) are kept, so a store of
 * 100,000 products costs memory for what changed, not for what it holds.
 *
 * The texts are those of a small French-English home-goods shop, with the defects real stores have:
 * missing or duplicate meta descriptions, images without alt text, French fields left in English or
 * missing, translations outdated by a later edit, titles too long for a results page, thin descriptions.
 * A page and a collection are written in full, with nothing to fix. catalog-defects.ts lists what the
 * audit of the store's copy must find.
 */

export const defaultProductCount = 300;

/** The seeded dates end here, so that every edit made while running is later than all of them. */
const seededUntil = Date.parse('2026-11-01T00:00:00Z');
const seededFrom = Date.parse('2024-01-08T09:00:00Z');

const productIdBase = 8_100_000_000_000;
const mediaIdBase = 30_100_000_000_000;
const collectionIdBase = 410_000_000_000;
const pageIdBase = 110_000_000_000;
const blogIdBase = 95_000_000_000;
const articleIdBase = 560_000_000_000;
const articleImageIdBase = 37_000_000_000;
const metafieldIdBase = 25_000_000_000_000;
/** A product has at most this many images; their ids are `mediaIdBase + index * this + k`. */
const mediaSlots = 10;
/** How many images the local Shopify keeps per product (Shopify's own limit is higher). */
export const productMediaLimit = mediaSlots;

/**
 * Where local mode's local Shopify listens unless told otherwise: the server a store made on its own
 * (a test's, a benchmark's) names its images at.
 */
export const defaultServerUrl = 'http://127.0.0.1:3100';

/**
 * The folders of a shop's files on Shopify's CDN, under the shop's own domain
 * (`/cdn/shop/<folder>/<file>`): products' images, collections' and articles'.
 */
export const imageFolders = ['files', 'collections', 'articles'] as const;
export type ImageFolder = (typeof imageFolders)[number];

/** One of a store's images as the local Shopify draws it: its size, and the shade it is drawn in. */
export interface StoreImage {
  width: number;
  height: number;
  colour: string;
}

/** mulberry32: small, fast, and good enough to scatter defects. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof prng>;

function hashText(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** One PRNG per (store, kind, position): any product can be generated without its predecessors. */
const randomFor = (storeSeed: number, kind: string, position: number) =>
  prng(hashText(`${storeSeed}:${kind}:${position}`));

const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

// English and French side by side: [en, fr].
const items = [
  ['Tea Towel', 'Torchon'],
  ['Scented Candle', 'Bougie parfumée'],
  ['Bud Vase', 'Soliflore'],
  ['Throw Blanket', 'Plaid'],
  ['Cushion Cover', 'Housse de coussin'],
  ['Serving Bowl', 'Saladier'],
  ['Mug', 'Tasse'],
  ['Table Runner', 'Chemin de table'],
  ['Apron', 'Tablier'],
  ['Napkin Set', 'Lot de serviettes'],
  ['Carafe', 'Carafe'],
  ['Dinner Plate', 'Assiette plate'],
  ['Storage Basket', 'Panier de rangement'],
  ['Hand Soap', 'Savon pour les mains'],
  ['Reed Diffuser', 'Diffuseur à bâtons'],
] as const;
const materials = [
  ['Linen', 'en lin'],
  ['Stoneware', 'en grès'],
  ['Organic Cotton', 'en coton bio'],
  ['Recycled Glass', 'en verre recyclé'],
  ['Oak', 'en chêne'],
  ['Merino Wool', 'en laine mérinos'],
  ['Ceramic', 'en céramique'],
  ['Rattan', 'en rotin'],
] as const;
// [en, fr, the shade the local Shopify's images of the colour are drawn in]
const colours = [
  ['Sage', 'sauge', '#9caf88'],
  ['Terracotta', 'terre cuite', '#c4663f'],
  ['Ivory', 'ivoire', '#f2ecd9'],
  ['Charcoal', 'anthracite', '#3c4043'],
  ['Ochre', 'ocre', '#cc8e2e'],
  ['Indigo', 'indigo', '#3f4a8a'],
  ['Dusty Rose', 'rose poudré', '#d4a5a5'],
] as const;
const vendors = ['Maison Exemple', 'Atelier Lune', 'Grès & Co', 'Filature du Nord'] as const;
const productTypes = [
  ['Kitchen Linen', 'Linge de cuisine'],
  ['Home Fragrance', 'Parfum d’intérieur'],
  ['Tableware', 'Art de la table'],
  ['Textiles', 'Textiles'],
  ['Storage', 'Rangement'],
] as const;
const collectionNames = [
  ['Kitchen', 'Cuisine'],
  ['Table', 'Art de la table'],
  ['Bedroom', 'Chambre'],
  ['Living Room', 'Salon'],
  ['Bathroom', 'Salle de bain'],
  ['Gift Ideas', 'Idées cadeaux'],
  ['New Arrivals', 'Nouveautés'],
  ['Sale', 'Soldes'],
  ['The Linen Edit', 'L’édition lin'],
  ['Candles & Scents', 'Bougies et parfums'],
  ['Ceramics', 'Céramiques'],
  ['Garden & Terrace', 'Jardin et terrasse'],
] as const;
const pageSeeds: ReadonlyArray<
  readonly [string, string, string, string, { en: boolean; fr: boolean }?]
> = [
  [
    'About Us',
    'À propos',
    'We are a small family workshop making everyday objects for the home since 2012.',
    'Petit atelier familial, nous fabriquons des objets du quotidien pour la maison depuis 2012.',
    // Reads hard (C02, C03): few words, long ones.
    { en: true, fr: true },
  ],
  [
    'Contact',
    'Contact',
    'Write to us at hello@maison-exemple.example; we answer within two working days.',
    'Écrivez-nous à hello@maison-exemple.example ; nous répondons sous deux jours ouvrés.',
    // Reads hard (C02, C03): few words, long ones.
    { en: true, fr: true },
  ],
  [
    'Shipping & Returns',
    'Livraison et retours',
    'Orders leave our workshop within three days. Returns are free for thirty days.',
    'Les commandes quittent l’atelier sous trois jours. Les retours sont gratuits pendant trente jours.',
  ],
  [
    'FAQ',
    'Questions fréquentes',
    'Answers to the questions we are asked most about materials, care and delivery.',
    'Les réponses aux questions les plus fréquentes sur les matières, l’entretien et la livraison.',
    // Reads hard in English (C02): few words, long ones.
    { en: true, fr: false },
  ],
  [
    'Care Guide',
    'Guide d’entretien',
    'Wash linen at 40 °C, dry flat, iron while damp. Stoneware is dishwasher safe.',
    'Lavez le lin à 40 °C, séchez à plat, repassez humide. Le grès passe au lave-vaisselle.',
  ],
  [
    'Our Workshops',
    'Nos ateliers',
    'Meet the makers in Lille, Porto and Limoges who make our collections.',
    'Rencontrez les artisans de Lille, Porto et Limoges qui fabriquent nos collections.',
  ],
  [
    'Stockists',
    'Points de vente',
    'Find our pieces in independent shops across Europe and Canada.',
    'Retrouvez nos pièces chez des boutiques indépendantes en Europe et au Canada.',
  ],
  [
    'Legal Notice',
    'Mentions légales',
    'Maison Exemple SAS, 12 rue de l’Exemple, 59000 Lille, France.',
    'Maison Exemple SAS, 12 rue de l’Exemple, 59000 Lille, France.',
  ],
];
/**
 * A link to a product the shop no longer sells, whose handle no product of the seed has: the
 * stockists page carries it in both languages, a link to a missing page (L04) in each.
 */
const retiredProductLink = {
  pageTitle: 'Stockists',
  en: ' <a href="/products/gift-box-2023">Our 2023 gift box</a> is still in some of their windows.',
  fr: ' <a href="/fr/products/coffret-cadeau-2023">Notre coffret cadeau 2023</a> est encore dans certaines vitrines.',
} as const;
/**
 * The care guide, written in full in both languages: long enough for a page, easy to read, linked to
 * the linen collection, French typography kept. The store's one page with nothing to fix.
 */
const careGuide = {
  title: 'Care Guide',
  en:
    '<p>Good things last when you treat them well. This guide tells you how we care for the pieces we make. It is short, and it covers linen, stoneware, wool, wood, glass and candles.</p>' +
    '<h2>Linen</h2><p>Wash linen at 40 °C with a mild soap. Do not use bleach. Shake each piece when it comes out of the machine. Dry it flat or on a line, away from strong sun. Iron it while it is still a little damp, or leave it soft and crumpled. Linen gets softer with every wash. You will find <a href="/collections/the-linen-edit">our linen tea towels and throws</a> in one place.</p>' +
    '<h2>Stoneware and ceramics</h2><p>Our plates, bowls and mugs can go in the dishwasher. Washing by hand keeps the glaze bright for longer. Avoid sudden changes of heat, such as a cold plate in a hot oven. Small marks on the base are normal. They come from the kiln and do not change how a piece works.</p>' +
    '<h2>Wool</h2><p>Air your wool throws often. Wool cleans itself in fresh air better than you might think. When it needs a wash, use cold water and a wool soap. Press the water out gently, and never wring it. Dry it flat on a towel.</p>' +
    '<h2>Wood and rattan</h2><p>Wipe oak and rattan with a damp cloth, then dry them at once. Once or twice a year, rub oak with a little food safe oil. Keep baskets out of wet rooms so they do not lose their shape.</p>' +
    '<h2>Glass</h2><p>Recycled glass has small bubbles and a soft green tint. Wash it by hand in warm water. A drop of vinegar gives it back its shine.</p>' +
    '<h2>Candles</h2><p>Burn a new candle for two hours the first time, so the wax melts evenly to the edge. Trim the wick to half a centimetre before you light it again. Never leave a lit candle alone.</p>' +
    '<p>If a piece needs help, write to us. We are happy to tell you how to mend it, and we repair what we can.</p>',
  fr:
    '<p>Les belles choses durent quand on en prend soin. Ce guide explique comment nous entretenons les pièces que nous fabriquons. Il est court. Il parle du lin, du grès, de la laine, du bois, du verre et des bougies.</p>' +
    '<h2>Le lin</h2><p>Lavez le lin à 40 °C avec un savon doux. N’utilisez pas d’eau de Javel. Secouez chaque pièce à la sortie de la machine. Faites-la sécher à plat ou sur un fil, loin du plein soleil. Repassez-la encore un peu humide, ou laissez-la souple et froissée. Le lin devient plus doux à chaque lavage. Vous trouverez <a href="/fr/collections/the-linen-edit">nos torchons et nos plaids en lin</a> au même endroit.</p>' +
    '<h2>Le grès et la céramique</h2><p>Nos assiettes, nos bols et nos tasses passent au lave-vaisselle. Un lavage à la main garde l’émail brillant plus longtemps. Évitez les chocs de chaleur, comme une assiette froide dans un four chaud. Les petites marques sous la base sont normales. Elles viennent du four et ne changent rien à l’usage.</p>' +
    '<h2>La laine</h2><p>Aérez souvent vos plaids en laine. La laine se nettoie au grand air mieux qu’on ne le croit. Quand elle a besoin d’un lavage, prenez de l’eau froide et un savon pour la laine. Pressez l’eau sans tordre. Faites sécher à plat sur une serviette.</p>' +
    '<h2>Le bois et le rotin</h2><p>Essuyez le chêne et le rotin avec un chiffon humide, puis séchez tout de suite. Une ou deux fois par an, passez un peu d’huile alimentaire sur le chêne. Gardez les paniers loin des pièces humides pour qu’ils ne perdent pas leur forme.</p>' +
    '<h2>Le verre</h2><p>Le verre recyclé a de petites bulles et une douce teinte verte. Lavez-le à la main à l’eau tiède. Une goutte de vinaigre lui rend son éclat.</p>' +
    '<h2>Les bougies</h2><p>La première fois, laissez brûler une bougie neuve deux heures, pour que la cire fonde jusqu’au bord. Coupez la mèche à un demi-centimètre avant de la rallumer. Ne laissez jamais une bougie allumée sans surveillance.</p>' +
    '<p>Si une pièce a besoin d’aide, écrivez-nous. Nous vous dirons volontiers comment la réparer, et nous réparons ce que nous pouvons.</p>',
} as const;
/**
 * The linen collection, written in full in both languages (a body, a search description of a
 * results page's length, all translated) and without an image: nothing to fix.
 */
const linenEdit = {
  title: 'The Linen Edit',
  en: '<p>Everything we make in linen, in one place. Tea towels, table runners, napkins and aprons, woven in the north of France and washed for a soft hand. Linen dries fast and gets better with age.</p>',
  fr: '<p>Tout ce que nous faisons en lin, au même endroit. Torchons, chemins de table, serviettes et tabliers, tissés dans le nord de la France et lavés pour un toucher souple. Le lin sèche vite et s’embellit avec le temps.</p>',
  descriptionEn: (shop: string) =>
    `Linen tea towels, table runners, napkins and aprons from ${shop}, woven in northern France and washed soft. Free returns for thirty days.`,
  descriptionFr: (shop: string) =>
    `Torchons, chemins de table, serviettes et tabliers en lin de ${shop}, tissés dans le nord de la France et lavés pour être doux. Retours gratuits.`,
} as const;
const articleTopics = [
  ['How to Care for Linen', 'Comment entretenir le lin'],
  ['Setting a Summer Table', 'Dresser une table d’été'],
  ['Five Scents for Autumn', 'Cinq parfums pour l’automne'],
  ['Inside Our Stoneware Workshop', 'Dans notre atelier de grès'],
  ['Why We Choose Organic Cotton', 'Pourquoi nous choisissons le coton bio'],
  ['A Guide to Layering Textiles', 'Guide pour superposer les textiles'],
  ['Gift Ideas Under 40 Euros', 'Idées cadeaux à moins de 40 euros'],
  ['Decluttering with Baskets', 'Désencombrer avec des paniers'],
  ['The Story of Our Candles', 'L’histoire de nos bougies'],
  ['Hosting a Slow Sunday Brunch', 'Recevoir pour un brunch du dimanche'],
] as const;
/**
 * An image's shade: the colour its product's name carries (a seeded product's file is named after
 * its handle, which holds its colour), or else one of the same palette chosen by its name.
 */
function imageColour(file: string): string {
  const named = colours.find(([english]) => file.includes(`-${shopifyHandle(english)}-`));
  return (named ?? colours[hashText(file) % colours.length]!)[2];
}

const duplicateMetaDescription = [
  'Discover beautiful home goods at Maison Exemple. Free shipping on orders over 60 euros.',
  'Découvrez de beaux objets pour la maison chez Maison Exemple. Livraison offerte dès 60 euros.',
] as const;
const longTitleTail = ' | Handmade Quality for Every Room, the Perfect Gift for Any Season';

export interface StoreSummary {
  products: number;
  collections: number;
  pages: number;
  blogs: number;
  articles: number;
  media: number;
  translations: number;
}

/** A change to a product through `_local` (and later the Admin API); absent fields stay. */
export interface ProductChanges {
  title?: string;
  handle?: string;
  descriptionHtml?: string;
  seo?: { title?: string | null; description?: string | null };
  status?: ProductStatus;
  productType?: string;
  vendor?: string;
  tags?: string[];
  media?: Array<{ id: string | number; alt: string }>;
}

export interface PageChanges {
  title?: string;
  handle?: string;
  body?: string;
  isPublished?: boolean;
  seo?: { title?: string | null; description?: string | null };
}

/** A change to an article through `_local`, as its owner makes it in Shopify's admin. */
export interface ArticleChanges {
  title?: string;
  body?: string;
  summary?: string | null;
  seo?: { title?: string | null; description?: string | null };
  /** The alt text of the article's image ('' or null: none); ignored when it has no image. */
  image?: { altText: string | null };
}

/** The type Shopify gives the `global.title_tag` and `global.description_tag` metafields. */
export const seoMetafieldType = 'single_line_text_field';

export class SeededStore {
  readonly name: string;
  readonly domain: string;
  readonly shop: ShopDetails;
  readonly seededProductCount: number;
  private readonly seed: number;
  /** The local Shopify serving the store: its images are served there (imageUrl). */
  private readonly serverUrl: string;
  private readonly editedProducts = new Map<number, Product>();
  private readonly deletedProducts = new Set<number>();
  private readonly createdProductIds: number[] = [];
  private nextProductIndex: number;
  private lastEditTime = 0;
  readonly collections = new Map<number, Collection>();
  readonly pages = new Map<number, Page>();
  readonly blogs = new Map<number, Blog>();
  readonly articles = new Map<number, Article>();
  private nextBlogId = 0;
  private nextArticleId = 0;
  private nextArticleImageId = 0;
  /**
   * The store's URL redirects (Shopify's Online Store > Navigation > URL redirects), path → path,
   * both without a locale prefix: what an article's `redirectNewHandle` leaves behind. Shopify
   * follows one only where nothing else answers.
   */
  readonly urlRedirects = new Map<string, string>();
  /**
   * The pages the seed writes in full, in both languages, with nothing for the audit to find
   * (catalog-defects.ts lists them as clean): by gid.
   */
  readonly writtenInFull = new Set<string>();
  /** The seeded pages whose fixed text reads hard, by gid: in English, and in French once translated. */
  readonly hardToRead = new Map<string, { en: boolean; fr: boolean }>();
  /** The seeded pages whose body links to a page the store does not have, in both languages, by gid. */
  readonly linksToMissingPages = new Set<string>();

  constructor(name: string, productCount = defaultProductCount, serverUrl = defaultServerUrl) {
    this.name = name;
    this.domain = `${name}.myshopify.com`;
    this.serverUrl = serverUrl;
    this.seed = hashText(name);
    this.seededProductCount = productCount;
    this.nextProductIndex = productCount + 1;
    const displayName = name
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
    this.shop = {
      id: 60_000_000_000 + (this.seed % 1_000_000),
      name: displayName,
      myshopifyDomain: this.domain,
      primaryDomainHost: `www.${name}.example`,
      currencyCode: 'EUR',
      ianaTimezone: 'Europe/Paris',
      contactEmail: `hello@${name}.example`,
      locales: [
        { locale: 'en', name: 'English', primary: true, published: true },
        { locale: 'fr', name: 'French', primary: false, published: true },
      ],
    };
    this.seedCollections();
    this.seedPages();
    this.seedBlogs();
    // Shopify never gives a deleted record's id to another one.
    this.nextBlogId = Math.max(blogIdBase, ...this.blogs.keys()) + 1;
    this.nextArticleId = Math.max(articleIdBase, ...this.articles.keys()) + 1;
    this.nextArticleImageId =
      Math.max(
        articleImageIdBase,
        ...[...this.articles.values()].map((article) => article.image?.id ?? 0),
      ) + 1;
    this.asSeeded = structuredClone({
      collections: [...this.collections.values()],
      pages: [...this.pages.values()],
      articles: [...this.articles.values()],
    });
  }

  /**
   * The collections, pages and articles as the seed wrote them, in order, before any change made
   * while running: what stays put whatever the owner changes (the storefront's planted defects are
   * attached to these records, storefront-defects.ts).
   */
  readonly asSeeded: { collections: Collection[]; pages: Page[]; articles: Article[] };

  /** A seeded product as the seed wrote it, its changes since left out (position from 1). */
  seededProduct(position: number): Product | undefined {
    return position >= 1 && position <= this.seededProductCount
      ? this.generateProduct(position)
      : undefined;
  }

  /** The published locales other than the primary one: those translations are counted for. */
  translatedLocales(): string[] {
    return this.shop.locales
      .filter((locale) => locale.published && !locale.primary)
      .map((locale) => locale.locale);
  }

  storefrontUrl(path: string, locale?: string): string {
    const prefix = locale === undefined || locale === 'en' ? '' : `/${locale}`;
    return `https://${this.shop.primaryDomainHost}${prefix}${path}`;
  }

  /**
   * Where the local Shopify serves one of the store's images: under the store's path, at the place
   * Shopify's CDN serves a shop's files under the shop's domain. An address of the local Shopify, so
   * that the images load without the internet.
   */
  imageUrl(folder: ImageFolder, file: string): string {
    return `${this.serverUrl}/${this.domain}/cdn/shop/${folder}/${file}`;
  }

  /**
   * The image the store holds at one of its CDN addresses, or undefined. A product's file name ends
   * with the product's position and the image's number, so the product is found without walking the
   * store; collections and articles are few.
   */
  imageAt(folder: ImageFolder, file: string): StoreImage | undefined {
    const url = this.imageUrl(folder, file);
    let image: { width: number; height: number } | undefined;
    if (folder === 'files') {
      const position = /-(\d+)-\d+\.svg$/.exec(file)?.[1];
      image =
        position === undefined
          ? undefined
          : this.product(productIdBase + Number(position))?.media.find(
              (media) => media.url === url,
            );
    } else {
      const resources: Iterable<Collection | Article> =
        folder === 'collections' ? this.collections.values() : this.articles.values();
      for (const resource of resources) {
        if (resource.image?.url === url) image = resource.image;
      }
    }
    return image === undefined
      ? undefined
      : { width: image.width, height: image.height, colour: imageColour(file) };
  }

  // Products -------------------------------------------------------------------------------------

  /** Product ids in ascending order, from the first above `afterId` (all when absent). */
  *productIds(afterId?: number): Generator<number> {
    const firstIndex =
      afterId === undefined ? 1 : Math.max(1, Math.floor(afterId - productIdBase) + 1);
    for (let index = firstIndex; index <= this.seededProductCount; index++) {
      const id = productIdBase + index;
      if (!this.deletedProducts.has(id)) yield id;
    }
    for (const id of this.createdProductIds) {
      if ((afterId === undefined || id > afterId) && !this.deletedProducts.has(id)) yield id;
    }
  }

  productCount(): number {
    let deletedSeeded = 0;
    for (const id of this.deletedProducts)
      if (id - productIdBase <= this.seededProductCount) deletedSeeded++;
    const liveCreated = this.createdProductIds.filter((id) => !this.deletedProducts.has(id)).length;
    return this.seededProductCount - deletedSeeded + liveCreated;
  }

  product(id: number): Product | undefined {
    if (this.deletedProducts.has(id)) return undefined;
    const edited = this.editedProducts.get(id);
    if (edited !== undefined) return edited;
    const index = id - productIdBase;
    if (!Number.isInteger(index) || index < 1 || index > this.seededProductCount) return undefined;
    return this.generateProduct(index);
  }

  /**
   * The product a storefront address names, in `locale` when given. A seeded handle ends with the product's position, so
   * the lookup starts there and falls back to the products changed since (a new handle, a product
   * created): a store of 100,000 products is never walked through.
   */
  productByHandle(handle: string, locale?: string): Product | undefined {
    // A handle translated for `locale` first: a product changed since it was seeded (its seeded
    // French handle ends with its position, like its English one, and is found below).
    if (locale !== undefined) {
      for (const product of this.editedProducts.values()) {
        if (product.translations[locale]?.handle?.value === handle) return product;
      }
    }
    const position = /-(\d+)$/.exec(handle)?.[1];
    if (position !== undefined) {
      const hinted = this.product(productIdBase + Number(position));
      if (hinted?.handle === handle) return hinted;
      if (locale !== undefined && hinted?.translations[locale]?.handle?.value === handle)
        return hinted;
    }
    for (const product of this.editedProducts.values()) {
      if (product.handle === handle && !this.deletedProducts.has(product.id)) return product;
    }
    return undefined;
  }

  /**
   * Whether a resource other than the one `resourceGid` names already answers at `handle` in
   * `locale` (under its handle translated there, or its own), among those of the same kind (an
   * article: of the same blog): Shopify refuses such a handle translation.
   */
  handleInUse(resourceGid: string, locale: string, handle: string): boolean {
    const parsed = parseGid(resourceGid);
    if (parsed === undefined) return false;
    const answersAt = (resource: { handle: string; translations: Translations }) =>
      resource.handle === handle || resource.translations[locale]?.handle?.value === handle;
    const others = (
      resources: Iterable<{ id: number; handle: string; translations: Translations }>,
    ) => [...resources].some((resource) => resource.id !== parsed.id && answersAt(resource));
    switch (parsed.kind) {
      case 'Product': {
        const found = [this.productByHandle(handle, locale), this.productByHandle(handle)];
        return found.some((product) => product !== undefined && product.id !== parsed.id);
      }
      case 'Collection':
        return others(this.collections.values());
      case 'Page':
        return others(this.pages.values());
      case 'Blog':
        return others(this.blogs.values());
      case 'Article': {
        const blogId = this.articles.get(parsed.id)?.blogId;
        return others([...this.articles.values()].filter((article) => article.blogId === blogId));
      }
      default:
        return false;
    }
  }

  /** The product an image belongs to (media ids are derived from their product's position). */
  productIdOfMedia(mediaId: number): number | undefined {
    const index = Math.floor((mediaId - mediaIdBase) / mediaSlots);
    const id = productIdBase + index;
    return this.product(id)?.media.some((media) => media.id === mediaId) ? id : undefined;
  }

  /**
   * The ids of the products' images, product after product, from the first above `afterId` (all when
   * absent). An image's id names its product's position, so a page of a bulk operation's images starts
   * at the product of its cursor instead of generating every product before it.
   */
  *mediaIds(afterId?: number): Generator<number> {
    const fromProduct =
      afterId === undefined
        ? undefined
        : productIdBase + Math.floor((afterId - mediaIdBase) / mediaSlots) - 1;
    for (const productId of this.productIds(fromProduct)) {
      for (const media of this.product(productId)!.media) {
        if (afterId === undefined || media.id > afterId) yield media.id;
      }
    }
  }

  /**
   * Adds an image to a product (one kept from now on, `editableProduct`), in the first free one of its
   * image slots: an image's id tells which product it belongs to (productIdOfMedia). Undefined when
   * the product has no slot left (`productMediaLimit`).
   */
  addProductMedia(product: Product, image: { url: string; alt: string }): MediaImage | undefined {
    const index = product.id - productIdBase;
    for (let slot = 0; slot < mediaSlots; slot++) {
      const id = mediaIdBase + index * mediaSlots + slot;
      if (product.media.some((media) => media.id === id)) continue;
      const media: MediaImage = {
        id,
        alt: image.alt,
        url: image.url,
        width: 2048,
        height: 2048,
        translations: {},
      };
      product.media.push(media);
      return media;
    }
    return undefined;
  }

  /** A product's last change, without generating its texts (the filters of big stores use it). */
  productUpdatedAt(id: number): string | undefined {
    if (this.deletedProducts.has(id)) return undefined;
    const edited = this.editedProducts.get(id);
    if (edited !== undefined) return edited.updatedAt;
    const index = id - productIdBase;
    if (index < 1 || index > this.seededProductCount) return undefined;
    return iso(this.productTimes(index).updatedAt);
  }

  updateProduct(id: number, changes: ProductChanges): Product | undefined {
    const current = this.product(id);
    if (current === undefined) return undefined;
    const product: Product = structuredClone(current);
    if (changes.title !== undefined) product.title = changes.title;
    if (changes.handle !== undefined && shopifyHandle(changes.handle) !== '')
      product.handle = shopifyHandle(changes.handle);
    if (changes.descriptionHtml !== undefined) product.descriptionHtml = changes.descriptionHtml;
    if (changes.seo?.title !== undefined) product.seo.title = changes.seo.title;
    if (changes.seo?.description !== undefined) product.seo.description = changes.seo.description;
    if (changes.status !== undefined) product.status = changes.status;
    if (changes.productType !== undefined) product.productType = changes.productType;
    if (changes.vendor !== undefined) product.vendor = changes.vendor;
    if (changes.tags !== undefined) product.tags = changes.tags;
    for (const change of changes.media ?? []) {
      const media = product.media.find(
        (item) =>
          String(item.id) === String(change.id).replace(/^gid:\/\/shopify\/MediaImage\//, ''),
      );
      if (media !== undefined) media.alt = change.alt;
    }
    product.updatedAt = this.editTime();
    this.editedProducts.set(id, product);
    return product;
  }

  createProduct(fields: ProductChanges & { title: string }): Product {
    const index = this.nextProductIndex++;
    const id = productIdBase + index;
    const now = this.editTime();
    const product: Product = {
      id,
      title: fields.title,
      handle: shopifyHandle(fields.handle ?? '') || `${shopifyHandle(fields.title)}-${index}`,
      descriptionHtml: fields.descriptionHtml ?? '',
      seo: { title: fields.seo?.title ?? null, description: fields.seo?.description ?? null },
      status: fields.status ?? 'ACTIVE',
      productType: fields.productType ?? '',
      vendor: fields.vendor ?? this.shop.name,
      tags: fields.tags ?? [],
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
      media: [],
      metafields: {},
      translations: {},
    };
    // As an owner adds a product with its photo: one image, its alt text not written yet.
    this.addProductMedia(product, {
      url: this.imageUrl('files', `${shopifyHandle(fields.title) || 'product'}-${index}-1.svg`),
      alt: '',
    });
    this.createdProductIds.push(id);
    this.editedProducts.set(id, product);
    return product;
  }

  deleteProduct(id: number): boolean {
    if (this.product(id) === undefined) return false;
    this.deletedProducts.add(id);
    this.editedProducts.delete(id);
    for (const collection of this.collections.values()) {
      collection.productIds = collection.productIds.filter((productId) => productId !== id);
    }
    return true;
  }

  createCollection(fields: {
    title: string;
    descriptionHtml?: string;
    productIds?: number[];
  }): Collection {
    const id = Math.max(collectionIdBase, ...this.collections.keys()) + 1;
    const collection: Collection = {
      id,
      title: fields.title,
      handle: `${shopifyHandle(fields.title)}-${id - collectionIdBase}`,
      descriptionHtml: fields.descriptionHtml ?? '',
      seo: { title: null, description: null },
      image: null,
      productIds: (fields.productIds ?? []).filter(
        (productId) => this.product(productId) !== undefined,
      ),
      updatedAt: this.editTime(),
      metafields: {},
      translations: {},
    };
    this.collections.set(id, collection);
    return collection;
  }

  /** Adds a locale or changes whether it is published; `created` tells which. */
  setLocale(locale: string, name: string, published: boolean): { created: boolean } {
    const existing = this.shop.locales.find((item) => item.locale === locale);
    if (existing !== undefined) {
      existing.published = published;
      return { created: false };
    }
    this.shop.locales.push({ locale, name, primary: false, published });
    return { created: true };
  }

  updatePage(id: number, changes: PageChanges): Page | undefined {
    const page = this.pages.get(id);
    if (page === undefined) return undefined;
    if (changes.title !== undefined) page.title = changes.title;
    if (changes.handle !== undefined && shopifyHandle(changes.handle) !== '')
      page.handle = shopifyHandle(changes.handle);
    if (changes.body !== undefined) page.body = changes.body;
    if (changes.isPublished !== undefined) {
      page.isPublished = changes.isPublished;
      page.publishedAt = changes.isPublished ? (page.publishedAt ?? this.editTime()) : null;
    }
    const seo = changes.seo;
    if (seo?.title !== undefined) this.setMetafield(page.metafields, 'global.title_tag', seo.title);
    if (seo?.description !== undefined) {
      this.setMetafield(page.metafields, 'global.description_tag', seo.description);
    }
    page.updatedAt = this.editTime();
    return page;
  }

  updateArticle(id: number, changes: ArticleChanges): Article | undefined {
    const article = this.articles.get(id);
    if (article === undefined) return undefined;
    if (changes.title !== undefined) article.title = changes.title;
    if (changes.body !== undefined) article.body = changes.body;
    if (changes.summary !== undefined) article.summary = changes.summary;
    if (changes.image !== undefined && article.image !== null) {
      article.image.altText = changes.image.altText || null;
    }
    const seo = changes.seo;
    if (seo?.title !== undefined) {
      this.setMetafield(article.metafields, 'global.title_tag', seo.title);
    }
    if (seo?.description !== undefined) {
      this.setMetafield(article.metafields, 'global.description_tag', seo.description);
    }
    article.updatedAt = this.editTime();
    return article;
  }

  /** `now`: an `editTime()` the caller took for the whole change. */
  createBlog(now: string, fields: { title: string; handle: string }): Blog {
    const blog: Blog = {
      id: this.nextBlogId++,
      title: fields.title,
      handle: fields.handle,
      tags: [],
      createdAt: now,
      updatedAt: now,
      metafields: {},
      translations: {},
    };
    this.blogs.set(blog.id, blog);
    return blog;
  }

  /** `now`: an `editTime()` the caller took for the whole change (its publication's time too). */
  createArticle(
    now: string,
    fields: Omit<Article, 'id' | 'createdAt' | 'updatedAt' | 'metafields' | 'translations'>,
  ): Article {
    const article: Article = {
      ...fields,
      id: this.nextArticleId++,
      createdAt: now,
      updatedAt: now,
      metafields: {},
      translations: {},
    };
    this.articles.set(article.id, article);
    return article;
  }

  deleteArticle(id: number): boolean {
    return this.articles.delete(id);
  }

  /** The id of a new article image's translatable resource (ArticleImage in catalog-model.ts). */
  newArticleImageId(): number {
    return this.nextArticleImageId++;
  }

  /** The article whose featured image has this id; the articles are few. */
  articleOfImage(imageId: number): Article | undefined {
    for (const article of this.articles.values()) {
      if (article.image?.id === imageId) return article;
    }
    return undefined;
  }

  /**
   * Writes one translation against the current source text (as translationsRegister does); a
   * handle is kept as Shopify makes it (shopifyHandle).
   */
  setTranslation(
    translations: Translations,
    locale: string,
    key: string,
    value: string,
    source: string,
  ) {
    translations[locale] ??= {};
    translations[locale][key] = {
      value: key === 'handle' ? shopifyHandle(value) : value,
      sourceDigest: contentDigest(source),
      updatedAt: this.editTime(),
    };
  }

  /**
   * The translations of a product, editable: a seeded product is kept from then on, so the change
   * survives. Returns undefined when there is no such product.
   */
  editableProduct(id: number): Product | undefined {
    const product = this.product(id);
    if (product === undefined) return undefined;
    if (!this.editedProducts.has(id)) this.editedProducts.set(id, product);
    return product;
  }

  /** Strictly increasing timestamps, so that two quick edits never share an `updated_at`. */
  editTime(): string {
    this.lastEditTime = Math.max(Date.now(), this.lastEditTime + 1);
    return new Date(this.lastEditTime).toISOString();
  }

  summary(): StoreSummary {
    const locales = this.translatedLocales();
    let media = 0;
    let translations = 0;
    for (const id of this.productIds()) {
      const product = this.product(id)!;
      media += product.media.length;
      translations += countTranslations(product.translations, locales);
      for (const image of product.media)
        translations += countTranslations(image.translations, locales);
    }
    for (const resources of [this.collections, this.pages, this.blogs, this.articles]) {
      for (const resource of resources.values()) {
        translations += countTranslations(resource.translations, locales);
      }
    }
    for (const article of this.articles.values()) {
      if (article.image !== null)
        translations += countTranslations(article.image.translations, locales);
    }
    return {
      products: this.productCount(),
      collections: this.collections.size,
      pages: this.pages.size,
      blogs: this.blogs.size,
      articles: this.articles.size,
      media,
      translations,
    };
  }

  // Generation -----------------------------------------------------------------------------------

  private productTimes(index: number) {
    const random = randomFor(this.seed, 'product-times', index);
    const span = seededUntil - seededFrom;
    const createdAt = seededFrom + Math.floor((span * 0.6 * index) / (this.seededProductCount + 1));
    const updatedAt = createdAt + Math.floor(random.next() * (seededUntil - createdAt));
    return { createdAt, updatedAt };
  }

  private generateProduct(index: number): Product {
    const random = randomFor(this.seed, 'product', index);
    const id = productIdBase + index;
    const item = random.pick(items);
    const material = random.pick(materials);
    const colour = random.pick(colours);
    const type = random.pick(productTypes);
    const longTitle = random.chance(0.06);
    const titleEn = `${material[0]} ${item[0]} – ${colour[0]}${longTitle ? longTitleTail : ''}`;
    const titleFr = `${item[1]} ${material[1]} – ${colour[1]}`;
    const thin = random.chance(0.1);
    const bodyEn = thin
      ? `<p>${item[0]}.</p>`
      : `<p>Our ${material[0].toLowerCase()} ${item[0].toLowerCase()} in ${colour[0].toLowerCase()} is made in small batches by the workshops we have worked with for years.</p>` +
        `<p>Each piece is checked by hand before it leaves, so small variations in colour are part of its charm.</p>`;
    const bodyFr = thin
      ? `<p>${item[1]}.</p>`
      : `<p>Notre ${item[1].toLowerCase()} ${material[1]}, coloris ${colour[1]}, est fabriqué en petites séries par des ateliers avec qui nous travaillons depuis des années.</p>` +
        `<p>Chaque pièce est vérifiée à la main avant de partir : de légères variations de couleur font partie de son charme.</p>`;
    const descriptionRoll = random.next();
    const metaDescriptionEn =
      descriptionRoll < 0.3
        ? null
        : descriptionRoll < 0.42
          ? duplicateMetaDescription[0]
          : `${material[0]} ${item[0].toLowerCase()} in ${colour[0].toLowerCase()}, made in small batches. Free returns for 30 days.`;
    const metaDescriptionFr =
      metaDescriptionEn === duplicateMetaDescription[0]
        ? duplicateMetaDescription[1]
        : `${item[1]} ${material[1]} coloris ${colour[1]}, fabriqué en petites séries. Retours gratuits pendant 30 jours.`;
    const metaTitleEn = random.chance(0.25)
      ? `${material[0]} ${item[0]} | ${this.shop.name}`
      : null;
    const handle = `${shopifyHandle(`${material[0]} ${item[0]} ${colour[0]}`)}-${index}`;
    const times = this.productTimes(index);
    const statusRoll = random.next();
    const status: ProductStatus =
      statusRoll < 0.9 ? 'ACTIVE' : statusRoll < 0.96 ? 'DRAFT' : 'ARCHIVED';
    const translatedAt = iso(times.createdAt + Math.floor((times.updatedAt - times.createdAt) / 2));

    const product: Product = {
      id,
      title: titleEn,
      handle,
      descriptionHtml: bodyEn,
      seo: { title: metaTitleEn, description: metaDescriptionEn },
      status,
      productType: type[0],
      vendor: random.pick(vendors),
      tags: [material[0].toLowerCase(), colour[0].toLowerCase(), type[0].toLowerCase()],
      createdAt: iso(times.createdAt),
      updatedAt: iso(times.updatedAt),
      publishedAt: status === 'ACTIVE' ? iso(times.createdAt) : null,
      media: [],
      metafields: {},
      translations: {},
    };

    const imageCount = 1 + random.int(3);
    for (let slot = 0; slot < imageCount; slot++) {
      const hasAlt = !random.chance(0.35);
      const altEn = hasAlt
        ? `${titleEn.replace(longTitleTail, '')}${slot > 0 ? `, view ${slot + 1}` : ''}`
        : '';
      const media: MediaImage = {
        id: mediaIdBase + index * mediaSlots + slot,
        alt: altEn,
        url: this.imageUrl('files', `${handle}-${slot + 1}.svg`),
        width: 2048,
        height: 2048,
        translations: {},
      };
      if (hasAlt && random.chance(0.5)) {
        const altFr = `${titleFr}${slot > 0 ? `, vue ${slot + 1}` : ''}`;
        media.translations.fr = { alt: this.seededTranslation(altFr, altEn, translatedAt) };
      }
      product.media.push(media);
    }

    // French: most products translated, some partly, some not at all, some left in English, some
    // translated before the English text last changed (outdated).
    const french: Record<string, Translation> = {};
    const frenchRoll = random.next();
    const source = {
      title: titleEn,
      body_html: bodyEn,
      product_type: type[0],
      meta_title: metaTitleEn,
      meta_description: metaDescriptionEn,
    };
    const translated = {
      title: titleFr,
      body_html: bodyFr,
      product_type: type[1],
      meta_title: metaTitleEn === null ? null : `${item[1]} ${material[1]} | ${this.shop.name}`,
      meta_description: metaDescriptionEn === null ? null : metaDescriptionFr,
    };
    const keys = Object.keys(source) as Array<keyof typeof source>;
    if (frenchRoll < 0.6) {
      for (const key of keys) {
        const from = source[key];
        const to = translated[key];
        if (from !== null && to !== null)
          french[key] = this.seededTranslation(to, from, translatedAt);
      }
      // Its French address too, as Translate & Adapt translates a handle; it keeps the product's
      // position at its end, as the English one does (productByHandle).
      french.handle = this.seededTranslation(
        `${shopifyHandle(`${item[1]} ${material[1]} ${colour[1]}`)}-${index}`,
        handle,
        translatedAt,
      );
    } else if (frenchRoll < 0.7) {
      french.title = this.seededTranslation(titleFr, titleEn, translatedAt);
    } else if (frenchRoll < 0.78) {
      // Left in English: the French "translation" is the English text.
      french.title = this.seededTranslation(titleEn, titleEn, translatedAt);
      french.body_html = this.seededTranslation(bodyEn, bodyEn, translatedAt);
    } else if (frenchRoll < 0.88) {
      // Translated from an earlier English text, since rewritten.
      french.title = this.seededTranslation(titleFr, `${titleEn} (2024)`, translatedAt);
      french.body_html = this.seededTranslation(bodyFr, `<p>${item[0]}.</p>`, translatedAt);
    }
    if (Object.keys(french).length > 0) product.translations.fr = french;
    return product;
  }

  private seededTranslation(value: string, source: string, updatedAt: string): Translation {
    return { value, sourceDigest: contentDigest(source), updatedAt };
  }

  /** Writes one SEO metafield (`global.…`), keeping its id when it exists; empty or null removes it. */
  private setMetafield(metafields: Metafields, name: string, value: string | null) {
    if (value === null || value === '') {
      delete metafields[name];
      return;
    }
    metafields[name] = {
      id:
        metafields[name]?.id ??
        metafieldIdBase + (hashText(`${this.seed}:${name}:${value}`) % 1_000_000_000),
      value,
      type: seoMetafieldType,
    };
  }

  private metafields(random: Random, titleTag: string | null, descriptionTag: string | null) {
    const metafields: Page['metafields'] = {};
    if (titleTag !== null)
      metafields['global.title_tag'] = {
        id: metafieldIdBase + random.int(1_000_000_000),
        value: titleTag,
        type: seoMetafieldType,
      };
    if (descriptionTag !== null) {
      metafields['global.description_tag'] = {
        id: metafieldIdBase + random.int(1_000_000_000),
        value: descriptionTag,
        type: seoMetafieldType,
      };
    }
    return metafields;
  }

  private seedCollections() {
    const count = Math.max(collectionNames.length, Math.round(this.seededProductCount / 25));
    const members: number[][] = Array.from({ length: count }, () => []);
    for (let index = 1; index <= this.seededProductCount; index++) {
      members[(index - 1) % count]!.push(productIdBase + index);
    }
    for (let position = 0; position < count; position++) {
      const random = randomFor(this.seed, 'collection', position);
      const [nameEn, nameFr] = collectionNames[position % collectionNames.length]!;
      const round = Math.floor(position / collectionNames.length);
      const titleEn = round === 0 ? nameEn : `${nameEn} ${round + 1}`;
      const titleFr = round === 0 ? nameFr : `${nameFr} ${round + 1}`;
      const thin = random.chance(0.25);
      const bodyEn = thin
        ? ''
        : `<p>${nameEn}: pieces chosen for how they look and how long they last.</p>`;
      const bodyFr = `<p>${nameFr} : des pièces choisies pour leur allure et leur durée de vie.</p>`;
      const descriptionEn = random.chance(0.4)
        ? null
        : `Shop ${nameEn.toLowerCase()} at ${this.shop.name}: natural materials, made to last.`;
      const updatedAt = iso(seededFrom + random.int(seededUntil - seededFrom));
      const collection: Collection = {
        id: collectionIdBase + position + 1,
        title: titleEn,
        handle: shopifyHandle(titleEn),
        descriptionHtml: bodyEn,
        seo: { title: null, description: descriptionEn },
        image: random.chance(0.7)
          ? {
              altText: random.chance(0.5) ? null : `${nameEn} collection`,
              url: this.imageUrl('collections', `${shopifyHandle(titleEn)}.svg`),
              width: 1600,
              height: 900,
            }
          : null,
        productIds: members[position]!,
        updatedAt,
        metafields: {},
        translations: {},
      };
      if (!random.chance(0.2)) {
        const fr: Record<string, Translation> = {
          title: this.seededTranslation(titleFr, titleEn, updatedAt),
        };
        if (bodyEn !== '') fr.body_html = this.seededTranslation(bodyFr, bodyEn, updatedAt);
        collection.translations.fr = fr;
      }
      if (titleEn === linenEdit.title) this.writeCollectionInFull(collection, titleFr);
      this.collections.set(collection.id, collection);
    }
  }

  private seedPages() {
    pageSeeds.forEach(([titleEn, titleFr, textEn, textFr, hardToRead], position) => {
      const random = randomFor(this.seed, 'page', position);
      const updatedAt = iso(seededFrom + random.int(seededUntil - seededFrom));
      const retired = titleEn === retiredProductLink.pageTitle;
      const bodyEn = `<p>${textEn}${retired ? retiredProductLink.en : ''}</p>`;
      const bodyFr = `<p>${textFr}${retired ? retiredProductLink.fr : ''}</p>`;
      const page: Page = {
        id: pageIdBase + position + 1,
        title: titleEn,
        handle: shopifyHandle(titleEn),
        body: bodyEn,
        isPublished: true,
        publishedAt: iso(seededFrom),
        createdAt: iso(seededFrom),
        updatedAt,
        templateSuffix: null,
        metafields: this.metafields(
          random,
          random.chance(0.5) ? `${titleEn} | ${this.shop.name}` : null,
          random.chance(0.5) ? textEn : null,
        ),
        translations: {},
      };
      const roll = random.next();
      if (roll < 0.75) {
        page.translations.fr = {
          title: this.seededTranslation(titleFr, titleEn, updatedAt),
          body_html: this.seededTranslation(
            bodyFr,
            roll < 0.6 ? bodyEn : `<p>${textEn} (old)</p>`,
            updatedAt,
          ),
        };
      }
      if (titleEn === careGuide.title) {
        page.body = careGuide.en;
        page.metafields = {};
        page.translations.fr = {
          title: this.seededTranslation(titleFr, titleEn, updatedAt),
          body_html: this.seededTranslation(careGuide.fr, careGuide.en, updatedAt),
          handle: this.seededTranslation(shopifyHandle(titleFr), page.handle, updatedAt),
        };
        this.writtenInFull.add(gid('Page', page.id));
      }
      if (hardToRead !== undefined) this.hardToRead.set(gid('Page', page.id), hardToRead);
      if (retired) this.linksToMissingPages.add(gid('Page', page.id));
      this.pages.set(page.id, page);
    });
  }

  /** The linen collection as written in full: see `linenEdit`. */
  private writeCollectionInFull(collection: Collection, titleFr: string) {
    const at = collection.updatedAt;
    collection.descriptionHtml = linenEdit.en;
    collection.seo = { title: null, description: linenEdit.descriptionEn(this.shop.name) };
    collection.image = null;
    collection.translations.fr = {
      title: this.seededTranslation(titleFr, collection.title, at),
      body_html: this.seededTranslation(linenEdit.fr, linenEdit.en, at),
      meta_description: this.seededTranslation(
        linenEdit.descriptionFr(this.shop.name),
        collection.seo.description!,
        at,
      ),
      handle: this.seededTranslation(shopifyHandle(titleFr), collection.handle, at),
    };
    this.writtenInFull.add(gid('Collection', collection.id));
  }

  private seedBlogs() {
    const blogCount = this.seededProductCount > 1000 ? 3 : 1;
    for (let position = 0; position < blogCount; position++) {
      const id = blogIdBase + position + 1;
      const titleEn = position === 0 ? 'Journal' : `Journal ${position + 1}`;
      const blog: Blog = {
        id,
        title: titleEn,
        handle: shopifyHandle(titleEn),
        tags: ['home', 'craft'],
        createdAt: iso(seededFrom),
        updatedAt: iso(seededFrom),
        metafields: {},
        translations: { fr: { title: this.seededTranslation(titleEn, titleEn, iso(seededFrom)) } },
      };
      this.blogs.set(id, blog);
    }
    const articleCount = Math.max(20, Math.round(this.seededProductCount / 15));
    for (let position = 0; position < articleCount; position++) {
      const random = randomFor(this.seed, 'article', position);
      const [topicEn, topicFr] = articleTopics[position % articleTopics.length]!;
      const round = Math.floor(position / articleTopics.length);
      const titleEn = round === 0 ? topicEn : `${topicEn}, Part ${round + 1}`;
      const titleFr = round === 0 ? topicFr : `${topicFr}, partie ${round + 1}`;
      const createdAt =
        seededFrom + Math.floor(((seededUntil - seededFrom) * position) / articleCount);
      const updatedAt = iso(createdAt + random.int(seededUntil - createdAt));
      const thin = random.chance(0.15);
      const bodyEn = thin
        ? `<p>${topicEn}.</p>`
        : `<p>${topicEn}: a few things we have learnt in our workshop over the years.</p><p>Start with good materials, take your time, and keep what you love.</p>`;
      const bodyFr = `<p>${topicFr} : quelques leçons apprises dans notre atelier au fil des ans.</p><p>Partez de bonnes matières, prenez votre temps, gardez ce que vous aimez.</p>`;
      const article: Article = {
        id: articleIdBase + position + 1,
        blogId: blogIdBase + 1 + (position % blogCount),
        title: titleEn,
        handle: shopifyHandle(titleEn),
        body: bodyEn,
        summary: random.chance(0.4) ? null : `<p>${topicEn}, in a few minutes.</p>`,
        authorName: random.pick(['Camille Martin', 'Léa Dubois', 'Hugo Bernard']),
        image: random.chance(0.8)
          ? {
              id: articleImageIdBase + position + 1,
              altText: random.chance(0.4) ? null : topicEn,
              url: this.imageUrl('articles', `${shopifyHandle(titleEn)}.svg`),
              width: 1600,
              height: 1067,
              translations: {},
            }
          : null,
        isPublished: !random.chance(0.1),
        publishedAt: iso(createdAt),
        tags: ['journal'],
        templateSuffix: null,
        createdAt: iso(createdAt),
        updatedAt,
        metafields: this.metafields(
          random,
          random.chance(0.3) ? `${titleEn} | ${this.shop.name}` : null,
          random.chance(0.5) ? `${topicEn}: tips from the ${this.shop.name} workshop.` : null,
        ),
        translations: {},
      };
      const roll = random.next();
      if (roll < 0.6) {
        article.translations.fr = {
          title: this.seededTranslation(titleFr, titleEn, updatedAt),
          body_html: this.seededTranslation(bodyFr, bodyEn, updatedAt),
        };
      } else if (roll < 0.7) {
        article.translations.fr = { title: this.seededTranslation(titleEn, titleEn, updatedAt) };
      }
      this.articles.set(article.id, article);
    }
  }
}
