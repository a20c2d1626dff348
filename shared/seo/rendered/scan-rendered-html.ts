/**
 * Reads what the rendered checks need from a storefront page's HTML in one pass, without a DOM:
 * `<html lang>`, the `<title>`, every `<meta>` and `<link>` (attributes as written, entities
 * decoded), how many `<h1>` start tags there are, the text of each JSON-LD script, and the
 * breadcrumb trails written in microdata (schema.org's BreadcrumbList). Comments and
 * the contents of raw-text elements (script, style, textarea, title) are skipped as a browser skips
 * them, so a `<h1>` inside a script or a comment is not counted.
 */

export interface ScannedHtml {
  htmlLang: string | null;
  /** The first `<title>`'s text, whitespace collapsed; null when there is none. */
  title: string | null;
  metas: Array<Record<string, string>>;
  links: Array<Record<string, string>>;
  h1Count: number;
  /** The raw text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** Each microdata BreadcrumbList, its ListItems in the order written. */
  microdataBreadcrumbs: BreadcrumbItem[][];
}

/** One item of a breadcrumb trail: its name and address, null when it has none. */
export interface BreadcrumbItem {
  name: string | null;
  url: string | null;
}

/** Elements that have no end tag: never open on the stack of microdata scopes. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** An open element that matters to microdata: a scope, or a `name` read from its text. */
interface OpenElement {
  name: string;
  list?: BreadcrumbItem[];
  item?: BreadcrumbItem;
  /** The item whose name is this element's text, and where its text starts. */
  nameOf?: { item: BreadcrumbItem; from: number };
}

const nonEmpty = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? null : value.trim();

const rawTextElements = new Set(['script', 'style', 'textarea', 'title']);

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return namedEntities[body.toLowerCase()] ?? entity;
  });
}

const attributePattern = /([^\s"'=<>/`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** A tag's attributes, names lower-cased; the first of repeated names wins, as in a browser. */
export function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(attributePattern)) {
    const name = match[1]!.toLowerCase();
    if (name in attributes) continue;
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const tagPattern =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

export function scanRenderedHtml(html: string): ScannedHtml {
  const scanned: ScannedHtml = {
    htmlLang: null,
    title: null,
    metas: [],
    links: [],
    h1Count: 0,
    jsonLd: [],
    microdataBreadcrumbs: [],
  };
  let sawHtml = false;
  const open: OpenElement[] = [];
  const innermost = <K extends 'list' | 'item'>(key: K) =>
    open.findLast((element) => element[key] !== undefined)?.[key];
  tagPattern.lastIndex = 0;
  for (let match = tagPattern.exec(html); match !== null; match = tagPattern.exec(html)) {
    if (match[2] === undefined) continue;
    if (match[1] === '/') {
      if (open.length > 0) closeElement(open, match[2].toLowerCase(), html, match.index);
      continue;
    }
    const name = match[2].toLowerCase();
    const attributes = () => parseAttributes(match![3] ?? '');
    if (rawTextElements.has(name)) {
      const closing = new RegExp(`</${name}\\s*>`, 'ig');
      closing.lastIndex = tagPattern.lastIndex;
      const end = closing.exec(html);
      const text = html.slice(tagPattern.lastIndex, end === null ? html.length : end.index);
      tagPattern.lastIndex = end === null ? html.length : closing.lastIndex;
      if (name === 'title' && scanned.title === null)
        scanned.title = decodeEntities(text).replace(/\s+/g, ' ').trim();
      if (name === 'script' && attributes().type?.trim().toLowerCase() === 'application/ld+json')
        scanned.jsonLd.push(text);
      continue;
    }
    if (name === 'html' && !sawHtml) {
      sawHtml = true;
      scanned.htmlLang = attributes().lang ?? null;
    } else if (name === 'meta') scanned.metas.push(attributes());
    else if (name === 'link') scanned.links.push(attributes());
    else if (name === 'h1') scanned.h1Count++;
    // Microdata: read only from tags that carry it, or while a trail is open.
    if (open.length === 0 && !/\bitem(?:scope|prop)\b/i.test(match[3] ?? '')) continue;
    const element = readMicrodata(name, attributes(), innermost('list'), innermost('item'), {
      textFrom: tagPattern.lastIndex,
    });
    if (element.list !== undefined) scanned.microdataBreadcrumbs.push(element.list);
    const selfClosing = (match[3] ?? '').trimEnd().endsWith('/');
    if (!voidElements.has(name) && !selfClosing) open.push(element);
  }
  return scanned;
}

/** What a start tag opens or sets in the breadcrumb trails being read. */
function readMicrodata(
  name: string,
  attributes: Record<string, string>,
  list: BreadcrumbItem[] | undefined,
  item: BreadcrumbItem | undefined,
  { textFrom }: { textFrom: number },
): OpenElement {
  const element: OpenElement = { name };
  const scope = 'itemscope' in attributes;
  const type = attributes.itemtype ?? '';
  const props = (attributes.itemprop ?? '').toLowerCase().split(/\s+/);
  if (item !== undefined && props.includes('item')) {
    item.url = nonEmpty(
      attributes.href ?? attributes.itemid ?? attributes.content ?? attributes.src,
    );
  }
  if (item !== undefined && props.includes('name')) {
    const content = nonEmpty(attributes.content);
    if (content !== null) item.name = content;
    else element.nameOf = { item, from: textFrom };
  }
  if (scope && /BreadcrumbList$/.test(type)) element.list = [];
  else if (
    scope &&
    /ListItem$/.test(type) &&
    list !== undefined &&
    props.includes('itemlistelement')
  ) {
    element.item = { name: null, url: null };
    list.push(element.item);
  }
  return element;
}

/** Closes the innermost open element of that name, and those left open inside it. */
function closeElement(open: OpenElement[], name: string, html: string, at: number) {
  const index = open.findLastIndex((element) => element.name === name);
  if (index === -1) return;
  for (const element of open.splice(index)) {
    if (element.nameOf !== undefined) {
      const text = decodeEntities(html.slice(element.nameOf.from, at).replace(/<[^>]*>/g, ' '));
      element.nameOf.item.name = nonEmpty(text.replace(/\s+/g, ' '));
    }
  }
}
