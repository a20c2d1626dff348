import { jsonScriptBlock, pagePayloadElementId } from '#shared/build-artifacts.ts';

/**
 * A prerendered page: the built index.html (its stylesheet links, module scripts and inline theme
 * script unchanged, so the CSP hashes hold) with the language on `<html>`, the page's own head tags
 * in place of the generic ones, its markup inside `#root`, and its data as a JSON block.
 */

export interface PrerenderedPageParts {
  language: string;
  /** The page's head tags as HTML (client/lib/head-tags.ts). */
  headHtml: string;
  /** React's rendering of the page, already escaped. */
  markup: string;
  /** The page's `_payload.json` data. */
  payload: unknown;
}

const htmlStartTag = /<html\b[^>]*>/i;
const langAttribute = /\slang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i;
const headEnd = /<\/head\s*>/i;
/** `</head>` with the indentation of its line, which the inserted tags take, one level deeper. */
const indentedHeadEnd = /([ \t]*)<\/head\s*>/i;
const emptyRoot = /<div id="root">\s*<\/div>/;

/**
 * The generic tags of index.html that a page's head tags replace: keeping both would give a page two
 * titles or two descriptions, which search engines resolve unpredictably.
 */
const replacedHeadTags = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>\s*/gi,
  /<meta\b[^>]*\bname\s*=\s*["']?description\b[^>]*>\s*/gi,
  /<meta\b[^>]*\bproperty\s*=\s*["']?og:[^>]*>\s*/gi,
  /<link\b[^>]*\brel\s*=\s*["']?(?:canonical|alternate)\b[^>]*>\s*/gi,
];

function withLanguage(startTag: string, language: string): string {
  const attribute = ` lang="${language}"`;
  return langAttribute.test(startTag)
    ? startTag.replace(langAttribute, () => attribute)
    : startTag.replace(/^<html\b/i, (name) => `${name}${attribute}`);
}

export function prerenderedPageHtml(template: string, parts: PrerenderedPageParts): string {
  if (!/^[a-z]{2}(?:-[A-Za-z0-9]+)*$/.test(parts.language)) {
    throw new Error(`Not a language tag: ${parts.language}`);
  }
  if (!htmlStartTag.test(template)) throw new Error('index.html has no <html> element');
  if (!headEnd.test(template)) throw new Error('index.html has no </head>');
  if (!emptyRoot.test(template)) throw new Error('index.html has no empty <div id="root"></div>');

  let html = template.replace(htmlStartTag, (startTag) => withLanguage(startTag, parts.language));
  const headEndIndex = html.search(headEnd);
  let head = html.slice(0, headEndIndex);
  for (const pattern of replacedHeadTags) head = head.replace(pattern, '');
  html = head + html.slice(headEndIndex);
  // Functions as replacements: the inserted text may contain `$&` and the like, taken literally.
  html = html.replace(indentedHeadEnd, (end, indent: string) => {
    const lines = parts.headHtml.split('\n').map((line) => `${indent}  ${line}`);
    return `${lines.join('\n')}\n${end}`;
  });
  return html.replace(
    emptyRoot,
    () =>
      `<div id="root">${parts.markup}</div>\n${jsonScriptBlock(pagePayloadElementId, parts.payload)}`,
  );
}

const stylesheetLink =
  /<link\b(?=[^>]*\brel\s*=\s*["']?stylesheet\b)[^>]*\bhref\s*=\s*["']?([^"'\s>]+)[^>]*>/gi;

/**
 * The page with each same-origin stylesheet link replaced by the stylesheet itself in a `<style>`
 * element. A prerendered page then paints from its first response, with no render-blocking request
 * competing for the phone's bandwidth with the scripts the page preloads; the CSP allows inline
 * styles. `readStylesheet` gets the link's `href` (`/assets/…`); other links are left alone.
 */
export function withInlineStylesheets(
  html: string,
  readStylesheet: (href: string) => string,
): string {
  return html.replace(stylesheetLink, (link, href: string) => {
    if (!href.startsWith('/') || href.startsWith('//')) return link;
    const css = readStylesheet(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style", it cannot be inlined`);
    return `<style>${css}</style>`;
  });
}
