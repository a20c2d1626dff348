import type { PageDetail } from '#shared/schemas/seo.ts';
import { shownText } from '#shared/seo/text/html.ts';
import type { Database } from '#server/db/database.ts';
import { auditedStoreOf, readPages } from '#server/areas/catalog/index.ts';
import { editableFieldsOfPage } from '#server/areas/seo-changes/index.ts';
import * as seoRepository from './seo-repository.ts';

/**
 * One audited page in each language: its score and findings from the audit, its texts and images as
 * the store's copy holds them now (the audit of a change follows within seconds), and the texts the
 * owner may edit there with their drafts and pending changes. Undefined when the audit does not hold
 * the page.
 */
export async function readSeoPage(
  db: Database,
  shopId: string,
  gid: string,
): Promise<PageDetail | undefined> {
  const [audit, store] = await Promise.all([
    seoRepository.findPageAudit(db, shopId, gid),
    auditedStoreOf(db, shopId),
  ]);
  if (audit === undefined || store === undefined) return undefined;
  const [[page], fields, samePages] = await Promise.all([
    readPages(db, store, [gid]),
    editableFieldsOfPage(db, store, gid),
    seoRepository.findSamePages(db, shopId, gid),
  ]);
  // The pages a duplicate finding shares its value with, so that the detail can link to them.
  const samePagesOf = (checkId: string, language: string) => {
    const same = samePages.filter(
      (entry) => entry.checkId === checkId && entry.language === language,
    );
    return same.length === 0
      ? {}
      : {
          samePages: same.map(({ id, kind, title, handle }) => ({ id, kind, title, handle })),
          samePagesTotal: same[0]!.total,
        };
  };
  // The store's order: the primary language first.
  const order = (language: string) =>
    store.locales.findIndex((entry) => entry.language === language);
  const languages = [...audit.languages].sort((a, b) => order(a.language) - order(b.language));
  return {
    id: gid,
    kind: audit.kind,
    handle: audit.handle,
    shopName: store.shopName,
    auditedAt: audit.auditedAt.toISOString(),
    languages: languages.map((result) => {
      const view = page?.views.find((candidate) => candidate.language === result.language);
      const titleTranslation = view?.translations.find((entry) => entry.key === 'title');
      return {
        language: result.language,
        primary:
          store.locales.find((entry) => entry.language === result.language)?.primary ?? false,
        url: page?.urls[result.language] ?? null,
        score: result.score,
        title: view?.title ?? result.title,
        seoTitle: view?.seoTitle ?? null,
        seoDescription: view?.seoDescription ?? null,
        // The body itself is not part of the detail: the editors' checks need only whether it
        // shows text (shared/seo/checks/description-checks.ts reads it with the same function).
        bodyHasText: view !== undefined && shownText(view.bodyHtml) !== '',
        titleTranslation:
          titleTranslation === undefined
            ? null
            : {
                source: titleTranslation.source,
                value: titleTranslation.value,
                outdated: titleTranslation.outdated,
              },
        images: (view?.images ?? []).map((image) => ({
          id: image.id,
          alt: image.alt,
          url: page?.imageUrls[image.id] ?? null,
        })),
        fields: fields?.get(result.language) ?? [],
        findings: audit.findings
          .filter((finding) => finding.language === result.language)
          .map((finding) => ({
            checkId: finding.checkId,
            severity: finding.severity,
            language: finding.language,
            ...finding.evidence,
            ...samePagesOf(finding.checkId, finding.language),
          })),
      };
    }),
  };
}
