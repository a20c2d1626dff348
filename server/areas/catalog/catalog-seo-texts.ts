import { sql } from 'drizzle-orm';
import type { EditableField } from '#shared/schemas/seo-changes.ts';
import type { PageKind } from '#shared/seo/check.ts';
import type { Database } from '#server/db/database.ts';
import { pageKindOfGid } from './catalog-pages.ts';

/**
 * A page's SEO texts as the owner edits them: each one's own value in the primary language and in
 * each translation, as the copy holds them (a translation that is missing is null here, not the
 * primary text the storefront falls back to), and the recording of a value written to Shopify, so
 * that the copy and the audit follow a write at once rather than at the next reconciliation.
 *
 * Where Shopify keeps each text: a product's, collection's, page's or article's SEO title and
 * description are its own fields, translated under the keys `meta_title` and `meta_description` of
 * the page; a product image's alt text is its media's, translated under the key `alt` of the media;
 * a collection's or an article's image alt text is the page's own and has no translation.
 */

/** One SEO text of a page. */
export interface SeoText {
  field: EditableField;
  /** The page's gid for its SEO title and description; the image's id for an alt text. */
  targetId: string;
  /** The image's address, for an alt text. */
  imageUrl: string | null;
  /** The primary language's value; null when empty. */
  value: string | null;
  /** Whether Shopify translates this text. */
  translatable: boolean;
  /** The translations the copy holds, by the store's locale (`fr`…); an empty one is left out. */
  translations: Record<string, { value: string; outdated: boolean }>;
}

export interface PageSeoTexts {
  kind: PageKind;
  gid: string;
  /** The page's title in the primary language. */
  title: string;
  texts: SeoText[];
}

const translationKeys: Record<Exclude<EditableField, 'imageAlt'>, string> = {
  seoTitle: 'meta_title',
  seoDescription: 'meta_description',
};

/** Where a text's translation is kept: the resource and the key. */
function translationAddress(
  kind: PageKind,
  pageGid: string,
  field: EditableField,
  targetId: string,
): { resourceGid: string; key: string } | undefined {
  if (field !== 'imageAlt') return { resourceGid: pageGid, key: translationKeys[field] };
  return kind === 'product' ? { resourceGid: targetId, key: 'alt' } : undefined;
}

const tableOf: Record<PageKind, string> = {
  product: 'catalog_products',
  collection: 'catalog_collections',
  page: 'catalog_pages',
  article: 'catalog_articles',
};

const emptyAsNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

/**
 * The page's SEO texts in the primary language and in `locales`, whether the page is published or
 * not; undefined when the copy does not hold the page.
 */
export async function pageSeoTexts(
  db: Database,
  shopId: string,
  gid: string,
  locales: readonly string[],
): Promise<PageSeoTexts | undefined> {
  const kind = pageKindOfGid(gid);
  if (kind === undefined) return undefined;
  const hasImage = kind === 'collection' || kind === 'article';
  const { rows } = await db.execute<{
    title: string;
    seo_title: string | null;
    seo_description: string | null;
    image_url: string | null;
    image_alt: string | null;
  }>(
    sql`select title, seo_title, seo_description,
        ${hasImage ? sql`image_url, image_alt` : sql`null as image_url, null as image_alt`}
      from ${sql.raw(tableOf[kind])} where shop_id = ${shopId} and gid = ${gid}`,
  );
  const page = rows[0];
  if (page === undefined) return undefined;

  const images =
    kind === 'product'
      ? (
          await db.execute<{ gid: string; alt: string | null; url: string | null }>(sql`
            select gid, alt, url from catalog_media
            where shop_id = ${shopId} and product_gid = ${gid} and media_content_type = 'IMAGE'
            order by position`)
        ).rows.map((image) => ({ id: image.gid, alt: image.alt, url: image.url }))
      : page.image_url === null
        ? []
        : [{ id: `${gid}#image`, alt: page.image_alt, url: page.image_url }];

  const own: Array<Pick<SeoText, 'field' | 'targetId' | 'imageUrl' | 'value'>> = [
    { field: 'seoTitle', targetId: gid, imageUrl: null, value: page.seo_title },
    { field: 'seoDescription', targetId: gid, imageUrl: null, value: page.seo_description },
    ...images.map((image) => ({
      field: 'imageAlt' as const,
      targetId: image.id,
      imageUrl: image.url,
      value: image.alt,
    })),
  ];
  const texts: SeoText[] = own.map((text) => ({
    ...text,
    value: emptyAsNull(text.value),
    translatable: translationAddress(kind, gid, text.field, text.targetId) !== undefined,
    translations: {},
  }));

  if (locales.length > 0) {
    const resources = [gid, ...images.map((image) => image.id)];
    const { rows: translated } = await db.execute<{
      resource_gid: string;
      locale: string;
      key: string;
      value: string | null;
      outdated: boolean;
    }>(sql`
      select resource_gid, locale, key, value, outdated from catalog_translations
      where shop_id = ${shopId}
        and locale in (select jsonb_array_elements_text(${JSON.stringify(locales)}::jsonb))
        and resource_gid in (select jsonb_array_elements_text(${JSON.stringify(resources)}::jsonb))
        and key in ('meta_title', 'meta_description', 'alt')`);
    for (const text of texts) {
      const address = translationAddress(kind, gid, text.field, text.targetId);
      if (address === undefined) continue;
      for (const row of translated) {
        const value = emptyAsNull(row.value);
        if (row.resource_gid !== address.resourceGid || row.key !== address.key) continue;
        if (value !== null) text.translations[row.locale] = { value, outdated: row.outdated };
      }
    }
  }
  return { kind, gid, title: page.title, texts };
}

/** One SEO text of a page, in the primary language (`locale` null) or a translation. */
export interface SeoTextAddress {
  pageGid: string;
  field: EditableField;
  targetId: string;
  locale: string | null;
}

/**
 * Records in the copy the value Shopify holds for one text after a write (null: none), and nothing
 * else of the page: the rest of the record is brought up to date by the catalog's own sync. A
 * translation is recorded as current (not outdated), against `sourceDigest`, the digest of the
 * primary text it was written for. Nothing is recorded once the store's copy is deleted.
 */
export async function recordSeoText(
  db: Database,
  shopId: string,
  address: SeoTextAddress,
  value: string | null,
  sourceDigest: string | null,
): Promise<void> {
  const kind = pageKindOfGid(address.pageGid);
  if (kind === undefined) return;
  if (address.locale === null) {
    if (address.field === 'imageAlt') {
      await (kind === 'product'
        ? db.execute(sql`update catalog_media set alt = ${value}
            where shop_id = ${shopId} and gid = ${address.targetId}
              and product_gid = ${address.pageGid}`)
        : db.execute(sql`update ${sql.raw(tableOf[kind])} set image_alt = ${value}
            where shop_id = ${shopId} and gid = ${address.pageGid}`));
      return;
    }
    const column = address.field === 'seoTitle' ? 'seo_title' : 'seo_description';
    await db.execute(sql`update ${sql.raw(tableOf[kind])} set ${sql.raw(column)} = ${value}
      where shop_id = ${shopId} and gid = ${address.pageGid}`);
    return;
  }
  const translation = translationAddress(kind, address.pageGid, address.field, address.targetId);
  if (translation === undefined) return;
  if (value === null || value === '') {
    await db.execute(sql`delete from catalog_translations
      where shop_id = ${shopId} and resource_gid = ${translation.resourceGid}
        and locale = ${address.locale} and key = ${translation.key}`);
    return;
  }
  // The store's current run, as any write of the copy records it; none once the copy is deleted.
  await db.execute(sql`
    insert into catalog_translations (shop_id, resource_gid, locale, key, value, digest, outdated,
      updated_at, seen_in_run)
    select ${shopId}, ${translation.resourceGid}, ${address.locale}, ${translation.key}, ${value},
      ${sourceDigest}, false, now(), state.run
    from catalog_sync_states state where state.shop_id = ${shopId}
    on conflict (shop_id, resource_gid, locale, key) do update
      set value = excluded.value, digest = coalesce(excluded.digest, catalog_translations.digest),
        outdated = false, updated_at = excluded.updated_at`);
}

/**
 * The locales in which the copy holds a translation of a primary text (its address without a
 * locale): those a write of the primary text may leave outdated.
 */
export async function translatedLocalesOf(
  db: Database,
  shopId: string,
  address: Omit<SeoTextAddress, 'locale'>,
): Promise<string[]> {
  const kind = pageKindOfGid(address.pageGid);
  if (kind === undefined) return [];
  const translation = translationAddress(kind, address.pageGid, address.field, address.targetId);
  if (translation === undefined) return [];
  const { rows } = await db.execute<{ locale: string }>(sql`
    select locale from catalog_translations
    where shop_id = ${shopId} and resource_gid = ${translation.resourceGid}
      and key = ${translation.key} and value is not null and value <> ''
    order by locale`);
  return rows.map((row) => row.locale);
}

/**
 * Records whether Shopify holds a translation as outdated (its primary text changed since it was
 * registered), as the catalog's sync would at its next pass; nothing else of it changes.
 */
export async function recordTranslationOutdated(
  db: Database,
  shopId: string,
  address: SeoTextAddress & { locale: string },
  outdated: boolean,
): Promise<void> {
  const kind = pageKindOfGid(address.pageGid);
  if (kind === undefined) return;
  const translation = translationAddress(kind, address.pageGid, address.field, address.targetId);
  if (translation === undefined) return;
  await db.execute(sql`update catalog_translations set outdated = ${outdated}
    where shop_id = ${shopId} and resource_gid = ${translation.resourceGid}
      and locale = ${address.locale} and key = ${translation.key}`);
}
