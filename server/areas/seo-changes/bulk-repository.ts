import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import type { DraftInput } from './changes-repository.ts';

/**
 * Saves the drafts of a bulk edit in one statement, so in one transaction, whatever their number.
 * The fields with a draft are skipped before (bulk-values.ts); should one have gained a draft
 * since, its value is replaced and its base kept, as a draft saved again is (changes-repository.ts
 * `saveDraft`). The
 * rows travel as one JSON parameter: ten thousand drafts would pass the protocol's limit of bind
 * parameters as columns. Answers the drafts' ids, the primary language's first. At most one draft
 * per page, language, field and target is given.
 */
export async function saveDrafts(db: Database, drafts: readonly DraftInput[]): Promise<string[]> {
  if (drafts.length === 0) return [];
  const rows = drafts.map((draft) => ({
    shop_id: draft.shopId,
    page_gid: draft.pageGid,
    page_kind: draft.pageKind,
    page_title: draft.pageTitle,
    language: draft.language,
    locale: draft.locale,
    field: draft.field,
    target_id: draft.targetId,
    value: draft.value,
    base_value: draft.baseValue,
    created_by: draft.createdBy,
  }));
  const { rows: saved } = await db.execute<{ id: string; primary: boolean }>(sql`
    insert into seo_changes (shop_id, page_gid, page_kind, page_title, language, locale, field,
      target_id, value, base_value, state, created_by)
    select d.shop_id, d.page_gid, d.page_kind, d.page_title, d.language, d.locale, d.field,
      d.target_id, d.value, d.base_value, 'draft', d.created_by
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(shop_id uuid, page_gid text,
      page_kind text, page_title text, language text, locale text, field text, target_id text,
      value text, base_value text, created_by text)
    on conflict (shop_id, page_gid, language, field, target_id) where state = 'draft'
    do update set value = excluded.value, page_title = excluded.page_title,
      locale = excluded.locale, created_by = excluded.created_by, updated_at = now()
    returning id, locale is null as primary`);
  // The primary language's drafts first: approved in chunks in this order, a translation is never
  // written before the text it translates (whose change would leave it outdated).
  return [...saved.filter((row) => row.primary), ...saved.filter((row) => !row.primary)].map(
    (row) => row.id,
  );
}

/**
 * The pages of `pageGids` whose `field` has a draft, as `<page gid> <language>`: the field of a page
 * itself (an SEO title or description targets its page).
 */
export async function draftedPageLanguages(
  db: Database,
  shopId: string,
  field: string,
  pageGids: readonly string[],
): Promise<Set<string>> {
  if (pageGids.length === 0) return new Set();
  const { rows } = await db.execute<{ page_gid: string; language: string }>(sql`
    select page_gid, language from seo_changes
    where shop_id = ${shopId} and state = 'draft' and field = ${field}
      and page_gid in (select jsonb_array_elements_text(${JSON.stringify(pageGids)}::jsonb))`);
  return new Set(rows.map((row) => `${row.page_gid} ${row.language}`));
}
