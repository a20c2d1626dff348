import type { PageLanguageView } from '../check.ts';
import { parseHtml, type HtmlDocument } from '../text/html.ts';

/**
 * The body of the page as read by the checks of content, images and links: parsed once for them all
 * (parseHtml keeps its last documents).
 */
export function body(view: PageLanguageView): HtmlDocument {
  return parseHtml(view.bodyHtml);
}

const textOf = new WeakMap<HtmlDocument, string>();

/**
 * The visible text of the body, one block per line: the same string for every check that asks, so
 * that the counts and measures remembered for it (words, sentences) are found again.
 */
export function bodyText(document: HtmlDocument): string {
  let text = textOf.get(document);
  if (text === undefined) {
    text = document.blocks.join('\n');
    textOf.set(document, text);
  }
  return text;
}
