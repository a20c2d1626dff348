import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageChangesKey } from '#client/features/seo/api/seo-change-queries.ts';
import { pageDetailKey } from '#client/features/seo/api/seo-queries.ts';
import { loadLiveChecks } from '#client/features/seo/use-live-checks.ts';
import { initI18n, loadNamespaces } from '#client/lib/i18n.ts';
import {
  changeStates,
  type ChangeList,
  type ChangeState,
  type ChangeView,
  type EditableFieldView,
  type ResolveBody,
  type BatchList,
  type BatchSummary,
} from '#shared/schemas/seo-changes.ts';
import type { PageDetail } from '#shared/schemas/seo.ts';

/**
 * The editors of a page's texts in its detail, rendered as the browser gets them with the real
 * catalogues, the real query cache and the audit's real checks: the counter and the checks follow
 * the editor's text, a translation without a text to translate says why it cannot be written, a
 * conflict shows both values and each button sends its answer, the history offers Undo only where
 * undo is possible, and the overview sums up the drafts and the latest approvals. Markup is read
 * back as a tree, by roles and names, as the owner's screen reader reads it.
 */

interface PanelModule {
  PageDetailPanel: (props: {
    uid: string;
    shopId: string;
    pageId: string;
    format: unknown;
    onClosed: () => void;
  }) => ReactNode;
}
interface FormatModule {
  useSeoFormat: () => unknown;
}
interface ConflictModule {
  resolveBodyOf: (entries: Iterable<[string, string]>) => ResolveBody | null;
}
interface UndoDialogModule {
  UndoBatchDialog: (props: {
    count: number;
    field?: string;
    format: unknown;
    onConfirm: () => void;
    onClosed: () => void;
  }) => ReactNode;
}
interface SummaryModule {
  ChangesSummaryBody: (props: {
    shopId: string;
    drafts: ChangeList;
    recent: BatchList;
    format: unknown;
    undoing: boolean;
    undoError: unknown;
    onUndoBatch: (batchId: string) => void;
  }) => ReactNode;
}
// React components, which the Node typecheck of the tests does not compile: loaded by their paths.
const panelPath = '../../client/features/seo/components/page-detail-panel.tsx';
const formatPath = '../../client/features/seo/use-seo-format.ts';
const conflictPath = '../../client/features/seo/components/conflict-panel.tsx';
const summaryPath = '../../client/features/seo/components/changes-summary.tsx';
const undoDialogPath = '../../client/features/seo/components/undo-batch-dialog.tsx';
const { PageDetailPanel } = (await import(panelPath)) as PanelModule;
const { useSeoFormat } = (await import(formatPath)) as FormatModule;
const { resolveBodyOf } = (await import(conflictPath)) as ConflictModule;
const { ChangesSummaryBody } = (await import(summaryPath)) as SummaryModule;
const { UndoBatchDialog } = (await import(undoDialogPath)) as UndoDialogModule;

/* A tree of the rendered markup, to find elements by role and name. */

interface Node {
  tag: string;
  attributes: Record<string, string>;
  children: Array<Node | string>;
}

const voidTags = new Set(['input', 'img', 'br', 'hr', 'meta', 'link']);

function decode(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}

function parse(markup: string): Node {
  const root: Node = { tag: '#root', attributes: {}, children: [] };
  const stack = [root];
  for (const [token] of markup.matchAll(/<[^>]+>|[^<]+/g)) {
    const top = stack.at(-1)!;
    if (token.startsWith('</')) {
      stack.pop();
    } else if (token.startsWith('<!')) {
      continue;
    } else if (token.startsWith('<')) {
      const tag = /^<([a-z0-9]+)/.exec(token)![1]!;
      const attributes: Record<string, string> = {};
      for (const [, name, value] of token.matchAll(/\s([a-zA-Z-:]+)(?:="([^"]*)")?/g)) {
        // React writes some attributes camel-cased (`readOnly`); HTML reads them in any case.
        attributes[name!.toLowerCase()] = decode(value ?? '');
      }
      const node: Node = { tag, attributes, children: [] };
      top.children.push(node);
      if (!voidTags.has(tag) && !token.endsWith('/>')) stack.push(node);
    } else {
      top.children.push(decode(token));
    }
  }
  return root;
}

function all(node: Node, test: (candidate: Node) => boolean): Node[] {
  const found: Node[] = [];
  for (const child of node.children) {
    if (typeof child === 'string') continue;
    if (test(child)) found.push(child);
    found.push(...all(child, test));
  }
  return found;
}

function rawText(node: Node): string {
  return node.children
    .map((child) => (typeof child === 'string' ? child : rawText(child)))
    .join('');
}

function text(node: Node): string {
  // Collapsed as a browser shows it: no-break spaces stay.
  return rawText(node)
    .replace(/[ \t\n\r\f]+/g, ' ')
    .trim();
}

function byId(tree: Node, id: string): Node | undefined {
  return all(tree, (candidate) => candidate.attributes.id === id)[0];
}

/** The name a screen reader gives an element labelled by another. */
function labelOf(tree: Node, node: Node): string {
  const labelledBy = node.attributes['aria-labelledby'];
  return labelledBy === undefined ? '' : text(byId(tree, labelledBy) ?? node);
}

function region(tree: Node, name: RegExp): Node {
  const found = all(
    tree,
    (candidate) => candidate.tag === 'section' && name.test(labelOf(tree, candidate)),
  );
  expect(found, `the region named ${name}`).toHaveLength(1);
  return found[0]!;
}

function group(tree: Node, within: Node, name: string): Node {
  const found = all(
    within,
    (candidate) => candidate.attributes.role === 'group' && labelOf(tree, candidate) === name,
  );
  expect(found, `the group named ${name}`).toHaveLength(1);
  return found[0]!;
}

function buttons(within: Node, name?: string): Node[] {
  return all(
    within,
    (candidate) => candidate.tag === 'button' && (name === undefined || text(candidate) === name),
  );
}

/** The text control of a group: its input or textarea. */
function control(within: Node): Node {
  return all(within, (candidate) => candidate.tag === 'input' || candidate.tag === 'textarea')[0]!;
}

/** The text a control holds: an input's value, a textarea's content. */
function valueOf(node: Node): string {
  return node.tag === 'textarea' ? rawText(node) : (node.attributes.value ?? '');
}

/** What a control's aria-describedby names, read out after its label. */
function description(tree: Node, node: Node): string {
  return (node.attributes['aria-describedby'] ?? '')
    .split(' ')
    .map((id) => text(byId(tree, id) ?? { tag: '', attributes: {}, children: [] }))
    .join(' ');
}

/* A page, as its detail gives it. */

const uid = 'owner-1';
const shopId = 'shop-1';
const pageId = 'gid://shopify/Product/42';
const imageId = 'gid://shopify/MediaImage/7';

function change(changes: Partial<ChangeView>): ChangeView {
  return {
    id: 'change-1',
    batchId: null,
    pageId,
    pageKind: 'product',
    pageTitle: 'Linen shirt',
    language: 'en',
    field: 'seoTitle',
    targetId: pageId,
    value: 'Linen shirt',
    baseValue: null,
    previousValue: null,
    shopifyValue: null,
    state: 'draft',
    errorCode: null,
    undoOf: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    approvedAt: null,
    approvedBy: null,
    appliedAt: null,
    undoable: false,
    ...changes,
  };
}

function field(changes: Partial<EditableFieldView> & Pick<EditableFieldView, 'field'>) {
  return {
    targetId: changes.field === 'imageAlt' ? imageId : pageId,
    imageUrl: null,
    value: null,
    sourceValue: null,
    outdated: false,
    editable: true,
    draft: null,
    pending: null,
    ...changes,
  } satisfies EditableFieldView;
}

const englishTitle = 'Linen shirt';

/**
 * A product in English and French: no meta description in English, so none to translate; its
 * fields changed by `englishFields` and `frenchFields`.
 */
function detail(
  englishFields: Partial<Record<EditableFieldView['field'], Partial<EditableFieldView>>> = {},
  frenchFields: Partial<Record<EditableFieldView['field'], Partial<EditableFieldView>>> = {},
): PageDetail {
  return {
    id: pageId,
    kind: 'product',
    handle: 'linen-shirt',
    shopName: 'Maison Exemple',
    auditedAt: '2026-11-24T09:00:00.000Z',
    languages: [
      {
        language: 'en',
        primary: true,
        url: null,
        score: 96,
        title: 'Linen shirt',
        bodyHasText: true,
        titleTranslation: null,
        seoTitle: englishTitle,
        seoDescription: null,
        images: [{ id: imageId, alt: 'Blue linen shirt on a hanger', url: null }],
        findings: [],
        fields: [
          field({ field: 'seoTitle', value: englishTitle, ...englishFields.seoTitle }),
          field({ field: 'seoDescription', ...englishFields.seoDescription }),
          field({
            field: 'imageAlt',
            value: 'Blue linen shirt on a hanger',
            ...englishFields.imageAlt,
          }),
        ],
      },
      {
        language: 'fr',
        primary: false,
        url: null,
        score: 96,
        title: 'Chemise en lin',
        bodyHasText: true,
        titleTranslation: { source: 'Linen shirt', value: 'Chemise en lin', outdated: false },
        seoTitle: 'Chemise en lin',
        seoDescription: null,
        images: [{ id: imageId, alt: 'Chemise en lin bleue sur un cintre', url: null }],
        findings: [],
        fields: [
          field({
            field: 'seoTitle',
            value: 'Chemise en lin',
            sourceValue: englishTitle,
            ...frenchFields.seoTitle,
          }),
          field({
            field: 'seoDescription',
            sourceValue: null,
            editable: false,
            ...frenchFields.seoDescription,
          }),
          field({
            field: 'imageAlt',
            value: 'Chemise en lin bleue sur un cintre',
            sourceValue: 'Blue linen shirt on a hanger',
            ...frenchFields.imageAlt,
          }),
        ],
      },
    ],
  };
}

const noCounts = Object.fromEntries(
  ['draft', 'approved', 'applied', 'conflict', 'failed', 'discarded', 'undone'].map((state) => [
    state,
    0,
  ]),
) as Record<ChangeState, number>;

function changeList(changes: ChangeView[]): ChangeList {
  const counts = { ...noCounts };
  for (const one of changes) counts[one.state] += 1;
  return { total: changes.length, offset: 0, counts, changes };
}

/** The page's detail, open, with its changes, as the owner's browser renders it. */
function renderDetail(page: PageDetail, changes: ChangeView[] = []): Node {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(pageDetailKey(uid, shopId, pageId), page);
  queryClient.setQueryData(pageChangesKey(uid, shopId, pageId), changeList(changes));
  function Detail() {
    const format = useSeoFormat();
    return createElement(PageDetailPanel as never, {
      uid,
      shopId,
      pageId,
      format,
      onClosed: () => {},
    });
  }
  return parse(
    renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: queryClient },
        // Within the app's router: the detail links to other pages' details.
        createElement(MemoryRouter, null, createElement(Detail)),
      ),
    ),
  );
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
  await loadNamespaces(['seo', 'seo-checks']);
  // The checks' chunk, as the browser loads it when the owner first edits a text.
  await loadLiveChecks();
});

describe('the search title’s editor', () => {
  const tooWide =
    'Linen shirt washed by hand in our Lisbon workshop, loose cut, mother-of-pearl buttons';

  it('measures the text typed and runs the title checks on it: too wide, the finding shows', async () => {
    await i18n.changeLanguage('en');
    const tree = renderDetail(detail({ seoTitle: { draft: change({ value: tooWide }) } }));
    const title = group(tree, region(tree, /^English/), 'Search title');
    expect(valueOf(control(title))).toBe(tooWide);
    const described = description(tree, control(title));
    expect(described).toMatch(/^\d+ of 255 characters · \d+ of 600 px: cut in search results/);
    expect(described).toContain('Title too wide');
    expect(text(title)).not.toContain('No problem found in this text.');
    // The search-result preview shows it as a result would, cut.
    const preview = all(
      region(tree, /^English/),
      (node) => node.attributes.class === 'seo-serp-title',
    );
    expect(text(preview[0]!)).toMatch(/^Linen shirt washed by hand .*…$/);
  });

  it('clears the finding once the text fits', async () => {
    await i18n.changeLanguage('en');
    const fits = 'Washed linen shirt';
    const tree = renderDetail(detail({ seoTitle: { draft: change({ value: fits }) } }));
    const title = group(tree, region(tree, /^English/), 'Search title');
    const described = description(tree, control(title));
    expect(described).toMatch(/^18 of 255 characters · \d+ of 600 px in search results/);
    expect(described).not.toContain('Title too wide');
    expect(described).toContain('No problem found in this text.');
    const preview = all(
      region(tree, /^English/),
      (node) => node.attributes.class === 'seo-serp-title',
    );
    expect(text(preview[0]!)).toBe('Washed linen shirt – Maison Exemple');
  });

  it('offers to save, discard and approve a draft, with the names the owner clicks', async () => {
    for (const [language, names] of [
      ['en', ['Save draft', 'Discard draft', 'Approve']],
      ['fr', ['Enregistrer le brouillon', 'Supprimer le brouillon', 'Approuver']],
    ] as const) {
      await i18n.changeLanguage(language);
      const tree = renderDetail(
        detail({ seoTitle: { draft: change({ value: 'Washed linen shirt' }) } }),
      );
      const name = language === 'en' ? 'Search title' : 'Titre pour les moteurs de recherche';
      const title = group(tree, region(tree, language === 'en' ? /^English/ : /^Anglais/), name);
      expect(buttons(title).map(text)).toEqual(names);
      // The draft is saved: nothing to save again until the text changes.
      expect(buttons(title, names[0])[0]!.attributes['aria-disabled']).toBe('true');
      expect(buttons(title, names[2])[0]!.attributes).not.toHaveProperty('aria-disabled');
      expect(text(title)).toMatch(language === 'en' ? /Draft saved \(/ : /Brouillon enregistré \(/);
      // Approving every draft of the page at once.
      expect(
        buttons(
          tree,
          language === 'en'
            ? 'Approve all drafts of this page'
            : 'Approuver tous les brouillons de cette page',
        ),
      ).toHaveLength(1);
    }
  });
});

describe('markup in a text', () => {
  it.each([
    [
      'en',
      /^English/,
      'Search title',
      'Approve',
      'Write this text without markup: a tag such as <b> or <script> would reach your storefront as code.',
    ],
    [
      'fr',
      /^Anglais/,
      'Titre pour les moteurs de recherche',
      'Approuver',
      'Écrivez ce texte sans balises\u00a0: une balise comme <b> ou <script> arriverait telle quelle sur votre boutique.',
    ],
  ])(
    'is refused as the owner types, in their words (%s)',
    async (language, english, name, approve, says) => {
      await i18n.changeLanguage(language);
      const tree = renderDetail(
        detail({ seoTitle: { draft: change({ value: 'Linen <b>shirt</b> <script>x</script>' }) } }),
      );
      const title = group(tree, region(tree, english), name);
      expect(control(title).attributes['aria-invalid']).toBe('true');
      expect(description(tree, control(title))).toContain(says);
      expect(buttons(title, approve)[0]!.attributes['aria-disabled']).toBe('true');
    },
  );

  it('lets a lone "<" through', async () => {
    await i18n.changeLanguage('en');
    const tree = renderDetail(detail({ seoTitle: { draft: change({ value: 'Shirts < 50 €' }) } }));
    const title = group(tree, region(tree, /^English/), 'Search title');
    expect(control(title).attributes).not.toHaveProperty('aria-invalid');
    expect(description(tree, control(title))).not.toContain('without markup');
    expect(buttons(title, 'Approve')[0]!.attributes).not.toHaveProperty('aria-disabled');
  });
});

describe('a translation without a text to translate', () => {
  it.each([
    [
      'en',
      /^French/,
      'Meta description',
      'There is no English text to translate: write it in English first, then its translation here.',
    ],
    [
      'fr',
      /^Français/,
      'Méta-description',
      'Il n’y a pas de texte en anglais à traduire\u00a0: écrivez-le d’abord en anglais, puis sa traduction ici.',
    ],
  ])('cannot be written, and says why (%s)', async (language, french, name, reason) => {
    await i18n.changeLanguage(language);
    const tree = renderDetail(detail());
    const description_ = group(tree, region(tree, french), name);
    expect(control(description_).attributes).toHaveProperty('readonly');
    expect(description(tree, control(description_))).toContain(reason);
    expect(buttons(description_)).toEqual([]);
    // A translatable field beside it is editable, with the English text it translates.
    const title = group(
      tree,
      region(tree, french),
      language === 'en' ? 'Search title' : 'Titre pour les moteurs de recherche',
    );
    expect(control(title).attributes).not.toHaveProperty('readonly');
    expect(description(tree, control(title))).toContain(
      language === 'en'
        ? 'In English: “Linen shirt”'
        : 'En anglais\u00a0: «\u00a0Linen shirt\u00a0»',
    );
  });
});

describe('a change in conflict', () => {
  const conflict = change({
    id: 'c1',
    batchId: 'b1',
    state: 'conflict',
    value: 'Washed linen shirt',
    baseValue: 'Linen shirt',
    shopifyValue: 'Linen shirt – summer sale',
    approvedAt: '2026-11-24T10:05:00.000Z',
    approvedBy: 'Ada',
  });

  it('shows the owner’s value, Shopify’s and the one edited from, and each button sends its answer', async () => {
    await i18n.changeLanguage('en');
    const tree = renderDetail(detail({ seoTitle: { pending: conflict } }), [conflict]);
    const title = group(tree, region(tree, /^English/), 'Search title');
    expect(text(title)).toContain('Changed in Shopify since the audit');
    const values = all(title, (node) => node.tag === 'dl')[0]!;
    expect(all(values, (node) => node.tag === 'dt').map(text)).toEqual([
      'Your value',
      'Shopify’s value now',
      'The value you edited from',
    ]);
    expect(all(values, (node) => node.tag === 'dd').map(text)).toEqual([
      '“Washed linen shirt”',
      '“Linen shirt – summer sale”',
      '“Linen shirt”',
    ]);
    // Nothing else can be done with the text until the owner chooses.
    expect(control(title).attributes).toHaveProperty('readonly');
    const sent = (name: string) => {
      const [button] = buttons(title, name);
      expect(button?.attributes.type).toBe('submit');
      return resolveBodyOf([[button!.attributes.name!, button!.attributes.value!]]);
    };
    expect(sent('Keep Shopify’s value')).toEqual({ keep: 'shopify' });
    expect(sent('Write mine')).toEqual({ keep: 'mine' });
    expect(resolveBodyOf([['keep', 'both']])).toBeNull();
  });

  it('reads the same in French', async () => {
    await i18n.changeLanguage('fr');
    const tree = renderDetail(detail({ seoTitle: { pending: conflict } }), [conflict]);
    const title = group(tree, region(tree, /^Anglais/), 'Titre pour les moteurs de recherche');
    expect(text(title)).toContain('Modifié dans Shopify depuis l’audit');
    expect(buttons(title).map(text)).toEqual(['Garder la valeur de Shopify', 'Écrire la mienne']);
  });
});

describe('a change written to Shopify', () => {
  it('says so with the value written; a refused one says why in the owner’s words', async () => {
    await i18n.changeLanguage('en');
    const written = change({
      id: 'c1',
      batchId: 'b1',
      state: 'applied',
      value: 'Washed linen shirt',
      previousValue: 'Linen shirt',
      appliedAt: '2026-11-24T10:06:00.000Z',
      undoable: true,
    });
    const refused = change({
      id: 'c2',
      batchId: 'b1',
      state: 'failed',
      field: 'imageAlt',
      targetId: imageId,
      value: 'x',
      errorCode: 'shopify_rejected_value',
    });
    const tree = renderDetail(detail({ seoTitle: { value: 'Washed linen shirt' } }), [
      written,
      refused,
    ]);
    const english = region(tree, /^English/);
    expect(text(group(tree, english, 'Search title'))).toContain('Written to Shopify on');
    expect(text(group(tree, english, 'Search title'))).toContain('Value now: “Washed linen shirt”');
    expect(text(group(tree, english, 'Alt text of image 1'))).toContain(
      'Not written to Shopify.Shopify did not accept this value, so nothing was written.',
    );
    // The owner's text, which the editor no longer holds, is shown with a way back to it.
    expect(text(group(tree, english, 'Alt text of image 1'))).toContain('Your text: “x”');
    expect(buttons(group(tree, english, 'Alt text of image 1'), 'Edit it again')).toHaveLength(1);
  });

  it('is followed live while being written', async () => {
    await i18n.changeLanguage('en');
    const writing = change({
      id: 'c1',
      batchId: 'b1',
      state: 'approved',
      value: 'Washed linen shirt',
    });
    const tree = renderDetail(detail({ seoTitle: { pending: writing } }), [writing]);
    const title = group(tree, region(tree, /^English/), 'Search title');
    const status = all(title, (node) => node.attributes.role === 'status').map(text);
    expect(status).toContain('Writing to Shopify…');
    expect(buttons(title)).toEqual([]);
  });
});

describe('the page’s history', () => {
  const batchOfTwo = [
    change({
      id: 'c2',
      batchId: 'b1',
      state: 'applied',
      value: 'Washed linen shirt',
      previousValue: 'Linen shirt',
      approvedBy: 'Ada',
      approvedAt: '2026-11-24T10:05:00.000Z',
      appliedAt: '2026-11-24T10:06:00.000Z',
      undoable: true,
    }),
    change({
      id: 'c1',
      batchId: 'b1',
      state: 'failed',
      language: 'fr',
      field: 'imageAlt',
      targetId: imageId,
      value: 'Chemise bleue',
      baseValue: 'Chemise en lin bleue sur un cintre',
      errorCode: 'page_removed',
      approvedBy: 'Ada',
      approvedAt: '2026-11-24T10:05:00.000Z',
    }),
  ];
  const undoneOnItsOwn = change({
    id: 'c0',
    batchId: 'b0',
    state: 'undone',
    field: 'seoDescription',
    value: 'A shirt',
    previousValue: '',
    approvedBy: 'Ada',
    approvedAt: '2026-11-23T10:05:00.000Z',
    undoable: false,
  });

  it('offers Undo only for a change that undo can write back, and Undo the whole batch for several', async () => {
    await i18n.changeLanguage('en');
    const tree = renderDetail(detail(), [...batchOfTwo, undoneOnItsOwn]);
    const history = region(tree, /^Changes to this page$/);
    const rows = all(
      history,
      (node) => node.tag === 'tr' && all(node, (cell) => cell.tag === 'td').length > 0,
    );
    expect(
      rows.map((row) => [text(all(row, (cell) => cell.tag === 'th')[0]!), buttons(row).map(text)]),
    ).toEqual([
      ['Search title in English', ['Undo']],
      ['Alt text of image 1 in French', []],
      ['Meta description in English', []],
    ]);
    expect(
      rows.map((row) =>
        all(row, (cell) => cell.tag === 'td')
          .slice(0, 3)
          .map(text),
      ),
    ).toEqual([
      ['“Washed linen shirt”', '“Linen shirt”', expect.stringMatching(/^Written to Shopify on /)],
      [
        '“Chemise bleue”',
        '“Chemise en lin bleue sur un cintre”',
        'Not written: This page is no longer in your store, so nothing was written.',
      ],
      ['“A shirt”', '(empty)', 'Undone'],
    ]);
    expect(buttons(history, 'Undo the whole batch')).toHaveLength(1);
    expect(text(history)).toContain('Approved on');
    expect(text(history)).toContain('by Ada');
  });

  it('reads the same in French', async () => {
    await i18n.changeLanguage('fr');
    const tree = renderDetail(detail(), [...batchOfTwo, undoneOnItsOwn]);
    const history = region(tree, /^Modifications de cette page$/);
    expect(buttons(history).map(text)).toEqual(['Annuler tout le lot', 'Annuler la modification']);
    // Values quoted in French, with the no-break spaces French puts inside « ».
    expect(text(history)).toContain('«\u00a0Chemise bleue\u00a0»');
    expect(text(history)).toContain('Titre pour les moteurs de recherche en anglais');
  });
});

describe('the overview’s changes', () => {
  function renderSummary(drafts: ChangeView[], batches: BatchSummary[]): Node {
    function Summary() {
      const format = useSeoFormat();
      return createElement(ChangesSummaryBody as never, {
        shopId,
        drafts: changeList(drafts),
        recent: { batches },
        format,
        undoing: false,
        undoError: null,
        onUndoBatch: () => {},
      });
    }
    return parse(renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Summary))));
  }

  function batch(
    overrides: Omit<Partial<BatchSummary>, 'counts'> & {
      counts: Partial<BatchSummary['counts']>;
    },
  ): BatchSummary {
    const counts = {
      ...Object.fromEntries(changeStates.map((state) => [state, 0])),
      ...overrides.counts,
    };
    return {
      batchId: 'b1',
      approvedAt: '2026-11-24T10:05:00.000Z',
      approvedBy: 'Ada',
      changes: Object.values(counts).reduce((sum, value) => sum + value, 0),
      undoable: 0,
      isUndo: false,
      pageCount: 1,
      pages: [{ pageId, pageTitle: 'Linen shirt' }],
      ...overrides,
      counts: counts as BatchSummary['counts'],
    };
  }

  it('lead to the pages with drafts and offer to undo the latest approvals', async () => {
    await i18n.changeLanguage('en');
    const tree = renderSummary(
      [
        change({ id: 'd1' }),
        change({ id: 'd2', field: 'seoDescription' }),
        change({ id: 'd3', pageId: 'gid://shopify/Page/1', pageKind: 'page', pageTitle: 'About' }),
      ],
      [batch({ counts: { applied: 1 }, undoable: 1 })],
    );
    expect(text(tree)).toContain('3 drafts await your approval:');
    const links = all(tree, (node) => node.tag === 'a').map((link) => [
      text(link),
      link.attributes.href,
    ]);
    expect(links).toEqual([
      ['Linen shirt', `/seo/pages?shop=shop-1&page=${encodeURIComponent(pageId)}`],
      ['About', `/seo/pages?shop=shop-1&page=${encodeURIComponent('gid://shopify/Page/1')}`],
      ['Linen shirt', `/seo/pages?shop=shop-1&page=${encodeURIComponent(pageId)}`],
    ]);
    expect(text(tree)).toContain('Linen shirt · 2 drafts');
    expect(buttons(tree).map(text)).toEqual(['Undo']);
  });

  it('count a large batch whole, by state, naming its first pages and how many more', async () => {
    await i18n.changeLanguage('en');
    const tree = renderSummary(
      [],
      [
        batch({
          counts: { applied: 1180, approved: 12, failed: 8 },
          undoable: 1180,
          pageCount: 600,
          pages: [
            { pageId, pageTitle: 'Linen shirt' },
            { pageId: 'gid://shopify/Product/2', pageTitle: 'Wool scarf' },
          ],
        }),
      ],
    );
    expect(text(tree)).toContain(': 1,200 changes');
    expect(text(tree)).toContain(
      '(Being written to Shopify: 12 · Written to Shopify: 1,180 · Not written: 8)',
    );
    expect(text(tree)).toContain('Linen shirt, Wool scarf and 598 more pages');
    expect(buttons(tree).map(text)).toEqual(['Undo the whole batch']);
    await i18n.changeLanguage('fr');
    const french = renderSummary([], [batch({ counts: { applied: 2 }, pageCount: 7 })]);
    expect(text(french)).toContain('Écrit dans Shopify\u00a0: 2');
    expect(text(french)).toContain('et 6 pages de plus');
  });

  it('say when there is nothing, in French too', async () => {
    await i18n.changeLanguage('fr');
    const tree = renderSummary([], []);
    expect(text(tree)).toContain('Aucun brouillon n’attend votre approbation.');
    expect(text(tree)).toContain('Aucune modification n’a encore été approuvée.');
    expect(buttons(tree)).toEqual([]);
  });
});

describe('undoing a batch', () => {
  function renderDialog(count: number, field?: string): Node {
    function Dialog() {
      const format = useSeoFormat();
      return createElement(UndoBatchDialog as never, {
        count,
        ...(field !== undefined && { field }),
        format,
        onConfirm: () => {},
        onClosed: () => {},
      });
    }
    return parse(renderToStaticMarkup(createElement(Dialog)));
  }

  it.each([
    [
      'en',
      1204,
      'Undo these 1,204 changes?',
      ['Cancel', 'Undo 1,204 changes'],
      'A French translation approved with an English text is undone with it',
    ],
    [
      'fr',
      1204,
      'Annuler ces 1\u202f204 modifications\u202f?',
      ['Ne rien annuler', 'Annuler 1\u202f204 modifications'],
      'Une traduction française approuvée avec un texte anglais est annulée avec lui',
    ],
    ['en', 1, 'Undo this change?', ['Cancel', 'Undo the change'], 'is undone with it'],
    [
      'fr',
      1,
      'Annuler cette modification\u202f?',
      ['Ne rien annuler', 'Annuler la modification'],
      'est annulée avec lui',
    ],
  ])(
    'asks first, with how many changes go back (%s, %i)',
    async (language, count, title, names, says) => {
      await i18n.changeLanguage(language);
      const dialog = all(renderDialog(count), (node) => node.tag === 'dialog')[0]!;
      const heading = all(dialog, (node) => node.tag === 'h2')[0]!;
      expect(dialog.attributes['aria-labelledby']).toBe(heading.attributes.id);
      expect(text(heading)).toBe(title);
      expect(text(dialog)).toContain(says);
      // Cancel first, with the focus: Enter never undoes by accident.
      expect(buttons(dialog).map(text)).toEqual(names);
      expect(buttons(dialog)[0]!.attributes).toHaveProperty('autofocus');
    },
  );

  it.each([
    [
      'en',
      'Meta description in French',
      'Meta description in French: Vitrine writes back to Shopify the value this change replaced.',
    ],
    [
      'fr',
      'Méta-description en français',
      'Méta-description en français\u00a0: Vitrine réécrit dans Shopify la valeur que cette modification a remplacée.',
    ],
  ])('asks before undoing a single change, naming its text (%s)', async (language, field, says) => {
    await i18n.changeLanguage(language);
    const dialog = all(renderDialog(1, field), (node) => node.tag === 'dialog')[0]!;
    expect(description(dialog, dialog)).toBe(says);
    expect(buttons(dialog).map(text)).toEqual(
      language === 'en'
        ? ['Cancel', 'Undo the change']
        : ['Ne rien annuler', 'Annuler la modification'],
    );
  });
});

describe('the page’s findings', () => {
  const secondImageId = 'gid://shopify/MediaImage/8';

  /** The product with a second image, both without alt text in each language: two I01 findings. */
  function twoImagesWithoutAlt(): PageDetail {
    const page = detail({ imageAlt: { value: null } }, { imageAlt: { value: null } });
    return {
      ...page,
      languages: page.languages.map((view) => ({
        ...view,
        images: [
          { id: imageId, alt: null, url: null },
          { id: secondImageId, alt: null, url: null },
        ],
        fields: [
          ...view.fields,
          field({ field: 'imageAlt', targetId: secondImageId, sourceValue: null }),
        ],
        findings: [imageId, secondImageId].map((id) => ({
          checkId: 'I01',
          severity: 'warning' as const,
          language: view.language,
          field: `image:${id}`,
        })),
      })),
    };
  }

  function occurrences(within: string, part: string): number {
    return within.split(part).length - 1;
  }

  it.each([
    {
      language: 'en',
      regions: [/^English/, /^French/],
      why: 'Google reads an image’s alt text',
      whyTitle: 'Why it matters',
      instances: ['Alt text of image 1', 'Alt text of image 2'],
    },
    {
      language: 'fr',
      regions: [/^Anglais/, /^Français/],
      why: 'Google lit le texte alternatif d’une image',
      whyTitle: 'Pourquoi c’est important',
      instances: ['Texte alternatif de l’image 1', 'Texte alternatif de l’image 2'],
    },
  ] as const)(
    'explain a check once and list its instances under it ($language)',
    async ({ language, regions, why, whyTitle, instances }) => {
      await i18n.changeLanguage(language);
      const tree = renderDetail(twoImagesWithoutAlt());
      for (const name of regions) {
        const findings = all(
          region(tree, name),
          (node) => node.tag === 'ul' && node.attributes.class === 'seo-findings',
        );
        expect(findings).toHaveLength(1);
        const shown = text(findings[0]!);
        expect(occurrences(shown, why)).toBe(1);
        expect(occurrences(shown, whyTitle)).toBe(1);
        const listed = all(
          findings[0]!,
          (node) => node.tag === 'li' && node.attributes.class === 'seo-finding-instance',
        );
        expect(
          listed.map((node) => text(node).startsWith(instances[listed.indexOf(node)]!)),
        ).toEqual([true, true]);
      }
    },
  );
});

describe('how to fix a finding', () => {
  const secondImageId = 'gid://shopify/MediaImage/8';

  /**
   * Two images without alt text and a title too wide in English; in French, no meta description,
   * which cannot be written there before the English one.
   */
  function pageWithFindings(): PageDetail {
    const page = detail({ imageAlt: { value: null } });
    const [english, french] = page.languages;
    return {
      ...page,
      languages: [
        {
          ...english!,
          images: [
            { id: imageId, alt: null, url: null },
            { id: secondImageId, alt: null, url: null },
          ],
          fields: [...english!.fields, field({ field: 'imageAlt', targetId: secondImageId })],
          findings: [
            { checkId: 'T03', severity: 'warning', language: 'en', field: 'seoTitle' },
            ...[imageId, secondImageId].map((id) => ({
              checkId: 'I01',
              severity: 'warning' as const,
              language: 'en' as const,
              field: `image:${id}`,
            })),
          ],
        },
        {
          ...french!,
          findings: [
            { checkId: 'M01', severity: 'error', language: 'fr', field: 'seoDescription' },
          ],
        },
      ],
    };
  }

  /** The finding of a check, by its name, in a language's findings. */
  function findingOf(tree: Node, language: RegExp, name: string): Node {
    const found = all(
      region(tree, language),
      (node) =>
        node.tag === 'li' &&
        (node.attributes.class ?? '').startsWith('seo-finding ') &&
        text(node).includes(name),
    );
    expect(found, `the finding ${name}`).toHaveLength(1);
    return found[0]!;
  }

  /** The control a button opens, found by the id it names. */
  function controlled(tree: Node, button: Node): Node | undefined {
    return byId(tree, button.attributes['aria-controls'] ?? '');
  }

  it.each([
    {
      language: 'en',
      english: /^English/,
      french: /^French/,
      fixHere: 'Fix it here',
      fixImages: ['Fix “Alt text of image 1” here', 'Fix “Alt text of image 2” here'],
      titleEditor: 'Search title',
      imageEditors: ['Alt text of image 1', 'Alt text of image 2'],
      missing: 'Meta description missing',
    },
    {
      language: 'fr',
      english: /^Anglais/,
      french: /^Français/,
      fixHere: 'Corriger ici',
      fixImages: [
        'Corriger «\u00a0Texte alternatif de l’image 1\u00a0» ici',
        'Corriger «\u00a0Texte alternatif de l’image 2\u00a0» ici',
      ],
      titleEditor: 'Titre pour les moteurs de recherche',
      imageEditors: ['Texte alternatif de l’image 1', 'Texte alternatif de l’image 2'],
      missing: 'Méta-description manquante',
    },
  ] as const)(
    'offers the field’s editor on the same screen, before Shopify’s admin ($language)',
    async ({
      language,
      english,
      french,
      fixHere,
      fixImages,
      titleEditor,
      imageEditors,
      missing,
    }) => {
      await i18n.changeLanguage(language);
      const tree = renderDetail(pageWithFindings());
      const englishRegion = region(tree, english);
      const { t } = i18n;

      const tooWide = findingOf(tree, english, t('T03.name', { ns: 'seo-checks' }));
      expect(buttons(tooWide).map(text)).toEqual([fixHere]);
      const [fixTitle] = buttons(tooWide);
      expect(controlled(tree, fixTitle!)).toBe(control(group(tree, englishRegion, titleEditor)));
      // The button comes before the steps in Shopify's admin, in "How to fix it".
      const how = text(tooWide);
      expect(how.indexOf(fixHere)).toBeLessThan(
        how.indexOf(t('T03.how', { ns: 'seo-checks' }).slice(0, 20)),
      );

      const noAlt = findingOf(tree, english, t('I01.name', { ns: 'seo-checks' }));
      expect(buttons(noAlt).map(text)).toEqual(fixImages);
      expect(buttons(noAlt).map((button) => controlled(tree, button))).toEqual(
        imageEditors.map((name) => control(group(tree, englishRegion, name))),
      );

      // A text that cannot be written here yet offers no editor.
      expect(buttons(findingOf(tree, french, missing))).toHaveLength(0);
    },
  );
});

describe('a meta description other pages carry too', () => {
  const samePages = [
    {
      id: 'gid://shopify/Product/43',
      kind: 'product' as const,
      title: 'Linen trousers',
      handle: 'linen-trousers',
    },
    {
      id: 'gid://shopify/Collection/5',
      kind: 'collection' as const,
      title: '',
      handle: 'summer-linen',
    },
  ];

  function pageSharingItsDescription(measured: number, samePagesTotal: number): PageDetail {
    const page = detail({ seoDescription: { value: 'Washed linen, made in Lisbon.' } });
    const [english, french] = page.languages;
    return {
      ...page,
      languages: [
        {
          ...english!,
          seoDescription: 'Washed linen, made in Lisbon.',
          findings: [
            {
              checkId: 'M03',
              severity: 'warning',
              language: 'en',
              field: 'seoDescription',
              measured,
              samePages,
              samePagesTotal,
            },
          ],
        },
        french!,
      ],
    };
  }

  it.each([
    { language: 'en', english: /^English/, more: 'and 1 more page' },
    { language: 'fr', english: /^Anglais/, more: 'et 1 autre page' },
  ] as const)(
    'links to each of those pages’ detail ($language)',
    async ({ language, english, more }) => {
      await i18n.changeLanguage(language);
      const tree = renderDetail(pageSharingItsDescription(4, 3));
      const findings = all(
        region(tree, english),
        (node) => node.tag === 'ul' && node.attributes.class === 'seo-findings',
      )[0]!;
      const links = all(findings, (node) => node.tag === 'a');
      expect(links.map((link) => [text(link), link.attributes.href])).toEqual([
        [
          'Linen trousers',
          `/seo/pages?shop=${shopId}&page=${encodeURIComponent(samePages[0]!.id)}`,
        ],
        ['summer-linen', `/seo/pages?shop=${shopId}&page=${encodeURIComponent(samePages[1]!.id)}`],
      ]);
      // Four pages carry it: this one, the two named and one more.
      expect(text(findings)).toContain(more);
    },
  );

  it('says no more pages than the API counts, whatever the audit measured', async () => {
    await i18n.changeLanguage('en');
    // The audit's group has four pages, but one of them has no result the API can name.
    const tree = renderDetail(pageSharingItsDescription(4, 2));
    const findings = all(
      region(tree, /^English/),
      (node) => node.tag === 'ul' && node.attributes.class === 'seo-findings',
    )[0]!;
    expect(all(findings, (node) => node.tag === 'a')).toHaveLength(2);
    expect(text(findings)).not.toContain('more page');
  });
});

describe('the words of a finding an owner may not know', () => {
  it.each([
    {
      language: 'en',
      english: /^English/,
      summary: 'What do these words mean?',
      terms: ['.liquid file', 'canonical'],
      meaning: 'The canonical address is the one address a page names as its own',
    },
    {
      language: 'fr',
      english: /^Anglais/,
      summary: 'Que veulent dire ces mots\u202f?',
      terms: ['fichier .liquid', 'canonique'],
      meaning: 'L’adresse canonique est la seule adresse qu’une page déclare comme la sienne',
    },
  ] as const)(
    'are explained next to the check that uses them ($language)',
    async ({ language, english, summary, terms, meaning }) => {
      await i18n.changeLanguage(language);
      const page = detail();
      const [first, ...rest] = page.languages;
      const tree = renderDetail({
        ...page,
        languages: [
          {
            ...first!,
            findings: [{ checkId: 'R04', severity: 'warning', language: 'en' }],
          },
          ...rest,
        ],
      });
      const disclosures = all(region(tree, english), (node) => node.tag === 'details');
      expect(disclosures).toHaveLength(1);
      const [summaryNode] = all(disclosures[0]!, (node) => node.tag === 'summary');
      expect(text(summaryNode!)).toBe(summary);
      expect(all(disclosures[0]!, (node) => node.tag === 'dfn').map(text)).toEqual(terms);
      expect(text(disclosures[0]!)).toContain(meaning);
    },
  );
});
