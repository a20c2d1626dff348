/**
 * The forms the checks show, compare and test a text in.
 */

/**
 * Runs of the whitespace a browser collapses into one space. No-break spaces are not among them:
 * French puts them before « : ; ! ? » and inside « », and they are shown and measured as written.
 * A single space, already what a run becomes, is left alone: a body's text has one between every
 * two words, and replacing each with itself was most of the cost.
 */
const collapsibleWhitespace = / [ \t\n\r\f]+|[\t\n\r\f][ \t\n\r\f]*/g;

/**
 * Any whitespace, no-break and narrow spaces included, for texts compared rather than shown; a
 * single space, left alone, likewise.
 */
const anyWhitespace = /\s{2,}|[^\S ]/gu;

/** `text` as a browser shows it: runs of collapsible whitespace made one space, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(collapsibleWhitespace, ' ').trim();
}

export function isBlank(text: string | null): boolean {
  return text === null || text.trim() === '';
}

/**
 * The form two texts are compared in: composed, trimmed, case-folded, any whitespace collapsed into
 * one space. Two titles that differ only by case or spacing read the same in a search result.
 */
export function comparableText(text: string): string {
  return text.normalize('NFC').replace(anyWhitespace, ' ').trim().toLowerCase();
}
