/**
 * What the audit reads in a page's body HTML (a product's description, a page's or an article's
 * body), without a DOM: the checks run on the server and again in the browser as the owner types,
 * so this is a small tokenizer of its own. It takes HTML as Shopify's editors and owners' pasted
 * copy produce it: attributes in any quoting or none, entities named or numeric (with or without
 * their semicolon for the common ones), comments, unclosed tags; the contents of script, style,
 * template, noscript and iframe are not visible text and are skipped.
 */

import { rememberingLast } from './last-answers.ts';
import { collapseWhitespace } from './normalize.ts';

/** An `<img>` of the body. */
export interface HtmlImage {
  src: string | null;
  /** Null when the element has no `alt` attribute; '' when it has an empty one. */
  alt: string | null;
  /** `role="presentation"`/`"none"` or `aria-hidden="true"`: a decoration that needs no alt. */
  presentational: boolean;
}

/** An `<a>` of the body. */
export interface HtmlLink {
  /** Null when the element has no `href` attribute; otherwise its value, entities decoded, untrimmed. */
  href: string | null;
  /** Its visible text, whitespace collapsed and trimmed. */
  text: string;
  /** The tokens of its `rel`, lowercased. */
  rel: string[];
  role: string | null;
  /** The alt texts of the images inside it, which name an image link for a reader. */
  imageAlts: string[];
}

export interface HtmlHeading {
  level: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
}

export interface HtmlDocument {
  /**
   * The visible text, one entry per block (paragraph, list item, heading, table cell, line broken by
   * `<br>`…), whitespace collapsed and trimmed, empty blocks left out. No-break spaces (U+00A0,
   * U+202F) are kept as they are: French typography is measured on them.
   */
  readonly blocks: readonly string[];
  readonly images: readonly HtmlImage[];
  readonly links: readonly HtmlLink[];
  readonly headings: readonly HtmlHeading[];
}

/** Elements whose content is not visible text; the tokenizer skips to their end tag. */
const skippedContent = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'textarea']);

/** Elements that start and end a block of text: a sentence never runs across them. */
const blockElements = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

const headingLevels: Record<string, HtmlHeading['level']> = {
  h1: 1,
  h2: 2,
  h3: 3,
  h4: 4,
  h5: 5,
  h6: 6,
};

/**
 * Named entities an owner's HTML uses in practice: markup, spaces, quotes and dashes, and the
 * letters of French and the other Latin-1 languages. The Latin-1 ones are also read without their
 * semicolon, as browsers do.
 */
const latin1Entities: Record<string, string> = {
  nbsp: '\u00a0',
  iexcl: '¡',
  cent: '¢',
  pound: '£',
  yen: '¥',
  sect: '§',
  copy: '©',
  laquo: '«',
  not: '¬',
  shy: '\u00ad',
  reg: '®',
  deg: '°',
  plusmn: '±',
  sup2: '²',
  sup3: '³',
  micro: 'µ',
  para: '¶',
  middot: '·',
  raquo: '»',
  frac14: '¼',
  frac12: '½',
  frac34: '¾',
  iquest: '¿',
  times: '×',
  divide: '÷',
  Agrave: 'À',
  Aacute: 'Á',
  Acirc: 'Â',
  Atilde: 'Ã',
  Auml: 'Ä',
  Aring: 'Å',
  AElig: 'Æ',
  Ccedil: 'Ç',
  Egrave: 'È',
  Eacute: 'É',
  Ecirc: 'Ê',
  Euml: 'Ë',
  Igrave: 'Ì',
  Iacute: 'Í',
  Icirc: 'Î',
  Iuml: 'Ï',
  Ntilde: 'Ñ',
  Ograve: 'Ò',
  Oacute: 'Ó',
  Ocirc: 'Ô',
  Otilde: 'Õ',
  Ouml: 'Ö',
  Oslash: 'Ø',
  Ugrave: 'Ù',
  Uacute: 'Ú',
  Ucirc: 'Û',
  Uuml: 'Ü',
  Yacute: 'Ý',
  szlig: 'ß',
  agrave: 'à',
  aacute: 'á',
  acirc: 'â',
  atilde: 'ã',
  auml: 'ä',
  aring: 'å',
  aelig: 'æ',
  ccedil: 'ç',
  egrave: 'è',
  eacute: 'é',
  ecirc: 'ê',
  euml: 'ë',
  igrave: 'ì',
  iacute: 'í',
  icirc: 'î',
  iuml: 'ï',
  ntilde: 'ñ',
  ograve: 'ò',
  oacute: 'ó',
  ocirc: 'ô',
  otilde: 'õ',
  ouml: 'ö',
  oslash: 'ø',
  ugrave: 'ù',
  uacute: 'ú',
  ucirc: 'û',
  uuml: 'ü',
  yacute: 'ý',
  yuml: 'ÿ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
};

const otherEntities: Record<string, string> = {
  apos: "'",
  OElig: 'Œ',
  oelig: 'œ',
  Yuml: 'Ÿ',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  NonBreakingSpace: '\u00a0',
  zwnj: '\u200c',
  zwj: '\u200d',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  hellip: '…',
  bull: '•',
  prime: '′',
  Prime: '″',
  lsaquo: '‹',
  rsaquo: '›',
  euro: '€',
  trade: '™',
  larr: '←',
  rarr: '→',
  check: '✓',
};

const entityPattern =
  /&(?:#(\d{1,7});?|#[xX]([0-9a-fA-F]{1,6});?|([A-Za-z][A-Za-z0-9]{1,31})(;?))/g;

function fromCodePoint(codePoint: number): string {
  if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
    return '\ufffd';
  }
  return String.fromCodePoint(codePoint);
}

/**
 * Decodes character references. In an attribute value, a named reference without its semicolon
 * followed by a letter, a digit or `=` stays as written (`?a=1&copy=2` is a query string, not ©).
 */
export function decodeEntities(text: string, inAttribute = false): string {
  if (!text.includes('&')) return text;
  return text.replace(
    entityPattern,
    (whole, decimal?: string, hex?: string, name?: string, semicolon?: string, offset?: number) => {
      if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
      if (name === undefined) return whole;
      if (semicolon === ';') {
        return latin1Entities[name] ?? otherEntities[name] ?? whole;
      }
      // Without a semicolon, the longest legacy name that starts the reference is read.
      for (let length = Math.min(name.length, 6); length >= 2; length--) {
        const legacy = latin1Entities[name.slice(0, length)];
        if (legacy === undefined) continue;
        const after = text[(offset ?? 0) + 1 + length] ?? '';
        if (inAttribute && /[A-Za-z0-9=]/.test(after)) return whole;
        return legacy + name.slice(length);
      }
      return whole;
    },
  );
}

/** HTML's whitespace collapsed: no-break spaces are not part of it and survive. */
const collapse = collapseWhitespace;

interface Tag {
  name: string;
  end: boolean;
  attributes: Map<string, string>;
}

const tagNameStart = /[A-Za-z]/;
const tagNameChar = /[^\s/>]/;
const attributeNameChar = /[^\s"'>/=]/;
const space = /\s/;

/** Reads the tag starting at `start` (a `<` followed by a letter or `/` and a letter). */
function readTag(html: string, start: number): { tag: Tag; next: number } | null {
  let index = start + 1;
  const end = html[index] === '/';
  if (end) index++;
  let name = '';
  while (index < html.length && tagNameChar.test(html[index] ?? '')) name += html[index++];
  const attributes = new Map<string, string>();
  while (index < html.length) {
    const char = html[index] ?? '';
    if (char === '>')
      return { tag: { name: name.toLowerCase(), end, attributes }, next: index + 1 };
    if (space.test(char) || char === '/') {
      index++;
      continue;
    }
    let attributeName = '';
    // A stray quote or `=` starts a name, as browsers read it.
    attributeName += char;
    index++;
    while (index < html.length && attributeNameChar.test(html[index] ?? '')) {
      attributeName += html[index++];
    }
    let cursor = index;
    while (cursor < html.length && space.test(html[cursor] ?? '')) cursor++;
    let value = '';
    if (html[cursor] === '=') {
      cursor++;
      while (cursor < html.length && space.test(html[cursor] ?? '')) cursor++;
      const quote = html[cursor];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, cursor + 1);
        if (close === -1) return null;
        value = html.slice(cursor + 1, close);
        cursor = close + 1;
      } else {
        const valueStart = cursor;
        while (cursor < html.length && !/[\s>]/.test(html[cursor] ?? '')) cursor++;
        value = html.slice(valueStart, cursor);
      }
      index = cursor;
    }
    const key = attributeName.toLowerCase();
    // The first of two attributes of the same name wins, as in a browser.
    if (!attributes.has(key)) attributes.set(key, decodeEntities(value, true));
  }
  return null;
}

/** True when the attribute value says so, whatever its case and spaces. */
function attributeIs(attributes: Map<string, string>, name: string, ...values: string[]): boolean {
  const value = attributes.get(name)?.trim().toLowerCase();
  return value !== undefined && values.includes(value);
}

/**
 * Reads body HTML once: its visible text by block, its images, links and headings. The checks of a
 * page each ask for the part they read, so the last documents are kept and shared: treat them as
 * read-only.
 */
export const parseHtml: (html: string) => HtmlDocument = rememberingLast(readHtml);

function readHtml(html: string): HtmlDocument {
  const blocks: string[] = [];
  const images: HtmlImage[] = [];
  const links: HtmlLink[] = [];
  const headings: HtmlHeading[] = [];

  let block = '';
  let openLink: { link: HtmlLink; text: string } | null = null;
  let openHeading: { level: HtmlHeading['level']; text: string } | null = null;

  const addText = (raw: string) => {
    if (raw === '') return;
    const text = decodeEntities(raw);
    block += text;
    if (openLink !== null) openLink.text += text;
    if (openHeading !== null) openHeading.text += text;
  };
  const breakBlock = () => {
    const text = collapse(block);
    if (text !== '') blocks.push(text);
    block = '';
  };
  const closeLink = () => {
    if (openLink === null) return;
    openLink.link.text = collapse(openLink.text);
    links.push(openLink.link);
    openLink = null;
  };
  const closeHeading = () => {
    if (openHeading === null) return;
    headings.push({ level: openHeading.level, text: collapse(openHeading.text) });
    openHeading = null;
  };

  let index = 0;
  let textStart = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt === -1) break;
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      addText(html.slice(textStart, lt));
      const close = html.indexOf('-->', lt + 4);
      index = textStart = close === -1 ? html.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      addText(html.slice(textStart, lt));
      const close = html.indexOf('>', lt + 2);
      index = textStart = close === -1 ? html.length : close + 1;
      continue;
    }
    const isTag =
      tagNameStart.test(next) || (next === '/' && tagNameStart.test(html[lt + 2] ?? ''));
    if (!isTag) {
      index = lt + 1;
      continue;
    }
    const read = readTag(html, lt);
    if (read === null) {
      // An unterminated tag at the end of the text is dropped, as a browser does.
      addText(html.slice(textStart, lt));
      index = textStart = html.length;
      break;
    }
    addText(html.slice(textStart, lt));
    index = textStart = read.next;
    const { name, end, attributes } = read.tag;

    if (!end && skippedContent.has(name)) {
      const closing = new RegExp(`</${name}[\\s/>]`, 'i');
      const match = closing.exec(html.slice(read.next));
      if (match === null) {
        index = textStart = html.length;
      } else {
        const close = html.indexOf('>', read.next + match.index);
        index = textStart = close === -1 ? html.length : close + 1;
      }
      continue;
    }

    if (blockElements.has(name)) breakBlock();
    const level = headingLevels[name];
    if (level !== undefined) {
      closeHeading();
      if (!end) openHeading = { level, text: '' };
    } else if (name === 'a') {
      closeLink();
      if (!end) {
        openLink = {
          link: {
            href: attributes.get('href') ?? null,
            text: '',
            rel: (attributes.get('rel') ?? '')
              .toLowerCase()
              .split(/\s+/)
              .filter((token) => token !== ''),
            role: attributes.get('role') ?? null,
            imageAlts: [],
          },
          text: '',
        };
      }
    } else if (name === 'img' && !end) {
      const alt = attributes.get('alt') ?? null;
      images.push({
        src: attributes.get('src') ?? null,
        alt,
        presentational:
          attributeIs(attributes, 'role', 'presentation', 'none') ||
          attributeIs(attributes, 'aria-hidden', 'true'),
      });
      if (openLink !== null && alt !== null && alt.trim() !== '') {
        openLink.link.imageAlts.push(collapse(alt));
      }
    } else if (name === 'br' && openLink !== null) {
      openLink.text += ' ';
    }
    // A line break inside a heading separates its words.
    if (name === 'br' && openHeading !== null) openHeading.text += ' ';
  }
  addText(html.slice(textStart));
  closeLink();
  closeHeading();
  breakBlock();
  return { blocks, images, links, headings };
}

/** The visible text of body HTML, its blocks separated by a blank line. */
export const visibleText: (html: string) => string = rememberingLast((html) =>
  parseHtml(html).blocks.join('\n\n'),
);

/**
 * The visible text of body HTML on one line, as a search result or a translation's excerpt shows
 * it: whitespace collapsed. Several checks of a page read it.
 */
export const shownText: (html: string) => string = rememberingLast((html) =>
  collapseWhitespace(visibleText(html)),
);

/** The `<h1>`–`<h6>` of body HTML, in order. */
export function headings(html: string): readonly HtmlHeading[] {
  return parseHtml(html).headings;
}

/** The `<img>` of body HTML, in order. */
export function images(html: string): readonly HtmlImage[] {
  return parseHtml(html).images;
}

/** The `<a>` of body HTML, in order. */
export function links(html: string): readonly HtmlLink[] {
  return parseHtml(html).links;
}
