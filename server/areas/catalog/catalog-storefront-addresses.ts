import { sql, type SQL } from 'drizzle-orm';
import type { AuditedStore } from './catalog-pages.ts';

/**
 * The addresses the store's storefront answers, from the copy, as queries the SEO audit joins the
 * links of its pages with in one statement (it reads no catalog table itself).
 *
 * A page answers only when published, as the audit reads pages (catalog-pages.ts): a product not
 * ACTIVE, a page or an article not published answers 404 to a shopper. In the primary language (the
 * address without a language folder) a page answers under its handle; in a translated language,
 * under its translated handle, and under its primary handle too (the storefront finds a page by
 * either in a language folder; server/local/shopify/storefront-pages.ts serves it the same way).
 * An article's address holds its blog's handle in that language, or the primary one.
 */
export interface StorefrontAddresses {
  /**
   * Rows `(kind, language, handle)`: `language` is `''` for the primary language's addresses and
   * the audited language otherwise; `handle` is lowercase, `blog/article` for an article. A
   * translated language's rows hold only its translated handles: its primary handles are the
   * `''` rows.
   */
  served: SQL;
  /** Rows `(host)`: the store's myshopify.com domain and its primary domain, lowercase. */
  hosts: SQL;
  /** Rows `(kind)`: the kinds the copy holds in full (a copy past its plan's limit does not). */
  completeKinds: SQL;
  /** Rows `(language)`: the store's translated languages, whose folders answer. */
  translatedLanguages: SQL;
}

const kindTables = {
  product: { table: sql`catalog_products`, published: sql`p.status = 'ACTIVE'` },
  collection: { table: sql`catalog_collections`, published: sql`true` },
  page: { table: sql`catalog_pages`, published: sql`p.is_published` },
  blog: { table: sql`catalog_blogs`, published: sql`true` },
} as const;

/** A record's translated handle in `locale`, as a lateral subquery of its handles there. */
function handlesIn(shopId: string, gid: SQL, handle: SQL, locale: string | null): SQL {
  const translated =
    locale === null
      ? sql``
      : sql`union select lower(t.value) from catalog_translations t
          where t.shop_id = ${shopId} and t.resource_gid = ${gid} and t.locale = ${locale}
            and t.key = 'handle' and t.value <> ''`;
  return sql`(select lower(${handle}) as handle ${translated})`;
}

export function storefrontAddresses(store: AuditedStore): StorefrontAddresses {
  const { shopId } = store;
  const translated = store.locales.filter((entry) => !entry.primary);
  const rows: SQL[] = [];
  for (const [kind, { table, published }] of Object.entries(kindTables)) {
    rows.push(sql`select ${kind}::text as kind, ''::text as language, lower(p.handle) as handle
      from ${table} p where p.shop_id = ${shopId} and ${published}`);
    for (const entry of translated) {
      rows.push(sql`select ${kind}::text, ${entry.language}::text, lower(t.value)
        from ${table} p
        join catalog_translations t on t.shop_id = p.shop_id and t.resource_gid = p.gid
          and t.locale = ${entry.locale} and t.key = 'handle' and t.value <> ''
        where p.shop_id = ${shopId} and ${published}`);
    }
  }
  for (const entry of [{ language: '', locale: null }, ...translated]) {
    rows.push(sql`select 'article'::text, ${entry.language}::text, bh.handle || '/' || ah.handle
      from catalog_articles a
      join catalog_blogs b on b.shop_id = a.shop_id and b.gid = a.blog_gid
      cross join lateral ${handlesIn(shopId, sql`b.gid`, sql`b.handle`, entry.locale)} bh
      cross join lateral ${handlesIn(shopId, sql`a.gid`, sql`a.handle`, entry.locale)} ah
      where a.shop_id = ${shopId} and a.is_published`);
  }
  return {
    served: sql.join(rows, sql` union all `),
    hosts: sql`select lower(h.host) as host from catalog_shops s
      cross join lateral (values (s.myshopify_domain), (s.primary_domain_host)) as h(host)
      where s.shop_id = ${shopId}`,
    completeKinds: sql`select k.kind from (values ('product'), ('collection'), ('page'), ('blog'),
        ('article')) as k(kind)
      where not exists (select 1 from catalog_sync_states s where s.shop_id = ${shopId}
        and k.kind || 's' = any(s.partial_kinds))`,
    translatedLanguages: sql`select jsonb_array_elements_text(${JSON.stringify(
      translated.map((entry) => entry.language),
    )}::jsonb) as language`,
  };
}
