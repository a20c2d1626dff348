import { parseHtml } from '../seo/text/html.ts';
import { wordCount } from '../seo/text/words.ts';

/** The words of a post's body as a reader sees them (markup left out), counted as the audit does. */
export function bodyWordCount(bodyHtml: string): number {
  return bodyHtml.trim() === '' ? 0 : wordCount(parseHtml(bodyHtml).blocks.join('\n'));
}
