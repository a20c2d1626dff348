import { supportedLanguages, type Language } from '#shared/constants.ts';
import type { ProductLink, ProductLinkQuery } from '#shared/schemas/blog.ts';
import type { Database } from '#server/db/database.ts';
import {
  auditedStoreOf,
  productsByHandles,
  searchLinkableProducts,
  type LinkableProduct,
} from '#server/areas/catalog/index.ts';

/** Products offered per search: a short list to choose from as the owner types. */
const productsPerSearch = 12;
/** Handles read at once from a post's links. */
const handlesPerRead = 200;

/**
 * The store's products as a post links to them, from the catalog's copy: each with its title and
 * storefront address in both languages (the French link goes to the product's French address,
 * under the store's French folder and with its French handle where it has one), and whether it is
 * on sale. A search offers the products to link; `handles` reads back the products a post's links
 * name, so that a product deleted, renamed or taken off sale since is flagged on the post.
 */
export async function findProductLinks(
  db: Database,
  shopId: string,
  query: ProductLinkQuery,
): Promise<ProductLink[]> {
  const store = await auditedStoreOf(db, shopId);
  const primary: Language = store?.primaryLanguage ?? 'en';
  const folders = new Map<Language, { locale: string; prefix: string }>();
  for (const locale of store?.locales ?? []) {
    if (locale.primary) continue;
    const path = locale.url === null ? `/${locale.locale}` : new URL(locale.url).pathname;
    folders.set(locale.language, { locale: locale.locale, prefix: path.replace(/\/$/, '') });
  }
  const handles = (query.handles ?? '')
    .split(',')
    .map((handle) => handle.trim().toLowerCase())
    .filter((handle) => handle !== '')
    .slice(0, handlesPerRead);
  const rows =
    handles.length > 0
      ? await productsByHandles(db, shopId, handles)
      : await searchLinkableProducts(db, shopId, query.search ?? '', productsPerSearch);
  return rows.map((row) => present(row, primary, folders));
}

function present(
  row: LinkableProduct,
  primary: Language,
  folders: ReadonlyMap<Language, { locale: string; prefix: string }>,
): ProductLink {
  const titles = {} as Record<Language, string>;
  const paths = {} as Record<Language, string>;
  const handles = {} as Record<Language, string>;
  for (const language of supportedLanguages) {
    const folder = language === primary ? undefined : folders.get(language);
    const translated = folder === undefined ? undefined : row.translations[folder.locale];
    const handle = translated?.handle || row.handle;
    titles[language] = translated?.title || row.title;
    handles[language] = handle;
    paths[language] = `${folder?.prefix ?? ''}/products/${handle}`;
  }
  return { id: row.gid, onSale: row.status === 'ACTIVE', titles, paths, handles };
}
