import type { PageLanguageView } from '../check.ts';
import { parseHtml, type HtmlDocument } from '../text/html.ts';

/**
 * The body of the page, parsed once for the checks of content, images and links: they read it one
 * after another, so the last parse is kept for the next call on the same HTML.
 */
let lastParsed: { html: string; document: HtmlDocument } | null = null;

/** The body of the page as read by the checks of content, images and links. */
export function body(view: PageLanguageView): HtmlDocument {
  if (lastParsed?.html !== view.bodyHtml) {
    lastParsed = { html: view.bodyHtml, document: parseHtml(view.bodyHtml) };
  }
  return lastParsed.document;
}

/** The visible text of the body, one block per line. */
export function bodyText(document: HtmlDocument): string {
  return document.blocks.join('\n');
}
