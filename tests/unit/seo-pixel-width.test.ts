import { describe, expect, it } from 'vitest';
import { textWidthPx } from '#shared/seo/text/pixel-width.ts';

/**
 * Arial is metric-compatible with Helvetica, whose widths Adobe publishes in its core font metrics
 * (Helvetica.afm, in thousandths of an em). These are the widths the expected figures are computed
 * from, independently of the font file the table is generated from.
 */
const helveticaWidths: Record<string, number> = {
  ' ': 278,
  V: 667,
  W: 944,
  i: 222,
  t: 278,
  r: 333,
  n: 556,
  e: 556,
  É: 667,
  é: 556,
  l: 222,
  M: 833,
  '–': 556,
  '—': 1000,
  '…': 1000,
  '’': 222,
  '«': 556,
  '»': 556,
  '\u00a0': 278,
};

function helveticaPx(text: string, fontSizePx: number): number {
  let thousandths = 0;
  for (const character of text) {
    const width = helveticaWidths[character];
    if (width === undefined) throw new Error(`No Helvetica width listed for ${character}`);
    thousandths += width;
  }
  return (thousandths * fontSizePx) / 1000;
}

describe('textWidthPx', () => {
  it.each([
    ['Vitrine', 20],
    ['WWW', 20],
    ['iii', 20],
    ['Été — l’élite…', 20],
    ['«\u00a0Vitrine\u00a0» – Mitre', 14],
  ])('measures %j at %i px as Helvetica’s published widths do', (text, size) => {
    // Arial's 2048-unit advances round Helvetica's 1000-unit widths: a few hundredths of a pixel.
    expect(Math.abs(textWidthPx(text, size) - helveticaPx(text, size))).toBeLessThan(0.1);
  });

  it('gives what Chromium lays out in Arial with kerning off', () => {
    // Measured once in Chromium with fontconfig's Arial (Liberation Sans), `font-kerning: none`,
    // from an element's bounding box, which Chromium rounds to 1/64 px.
    expect(textWidthPx('Écharpe en laine d’agneau – « Hiver » …', 20)).toBeCloseTo(365.797, 1);
    expect(textWidthPx('Œuvre : 12 €', 14)).toBeCloseTo(80.156, 1);
    // The narrow no-break and thin spaces, which the font lacks and the browser synthesizes.
    expect(textWidthPx('a\u202fb\u2009c', 20)).toBeCloseTo(39.031, 1);
  });

  it('scales with the font size', () => {
    expect(textWidthPx('Vitrine', 14) / textWidthPx('Vitrine', 20)).toBeCloseTo(0.7, 10);
    expect(textWidthPx('', 20)).toBe(0);
  });

  it('measures an accent typed as a combining mark like the composed letter', () => {
    expect(textWidthPx('e\u0301te\u0301', 20)).toBe(textWidthPx('été', 20));
  });

  it('counts invisible characters as nothing', () => {
    expect(textWidthPx('Vi\u00adtri\u200bne\ufeff', 20)).toBe(textWidthPx('Vitrine', 20));
  });

  it('counts a character outside the table as an average letter, never as nothing', () => {
    const ideograph = textWidthPx('日', 20);
    expect(ideograph).toBeGreaterThan(textWidthPx('i', 20));
    expect(ideograph).toBeLessThan(textWidthPx('W', 20));
    expect(textWidthPx('😀', 20)).toBe(ideograph);
  });
});
