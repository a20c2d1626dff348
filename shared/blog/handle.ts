/**
 * A post's handle, the last part of its address on the store (`/blogs/news/<handle>`), as Vitrine
 * proposes it from the title in each language. Accents are transliterated rather than kept: a French
 * handle stays readable (`ete` for `été`, `oeuvre` for `œuvre`) and the same in every browser's
 * address bar, where an accented one appears percent-encoded when copied.
 */

/** The longest handle Shopify takes. */
export const handleMaxLength = 255;

/** Letters that no accent removal turns into ASCII: their usual spelling in French and English. */
const transliterations: Record<string, string> = {
  œ: 'oe',
  Œ: 'oe',
  æ: 'ae',
  Æ: 'ae',
  ß: 'ss',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
};

const combiningMarks = /\p{M}+/gu;

export function handleFromTitle(title: string): string {
  const ascii = title
    .replace(/[œŒæÆßøØłŁđĐ]/g, (letter) => transliterations[letter] ?? letter)
    .normalize('NFD')
    .replace(combiningMarks, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= handleMaxLength) return ascii;
  // Cut at a word's end rather than in the middle of one.
  const cut = ascii.slice(0, handleMaxLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, handleMaxLength)).replace(
    /-+$/,
    '',
  );
}

/** Lowercase letters and digits in words joined by single hyphens, as Shopify keeps handles. */
const handlePattern = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

export function isValidHandle(handle: string): boolean {
  return handlePattern.test(handle);
}
