import type { Editor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import type { Language } from '#shared/constants.ts';
import type { ProductLink } from '#shared/schemas/blog.ts';
import { Button } from '#client/components/button.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useProductSearch } from '../api/blog-queries.ts';

/** What the editor needs to find the store's products: whose store, in which language. */
export interface ProductSearchScope {
  uid: string;
  shopId: string;
  language: Language;
}

/**
 * Links the selected words (or, with none selected, the product's title) to one of the store's
 * products, found by its title in the store's synced catalog. The link goes to the product's address
 * in the body's language: in the French body, its French address.
 */
export function ProductLinkForm({
  editor,
  scope,
  onDone,
}: {
  editor: Editor;
  scope: ProductSearchScope;
  onDone: () => void;
}) {
  const { t } = useTranslation('blog');
  const id = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const results = useProductSearch(scope.uid, scope.shopId, search);
  const products = search === '' ? [] : (results.data ?? []);

  function link(product: ProductLink) {
    const href = product.paths[scope.language];
    const chain = editor.chain().focus();
    if (editor.state.selection.empty) {
      chain
        .insertContent({
          type: 'text',
          text: product.titles[scope.language],
          marks: [{ type: 'link', attrs: { href } }],
        })
        .run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    onDone();
  }

  return (
    <div className="rich-text-inline-form">
      <label htmlFor={`${id}-search`}>{t('toolbar.productSearch')}</label>
      <input
        id={`${id}-search`}
        type="search"
        value={typed}
        aria-describedby={`${id}-status`}
        onChange={(event) => setTyped(event.target.value)}
        autoFocus
      />
      <p id={`${id}-status`} className="form-hint" role="status">
        {search === ''
          ? t('toolbar.productHint')
          : results.isPending
            ? t('toolbar.productSearching')
            : results.isError
              ? t('toolbar.productFailed')
              : t('toolbar.productCount', { count: products.length })}
      </p>
      {products.length > 0 && (
        <ul className="product-results">
          {products.map((product) => (
            <li key={product.id}>
              <Button type="button" variant="secondary" size="small" onClick={() => link(product)}>
                {product.titles[scope.language]}
              </Button>{' '}
              {!product.onSale && <span className="form-hint">{t('toolbar.productOffSale')}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <Button type="button" variant="secondary" size="small" onClick={onDone}>
          {t('toolbar.cancel')}
        </Button>
      </div>
    </div>
  );
}
