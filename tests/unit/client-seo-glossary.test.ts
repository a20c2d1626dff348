import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { glossaryKeys, glossaryTermsIn } from '#client/features/seo/glossary.ts';
import { supportedLanguages } from '#shared/constants.ts';

/**
 * The glossary of the SEO page's detail: every term an owner may not know that a check's texts
 * use, in English and in French, is found in them and explained in one sentence in that language.
 */

const localesDir = fileURLToPath(new URL('../../client/locales/', import.meta.url));

function locale(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(
    fs.readFileSync(`${localesDir}${language}/${namespace}.json`, 'utf8'),
  ) as Record<string, unknown>;
}

type Glossary = { title: string; terms: Record<string, { term: string; meaning: string }> };

/** The terms of the brief that an owner cannot be expected to know, as each language writes them. */
const hardTerms: Record<string, RegExp> = {
  jsonLd: /JSON-LD/,
  iso4217: /ISO 4217/,
  liquid: /\.liquid/,
  canonical: /canonical|canonique/i,
  hreflang: /hreflang/i,
  altText: /alt text|texte alternatif/i,
};

describe.each(supportedLanguages)('the glossary in %s', (language) => {
  const glossary = locale(language, 'seo').glossary as Glossary;
  const checks = locale(language, 'seo-checks') as Record<string, Record<string, string>>;

  it('explains each term in one sentence', () => {
    expect(glossary.title).not.toBe('');
    for (const key of glossaryKeys) {
      const entry = glossary.terms[key];
      expect(entry?.term, key).toBeTruthy();
      // One sentence: a single full stop, at the end (a file name's dot aside).
      expect(entry!.meaning.replace('.liquid', '').match(/[.!?](?=\s|$)/g), key).toHaveLength(1);
    }
  });

  it('finds each term in the texts of the checks that use it, with its explanation', () => {
    const used = new Set<string>();
    for (const [checkId, texts] of Object.entries(checks)) {
      const found = glossaryTermsIn(Object.values(texts));
      for (const [key, pattern] of Object.entries(hardTerms)) {
        if (Object.values(texts).some((text) => pattern.test(text))) {
          expect(found, `${checkId} uses ${key}`).toContain(key);
        }
      }
      for (const key of found) {
        expect(glossary.terms[key]?.meaning, `${checkId}: ${key}`).toBeTruthy();
        used.add(key);
      }
    }
    // The checks' texts use these terms today (ISO 4217 may come with later checks).
    expect([...used]).toEqual(
      expect.arrayContaining(['jsonLd', 'liquid', 'canonical', 'hreflang', 'altText']),
    );
  });

  it('finds the terms as they are written and not inside other words', () => {
    expect(glossaryTermsIn(['Edit sections/main-product.liquid and layout/theme.liquid'])).toEqual([
      'liquid',
    ]);
    expect(glossaryTermsIn(['Prices in ISO 4217 codes, in the JSON-LD block'])).toEqual([
      'jsonLd',
      'iso4217',
    ]);
    expect(glossaryTermsIn(['Although the alternative H10 canonicalized…'])).toEqual([]);
  });
});
