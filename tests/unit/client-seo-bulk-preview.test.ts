import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadNamespaces } from '#client/lib/i18n.ts';
import type { Language } from '#shared/constants.ts';
import type { BulkField, BulkPreviewRow } from '#shared/schemas/seo-bulk.ts';

/**
 * The preview's rows as the browser gets them, with the real catalogues in English and in French:
 * each language's value the template gives beside the value it replaces, its length against the
 * field's limit and its width in search results, the checks it would fail by their names in the
 * owner's language (client/locales/<language>/seo-checks.json), and a skipped value's reason; in
 * "only the ones I tick", a checkbox named for its page on each page with something to change.
 */

interface TableModule {
  BulkPreviewTable: (props: {
    rows: readonly BulkPreviewRow[];
    languages: readonly Language[];
    field: BulkField;
    ticked: ReadonlySet<string> | null;
    format: unknown;
    onTick: (pageId: string, ticked: boolean) => void;
  }) => ReactNode;
}
interface FormatModule {
  useSeoFormat: () => unknown;
}
// React components, which the Node typecheck of the tests does not compile: loaded by their paths.
const tablePath = '../../client/features/seo/components/bulk-preview-table.tsx';
const formatPath = '../../client/features/seo/use-seo-format.ts';
const { BulkPreviewTable } = (await import(tablePath)) as TableModule;
const { useSeoFormat } = (await import(formatPath)) as FormatModule;

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
  await loadNamespaces(['seo', 'seo-checks']);
  await i18n.changeLanguage('fr');
  await loadNamespaces(['seo', 'seo-checks']);
});

const tooWide =
  'Chemise en lin lavé à la main dans notre atelier de Lisbonne, coupe ample | Maison Exemple';

const rows: BulkPreviewRow[] = [
  {
    pageId: 'gid://shopify/Product/1',
    pageKind: 'product',
    pageTitle: 'Linen shirt',
    values: [
      {
        language: 'en',
        current: null,
        proposed: 'Linen shirt | Maison Exemple',
        length: 28,
        widthPx: 262,
        findings: [],
        skip: null,
        writtenAfter: null,
      },
      {
        language: 'fr',
        current: 'Chemise',
        proposed: tooWide,
        length: tooWide.length,
        widthPx: 702,
        findings: [{ checkId: 'T03', severity: 'warning' }],
        skip: null,
        writtenAfter: null,
      },
    ],
  },
  {
    pageId: 'gid://shopify/Product/2',
    pageKind: 'product',
    pageTitle: 'Wool scarf',
    values: [
      {
        language: 'en',
        current: 'Wool scarf | Maison Exemple',
        proposed: 'Wool scarf | Maison Exemple',
        length: 27,
        widthPx: 250,
        findings: [],
        skip: 'unchanged',
        writtenAfter: null,
      },
    ],
  },
  {
    pageId: 'gid://shopify/Product/3',
    pageKind: 'product',
    pageTitle: 'Stoneware mug',
    values: [
      {
        language: 'en',
        current: null,
        proposed: 'Stoneware mug | Maison Exemple',
        length: 30,
        widthPx: 280,
        findings: [],
        skip: null,
        writtenAfter: null,
      },
      {
        language: 'fr',
        current: null,
        proposed: 'Tasse en grès | Maison Exemple',
        length: 30,
        widthPx: 281,
        findings: [],
        skip: null,
        writtenAfter: 'en',
      },
    ],
  },
];

async function rendered(language: Language, ticked: ReadonlySet<string> | null) {
  await i18n.changeLanguage(language);
  function Table() {
    const format = useSeoFormat();
    return createElement(BulkPreviewTable, {
      rows,
      languages: ['en', 'fr'],
      field: 'seoTitle',
      ticked,
      format,
      onTick: () => {},
    });
  }
  const markup = renderToStaticMarkup(createElement(Table));
  const text = (part: string) =>
    part
      // Blocks and cells apart, inline elements run on as a browser shows them.
      .replace(/<\/?(?:p|td|th|tr|li|ul|div|label)\b[^>]*>/g, ' ')
      .replace(/<[^>]+>/g, '')
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&amp;', '&')
      .replace(/[ \t\n]+/g, ' ')
      .trim();
  const bodyRows = markup.split('<tbody>')[1]!.split(/(?=<tr)/);
  return { markup, rows: bodyRows.map((row) => ({ markup: row, text: text(row) })) };
}

/** The cells of the rendered rows, each as text. */
const cellsOf = (shown: ReadonlyArray<{ markup: string }>) =>
  shown.flatMap((row) =>
    row.markup
      .split(/(?=<td)/)
      .slice(1)
      .map((cell) => cell.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')),
  );

describe('a value’s cell', () => {
  it('never says a new value beside "not changed", in English or in French', async () => {
    for (const [language, changed, notChanged] of [
      ['en', 'New:', 'Not changed'],
      ['fr', 'Nouvelle valeur', 'Non modifiée'],
    ] as const) {
      const { rows: shown } = await rendered(language, null);
      const cells = cellsOf(shown);
      expect(cells.filter((cell) => cell.includes(notChanged))).toHaveLength(1);
      for (const cell of cells) {
        expect(cell.includes(changed) && cell.includes(notChanged), cell).toBe(false);
      }
    }
  });

  it('shows a skipped value as what the template gives, with why it is not changed', async () => {
    const english = await rendered('en', null);
    expect(english.rows[1]!.text).toContain(
      'Template gives: “Wool scarf | Maison Exemple” 27 of 255 characters',
    );
    expect(english.rows[1]!.text).toContain('Not changed: the page has this value already.');
    const french = await rendered('fr', null);
    expect(french.rows[1]!.text).toContain(
      'Le modèle donne\u00a0: «\u00a0Wool scarf | Maison Exemple\u00a0»',
    );
  });

  it('says a translation of a text the page lacks is written after the one the edit writes', async () => {
    const english = await rendered('en', null);
    const mug = english.rows[2]!.text;
    expect(mug).toContain('New: “Tasse en grès | Maison Exemple”');
    expect(mug).toContain('Written after the English value, which it translates.');
    expect(mug).not.toContain('Not changed');
    // The English value is written on its own.
    expect(mug.match(/Written after/g)).toHaveLength(1);
    const french = await rendered('fr', null);
    expect(french.rows[2]!.text).toContain('Écrite après la valeur en anglais, qu’elle traduit.');
  });
});

describe('the preview’s rows', () => {
  it('show each value with its length, width and failed checks beside the value it replaces, in English', async () => {
    const { rows: shown } = await rendered('en', null);
    expect(shown).toHaveLength(3);
    const [shirt, scarf] = shown;
    expect(shirt!.text).toContain('Linen shirt · Product');
    expect(shirt!.text).toContain('New: “Linen shirt | Maison Exemple”');
    expect(shirt!.text).toContain('28 of 255 characters · 262 of 600 px in search results');
    expect(shirt!.text).toContain('Now: (none)');
    // The French value is too wide: said, and the check it fails named in English.
    expect(shirt!.text).toContain('702 of 600 px: cut in search results');
    expect(shirt!.text).toContain('Title too wide');
    expect(shirt!.text).toContain('Now: “Chemise”');
    expect(shirt!.markup).toContain(`lang="fr">${tooWide}`);
    expect(scarf!.text).toContain('Not changed: the page has this value already.');
    // Every page is approved: no checkbox.
    expect(shirt!.markup).not.toContain('type="checkbox"');
  });

  it('say the same in French, the checks named in French', async () => {
    const { rows: shown } = await rendered('fr', null);
    const [shirt, scarf] = shown;
    expect(shirt!.text).toContain('Linen shirt · Produit');
    expect(shirt!.text).toContain(
      'Nouvelle valeur\u00a0: «\u00a0Linen shirt | Maison Exemple\u00a0»',
    );
    expect(shirt!.text).toContain('28 caractères sur 255');
    expect(shirt!.text).toContain('702 px sur 600\u00a0: coupé dans les résultats de recherche');
    expect(shirt!.text).toContain('Titre trop large');
    expect(scarf!.text).toContain('Non modifiée\u00a0: la page a déjà cette valeur.');
  });

  it('offer a checkbox named for its page, on the pages with something to change, when the owner ticks', async () => {
    const { rows: shown, markup } = await rendered('en', new Set(['gid://shopify/Product/1']));
    expect(markup).toMatch(/<th scope="col"[^>]*>Include<\/th>/);
    const [shirt, scarf] = shown;
    expect(shirt!.markup).toMatch(/type="checkbox" checked=""/);
    expect(shirt!.text).toContain('Include Linen shirt');
    expect(scarf!.markup).not.toContain('type="checkbox"');

    const french = await rendered('fr', new Set());
    expect(french.rows[0]!.markup).toContain('type="checkbox"');
    expect(french.rows[0]!.markup).not.toContain('checked=""');
    expect(french.rows[0]!.text).toContain('Inclure Linen shirt');
  });
});
