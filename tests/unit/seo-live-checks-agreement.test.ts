import { describe, expect, it } from 'vitest';
import { runLiveChecks, liveCheckIds } from '#client/features/seo/live-checks.ts';
import { editedPageView, type TextOf } from '#client/features/seo/page-fixes.ts';
import { auditPage, checksByKind } from '#server/areas/seo/audit-page.ts';
import type { AuditedPage } from '#server/areas/catalog/catalog-pages.ts';
import type { Language } from '#shared/constants.ts';
import type { EditableField, EditableFieldView } from '#shared/schemas/seo-changes.ts';
import type { PageDetail } from '#shared/schemas/seo.ts';
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import type { Finding, PageLanguageView, TranslatedField } from '#shared/seo/check.ts';
import { shownText } from '#shared/seo/text/html.ts';

/**
 * The checks an editor runs as the owner types and the audit that follows the write must say the
 * same of every text: for each input of the table, the page as the editor makes it from the page's
 * detail (client/features/seo/page-fixes.ts, run by client/features/seo/live-checks.ts) and the
 * page as the store's copy holds it once the text is written (what server/areas/seo/audit-page.ts
 * audits) give the same findings, on a page with a body and on one without.
 */

const pageId = 'gid://shopify/Product/42';
const imageId = 'gid://shopify/MediaImage/7';
const shopName = 'Maison Exemple';

const englishTitle = 'Linen shirt, washed, in five colours';
const englishDescription =
  'A washed linen shirt cut loose, with mother-of-pearl buttons and a straight hem, in five colours that soften with every wash.';
const frenchTitle = 'Chemise en lin lavé, en cinq couleurs';
const frenchDescription =
  'Une chemise en lin lavé à la coupe ample, avec des boutons de nacre et un ourlet droit, en cinq couleurs douces.';

/** A store's page in its two languages, as the catalog's copy reads it (catalog-pages.ts). */
interface StorePage {
  body: { en: string; fr: string | null };
  title: { en: string; fr: string | null };
  seoTitle: { en: string | null; fr: string | null };
  seoDescription: { en: string | null; fr: string | null };
  alt: { en: string | null; fr: string | null };
}

const withBody: StorePage = {
  body: { en: '<p>Washed linen, cut loose.</p>', fr: '<p>Lin lavé, coupe ample.</p>' },
  title: { en: 'Linen shirt', fr: 'Chemise en lin' },
  seoTitle: { en: englishTitle, fr: frenchTitle },
  seoDescription: { en: englishDescription, fr: frenchDescription },
  alt: { en: 'Blue linen shirt on a hanger', fr: 'Chemise en lin bleue sur un cintre' },
};

/** No body, a French title left untranslated, no French description yet. */
const withoutBody: StorePage = {
  body: { en: '', fr: null },
  title: { en: 'Linen shirt', fr: null },
  seoTitle: { en: englishTitle, fr: null },
  seoDescription: { en: englishDescription, fr: null },
  alt: { en: null, fr: null },
};

const blankToNull = (text: string | null) => (text === null || text === '' ? null : text);

/** The page's views as the copy gives them, as catalog-pages.ts builds them. */
function viewsOf(page: StorePage): PageLanguageView[] {
  const source = {
    title: page.title.en,
    body_html: page.body.en,
    meta_title: page.seoTitle.en,
    meta_description: page.seoDescription.en,
  };
  const french = {
    title: page.title.fr,
    body_html: page.body.fr,
    meta_title: page.seoTitle.fr,
    meta_description: page.seoDescription.fr,
  };
  const translations: TranslatedField[] = (Object.keys(source) as Array<keyof typeof source>)
    .filter((key) => blankToNull(source[key]) !== null)
    .map((key) => ({
      key,
      source: source[key]!,
      value: blankToNull(french[key]),
      outdated: false,
    }));
  const base = {
    kind: 'product' as const,
    id: pageId,
    primaryLanguage: 'en' as const,
    shopName,
    handle: 'linen-shirt',
  };
  return [
    {
      ...base,
      language: 'en',
      title: page.title.en,
      seoTitle: page.seoTitle.en,
      seoDescription: page.seoDescription.en,
      bodyHtml: page.body.en,
      images: [{ id: imageId, alt: page.alt.en, sourceAlt: page.alt.en }],
      translations: [],
    },
    {
      ...base,
      language: 'fr',
      title: blankToNull(page.title.fr) ?? page.title.en,
      seoTitle: blankToNull(page.seoTitle.fr) ?? page.seoTitle.en,
      seoDescription: blankToNull(page.seoDescription.fr) ?? page.seoDescription.en,
      bodyHtml: blankToNull(page.body.fr) ?? page.body.en,
      images: [
        { id: imageId, alt: blankToNull(page.alt.fr) ?? page.alt.en, sourceAlt: page.alt.en },
      ],
      translations,
    },
  ];
}

const checks = checksByKind(checkCatalogue);

/** What the audit finds on the page, by language. */
function auditFindings(page: StorePage): Map<Language, Finding[]> {
  const audit = auditPage(
    {
      kind: 'product',
      id: pageId,
      handle: 'linen-shirt',
      views: viewsOf(page),
      urls: {},
      imageUrls: {},
    } as AuditedPage,
    checks,
  );
  return new Map(
    audit.languages.map((result) => [
      result.language,
      result.findings.map((finding) => ({
        checkId: finding.checkId,
        severity: finding.severity,
        language: result.language,
        ...finding.evidence,
      })),
    ]),
  );
}

const ownValue = {
  seoTitle: (page: StorePage, language: Language) => page.seoTitle[language],
  seoDescription: (page: StorePage, language: Language) => page.seoDescription[language],
  imageAlt: (page: StorePage, language: Language) => page.alt[language],
} satisfies Record<EditableField, unknown>;

/** The page's detail as server/areas/seo/read-seo-page.ts answers it after the audit. */
function detailOf(page: StorePage): PageDetail {
  const views = viewsOf(page);
  const findings = auditFindings(page);
  return {
    id: pageId,
    kind: 'product',
    handle: 'linen-shirt',
    shopName,
    auditedAt: '2026-11-28T09:00:00.000Z',
    languages: views.map((view) => {
      const primary = view.language === 'en';
      const fields = (['seoTitle', 'seoDescription', 'imageAlt'] as const).map(
        (field): EditableFieldView => {
          const sourceValue = primary ? null : ownValue[field](page, 'en');
          return {
            field,
            targetId: field === 'imageAlt' ? imageId : pageId,
            imageUrl: null,
            value: ownValue[field](page, view.language),
            sourceValue,
            outdated: false,
            editable: primary || blankToNull(sourceValue) !== null,
            draft: null,
            pending: null,
          };
        },
      );
      const titleTranslation = view.translations.find((entry) => entry.key === 'title');
      return {
        language: view.language,
        primary,
        url: null,
        score: 100,
        title: view.title,
        seoTitle: view.seoTitle,
        seoDescription: view.seoDescription,
        bodyHasText: shownText(view.bodyHtml) !== '',
        titleTranslation:
          titleTranslation === undefined
            ? null
            : {
                source: titleTranslation.source,
                value: titleTranslation.value,
                outdated: titleTranslation.outdated,
              },
        images: view.images.map((image) => ({ id: image.id, alt: image.alt, url: null })),
        findings: findings.get(view.language) ?? [],
        fields,
      };
    }),
  };
}

/**
 * The page once `text` is written to the field: a text of spaces is saved empty
 * (server/areas/seo-changes/save-draft.ts), and Shopify keeps no empty text (none instead).
 */
function written(page: StorePage, language: Language, field: EditableField, text: string) {
  const value = text.trim() === '' ? null : text;
  const key = { seoTitle: 'seoTitle', seoDescription: 'seoDescription', imageAlt: 'alt' } as const;
  return { ...page, [key[field]]: { ...page[key[field]], [language]: value } };
}

/** The findings the editors show: the live checks', on the fields an owner edits or reads there. */
function comparable(findings: ReadonlyArray<{ checkId: string }>) {
  return findings
    .filter((finding) => liveCheckIds.has(finding.checkId))
    .map((finding) => JSON.stringify(finding))
    .sort();
}

const table: Array<[Language, EditableField, string]> = [
  ['en', 'seoDescription', ''],
  ['en', 'seoDescription', '   \n '],
  ['en', 'seoDescription', 'Too short.'],
  ['en', 'seoDescription', `${englishDescription} ${englishDescription}`],
  ['en', 'seoDescription', 'A <b>washed</b> linen shirt'],
  ['en', 'seoDescription', frenchDescription],
  ['en', 'seoTitle', ''],
  ['en', 'seoTitle', '  '],
  ['en', 'seoTitle', 'Linen shirt < 50 €'],
  ['en', 'seoTitle', `${englishTitle}, washed by hand in our Lisbon workshop, mother-of-pearl`],
  ['en', 'seoTitle', '| Linen shirt'],
  ['en', 'seoTitle', shopName],
  ['en', 'seoTitle', 'LINEN SHIRT'],
  ['en', 'seoTitle', 'Chemise en lin lavée à la main dans notre atelier'],
  ['en', 'imageAlt', ''],
  ['en', 'imageAlt', 'Blue linen shirt on a hanger, seen from the front, buttons closed'],
  ['fr', 'seoTitle', ''],
  ['fr', 'seoTitle', englishTitle],
  ['fr', 'seoTitle', 'Washed linen shirt, made by hand in our workshop'],
  ['fr', 'seoTitle', 'Chemise en lin lavée à la main dans notre atelier'],
  ['fr', 'seoDescription', ''],
  ['fr', 'seoDescription', '  '],
  ['fr', 'seoDescription', 'Trop court.'],
  ['fr', 'seoDescription', frenchDescription],
  ['fr', 'seoDescription', englishDescription],
  ['fr', 'imageAlt', ''],
  ['fr', 'imageAlt', 'Chemise en lin bleue, vue de face'],
];

describe('the checks run as the owner types and the audit', () => {
  for (const [name, page] of [
    ['a page with a body', withBody],
    ['a page without a body', withoutBody],
  ] as const) {
    describe(name, () => {
      it.each(table)('agree on %s %s = %j', (language, field, text) => {
        const detail = detailOf(page);
        const typed: TextOf = (typedLanguage, edited) =>
          typedLanguage === language && edited.field === field ? text : (edited.value ?? '');
        const editorField = detail.languages
          .find((view) => view.language === language)!
          .fields.find((candidate) => candidate.field === field)!;
        if (!editorField.editable) return;
        const live = runLiveChecks(editedPageView(detail, language, typed)!);
        const audited = auditFindings(written(page, language, field, text)).get(language)!;
        expect(comparable(live)).toEqual(comparable(audited));
      });

      it('agree on the page as the audit read it, nothing typed', () => {
        const detail = detailOf(page);
        for (const language of ['en', 'fr'] as const) {
          const live = runLiveChecks(
            editedPageView(detail, language, (_, edited) => edited.value ?? '')!,
          );
          expect(comparable(live)).toEqual(comparable(auditFindings(page).get(language)!));
        }
      });
    });
  }
});
