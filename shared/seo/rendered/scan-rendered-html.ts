/**
 * Reads what the rendered checks need from a storefront page's HTML in one pass, without a DOM:
 * `<html lang>`, the `<title>`, every `<meta>` and `<link>` (attributes as written, entities
 * decoded), how many `<h1>` start tags there are, and the text of each JSON-LD script. Comments and
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
}

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
  };
  let sawHtml = false;
  tagPattern.lastIndex = 0;
  for (let match = tagPattern.exec(html); match !== null; match = tagPattern.exec(html)) {
    if (match[2] === undefined || match[1] === '/') continue;
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
  }
  return scanned;
}
