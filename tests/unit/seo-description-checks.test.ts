import { describe, expect, it } from 'vitest';
import type { AuditLanguage } from '#shared/seo/check.ts';
import { duplicateCheck, findings, pageView } from '../support/seo-pages-and-checks.ts';

const longDescriptions: Record<AuditLanguage, string> = {
  en: 'Washed linen throw in natural oatmeal, woven by hand in Normandy. Soft from the first use, it grows softer with every wash. Free delivery from 80 €, returns within 30 days, and a two-year guarantee.',
  fr: 'Plaid en lin lavé «\u00a0avoine\u00a0», tissé à la main en Normandie\u202f! Doux dès le premier jour, il s’assouplit encore à chaque lavage. Livraison offerte dès 80\u00a0€, retours gratuits sous 30 jours.',
};

/** A description of exactly `length` characters, cut from a longer one and ended by a period. */
function descriptionOf(language: AuditLanguage, length: number): string {
  const characters = [...longDescriptions[language]].slice(0, length - 1);
  while (/\s/u.test(characters.at(-1) ?? '')) characters.splice(-1, 1, 'x');
  return `${characters.join('')}.`;
}

describe('M01 meta description missing', () => {
  it.each(['en', 'fr'] as const)(
    'finds a %s page with no search description and no text in its body',
    (language) => {
      const bodies = ['', '<p>\u00a0</p>', '<img src="throw.jpg" alt="Plaid"><p> <br></p>'];
      for (const bodyHtml of bodies) {
        for (const seoDescription of [null, '', '  \n ']) {
          expect(findings('M01', pageView({ language, seoDescription, bodyHtml }))).toEqual([
            { field: 'seoDescription' },
          ]);
        }
      }
    },
  );

  it.each(['en', 'fr'] as const)(
    'passes a %s page without a search description whose body Shopify fills the tag from',
    (language) => {
      const bodyHtml = `<p>${longDescriptions[language]}</p>`;
      expect(findings('M01', pageView({ language, seoDescription: null, bodyHtml }))).toEqual([]);
      expect(
        findings('M01', pageView({ language, seoDescription: null, bodyHtml: 'Lin' })),
      ).toEqual([]);
    },
  );

  it('passes a page with a search description and an empty body', () => {
    const view = pageView({ seoDescription: 'Washed linen throw.', bodyHtml: '' });
    expect(findings('M01', view)).toEqual([]);
  });
});

describe('M02 meta description length', () => {
  describe.each(['en', 'fr'] as const)('in %s', (language) => {
    const run = (length: number) => {
      const seoDescription = descriptionOf(language, length);
      expect([...seoDescription]).toHaveLength(length);
      return findings('M02', pageView({ language, seoDescription }));
    };

    it('finds 120 characters too short, quoting the count and the bound', () => {
      expect(run(119)).toMatchObject([{ field: 'seoDescription', measured: 119, threshold: 120 }]);
      expect(run(120)).toMatchObject([{ field: 'seoDescription', measured: 120, threshold: 120 }]);
    });

    it('passes 121 to 156 characters', () => {
      expect(run(121)).toEqual([]);
      expect(run(140)).toEqual([]);
      expect(run(156)).toEqual([]);
    });

    it('finds 157 characters too long, quoting the description', () => {
      const [finding] = run(157);
      expect(finding).toMatchObject({ measured: 157, threshold: 156 });
      // Cut at the end of a word within 120 characters, its no-break spaces kept as written.
      const description = descriptionOf(language, 157);
      const excerpt = finding?.excerpt ?? '';
      const kept = excerpt.slice(0, -1);
      expect(excerpt.endsWith('…')).toBe(true);
      expect([...excerpt].length).toBeLessThanOrEqual(120);
      expect([...kept].length).toBeGreaterThan(100);
      expect(description.startsWith(kept)).toBe(true);
      expect(description.charAt(kept.length)).toBe(' ');
    });
  });

  it('counts characters as a reader does: collapsed spaces, composed accents', () => {
    const composed = descriptionOf('fr', 121);
    const decomposed = `  ${composed.normalize('NFD').replace(/ /g, '   ')}  `;
    expect(findings('M02', pageView({ language: 'fr', seoDescription: decomposed }))).toEqual([]);
  });

  it('leaves alone a description Shopify takes from the body', () => {
    const view = pageView({ seoDescription: null, bodyHtml: '<p>Linen throw.</p>' });
    expect(findings('M02', view)).toEqual([]);
  });
});

describe('M03 duplicate meta description', () => {
  const key = (seoDescription: string | null, bodyHtml = '<p>Washed linen throw.</p>') =>
    duplicateCheck('M03').key(pageView({ seoDescription, bodyHtml }));

  it('groups descriptions that differ only by case and spacing', () => {
    expect(key(longDescriptions.en)).toBe(key(`  ${longDescriptions.en.toUpperCase()}\n`));
    expect(key(longDescriptions.fr)).toBe(key(longDescriptions.fr.replace(/ /g, '  ')));
  });

  it('keeps different descriptions apart', () => {
    expect(key(longDescriptions.en)).not.toBe(key(longDescriptions.fr));
    expect(key('Plaid en lin écru.')).not.toBe(key('Plaid en lin écru !'));
  });

  it('keys a page without a search description on the body Shopify fills the tag from', () => {
    const body = `<p>${longDescriptions.fr}</p>`;
    expect(key(null, body)).toBe(key(longDescriptions.fr, '<p>Autre chose</p>'));
    expect(key(null, '<p>Plaid en lin.</p>')).not.toBe(key(null, '<p>Plaid en laine.</p>'));
  });

  it('leaves a page that carries no description out of every group', () => {
    expect(key(null, '')).toBeNull();
    expect(key(' ', '<p> </p>')).toBeNull();
  });
});
