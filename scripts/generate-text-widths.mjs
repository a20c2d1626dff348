import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/**
 * Writes shared/seo/text/arial-widths.ts: Arial's advance widths for the characters an English or
 * French store's titles and descriptions are made of, read from Liberation Sans (metric-compatible
 * with Arial: same advance for every character). Search-result tools measure titles in Arial 20 px
 * and descriptions in Arial 14 px; the audit adds these widths up instead of drawing the text, so
 * the server and the browser measure alike. The generated file is committed: only this script needs
 * the font.
 *
 *   node scripts/generate-text-widths.mjs [path/to/LiberationSans-Regular.ttf]
 */

const defaultFontPath = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputPath = path.join(repositoryRoot, 'shared/seo/text/arial-widths.ts');

/** The characters measured one by one, as ranges of code points (first and last included). */
const measuredRanges = [
  { first: 0x20, last: 0x7e, name: 'ASCII printable' },
  { first: 0xa0, last: 0xff, name: 'Latin-1: no-break space, « », accented letters' },
  {
    first: 0x100,
    last: 0x17f,
    name: 'Latin Extended-A: œ Œ Ÿ and the letters of other European languages',
  },
  { first: 0x2009, last: 0x2009, name: 'thin space' },
  { first: 0x2010, last: 0x2011, name: 'hyphen and non-breaking hyphen' },
  { first: 0x2013, last: 0x2014, name: 'en and em dashes: – —' },
  { first: 0x2018, last: 0x201e, name: 'quotation marks: ‘ ’ ‚ “ ” „' },
  { first: 0x2022, last: 0x2022, name: 'bullet' },
  { first: 0x2026, last: 0x2026, name: 'ellipsis' },
  { first: 0x202f, last: 0x202f, name: 'narrow no-break space (before ; ! ? in French)' },
  { first: 0x2039, last: 0x203a, name: 'single guillemets ‹ ›' },
  { first: 0x20ac, last: 0x20ac, name: 'euro sign' },
  { first: 0x2122, last: 0x2122, name: 'trade mark sign' },
];

/** Reads the tables of a TrueType font that give each character its advance width. */
function readFont(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map();
  const tableCount = view.getUint16(4);
  for (let index = 0; index < tableCount; index += 1) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    tables.set(tag, view.getUint32(record + 8));
  }
  const tableOffset = (tag) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`The font has no ${tag} table.`);
    return offset;
  };

  const unitsPerEm = view.getUint16(tableOffset('head') + 18);
  const glyphCount = view.getUint16(tableOffset('maxp') + 4);
  const longMetricCount = view.getUint16(tableOffset('hhea') + 34);
  const hmtx = tableOffset('hmtx');
  // Glyphs past the long metrics share the last long metric's advance (the font's monospaced tail).
  const advanceOfGlyph = (glyph) => view.getUint16(hmtx + 4 * Math.min(glyph, longMetricCount - 1));

  const glyphOfCodePoint = readCharacterMap(view, tableOffset('cmap'));
  return {
    unitsPerEm,
    glyphCount,
    /** The advance of a character, or undefined when the font has no glyph for it. */
    advance(codePoint) {
      const glyph = glyphOfCodePoint(codePoint);
      return glyph === 0 ? undefined : advanceOfGlyph(glyph);
    },
  };
}

/**
 * The font's Unicode character map: format 12 (all planes) when the font has one, else format 4
 * (the Basic Multilingual Plane). Returns glyph 0 (the missing glyph) for a character not mapped.
 */
function readCharacterMap(view, cmap) {
  const subtableCount = view.getUint16(cmap + 2);
  const subtables = [];
  for (let index = 0; index < subtableCount; index += 1) {
    const record = cmap + 4 + index * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const offset = cmap + view.getUint32(record + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode) subtables.push({ offset, format: view.getUint16(offset) });
  }
  const format12 = subtables.find((subtable) => subtable.format === 12);
  if (format12) return readFormat12(view, format12.offset);
  const format4 = subtables.find((subtable) => subtable.format === 4);
  if (format4) return readFormat4(view, format4.offset);
  throw new Error('The font has no Unicode character map of format 4 or 12.');
}

function readFormat12(view, subtable) {
  const groupCount = view.getUint32(subtable + 12);
  return (codePoint) => {
    for (let index = 0; index < groupCount; index += 1) {
      const group = subtable + 16 + index * 12;
      const first = view.getUint32(group);
      const last = view.getUint32(group + 4);
      if (codePoint >= first && codePoint <= last)
        return view.getUint32(group + 8) + (codePoint - first);
    }
    return 0;
  };
}

function readFormat4(view, subtable) {
  const segmentCount = view.getUint16(subtable + 6) / 2;
  const endCodes = subtable + 14;
  const startCodes = endCodes + 2 * segmentCount + 2;
  const deltas = startCodes + 2 * segmentCount;
  const rangeOffsets = deltas + 2 * segmentCount;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let segment = 0; segment < segmentCount; segment += 1) {
      if (codePoint > view.getUint16(endCodes + 2 * segment)) continue;
      const start = view.getUint16(startCodes + 2 * segment);
      if (codePoint < start) return 0;
      const delta = view.getInt16(deltas + 2 * segment);
      const rangeOffsetAt = rangeOffsets + 2 * segment;
      const rangeOffset = view.getUint16(rangeOffsetAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsetAt + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

const hex = (codePoint) => `0x${codePoint.toString(16).padStart(4, '0')}`;

/**
 * Arial and Liberation Sans have no glyph for the thin and the narrow no-break space. Browsers shape
 * text with HarfBuzz, which then draws the font's own space at a width of its choosing instead of
 * looking for another font: a fifth of an em for the thin space, half the space for the narrow one.
 */
const synthesizedSpaces = new Map([
  [0x2009, (font) => Math.round(font.unitsPerEm / 5)],
  [0x202f, (font) => Math.round(font.advance(0x20) / 2)],
]);

function generate(fontPath) {
  const font = readFont(fs.readFileSync(fontPath));
  const ranges = measuredRanges.map(({ first, last, name }) => {
    const advances = [];
    for (let codePoint = first; codePoint <= last; codePoint += 1) {
      const advance = font.advance(codePoint) ?? synthesizedSpaces.get(codePoint)?.(font);
      if (advance === undefined)
        throw new Error(
          `${path.basename(fontPath)} has no glyph for U+${hex(codePoint).slice(2)}.`,
        );
      advances.push(advance);
    }
    return { first, name, advances };
  });

  // A character outside the table (another script, an emoji) is drawn from another font by the
  // browser: counted as an average lowercase letter, neither free nor a full em.
  const lowercase = [...'abcdefghijklmnopqrstuvwxyz'].map((letter) =>
    font.advance(letter.codePointAt(0)),
  );
  const fallbackAdvance = Math.round(
    lowercase.reduce((sum, advance) => sum + advance, 0) / lowercase.length,
  );

  const rangeSource = ranges
    .map(
      ({ first, name, advances }) =>
        `  // ${name}\n  { first: ${hex(first)}, advances: [${advances.join(', ')}] },`,
    )
    .join('\n');

  return `// Generated by scripts/generate-text-widths.mjs from ${path.basename(fontPath)}; do not edit.

/**
 * Arial's advance widths, in font units (${font.unitsPerEm} to the em), read from Liberation Sans,
 * which gives every character the same advance as Arial. A text's width in pixels at a font size
 * is the sum of its characters' advances × size ÷ unitsPerEm (shared/seo/text/pixel-width.ts).
 */
export const arialUnitsPerEm = ${font.unitsPerEm};

/** The advance counted for a character outside the ranges below: the mean of a–z. */
export const arialFallbackAdvance = ${fallbackAdvance};

/** Consecutive code points from \`first\`, one advance each. */
export const arialAdvanceRanges: readonly { first: number; advances: readonly number[] }[] = [
${rangeSource}
];
`;
}

const fontPath = process.argv[2] ?? defaultFontPath;
fs.mkdirSync(path.dirname(outputPath), { recursive: true });
const prettierOptions = { ...(await prettier.resolveConfig(outputPath)), filepath: outputPath };
fs.writeFileSync(outputPath, await prettier.format(generate(fontPath), prettierOptions));
console.log(`Wrote ${path.relative(repositoryRoot, outputPath)} from ${fontPath}.`);
