import type { TranslationDebt } from '#shared/schemas/dashboard.ts';
import type { Database } from '#server/db/database.ts';
import { auditedStoreOf } from '#server/areas/catalog/index.ts';
import { translationDebtByKind } from './seo-repository.ts';

/**
 * The translatable fields of the store's other language, per kind of page, as the audits of its
 * pages counted them (docs/seo-scores.md, Translation coverage): missing, outdated (Shopify marks
 * them so), or left with the primary language's text. Null for a store with one language.
 */
export async function readTranslationDebt(
  db: Database,
  shopId: string,
): Promise<TranslationDebt | null> {
  const store = await auditedStoreOf(db, shopId);
  const language = store?.locales.find((entry) => !entry.primary)?.language;
  if (language === undefined) return null;
  const rows = await translationDebtByKind(db, shopId, language);
  return {
    language,
    kinds: rows.map((row) => ({
      kind: row.kind,
      fields: row.fields,
      missing: Math.max(0, row.fields - row.translated),
      outdated: row.outdated,
      sameAsSource: row.sameAsSource,
    })),
  };
}
