import {
  articleContent,
  articleIsVisible,
  collectionContent,
  contentDigest,
  gid,
  pageContent,
  productContent,
  type ResourceKind,
  type TranslatableEntry,
  type Translations,
} from './catalog-model.ts';
import { textWidthPx, titleFontSizePx } from '#shared/seo/text/pixel-width.ts';
import type { SeededStore } from './seeded-store.ts';

/**
 * The catalog-level SEO defects a seeded store carries (seeded-store.ts), as the findings the audit
 * of its copy must make: one `(page, language, check)` for each, and the pages left clean. The
 * storefront's own defects are listed apart (storefront-defects.ts).
 *
 * Each rule below is a defect the seed plants on purpose, read from what it planted: a title with
 * the long tail, an image saved without alt text, a French field left out, left in English or
 * translated from an older English text, a search description shorter than a results page shows, a
 * body of a line or two, the same search title or description on several pages, a link to a product
 * the shop no longer sells. It describes the seed's texts, which it knows, not any store's: the
 * checks themselves are in shared/seo/checks/.
 *
 * `T05` (a title in another language) is listed where the seed left an English title on a French
 * page; whether the audit tells it depends on its language identification, which may decline to
 * judge a short title, or misread one the seed wrote in the page's own language
 * (tests/integration/seo-seeded-store-recall.test.ts measures both apart).
 *
 * It reads the store as seeded: a store changed since (through the controls or the Admin API) may
 * carry other findings.
 */

export interface PlantedFinding {
  /** The page's Shopify gid, as the audit names it. */
  pageGid: string;
  language: 'en' | 'fr';
  /** The catalogue's check (shared/seo/catalogue.ts) that must report it. */
  checkId: string;
}

export interface PlantedCatalogFindings {
  findings: PlantedFinding[];
  /** The published pages, in each language, where the audit must find nothing. */
  cleanPages: Array<{ pageGid: string; language: 'en' | 'fr' }>;
}

/** One published page in one language, as the storefront shows it: the copy's view of it. */
interface SeededView {
  pageGid: string;
  kind: 'product' | 'collection' | 'page' | 'article';
  language: 'en' | 'fr';
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  body: string;
  /**
   * Each image's alt text in this language (the English one when not translated): null for none,
   * '' for one left empty (the seed's product photos without alt text, as Shopify holds them).
   */
  imageAlts: Array<{ alt: string | null; translated: boolean }>;
  /** A page of the seed's legal and policy texts: the audit offers it no room to say more. */
  legal: boolean;
  /** French only: the page's texts and what became of their translation. */
  fields: Array<{ key: string; source: string; value: string | null; outdated: boolean }>;
}

/** The seed's pages of legal and policy texts, by their English title. */
const legalPageTitles = new Set(['Legal Notice', 'Shipping & Returns']);

/** The word counts under which a body is offered room to say more, by kind (Yoast's "okay" band). */
const roomToSayMoreBelow: Record<SeededView['kind'], number> = {
  product: 150,
  collection: 10,
  page: 250,
  article: 250,
};

/** The keys the audit reads translations of (server/areas/catalog/catalog-pages.ts). */
const auditedKeys = new Set(['title', 'body_html', 'meta_title', 'meta_description', 'handle']);

const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const comparable = (text: string) =>
  text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

function viewsOf(
  kind: SeededView['kind'],
  resourceKind: ResourceKind,
  id: number,
  content: TranslatableEntry[],
  translations: Translations,
  images: Array<{ alt: string | null; translations?: Translations }>,
): SeededView[] {
  const pageGid = gid(resourceKind, id);
  const source = new Map(content.map((entry) => [entry.key, entry.value]));
  const legal = kind === 'page' && legalPageTitles.has(source.get('title') ?? '');
  const english: SeededView = {
    pageGid,
    kind,
    language: 'en',
    title: source.get('title') ?? '',
    seoTitle: source.get('meta_title') ?? null,
    seoDescription: source.get('meta_description') ?? null,
    body: source.get('body_html') ?? '',
    imageAlts: images.map((image) => ({ alt: image.alt, translated: false })),
    legal,
    fields: [],
  };
  const french = translations.fr ?? {};
  const inFrench = (key: string) => french[key]?.value || source.get(key) || null;
  const frenchView: SeededView = {
    pageGid,
    kind,
    language: 'fr',
    title: inFrench('title') ?? '',
    seoTitle: inFrench('meta_title'),
    seoDescription: inFrench('meta_description'),
    body: inFrench('body_html') ?? '',
    legal,
    imageAlts: images.map((image) => {
      const translated = image.translations?.fr?.alt?.value;
      return translated
        ? { alt: translated, translated: true }
        : { alt: image.alt, translated: false };
    }),
    fields: content
      .filter((entry) => auditedKeys.has(entry.key))
      .map((entry) => {
        const translation = french[entry.key];
        return {
          key: entry.key,
          source: entry.value,
          value: translation?.value || null,
          outdated:
            translation !== undefined && translation.sourceDigest !== contentDigest(entry.value),
        };
      }),
  };
  return [english, frenchView];
}

/** Every published page of the store in both languages, as seeded. */
function seededViews(store: SeededStore): SeededView[] {
  const views: SeededView[] = [];
  for (const id of store.productIds()) {
    const product = store.product(id)!;
    if (product.status !== 'ACTIVE') continue;
    views.push(
      ...viewsOf(
        'product',
        'Product',
        id,
        productContent(product),
        product.translations,
        product.media,
      ),
    );
  }
  for (const collection of store.collections.values()) {
    views.push(
      ...viewsOf(
        'collection',
        'Collection',
        collection.id,
        collectionContent(collection),
        collection.translations,
        collection.image === null ? [] : [{ alt: collection.image.altText }],
      ),
    );
  }
  for (const page of store.pages.values()) {
    if (!page.isPublished) continue;
    views.push(...viewsOf('page', 'Page', page.id, pageContent(page), page.translations, []));
  }
  for (const article of store.articles.values()) {
    if (!articleIsVisible(article)) continue;
    views.push(
      ...viewsOf(
        'article',
        'Article',
        article.id,
        articleContent(article),
        article.translations,
        article.image === null ? [] : [{ alt: article.image.altText }],
      ),
    );
  }
  return views;
}

/** Words of three letters or more: a copied text from two of them is the English left as it is. */
const isCopiedSentence = (text: string) => (visible(text).match(/\p{L}{3,}/gu) ?? []).length >= 2;

/** The defects one page carries in one language, by check; duplicates are added across pages. */
function pageDefects(store: SeededStore, view: SeededView): Set<string> {
  const defects = new Set<string>();
  const french = view.language === 'fr';
  const shownTitle = view.seoTitle ?? view.title;
  const bodyText = visible(view.body);
  // A title runs past a results page's 600 pixels as Dawn prints it, the shop's name added: the
  // long tail the seed gives a few English titles, and the French names of its longest items. Arial's
  // widths tell which (shared/seo/text/pixel-width.ts): a fact of the font, not a judgement.
  const rendered = shownTitle.includes(store.shop.name)
    ? shownTitle
    : `${shownTitle} – ${store.shop.name}`;
  if (Math.round(textWidthPx(rendered, titleFontSizePx)) > 600) defects.add('T03');
  // A French page showing a title the seed left in English, long enough for its language to be
  // told (24 characters). Whether the audit tells it is up to its language identification.
  const shownKey = view.seoTitle === null ? 'title' : 'meta_title';
  const shownField = view.fields.find((field) => field.key === shownKey);
  if (
    shownField?.value != null &&
    comparable(shownField.value) === comparable(shownField.source) &&
    shownTitle.trim().length >= 24
  ) {
    defects.add('T05');
  }
  // Collections left without a body nor a search description carry no description at all.
  if (view.seoDescription === null && bodyText === '') defects.add('M01');
  // The seed's search descriptions are a line, shorter than a results page shows (120 characters
  // or fewer), but for the pages written in full.
  const descriptionLength = [...(view.seoDescription ?? '').replace(/\s+/g, ' ').trim()].length;
  if (view.seoDescription !== null && (descriptionLength <= 120 || descriptionLength > 156)) {
    defects.add('M02');
  }
  // Images saved without alt text, in both languages: none at all (I01), or left empty (I02);
  // English alt texts shown on French pages.
  if (view.imageAlts.some((image) => image.alt === null)) defects.add('I01');
  if (view.imageAlts.some((image) => image.alt !== null && image.alt.trim() === '')) {
    defects.add('I02');
  }
  if (
    french &&
    view.imageAlts.some(
      (image) => image.alt !== null && !image.translated && isCopiedSentence(image.alt),
    )
  ) {
    defects.add('I03');
  }
  // Bodies of a line or a short paragraph, offered room to say more below their kind's word count
  // (the lower end of Yoast's "okay" band): all but the pages the seed writes in full, and its
  // legal notice and shipping and returns policy, whose length is not a matter of SEO.
  const wordCount = (bodyText.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
  if (
    !store.writtenInFull.has(view.pageGid) &&
    !view.legal &&
    wordCount < roomToSayMoreBelow[view.kind]
  ) {
    defects.add('C01');
  }
  // The fixed page texts that read hard, in English and, once translated, in French.
  const hard = store.hardToRead.get(view.pageGid);
  if (hard !== undefined && view.language === 'en' && hard.en) defects.add('C02');
  const frenchBody = view.fields.find((field) => field.key === 'body_html');
  if (hard !== undefined && frenchBody?.value != null && hard.fr) defects.add('C03');
  // A link to a product the shop no longer sells, in whichever language the body is shown.
  if (store.linksToMissingPages.has(view.pageGid)) defects.add('L04');
  if (french) {
    // French texts written with an ordinary space before a colon or a semicolon.
    const frenchTexts = view.fields
      .filter((field) => field.value !== null)
      .map((field) => visible(field.value!));
    if (frenchTexts.some((text) => /[^\S\u00a0\u202f][:;!?»]/u.test(text))) defects.add('F01');
    for (const field of view.fields) {
      // A handle left in English is told when it is made of words, not when it is a name: the
      // seed's handles all are ("linen-throw-oat-12").
      if (field.value === null && (field.key !== 'handle' || isCopiedSentence(field.source)))
        defects.add('TG1');
      else if (field.outdated) defects.add('TG2');
      if (
        field.value !== null &&
        comparable(visible(field.value)) === comparable(visible(field.source)) &&
        isCopiedSentence(field.value) &&
        comparable(field.value) !== comparable(store.shop.name)
      ) {
        defects.add('TG3');
      }
    }
  }
  return defects;
}

/** The findings the audit of a seeded store's copy must make, and the pages it must leave clean. */
export function plantedCatalogFindings(store: SeededStore): PlantedCatalogFindings {
  const views = seededViews(store);
  const defects = new Map(views.map((view) => [view, pageDefects(store, view)]));
  // The same search title or description on several pages of a language (T02, M03).
  const groups = new Map<string, SeededView[]>();
  for (const view of views) {
    const title = comparable(view.seoTitle ?? view.title);
    const description = view.seoDescription === null ? visible(view.body) : view.seoDescription;
    const keys = [`T02 ${view.language} ${title}`];
    if (description !== '') keys.push(`M03 ${view.language} ${comparable(description)}`);
    for (const key of keys) groups.set(key, [...(groups.get(key) ?? []), view]);
  }
  for (const [key, members] of groups) {
    if (members.length < 2) continue;
    for (const view of members) defects.get(view)!.add(key.slice(0, 3));
  }
  const findings: PlantedFinding[] = [];
  const cleanPages: PlantedCatalogFindings['cleanPages'] = [];
  for (const [view, checks] of defects) {
    if (checks.size === 0) cleanPages.push({ pageGid: view.pageGid, language: view.language });
    for (const checkId of [...checks].sort()) {
      findings.push({ pageGid: view.pageGid, language: view.language, checkId });
    }
  }
  return { findings, cleanPages };
}
