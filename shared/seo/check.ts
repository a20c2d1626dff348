import type { Language } from '../constants.ts';

/**
 * What every check of the audit reads and says, defined once for the server (which audits every page
 * of a store) and the client (which runs the same checks again as the owner types in an editor).
 * A check is a pure function of one page in one language; the duplicate checks (a title or a
 * description shared by several pages of a language) are declared by the key they group pages on,
 * and the audit groups them. Findings carry evidence only: the client words them in the owner's
 * language from the check's id (client/locales/<language>/seo-checks.json).
 */

/** The kinds of page the audit reads from the store's copy. */
export const pageKinds = ['product', 'collection', 'page', 'article'] as const;
export type PageKind = (typeof pageKinds)[number];

export const severities = ['error', 'warning', 'info'] as const;
export type Severity = (typeof severities)[number];

/** What part of SEO a check looks at; the overview groups findings by it. */
export const checkAreas = [
  'titles',
  'descriptions',
  'headings',
  'images',
  'content',
  'links',
  'handles',
  'translations',
] as const;
export type CheckArea = (typeof checkAreas)[number];

/** The languages the audit measures with rules of their own. */
export type AuditLanguage = Language;

/**
 * A field of the page a finding points at: the owner's editors open on it. `image:<gid>` is one
 * image's alt text.
 */
export type PageField =
  'title' | 'seoTitle' | 'seoDescription' | 'body' | 'handle' | `image:${string}`;

/** An image of the page, with its alt text in the language audited and in the primary language. */
export interface PageImage {
  /** Shopify's global id of the media or image. */
  id: string;
  /** Null when the image has no alt text at all; '' when it was left empty. */
  alt: string | null;
  /** The primary language's alt text (equal to `alt` on the primary language). */
  sourceAlt: string | null;
}

/**
 * One translatable field of the page in a language other than the store's primary one, as Shopify
 * holds it: `value` null when nothing is translated (the storefront then shows `source`).
 * Keys are Shopify's translation keys: `title`, `body_html`, `meta_title`, `meta_description`, …
 */
export interface TranslatedField {
  key: string;
  source: string;
  value: string | null;
  outdated: boolean;
}

/**
 * One page as a shopper in `language` gets it: in a language other than the primary one, each text
 * is its translation where one exists, and the primary language's text where none does (what the
 * storefront falls back to).
 */
export interface PageLanguageView {
  kind: PageKind;
  /** Shopify's global id. */
  id: string;
  language: AuditLanguage;
  primaryLanguage: AuditLanguage;
  shopName: string;
  handle: string;
  title: string;
  /** The search title the owner set (`seo.title` / `global.title_tag`); null when unset. */
  seoTitle: string | null;
  /** The meta description the owner set; null when unset. */
  seoDescription: string | null;
  /** The description (products, collections) or body (pages, articles), as HTML. */
  bodyHtml: string;
  images: PageImage[];
  /** Empty in the primary language. */
  translations: TranslatedField[];
}

/**
 * What a check found on one page in one language. `measured` and `threshold` are what the owner's
 * texts quote (interpolated as {{measured}} and {{threshold}}); `excerpt` is the offending text,
 * shortened to at most 120 characters.
 */
export interface FindingEvidence {
  field?: PageField;
  measured?: number | string;
  threshold?: number | string;
  excerpt?: string;
}

interface CheckDeclaration {
  /** Stable: stored with every finding, and the key of its texts. */
  id: string;
  area: CheckArea;
  severity: Severity;
  appliesTo: readonly PageKind[];
}

/** A check of one page in one language: one evidence per problem found, none when it passes. */
export interface PageCheck extends CheckDeclaration {
  type: 'page';
  run(view: PageLanguageView): FindingEvidence[];
}

/**
 * A check that pages of one language must not share a value: the audit groups the pages by `key`
 * (null leaves the page out) and gives every page of a group of two or more a finding whose
 * `measured` is the group's size.
 */
export interface DuplicateCheck extends CheckDeclaration {
  type: 'duplicate';
  field: PageField;
  key(view: PageLanguageView): string | null;
}

/** The kinds of storefront page a body's link can name: the audited kinds, and a blog's own page. */
export type StoreLinkKind = PageKind | 'blog';

/**
 * A body's link to a page of the store, as the storefront reads its address: which kind of page,
 * its handle (lowercase, percent-decoded; an article's is `blog/article`), the language folder it
 * is under (`''` for none: the primary language's address) and the host it names (`''` for a
 * relative address).
 */
export interface StoreLink {
  kind: StoreLinkKind;
  handle: string;
  language: '' | AuditLanguage;
  host: string;
}

/**
 * A check of the pages a body links to: whether `/products/linen-apron` exists is known only across
 * the store, so the audit records each page's store links (`links`, each with the excerpt a
 * finding quotes) and resolves them against the store's copy once every page is read.
 */
export interface StoreLinkCheck extends CheckDeclaration {
  type: 'store-link';
  field: PageField;
  links(view: PageLanguageView): Array<{ link: StoreLink; excerpt: string }>;
}

export type Check = PageCheck | DuplicateCheck | StoreLinkCheck;

/** A finding as the audit stores and the API gives it. */
export interface Finding extends FindingEvidence {
  checkId: string;
  severity: Severity;
  language: AuditLanguage;
}
