/**
 * The words of the checks' texts an owner may not know (JSON-LD, a theme's .liquid files, a
 * canonical address, hreflang…): which of them a text uses, so that the page's detail explains
 * each in one sentence (client/locales/<language>/seo.json, `glossary`). A term is found as the
 * texts write it in English or in French. Pure: tested in Node (tests/unit/client-seo-glossary.test.ts).
 */

export const glossaryKeys = [
  'jsonLd',
  'iso4217',
  'liquid',
  'canonical',
  'hreflang',
  'xDefault',
  'noindex',
  'altText',
  'h1',
  'structuredData',
  'lighthouse',
  'handle',
] as const;
export type GlossaryKey = (typeof glossaryKeys)[number];

const termPatterns: Record<GlossaryKey, RegExp> = {
  jsonLd: /JSON-LD/,
  iso4217: /ISO 4217/,
  liquid: /\.liquid\b/,
  canonical: /\bcanonical\b|\bcanoniques?\b/i,
  hreflang: /\bhreflang\b/i,
  xDefault: /\bx-default\b/,
  noindex: /\bnoindex\b/i,
  altText: /\balt (?:text|attribute)|texte alternatif|attribut alt\b/i,
  h1: /\bH1\b/,
  structuredData: /\bstructured data\b|données structurées/i,
  lighthouse: /\bLighthouse\b/,
  handle: /\bhandles?\b|\bidentifiants?\b/i,
};

/** The terms that the texts use, in the glossary's order. */
export function glossaryTermsIn(texts: readonly string[]): GlossaryKey[] {
  return glossaryKeys.filter((key) => texts.some((text) => termPatterns[key].test(text)));
}
