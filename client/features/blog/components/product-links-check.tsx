import type { Language } from '#shared/constants.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useLinkedProducts } from '../api/blog-queries.ts';
import { linkedProductHandles } from '#shared/blog/product-links.ts';

/**
 * The products the body links to, as the store's copy has them now: a product deleted or renamed
 * since (its address answers nothing) or taken off sale is named, so the owner fixes the link
 * before shoppers meet it.
 */
export function ProductLinksCheck({
  uid,
  shopId,
  language,
  bodyHtml,
}: {
  uid: string;
  shopId: string;
  language: Language;
  bodyHtml: string;
}) {
  const { t } = useTranslation('blog');
  const handles = linkedProductHandles(bodyHtml);
  const products = useLinkedProducts(uid, shopId, handles);
  if (handles.length === 0) {
    return <p>{t('productLinks.none')}</p>;
  }
  if (products.data === undefined) {
    return (
      <p role="status">{products.isError ? t('productLinks.failed') : t('productLinks.reading')}</p>
    );
  }
  const byHandle = new Map(
    products.data.flatMap((product) =>
      Object.values(product.handles).map((handle) => [handle.toLowerCase(), product] as const),
    ),
  );
  const missing = handles.filter((handle) => !byHandle.has(handle));
  const offSale = handles
    .map((handle) => byHandle.get(handle))
    .filter((product) => product !== undefined && !product.onSale)
    .map((product) => product!.titles[language]);
  return (
    <div className="product-links-check">
      <p>{t('productLinks.count', { count: handles.length })}</p>
      {missing.length > 0 && (
        <p className="form-error">
          {t('productLinks.missing', { count: missing.length, handles: missing.join(', ') })}
        </p>
      )}
      {offSale.length > 0 && (
        <p className="form-error">
          {t('productLinks.offSale', { count: offSale.length, titles: offSale.join(', ') })}
        </p>
      )}
    </div>
  );
}
