import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportedLanguages } from '../../shared/constants.ts';
import { appRoutes } from '../../shared/routes.ts';

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
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

describe('locales', () => {
  it('have the common namespace', () => {
    expect(namespaces).toContain('common');
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    it.each(supportedLanguages)('exists in %s with no empty text', (language) => {
      const texts = messages(language, namespace);
      expect(texts.size).toBeGreaterThan(0);
      expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });

    it('has the same keys in every language', () => {
      const [reference, ...others] = supportedLanguages;
      const referenceKeys = [...messages(reference, namespace).keys()].sort();
      for (const language of others) {
        expect(
          [...messages(language, namespace).keys()].sort(),
          `${language} against ${reference}`,
        ).toEqual(referenceKeys);
      }
    });

    it('uses the same placeholders in every language', () => {
      const [reference, ...others] = supportedLanguages;
      for (const [key, text] of messages(reference, namespace)) {
        for (const language of others) {
          const translated = messages(language, namespace).get(key);
          if (translated === undefined) continue;
          expect(placeholders(translated), `${language} ${namespace}:${key}`).toEqual(
            placeholders(text),
          );
        }
      }
    });
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
        // A plain space would let the line break before the sign or after «.
        if (/ [:;!?]| »|« /.test(text))
          offences.push(`${namespace}:${key}: ${JSON.stringify(text)}`);
      }
    }
    expect(offences).toEqual([]);
  });
});
