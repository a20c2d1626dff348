import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namespaces as clientNamespaces } from '#client/lib/i18n.ts';
import { supportedLanguages } from '#shared/constants.ts';
import { appRoutes } from '#shared/routes.ts';

/**
 * Both interface languages are complete and French follows French typography. The client loads no
 * fallback language, so a key missing in one language would show as a raw key on screen.
 */

const localesDir = fileURLToPath(new URL('../../client/locales/', import.meta.url));

type Messages = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Messages, file: string): Messages {
  if (typeof value === 'string') {
    into.set(prefix, value);
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix === '' ? key : `${prefix}.${key}`, into, file);
    }
  } else {
    throw new Error(`${file}: ${prefix} is neither a text nor a group of texts`);
  }
  return into;
}

/** language → namespace → flattened key → text */
const catalogue = new Map<string, Map<string, Messages>>(
  supportedLanguages.map((language) => {
    const dir = path.join(localesDir, language);
    const namespaces = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((name) => name.endsWith('.json'))
      : [];
    return [
      language,
      new Map(
        namespaces.map((file) => {
          const relative = `${language}/${file}`;
          const json: unknown = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
          return [path.basename(file, '.json'), flatten(json, '', new Map(), relative)];
        }),
      ),
    ];
  }),
);

const namespaces = [
  ...new Set([...catalogue.values()].flatMap((byNamespace) => [...byNamespace.keys()])),
].sort();
const messages = (language: string, namespace: string): Messages =>
  catalogue.get(language)?.get(namespace) ?? new Map();

/**
 * What a translation must carry over from the English text: `{{value}}` interpolations, the
 * `<tag>…</tag>` markers that <Trans> turns into links, and `$t(key)` nesting.
 */
const placeholders = (text: string) =>
  [
    ...[...text.matchAll(/\{\{-?\s*([\w.]+)[^}]*\}\}/g)].map((match) => `{{${match[1]}}}`),
    ...[...text.matchAll(/<\/?[\w-]+\s*\/?>/g)].map((match) => match[0].replace(/\s/g, '')),
    ...[...text.matchAll(/\$t\(([^),]+)/g)].map((match) => `$t(${match[1]})`),
  ].sort();

/**
 * i18next picks a plural form by the language's own rules (`Intl.PluralRules`) and has no fallback
 * between forms: French has a `many` form (a million and more) that English lacks, so plural keys
 * are compared by their base key, and each language must provide every form its rules can select.
 * `zero` is i18next's optional extra form for 0; `_ordinal_` keys follow the ordinal rules.
 */
const pluralSuffix = /(_ordinal)?_(zero|one|two|few|many|other)$/;
const pluralForms = (language: string, type: Intl.PluralRuleType) =>
  new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories as string[];

interface KeyGroup {
  readonly type: Intl.PluralRuleType | 'none';
  /** Plural form (or '' for a plain key) → text */
  readonly forms: Map<string, string>;
}

/** Base key → its text, or the texts of its plural forms. */
function keyGroups(texts: Messages): Map<string, KeyGroup> {
  const groups = new Map<string, KeyGroup>();
  for (const [key, text] of texts) {
    const match = pluralSuffix.exec(key);
    const base = match === null ? key : key.slice(0, match.index);
    const type = match === null ? 'none' : match[1] === undefined ? 'cardinal' : 'ordinal';
    const groupKey = type === 'ordinal' ? `${base}_ordinal` : base;
    const group = groups.get(groupKey) ?? { type, forms: new Map<string, string>() };
    group.forms.set(match?.[2] ?? '', text);
    groups.set(groupKey, group);
  }
  return groups;
}

describe('locales', () => {
  it('have the common namespace', () => {
    expect(namespaces).toContain('common');
  });

  it.each(supportedLanguages)(
    'give %s one file per namespace the client declares, and no other',
    (language) => {
      const files = [...(catalogue.get(language)?.keys() ?? [])].sort();
      expect(files).toEqual([...clientNamespaces].sort());
    },
  );

  describe.each(namespaces)('namespace %s', (namespace) => {
    it.each(supportedLanguages)('exists in %s with no empty text', (language) => {
      const texts = messages(language, namespace);
      expect(texts.size).toBeGreaterThan(0);
      expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });

    it('has the same keys in every language', () => {
      const [reference, ...others] = supportedLanguages;
      const referenceKeys = [...keyGroups(messages(reference, namespace)).keys()].sort();
      for (const language of others) {
        expect(
          [...keyGroups(messages(language, namespace)).keys()].sort(),
          `${language} against ${reference}`,
        ).toEqual(referenceKeys);
      }
    });

    it.each(supportedLanguages)('gives every plural key all the forms of %s', (language) => {
      const incomplete: string[] = [];
      for (const [base, group] of keyGroups(messages(language, namespace))) {
        if (group.type === 'none') continue;
        const needed = pluralForms(language, group.type);
        const forms = [...group.forms.keys()];
        const missing = needed.filter((form) => !forms.includes(form));
        const foreign = forms.filter((form) => form !== 'zero' && !needed.includes(form));
        if (missing.length > 0 || foreign.length > 0) {
          incomplete.push(
            `${base}: missing [${missing.join(', ')}], unused [${foreign.join(', ')}]`,
          );
        }
      }
      expect(incomplete).toEqual([]);
    });

    it('uses the same placeholders in every language', () => {
      const [reference, ...others] = supportedLanguages;
      for (const [base, group] of keyGroups(messages(reference, namespace))) {
        for (const language of others) {
          const translated = keyGroups(messages(language, namespace)).get(base);
          if (translated === undefined) continue;
          if (group.type !== 'none') {
            // Forms differ between languages; together they must use the same placeholders.
            const used = ({ forms }: KeyGroup) =>
              [...new Set([...forms.values()].flatMap(placeholders))].sort();
            expect(used(translated), `${language} ${namespace}:${base}`).toEqual(used(group));
          } else {
            expect(
              placeholders(translated.forms.get('') ?? ''),
              `${language} ${namespace}:${base}`,
            ).toEqual(placeholders(group.forms.get('') ?? ''));
          }
        }
      }
    });
  });

  it('keep the marketing texts in the same order in every language', () => {
    // The public pages render some groups of keys as lists, in the order the file gives them.
    const [reference, ...others] = supportedLanguages;
    for (const language of others) {
      expect([...keyGroups(messages(language, 'marketing')).keys()], language).toEqual([
        ...keyGroups(messages(reference, 'marketing')).keys(),
      ]);
    }
  });

  it('give every public page a head title and a unique description of 70 to 155 characters', () => {
    const publicPages = appRoutes.filter((route) => route.layout === 'static');
    for (const language of supportedLanguages) {
      const marketing = messages(language, 'marketing');
      const descriptions = publicPages.map((route) => {
        const title = marketing.get(`heads.${route.name}.title`);
        const description = marketing.get(`heads.${route.name}.description`) ?? '';
        expect(title, `${language} heads.${route.name}.title`).toBeDefined();
        expect(
          description.length,
          `${language} heads.${route.name}.description`,
        ).toBeGreaterThanOrEqual(70);
        expect(
          description.length,
          `${language} heads.${route.name}.description`,
        ).toBeLessThanOrEqual(155);
        return description;
      });
      expect(new Set(descriptions).size, language).toBe(descriptions.length);
    }
  });

  it('give every route a title in every language', () => {
    for (const language of supportedLanguages) {
      const common = messages(language, 'common');
      const missing = appRoutes.filter((route) => !common.has(`routes.${route.name}`));
      expect(
        missing.map((route) => route.path),
        language,
      ).toEqual([]);
    }
  });

  it('follow French typography: a no-break space before : ; ! ? and inside « »', () => {
    const offences: string[] = [];
    for (const namespace of namespaces) {
      for (const [key, text] of messages('fr', namespace)) {
        for (const problem of frenchTypographyProblems(text)) {
          offences.push(`${namespace}:${key}: ${problem} in ${JSON.stringify(text)}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('recognise the French typography mistakes', () => {
    expect(
      frenchTypographyProblems('Prêt\u202f? Oui\u202f! Alors\u202f; voici\u00a0: «\u00a0ça\u00a0»'),
    ).toEqual([]);
    expect(frenchTypographyProblems('Prêt ?')).toEqual(['a plain space before ?']);
    expect(frenchTypographyProblems('Note : ceci')).toEqual(['a plain space before :']);
    expect(frenchTypographyProblems('Note\u202f: ceci')).toEqual([
      'U+202F before : (U+00A0 expected)',
    ]);
    expect(frenchTypographyProblems('Vraiment\u00a0!')).toEqual([
      'U+00A0 before ! (U+202F expected)',
    ]);
    expect(frenchTypographyProblems('Pourquoi? Voilà!')).toEqual([
      'no space before ?',
      'no space before !',
    ]);
    expect(frenchTypographyProblems('« ça »')).toEqual(['no U+00A0 after «', 'no U+00A0 before »']);
    // Colons and question marks inside addresses, times and placeholders are not punctuation.
    expect(frenchTypographyProblems('https://vitrine.example/login?lang=fr à 10:30')).toEqual([]);
    expect(frenchTypographyProblems('Page introuvable\u00a0: {{path}}')).toEqual([]);
  });
});

/**
 * A French `: ; ! ?` takes a no-break space before it (U+00A0 before the colon, the narrow U+202F
 * before the others), so the sign never starts a line; « and » hold their text with U+00A0.
 */
function frenchTypographyProblems(text: string): string[] {
  const problems: string[] = [];
  const name = (char: string) =>
    char === ' '
      ? 'a plain space'
      : `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const match of text.matchAll(/(\s)([:;!?])/g)) {
    const [, space = '', sign = ''] = match;
    const expected = sign === ':' ? '\u00a0' : '\u202f';
    if (space === ' ') problems.push(`a plain space before ${sign}`);
    else if (space !== expected)
      problems.push(`${name(space)} before ${sign} (${name(expected)} expected)`);
  }
  // A sign glued to a word and followed by a space or the end is punctuation missing its space;
  // a sign followed by anything else belongs to an address, a time or a query string.
  for (const match of text.matchAll(/[^\s]([:;!?])(?=\s|$)/g)) {
    problems.push(`no space before ${match[1]}`);
  }
  if (/«(?!\u00a0)/.test(text)) problems.push('no U+00A0 after «');
  if (/(?<!\u00a0)»/.test(text)) problems.push('no U+00A0 before »');
  return problems;
}
