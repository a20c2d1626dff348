import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '#shared/constants.ts';

/**
 * The words of the weekly summary and of its unsubscribe page, read from the client's locale files
 * (client/locales/<language>/<namespace>.json), so that the mail names an action exactly as the
 * dashboard does (`seo-checks`, `<checkId>.action_*`) and every text lives once, in both languages,
 * under the locale tests. The production layout ships the folder (scripts/assemble-production.mjs).
 *
 * Keys, plurals and `{{value}}` follow i18next's conventions as the client uses them: a `count`
 * picks the `_one`/`_many`/`_other` form by the language's `Intl.PluralRules`.
 */

const localesDir = fileURLToPath(new URL('../../../client/locales/', import.meta.url));

export type SummaryNamespace = 'weekly-summary' | 'seo-checks';
export type TextValues = Record<string, string | number>;
export type Translate = (key: string, values?: TextValues) => string;

const loaded = new Map<string, Record<string, unknown>>();

function messagesOf(language: Language, namespace: SummaryNamespace): Record<string, unknown> {
  const file = `${language}/${namespace}.json`;
  let messages = loaded.get(file);
  if (messages === undefined) {
    messages = JSON.parse(fs.readFileSync(`${localesDir}${file}`, 'utf8')) as Record<
      string,
      unknown
    >;
    loaded.set(file, messages);
  }
  return messages;
}

function lookUp(messages: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = messages;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export function interpolate(text: string, values: TextValues): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** A translator of one namespace in one language; a key it lacks is a bug, and throws. */
export function translatorFor(language: Language, namespace: SummaryNamespace): Translate {
  const messages = messagesOf(language, namespace);
  const plurals = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const path = key.split('.');
    const last = path.pop()!;
    const candidates =
      typeof values.count === 'number'
        ? [`${last}_${plurals.select(values.count)}`, `${last}_other`]
        : [last];
    for (const candidate of candidates) {
      const text = lookUp(messages, [...path, candidate]);
      if (typeof text === 'string') return interpolate(text, values);
    }
    throw new Error(`No text ${language}/${namespace}:${key}`);
  };
}
