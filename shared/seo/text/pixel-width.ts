import { arialAdvanceRanges, arialFallbackAdvance, arialUnitsPerEm } from './arial-widths.ts';

/**
 * How wide a text is drawn in Arial, the font search-result tools measure snippets in (20 px for a
 * title, 14 px for a description). Widths are added up from Arial's advances rather than drawn, so
 * the server and the browser get the same figure. Kerning is left out: it narrows a few pairs (a
 * `y,` or a `Te`), which makes a browser's figure for a 600 px title a pixel or two smaller.
 */

export const titleFontSizePx = 20;
export const descriptionFontSizePx = 14;

const advanceByCodePoint = new Map<number, number>();
for (const { first, advances } of arialAdvanceRanges) {
  advances.forEach((advance, index) => advanceByCodePoint.set(first + index, advance));
}

/**
 * Characters drawn with no width: control characters, combining marks left over after composition,
 * the soft hyphen (the font has a glyph for it, shown only where a line breaks), zero-width spaces
 * and joiners, the byte order mark and variation selectors.
 */
const zeroWidthCategory = /^[\p{Cc}\p{Mn}]$/u;
const zeroWidthRanges: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x200b, 0x200f],
  [0x2060, 0x2060],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
];

function isInvisible(character: string, codePoint: number): boolean {
  return (
    zeroWidthCategory.test(character) ||
    zeroWidthRanges.some(([first, last]) => codePoint >= first && codePoint <= last)
  );
}

function advanceOf(character: string): number {
  const codePoint = character.codePointAt(0) ?? 0;
  if (isInvisible(character, codePoint)) return 0;
  return advanceByCodePoint.get(codePoint) ?? arialFallbackAdvance;
}

/**
 * The advances of the characters of the Basic Multilingual Plane (each of them one UTF-16 unit)
 * met so far, by code unit; `unknownAdvance` where a character has not been met. A title is
 * measured on every page of an audit, and reading a table is many times cheaper than testing each
 * character's category and ranges again; filling it as characters come costs a page in the browser
 * nothing up front. Characters beyond it (emoji, mostly) are looked up one by one.
 */
const unknownAdvance = 0xffff;
const basicPlaneAdvances = new Uint16Array(0x10000).fill(unknownAdvance);

function basicPlaneAdvanceOf(code: number): number {
  let advance = basicPlaneAdvances[code]!;
  if (advance === unknownAdvance) {
    advance = advanceOf(String.fromCharCode(code));
    basicPlaneAdvances[code] = advance;
  }
  return advance;
}

/**
 * The width in pixels of `text` set in Arial at `fontSizePx`, unrounded. Accents typed as separate
 * combining marks are composed first (e + ◌́ is measured as é).
 */
export function textWidthPx(text: string, fontSizePx: number): number {
  const composed = text.normalize('NFC');
  let units = 0;
  for (let index = 0; index < composed.length; index++) {
    const code = composed.charCodeAt(index);
    const isPairStart =
      code >= 0xd800 &&
      code <= 0xdbff &&
      index + 1 < composed.length &&
      composed.charCodeAt(index + 1) >= 0xdc00 &&
      composed.charCodeAt(index + 1) <= 0xdfff;
    if (isPairStart) {
      units += advanceOf(composed.slice(index, index + 2));
      index++;
    } else {
      units += basicPlaneAdvanceOf(code);
    }
  }
  return (units * fontSizePx) / arialUnitsPerEm;
}
