/**
 * Markup in a text an owner types for a page's SEO title, meta description or image alt text. Those
 * texts are plain text: Shopify stores them as given and a theme prints them where a tag would be
 * read as a tag (or shown as its characters), so Vitrine refuses them rather than writing them.
 *
 * What counts is what a browser's HTML tokenizer reads as the start of markup after a `<`: a letter
 * (a start tag: `<b>`, `<script`, `<img src=…>`), `/` (an end tag: `</b>`), `!` (a comment or a
 * declaration: `<!--`) or `?`. Any other `<` is a character like the others, as in `< 50 €`,
 * `<3` or `<<`: a browser shows it as typed. Entities (`&lt;`) are text and pass.
 *
 * Shared by the server, which refuses such a draft or template (`markup_not_allowed`,
 * server/areas/seo-changes), and the client's editors, which say so as the owner types.
 */

const markupStart = /<[A-Za-z/!?]/;

/** Characters of the offending markup quoted back to the owner, at most. */
const quotedMarkupLength = 30;

/**
 * The first markup in `text`, from its `<` to its `>` (or as much as `quotedMarkupLength` allows
 * when it runs on without one); null when the text holds none.
 */
export function findMarkup(text: string): string | null {
  const start = text.search(markupStart);
  if (start === -1) return null;
  const end = text.indexOf('>', start);
  const stop = end === -1 ? text.length : end + 1;
  return [...text.slice(start, stop)].slice(0, quotedMarkupLength).join('');
}

export function containsMarkup(text: string): boolean {
  return markupStart.test(text);
}
