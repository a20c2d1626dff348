import { parseHtml } from '../seo/text/html.ts';
import { rememberingLast } from '../seo/text/last-answers.ts';

/**
 * A post's body as the readability checks read it: its sections, each a subheading (none for the
 * introduction) and the blocks of text under it (paragraphs, list items, quotes).
 */
export interface PostSection {
  /** The text of the `<h1>`–`<h6>` that opens the section; null for the text before the first. */
  heading: string | null;
  paragraphs: string[];
}

const headingStart = /<h[1-6](?=[\s>/])/gi;

/**
 * The sections of body HTML, in order; there is no introduction when the body opens on a
 * heading. The readability and the keyphrase checks both read them at each keystroke, so the last
 * answers are kept.
 */
export const postSections: (bodyHtml: string) => readonly PostSection[] =
  rememberingLast(sectionsOf);

function sectionsOf(bodyHtml: string): PostSection[] {
  const starts = [0, ...[...bodyHtml.matchAll(headingStart)].map((match) => match.index)];
  const sections: PostSection[] = [];
  starts.forEach((start, index) => {
    const part = bodyHtml.slice(start, starts[index + 1] ?? bodyHtml.length);
    const { blocks, headings } = parseHtml(part);
    const opensOnHeading = index > 0;
    const heading = opensOnHeading ? (headings[0]?.text ?? '') : null;
    // The heading's own text is the first block of its part (when it has any text).
    const paragraphs =
      opensOnHeading && heading !== '' && blocks[0] === heading ? blocks.slice(1) : [...blocks];
    if (index === 0 && paragraphs.length === 0) return;
    sections.push({ heading, paragraphs });
  });
  return sections;
}
