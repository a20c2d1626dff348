import {
  pageKinds,
  type AuditLanguage,
  type Check,
  type FindingEvidence,
  type PageCheck,
  type StoreLinkCheck,
} from '../check.ts';
import type { HtmlLink } from '../text/html.ts';
import { excerpt } from '../text/excerpt.ts';
import { wordCount } from '../text/words.ts';
import { body, bodyText } from './page-body.ts';
import { parsedAddress, storeLinkOf } from './store-links.ts';

/**
 * Link texts that say nothing of where they lead, compared with the whole text of a link after
 * trimming, lowercasing and dropping the arrows, ellipses and colons that often end them. English:
 * Lighthouse's own list. French: ours, since Lighthouse has none.
 */
export const genericLinkTexts: Record<AuditLanguage, ReadonlySet<string>> = {
  en: new Set([
    'click here',
    'click this',
    'go',
    'here',
    'information',
    'learn more',
    'more',
    'more info',
    'more information',
    'right here',
    'read more',
    'see more',
    'start',
    'this',
  ]),
  fr: new Set([
    'cliquez ici',
    'cliquer ici',
    'cliquez',
    'ici',
    'par ici',
    'en savoir plus',
    'lire la suite',
    'lire plus',
    'la suite',
    'suite',
    'voir plus',
    'voir',
    'plus',
    'plus d’infos',
    'plus d’informations',
    'plus de détails',
    'infos',
    'information',
    'informations',
    'lien',
    'ce lien',
    'découvrir',
  ]),
};

/** The trimmed, lowercased text of a link, without the decoration that often ends it. */
function comparableText(text: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/^[\s»›→>:.…]+|[\s»›→>:.…]+$/g, '');
}

/**
 * Links Lighthouse leaves out of its link text audit: without an address, nofollow, to a script, an
 * e-mail or a place on the same page.
 */
function isFollowedLink(link: HtmlLink): link is HtmlLink & { href: string } {
  if (link.href === null || link.rel.includes('nofollow')) return false;
  const href = link.href.trim().toLowerCase();
  return !href.startsWith('javascript:') && !href.startsWith('mailto:') && !href.startsWith('#');
}

function linkExcerpt(link: HtmlLink): string {
  return excerpt(`<a href="${link.href ?? ''}">${link.text}</a>`);
}

// Lighthouse's link-text list (English); our own list for French, which Lighthouse lacks.
const genericLinkText: PageCheck = {
  type: 'page',
  id: 'L01',
  area: 'links',
  severity: 'warning',
  appliesTo: pageKinds,
  run(view) {
    const generic = genericLinkTexts[view.language];
    return body(view)
      .links.filter(isFollowedLink)
      .filter((link) => generic.has(comparableText(link.text)))
      .map((link) => ({ field: 'body', excerpt: excerpt(link.text) }));
  },
};

/**
 * Lighthouse's crawlable-anchors rules that static HTML can show: an empty address, `file:`, a
 * `javascript:void(0)` or an address that does not parse. Anchors with a role, e-mail links and
 * anchors without an address (named targets) are left out, as Lighthouse does.
 */
export function isUncrawlable(link: HtmlLink): boolean {
  if (link.href === null || link.role !== null) return false;
  const href = link.href.trim();
  if (href.toLowerCase().startsWith('mailto:')) return false;
  if (href === '') return true;
  if (/^file:/i.test(href)) return true;
  if (/javascript:void(\(|)0(\)|)/i.test(href)) return true;
  return parsedAddress(href) === null;
}

// Lighthouse's crawlable-anchors audit.
const uncrawlableAnchor: PageCheck = {
  type: 'page',
  id: 'L02',
  area: 'links',
  severity: 'warning',
  appliesTo: pageKinds,
  run(view) {
    return body(view)
      .links.filter(isUncrawlable)
      .map((link): FindingEvidence => ({ field: 'body', excerpt: linkExcerpt(link) }));
  },
};

/** A body shorter than this is a line or two where no link is expected (C01 reports it as thin). */
export const internalLinkMinimumWords = 100;

/** Paths of a Shopify storefront, with or without a language folder (/fr/, /en-ca/). */
const storefrontPath =
  /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/(?:products|collections|pages|blogs)(?:\/|$)/i;

/**
 * A link to the store itself: a relative address (/collections/hats, ../pages/faq), an address
 * on the store's myshopify.com domain, or a Shopify storefront path (/products/…, /collections/…,
 * /pages/…, /blogs/…) on any domain, since the page does not know the store's own domains and
 * owners paste their shop's full addresses. Same-page anchors, e-mail, telephone and script links
 * are not links to another page.
 */
export function isInternalLink(href: string): boolean {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined && !trimmed.startsWith('//')) return parsedAddress(trimmed) !== null;
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return false;
  const url = parsedAddress(trimmed);
  if (url === null) return false;
  return url.hostname.endsWith('.myshopify.com') || storefrontPath.test(url.pathname);
}

// Yoast's internal links assessment: at least one link to another page of the site.
const noInternalLink: PageCheck = {
  type: 'page',
  id: 'L03',
  area: 'links',
  severity: 'info',
  appliesTo: ['product', 'page', 'article'],
  run(view) {
    const document = body(view);
    const count = wordCount(bodyText(document));
    if (count < internalLinkMinimumWords) return [];
    const internal = document.links.filter(
      (link) => link.href !== null && isInternalLink(link.href),
    );
    return internal.length === 0 ? [{ field: 'body', measured: 0 }] : [];
  },
};

/**
 * Google reads a link to a page that answers 404 as a dead end, and a shopper lands on "page not
 * found". Whether the page exists is known only across the store: the audit resolves these links
 * against the store's copy once every page is read (server/areas/seo/seo-repository.ts).
 */
const brokenStoreLink: StoreLinkCheck = {
  type: 'store-link',
  id: 'L04',
  area: 'links',
  severity: 'warning',
  appliesTo: pageKinds,
  field: 'body',
  links(view) {
    const found: ReturnType<StoreLinkCheck['links']> = [];
    for (const link of body(view).links) {
      if (link.href === null) continue;
      const storeLink = storeLinkOf(link.href, view.primaryLanguage);
      if (storeLink !== null) found.push({ link: storeLink, excerpt: linkExcerpt(link) });
    }
    return found;
  },
};

/** The link checks (L01–L04). */
export const linkChecks: readonly Check[] = [
  genericLinkText,
  uncrawlableAnchor,
  noInternalLink,
  brokenStoreLink,
];
