import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorPageHtml } from '#server/bff/error-page.ts';
import { frenchTypography } from '#shared/seo/checks/content-checks.ts';

/**
 * Vitrine's own French passes the French typography check its audit runs on owners' pages (F01,
 * shared/seo/checks/content-checks.ts): the same function, over every French text the product shows.
 */

const frenchLocalesDir = fileURLToPath(new URL('../../client/locales/fr/', import.meta.url));

/** Every text of a locale file, by its dotted key. */
function texts(value: unknown, key: string, into: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') into.push([key, value]);
  else if (typeof value === 'object' && value !== null) {
    for (const [child, text] of Object.entries(value)) {
      texts(text, key === '' ? child : `${key}.${child}`, into);
    }
  }
  return into;
}

/**
 * The text a reader sees, without what is not French prose: `{{value}}` and `$t(key)` stand for a
 * word (so that `l'{{name}}` still counts), `<1>…</1>` markers and HTML tags quoted in advice go, and
 * so do addresses and `code`.
 */
function proseOf(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, 'X')
    .replace(/\$t\([^)]*\)/g, 'X')
    .replace(/`[^`]*`/g, 'X')
    .replace(/https?:\/\/[^\s<>"]+/g, 'X')
    .replace(/<\/?[\w-]+(?:\s[^<>]*)?\/?>/g, '');
}

/** `key: “…excerpt…”` for a text the check flags, or undefined when it has nothing to say. */
function offence(key: string, text: string): string | undefined {
  const prose = proseOf(text);
  const { count, firstAt } = frenchTypography(prose);
  if (count === 0) return undefined;
  const excerpt = prose.slice(Math.max(0, firstAt - 20), firstAt + 20);
  return `${key}: ${count} problem(s), first in ${JSON.stringify(excerpt)}`;
}

const files = fs
  .readdirSync(frenchLocalesDir)
  .filter((name) => name.endsWith('.json'))
  .sort();

describe("Vitrine's French passes the audit's French typography check", () => {
  it('has French locale files to read', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('in client/locales/fr/%s', (file) => {
    const json: unknown = JSON.parse(fs.readFileSync(path.join(frenchLocalesDir, file), 'utf8'));
    const offences = texts(json, '')
      .map(([key, text]) => offence(key, text))
      .filter((found) => found !== undefined);
    expect(offences).toEqual([]);
  });

  it.each([404, 500])('in the server’s own error page for status %i', (status) => {
    const html = errorPageHtml(status, 'fr');
    const body = html.replace(/<style>[\s\S]*?<\/style>/, '');
    expect(offence(`error page ${status}`, body)).toBeUndefined();
  });

  it('reads only prose: placeholders stand for words, markers, tags, addresses and code go', () => {
    expect(proseOf('Voir <1>l’aide</1> sur https://vitrine.example/aide?x=1 : `a!b`')).toBe(
      'Voir l’aide sur X : X',
    );
    expect(proseOf('<link rel="alternate" hreflang="x-default"> vers {{page}}')).toBe(' vers X');
    // A placeholder after a typewriter apostrophe still leaves the apostrophe to find.
    expect(frenchTypography(proseOf("l'{{name}}")).count).toBe(1);
    expect(frenchTypography(proseOf('$t(common:brand) !')).count).toBe(1);
  });
});
