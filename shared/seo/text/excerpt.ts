import { collapseWhitespace } from './normalize.ts';

/** The longest excerpt a finding carries (FindingEvidence.excerpt), in characters. */
export const excerptMaximumLength = 120;

/**
 * `text` as shown (whitespace collapsed, no-break spaces kept: French typography is reported on
 * them), cut to at most 120 characters with "…", at the end of a word unless that would leave less
 * than half of it. Characters are counted as a reader does (an emoji is one), so a cut never splits
 * one in two.
 */
export function excerpt(text: string): string {
  const collapsed = collapseWhitespace(text);
  // Fewer code units than the limit are fewer characters too: most texts stop here.
  if (collapsed.length <= excerptMaximumLength) return collapsed;
  const characters: string[] = [];
  for (const character of collapsed) {
    characters.push(character);
    if (characters.length > excerptMaximumLength) break;
  }
  if (characters.length <= excerptMaximumLength) return collapsed;
  const cut = characters.slice(0, excerptMaximumLength - 1).join('');
  // The cut already ends a word when the next character is a space.
  if (characters[excerptMaximumLength - 1] === ' ') return `${cut}…`;
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > cut.length / 2 ? cut.slice(0, lastSpace) : cut.trimEnd()}…`;
}

/**
 * The text around `index` (where a problem was found), at most 120 characters, with "…" where it
 * was cut.
 */
export function excerptAround(text: string, index: number, radius = 40): string {
  const start = Math.max(0, index - radius);
  const end = Math.min(text.length, index + radius);
  return excerpt(`${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`);
}
