import { supportedLanguages, type Language } from '#shared/constants.ts';
import { languageVersionUrl } from '#shared/static-pages.ts';

/**
 * The tags of a page's `<head>` that search engines and link previews read: title, meta description,
 * canonical URL, hreflang alternates (one per language plus x-default) and Open Graph. One list,
 * written as HTML by the prerender (headTagsHtml) and applied to the live document by <DocumentHead>,
 * so that a prerendered page and the same page reached in the app carry the same tags.
 */

export interface HeadTagsInput {
  /** The full title, ` · Vitrine` included. */
  title: string;
  description?: string;
  /** The page's path, without query. */
  path: string;
  language: Language;
  /** The product's public origin, without a trailing slash. */
  publicUrl: string;
}

export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'link'; rel: 'canonical' | 'alternate'; hreflang?: string; href: string };

const openGraphLocales: Record<Language, string> = { en: 'en_US', fr: 'fr_FR' };

/**
 * The tags of a page. Without a description, only the title: the page-specific tags describe pages
 * that are meant to be found, and a private screen has nothing to say to a crawler.
 */
export function headTags(input: HeadTagsInput): HeadTag[] {
  const tags: HeadTag[] = [{ kind: 'title', text: input.title }];
  if (input.description === undefined) return tags;
  const url = (language: Language) => languageVersionUrl(input.publicUrl, input.path, language);
  const canonical = url(input.language);
  tags.push(
    { kind: 'meta', attribute: 'name', key: 'description', content: input.description },
    { kind: 'link', rel: 'canonical', href: canonical },
    ...supportedLanguages.map((language): HeadTag => ({
      kind: 'link',
      rel: 'alternate',
      hreflang: language,
      href: url(language),
    })),
    { kind: 'link', rel: 'alternate', hreflang: 'x-default', href: url('en') },
    { kind: 'meta', attribute: 'property', key: 'og:type', content: 'website' },
    { kind: 'meta', attribute: 'property', key: 'og:site_name', content: 'Vitrine' },
    { kind: 'meta', attribute: 'property', key: 'og:title', content: input.title },
    { kind: 'meta', attribute: 'property', key: 'og:description', content: input.description },
    { kind: 'meta', attribute: 'property', key: 'og:url', content: canonical },
    {
      kind: 'meta',
      attribute: 'property',
      key: 'og:locale',
      content: openGraphLocales[input.language],
    },
  );
  return tags;
}

/** Every tag headTags can write, as a selector: what <DocumentHead> replaces or removes. */
export const managedHeadSelectors: readonly string[] = [
  'meta[name="description"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
  'meta[property^="og:"]',
];

/** The selector that finds the element of `tag` in a document's head. */
export function headTagSelector(tag: Exclude<HeadTag, { kind: 'title' }>): string {
  if (tag.kind === 'meta') return `meta[${tag.attribute}="${tag.key}"]`;
  return tag.hreflang === undefined
    ? `link[rel="${tag.rel}"]`
    : `link[rel="${tag.rel}"][hreflang="${tag.hreflang}"]`;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in text and in a double-quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

function tagHtml(tag: HeadTag): string {
  switch (tag.kind) {
    case 'title':
      return `<title>${escapeHtml(tag.text)}</title>`;
    case 'meta':
      return `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`;
    case 'link': {
      const hreflang = tag.hreflang === undefined ? '' : ` hreflang="${escapeHtml(tag.hreflang)}"`;
      return `<link rel="${tag.rel}"${hreflang} href="${escapeHtml(tag.href)}" />`;
    }
  }
}

/** The tags as HTML, one per line, for the prerender to put into `<head>`. */
export function headTagsHtml(input: HeadTagsInput): string {
  return headTags(input).map(tagHtml).join('\n');
}

/** Brings the head of `target` to exactly `tags`. */
export function applyHeadTags(target: Document, tags: readonly HeadTag[]): void {
  const keep = new Set<Element>();
  for (const tag of tags) {
    if (tag.kind === 'title') {
      target.title = tag.text;
      continue;
    }
    const selector = headTagSelector(tag);
    let element = target.head.querySelector(selector);
    if (element === null) {
      element = target.createElement(tag.kind);
      target.head.append(element);
    }
    if (tag.kind === 'meta') {
      element.setAttribute(tag.attribute, tag.key);
      element.setAttribute('content', tag.content);
    } else {
      element.setAttribute('rel', tag.rel);
      if (tag.hreflang !== undefined) element.setAttribute('hreflang', tag.hreflang);
      element.setAttribute('href', tag.href);
    }
    keep.add(element);
  }
  for (const element of target.head.querySelectorAll(managedHeadSelectors.join(','))) {
    if (!keep.has(element)) element.remove();
  }
}
