import { sql } from 'drizzle-orm';
import type { Language } from '#shared/constants.ts';
import type { Database } from '#server/db/database.ts';
import type { AuditedStore } from './catalog-pages.ts';

/** A product's vendor, and its product type in each audited language. */
export interface ProductFacts {
  vendor: string;
  /** The type's translation where the copy has one, else the primary language's type. */
  productType: Partial<Record<Language, string>>;
}

/**
 * The vendor and product type of these products, read in one query whatever their number; a gid
 * that is no product of the store's copy is absent. Shopify translates a product's type (key
 * `product_type`), not its vendor.
 */
export async function productFactsOf(
  db: Database,
  store: AuditedStore,
  gids: readonly string[],
): Promise<Map<string, ProductFacts>> {
  const facts = new Map<string, ProductFacts>();
  const products = gids.filter((gid) => gid.startsWith('gid://shopify/Product/'));
  if (products.length === 0) return facts;
  const translated = store.locales.filter((entry) => !entry.primary);
  const { rows } = await db.execute<{
    gid: string;
    vendor: string;
    product_type: string;
    translated_types: Record<string, string | null> | null;
  }>(sql`
    select p.gid, p.vendor, p.product_type,
      (select jsonb_object_agg(t.locale, t.value) from catalog_translations t
        where t.shop_id = p.shop_id and t.resource_gid = p.gid and t.key = 'product_type'
          and t.locale in (select jsonb_array_elements_text(${JSON.stringify(
            translated.map((entry) => entry.locale),
          )}::jsonb))) as translated_types
    from catalog_products p
    where p.shop_id = ${store.shopId}
      and p.gid in (select jsonb_array_elements_text(${JSON.stringify(products)}::jsonb))`);
  for (const row of rows) {
    const productType: Partial<Record<Language, string>> = {};
    for (const entry of store.locales) {
      const own = entry.primary ? null : (row.translated_types?.[entry.locale] ?? null);
      productType[entry.language] = own === null || own === '' ? row.product_type : own;
    }
    facts.set(row.gid, { vendor: row.vendor, productType });
  }
  return facts;
}
