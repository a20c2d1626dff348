import { hash } from 'node:crypto';
import type { Language } from '#shared/constants.ts';
import type {
  Check,
  DuplicateCheck,
  FindingEvidence,
  PageCheck,
  PageKind,
  Severity,
  StoreLink,
  StoreLinkCheck,
  TranslatedField,
} from '#shared/seo/check.ts';
import { runPageChecks } from '#shared/seo/run-page-checks.ts';
import { pageScore } from '#shared/seo/scores.ts';
import type { AuditedPage } from '#server/areas/catalog/index.ts';

/**
 * One page's audit in memory: every page check that applies to its kind run on each language's view,
 * the keys of the duplicate checks, which the audit groups across pages afterwards, and the links to
 * pages of the store, which it resolves against the store's copy afterwards (both in SQL, see
 * seo-repository.ts).
 */

export interface PageFinding {
  checkId: string;
  severity: Severity;
  evidence: FindingEvidence;
}

export interface DuplicateKey {
  checkId: string;
  severity: Severity;
  field: string;
  keyHash: string;
}

/** A body's link to a page of the store, for a store link check, once per link on the page. */
export interface StoreLinkRecord extends StoreLink {
  checkId: string;
  severity: Severity;
  field: string;
  excerpt: string;
}

export interface LanguageAudit {
  language: Language;
  title: string;
  findings: PageFinding[];
  duplicateKeys: DuplicateKey[];
  storeLinks: StoreLinkRecord[];
  /** The score from the page checks alone; duplicates found later lower it (seo-repository.ts). */
  score: number;
  /** The page's translatable fields in this language (none in the primary one), for the coverage. */
  translations: TranslationCounts;
}

/** Translatable fields with a source text: translated, outdated, translated as the source itself. */
export interface TranslationCounts {
  fields: number;
  translated: number;
  outdated: number;
  sameAsSource: number;
}

/**
 * The coverage counts the texts a shopper reads, not the handle: a handle that is a name or a
 * reference needs no translation (TG1 says which do), and counting every one would lower the
 * coverage of a store whose texts are all translated.
 */
function translationCounts(allFields: readonly TranslatedField[]): TranslationCounts {
  const fields = allFields.filter((field) => field.key !== 'handle');
  const counts = { fields: fields.length, translated: 0, outdated: 0, sameAsSource: 0 };
  for (const field of fields) {
    if (field.value !== null && field.value !== '') counts.translated++;
    if (field.outdated) counts.outdated++;
    if (field.value === field.source) counts.sameAsSource++;
  }
  return counts;
}

export interface PageAudit {
  kind: PageKind;
  id: string;
  handle: string;
  languages: LanguageAudit[];
}

/** The checks that apply to each kind, split by type, computed once per audit. */
export interface ChecksByKind {
  page: Record<PageKind, PageCheck[]>;
  duplicate: Record<PageKind, DuplicateCheck[]>;
  duplicateIds: string[];
  storeLink: Record<PageKind, StoreLinkCheck[]>;
  storeLinkIds: string[];
}

export function checksByKind(checks: readonly Check[]): ChecksByKind {
  const kinds: PageKind[] = ['product', 'collection', 'page', 'article'];
  const pick = <T extends Check>(type: T['type']) =>
    Object.fromEntries(
      kinds.map((kind) => [
        kind,
        checks.filter((check) => check.type === type && check.appliesTo.includes(kind)),
      ]),
    ) as Record<PageKind, T[]>;
  return {
    page: pick<PageCheck>('page'),
    duplicate: pick<DuplicateCheck>('duplicate'),
    duplicateIds: checks.filter((check) => check.type === 'duplicate').map((check) => check.id),
    storeLink: pick<StoreLinkCheck>('store-link'),
    storeLinkIds: checks.filter((check) => check.type === 'store-link').map((check) => check.id),
  };
}

/** A duplicate check's value, hashed: pages with the same hash share the value. */
function hashKey(key: string): string {
  return hash('sha1', key, 'base64url');
}

export function auditPage(page: AuditedPage, checks: ChecksByKind): PageAudit {
  const pageChecks = checks.page[page.kind];
  const duplicateChecks = checks.duplicate[page.kind];
  const storeLinkChecks = checks.storeLink[page.kind];
  return {
    kind: page.kind,
    id: page.id,
    handle: page.handle,
    languages: page.views.map((view) => {
      const findings: PageFinding[] = runPageChecks(pageChecks, view).map(
        ({ check, evidence }) => ({ checkId: check.id, severity: check.severity, evidence }),
      );
      const duplicateKeys: DuplicateKey[] = [];
      for (const check of duplicateChecks) {
        const key = check.key(view);
        if (key === null) continue;
        duplicateKeys.push({
          checkId: check.id,
          severity: check.severity,
          field: check.field,
          keyHash: hashKey(key),
        });
      }
      const storeLinks: StoreLinkRecord[] = [];
      for (const check of storeLinkChecks) {
        // A link written twice the same way is one finding: it is fixed once.
        const seen = new Set<string>();
        for (const { link, excerpt } of check.links(view)) {
          const key = `${link.kind}|${link.handle}|${link.language}|${link.host}|${excerpt}`;
          if (seen.has(key)) continue;
          seen.add(key);
          storeLinks.push({
            ...link,
            checkId: check.id,
            severity: check.severity,
            field: check.field,
            excerpt,
          });
        }
      }
      return {
        language: view.language,
        title: view.title,
        findings,
        duplicateKeys,
        storeLinks,
        score: pageScore(findings),
        translations: translationCounts(view.translations),
      };
    }),
  };
}
