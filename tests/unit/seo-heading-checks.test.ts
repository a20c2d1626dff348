import { describe, expect, it } from 'vitest';
import { findings, pageView } from '../support/seo-pages-and-checks.ts';

describe('H01 an h1 inside the body', () => {
  it.each([
    ['en', '<p>Washed linen.</p><h2>Care</h2><p>Wash at 40 °C.</p>'],
    ['fr', '<h2>Entretien</h2><h3>Lavage</h3><p>Lavage à 40\u00a0°C.</p>'],
    ['en', ''],
    ['fr', '<p>Le titre « h1 » n’est pas une balise.</p>'],
  ] as const)('passes a %s body with no h1: %j', (language, bodyHtml) => {
    expect(findings('H01', pageView({ language, bodyHtml }))).toEqual([]);
  });

  it.each([
    ['en', '<h1>Linen throw</h1><p>Washed linen.</p>', 'Linen throw'],
    ['fr', '<H1 class="title">Plaid  en <em>lin</em></H1><p>Lin lavé.</p>', 'Plaid en lin'],
  ] as const)('finds one h1 in a %s body', (language, bodyHtml, excerpt) => {
    expect(findings('H01', pageView({ language, bodyHtml }))).toEqual([
      { field: 'body', measured: 1, threshold: 0, excerpt },
    ]);
  });

  it('counts every h1 and quotes them in order', () => {
    const bodyHtml = '<h1>Plaid en lin</h1><p>Doux.</p><h2>Entretien</h2><h1>Lavage</h1>';
    expect(findings('H01', pageView({ language: 'fr', bodyHtml }))).toEqual([
      { field: 'body', measured: 2, threshold: 0, excerpt: 'Plaid en lin · Lavage' },
    ]);
  });

  it('shortens a long heading to 120 characters, at the end of a word', () => {
    const bodyHtml = `<h1>${'Linen '.repeat(40)}</h1>`;
    const [finding] = findings('H01', pageView({ bodyHtml }));
    // 20 × "Linen", spaced, is 119 characters: the ellipsis makes 120.
    expect(finding?.excerpt).toBe(`${'Linen '.repeat(20).trimEnd()}…`);
  });
});
