import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AuditLanguage } from '#shared/seo/check.ts';
import { identifyTitleLanguage, titleMayBeIn } from '#shared/seo/text/language.ts';
import { findings, pageView } from '../support/seo-pages-and-checks.ts';

/**
 * The title check's language identification (T05) on product titles as shops write them, in
 * English and in French (tests/fixtures/seo-title-languages/<language>.txt, one title a line:
 * clothing, home, beauty and food, from 18 to 45 characters). A title identified as the other
 * language would be reported on a page of its own language: precision is the share of the answers
 * that are right, recall the share of the titles answered right.
 */

const storeLanguages = ['en', 'fr'] as const;

function titlesOf(language: AuditLanguage): string[] {
  const file = new URL(`../fixtures/seo-title-languages/${language}.txt`, import.meta.url);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function measure(language: AuditLanguage) {
  const titles = titlesOf(language);
  const answers = titles.map((title) => ({
    title,
    identified: identifyTitleLanguage(title, storeLanguages),
  }));
  const right = answers.filter((answer) => answer.identified === language).length;
  const wrong = answers.filter(
    (answer) => answer.identified !== null && answer.identified !== language,
  );
  return { titles: titles.length, right, wrong };
}

describe('the language of short titles', () => {
  it('identifies titles of both languages with a precision of 0.95 and a recall of 0.8 at least', () => {
    const english = measure('en');
    const french = measure('fr');
    const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
    // French titles identified as French: what T05 reports on an English page; and the reverse.
    const frenchOnEnglish = {
      precision: ratio(french.right, french.right + english.wrong.length),
      recall: ratio(french.right, french.titles),
    };
    const englishOnFrench = {
      precision: ratio(english.right, english.right + french.wrong.length),
      recall: ratio(english.right, english.titles),
    };
    const answered = english.right + french.right + english.wrong.length + french.wrong.length;
    const all = {
      precision: ratio(english.right + french.right, answered),
      recall: ratio(english.right + french.right, english.titles + french.titles),
    };
    console.info(
      [
        `Titles: ${english.titles} English, ${french.titles} French`,
        `  French title on an English page: precision ${frenchOnEnglish.precision.toFixed(3)}, recall ${frenchOnEnglish.recall.toFixed(3)} (${french.right}/${french.titles})`,
        `  English title on a French page: precision ${englishOnFrench.precision.toFixed(3)}, recall ${englishOnFrench.recall.toFixed(3)} (${english.right}/${english.titles})`,
        `  both: precision ${all.precision.toFixed(3)}, recall ${all.recall.toFixed(3)}`,
        `  misread: ${JSON.stringify([...english.wrong, ...french.wrong])}`,
      ].join('\n'),
    );
    expect(english.titles).toBeGreaterThanOrEqual(60);
    expect(french.titles).toBeGreaterThanOrEqual(60);
    expect(frenchOnEnglish.precision).toBeGreaterThanOrEqual(0.95);
    expect(englishOnFrench.precision).toBeGreaterThanOrEqual(0.95);
    expect(all.precision).toBeGreaterThanOrEqual(0.95);
    expect(all.recall).toBeGreaterThanOrEqual(0.8);
  });

  it.each(['Crème brûlée kit for two', 'Café table with marble top', 'Crème brûlée kit'])(
    'does not read an English title with a French loanword as French: %s',
    (title) => {
      expect(identifyTitleLanguage(title, storeLanguages)).not.toBe('fr');
    },
  );
});

describe('T05 on short titles', () => {
  const english = (title: string) => pageView({ language: 'en', primaryLanguage: 'en', title });
  const french = (title: string) => pageView({ language: 'fr', primaryLanguage: 'fr', title });

  it('reports a French title of 40-odd characters on an English page', () => {
    const title = 'Nappe en lin lavé couleur argile naturelle';
    expect(findings('T05', english(title))).toEqual([{ field: 'seoTitle', excerpt: title }]);
  });

  it('reports an English title of under 24 characters on a French page', () => {
    expect(findings('T05', french('Waffle weave bath robe'))).toHaveLength(1);
  });

  it.each([
    'Crème brûlée kit for two',
    'Café table with marble top',
    'Fleur de sel sea salt flakes',
  ])('leaves an English title with French words alone on an English page: %s', (title) => {
    expect(findings('T05', english(title))).toEqual([]);
  });
});

describe('the titles T05 leaves unread', () => {
  /** Every fixture title, and its first 12 to 23 characters, where the small words decide. */
  const titles = storeLanguages.flatMap((language) =>
    titlesOf(language).flatMap((title) => [
      title,
      ...[12, 16, 20, 23].map((length) => title.slice(0, length)),
    ]),
  );

  it('are never titles identifyTitleLanguage would read in that language', () => {
    const contradicted = titles.flatMap((title) =>
      storeLanguages
        .filter((language) => !titleMayBeIn(title, language, storeLanguages))
        .filter((language) => identifyTitleLanguage(title, storeLanguages) === language)
        .map((language) => `${title} (${language})`),
    );
    expect(contradicted).toEqual([]);
  });

  it("include short titles read in the page's own language, in both languages", () => {
    const short = titles.filter((title) => title.trim().length < 24);
    const spared = (language: AuditLanguage, other: AuditLanguage) =>
      short.filter(
        (title) =>
          identifyTitleLanguage(title, storeLanguages) === language &&
          !titleMayBeIn(title, other, storeLanguages),
      ).length;
    expect(spared('en', 'fr')).toBeGreaterThan(0);
    expect(spared('fr', 'en')).toBeGreaterThan(0);
  });
});
