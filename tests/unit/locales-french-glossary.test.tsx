// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScoreTrendChart } from '#client/features/seo/components/score-trend-chart.tsx';
import { TranslationCoverage } from '#client/features/seo/components/translation-coverage.tsx';
import { seoFormat } from '#client/features/seo/use-seo-format.ts';
import { initDomI18n } from '../support/dom-i18n.ts';

/**
 * One term per concept in Vitrine's French: no French text uses a variant the glossary
 * (client/locales/fr/GLOSSARY.md) turns down, and the screens put a language's name inside a
 * sentence without its capital.
 */

// Not `new URL(…, import.meta.url)`, which Vite turns into an asset's address in a DOM test.
const frenchDir = path.resolve(import.meta.dirname, '../../client/locales/fr');

/** The "Not" column of the glossary's table: the variants no French text may use. */
function bannedVariants(): string[] {
  const glossary = fs.readFileSync(path.join(frenchDir, 'GLOSSARY.md'), 'utf8');
  return glossary
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .flatMap((line) => (line.split('|')[3] ?? '').split(','))
    .map((variant) => variant.trim())
    .filter((variant) => variant !== '');
}

/** A variant as a whole word; in any case unless it is written with a capital. */
function variantPattern(variant: string): RegExp {
  const escaped = variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const flags = /\p{Lu}/u.test(variant) ? 'u' : 'iu';
  return new RegExp(`(?<![\\p{L}\\p{N}-])${escaped}(?![\\p{L}\\p{N}-])`, flags);
}

function texts(value: unknown, key: string, into: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') into.push([key, value]);
  else if (typeof value === 'object' && value !== null) {
    for (const [child, text] of Object.entries(value)) {
      texts(text, key === '' ? child : `${key}.${child}`, into);
    }
  }
  return into;
}

/** `file:key uses "variant"` for each French text that uses a turned-down variant. */
function offences(patterns: [string, RegExp][], file: string, json: unknown): string[] {
  return texts(json, '').flatMap(([key, text]) =>
    patterns
      .filter(([, pattern]) => pattern.test(text))
      .map(([variant]) => `${file}:${key} uses "${variant}"`),
  );
}

describe('the French glossary', () => {
  const variants = bannedVariants();
  const patterns = variants.map((variant): [string, RegExp] => [variant, variantPattern(variant)]);

  it('turns down the variants of plan, email and language names', () => {
    expect(variants).toEqual(
      expect.arrayContaining(['formule', 'e-mail', 'en Français', 'en Anglais']),
    );
  });

  it('tells a variant from the chosen word', () => {
    const uses = (text: string) => offences(patterns, 'sample', { text });
    expect(uses('Votre formule Pro')).toEqual(['sample:text uses "formule"']);
    expect(uses('Les Formules payantes')).toEqual(['sample:text uses "formules"']);
    expect(uses('Renvoyer l’e-mail')).toEqual(['sample:text uses "e-mail"']);
    expect(uses('Le score en Français')).toEqual(['sample:text uses "en Français"']);
    expect(uses('Votre offre Pro, votre adresse email, le score en français')).toEqual([]);
    // The language standing alone, as in the language menu, keeps its capital.
    expect(uses('Français')).toEqual([]);
  });

  it.each(
    fs
      .readdirSync(frenchDir)
      .filter((name) => name.endsWith('.json'))
      .sort(),
  )('is followed by client/locales/fr/%s', (file) => {
    const json: unknown = JSON.parse(fs.readFileSync(path.join(frenchDir, file), 'utf8'));
    expect(offences(patterns, file, json)).toEqual([]);
  });
});

describe('a language named inside a sentence on the SEO overview', () => {
  beforeAll(async () => {
    await initDomI18n('fr', ['seo', 'seo-checks']);
  });
  afterEach(cleanup);

  it('takes no capital in French', () => {
    render(
      <TranslationCoverage
        coverage={{ language: 'en', fields: 10, translated: 6, outdated: 1, sameAsSource: 1 }}
        format={seoFormat('fr')}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Couverture de la traduction en anglais',
    );
    // The card is named by it.
    expect(
      screen.getByRole('region', { name: 'Couverture de la traduction en anglais' }),
    ).toBeTruthy();
  });

  it('titles the score trend with the name as the card passes it', () => {
    render(
      <ScoreTrendChart
        trend={[
          { at: '2026-11-02T10:00:00.000Z', score: 70 },
          { at: '2026-11-09T10:00:00.000Z', score: 80 },
        ]}
        languageInSentence={seoFormat('fr').languageInSentence('fr')}
        format={seoFormat('fr')}
      />,
    );
    const chart = screen.getByRole('img');
    const [titleId] = chart.getAttribute('aria-labelledby')?.split(' ') ?? [];
    const title = document.getElementById(titleId ?? '');
    expect(title?.tagName.toLowerCase()).toBe('title');
    expect(title?.textContent).toBe('Évolution du score en français');
  });
});
