import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import { checkById, checkCatalogue } from '#shared/seo/catalogue.ts';
import {
  auditCheckIds,
  catalogueCheckIds,
  renderedCheckIds,
  storeCheckIds,
} from '#shared/seo/check-ids.ts';
import { renderedChecks } from '#shared/seo/rendered/rendered-checks.ts';
import { robotsTxtInvalid } from '#shared/seo/rendered/robots-txt-check.ts';

const catalogueIds = checkCatalogue.map((check) => check.id);
const renderedIds = renderedChecks.map((check) => check.id);
const storeIds = [robotsTxtInvalid.id];

/** The owner's texts of the checks in a language (client/locales/<language>/seo-checks.json). */
function checkTexts(language: Language): Record<string, Record<string, string> | undefined> {
  const file = new URL(`../../client/locales/${language}/seo-checks.json`, import.meta.url);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
}

/** The check ids of the catalogue table of docs/seo-checks.md: the first cell of each row. */
function documentedIds(): string[] {
  const file = new URL('../../docs/seo-checks.md', import.meta.url);
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^\| `([A-Z]+\d+)` \|/gm)].map((match) => match[1] ?? '');
}

describe('the check catalogue', () => {
  it('lists its ids, in its order, where the screens read them without the checks', () => {
    expect([...catalogueCheckIds]).toEqual(checkCatalogue.map((check) => check.id));
    expect([...renderedCheckIds]).toEqual(renderedIds);
    expect([...storeCheckIds]).toEqual(storeIds);
    // The page list filters on all: no id may stand for two checks.
    expect(new Set(auditCheckIds).size).toBe(
      catalogueIds.length + renderedIds.length + storeIds.length,
    );
  });

  it('gives every check an id of its own', () => {
    expect(new Set(catalogueIds).size).toBe(catalogueIds.length);
    for (const id of catalogueIds) expect(checkById(id)?.id).toBe(id);
  });

  it.each([...catalogueIds, ...renderedIds, ...storeIds])(
    'gives %s a name, what, why and how in every language',
    (id) => {
      for (const language of supportedLanguages) {
        const texts = checkTexts(language)[id];
        for (const part of ['name', 'what', 'why', 'how']) {
          // A counted measure's `what` has plural forms (`what_one`, `what_other`) instead.
          const text = texts?.[part] ?? texts?.[`${part}_other`];
          expect(text?.trim(), `${language} ${id}.${part}`).toBeTruthy();
        }
        // A finding gives only its measure and threshold to quote (and the measure as the count).
        const whats = Object.entries(texts ?? {})
          .filter(([part]) => part === 'what' || part.startsWith('what_'))
          .map(([, text]) => text);
        const quoted = whats.flatMap((what) =>
          [...what.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]),
        );
        for (const name of quoted) {
          expect(['measured', 'threshold'], `${language} ${id}.what quotes {{${name}}}`).toContain(
            name,
          );
        }
      }
    },
  );

  it('is, with the rendered checks, what docs/seo-checks.md describes, check for check', () => {
    const documented = documentedIds();
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...catalogueIds, ...renderedIds, ...storeIds].sort());
  });
});
