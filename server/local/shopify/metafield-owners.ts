import { createHash } from 'node:crypto';
import {
  parseGid,
  type Article,
  type Blog,
  type Collection,
  type Metafields,
  type Page,
  type Product,
} from './catalog-model.ts';
import { seoMetafieldType, type SeededStore } from './seeded-store.ts';

/**
 * The metafields of the resources that have them, behind one interface for the Admin API's reads
 * (`metafield(namespace:, key:)`) and writes (`metafieldsSet`, `metafieldsDelete`, the `metafields` of
 * page and article mutations). Pages, blogs and articles keep them in their `metafields`. A product's
 * or a collection's SEO title and description are, in Shopify, the `global.title_tag` and
 * `global.description_tag` metafields under another name: here they live in its `seo`, so that writing
 * either way changes both; its other metafields are in its `metafields`.
 */

export interface StoredMetafield {
  id: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export type MetafieldOwnerType = 'PRODUCT' | 'COLLECTION' | 'PAGE' | 'BLOG' | 'ARTICLE';

export interface MetafieldOwner {
  readonly ownerId: string;
  readonly ownerType: MetafieldOwnerType;
  /** The resource itself: its `updatedAt` is the metafields' too. */
  readonly resource: Product | Collection | Page | Blog | Article;
  get(namespace: string, key: string): StoredMetafield | undefined;
  /** Writes in place; the caller marks the owner changed once all its writes are done. */
  set(namespace: string, key: string, type: string, value: string): StoredMetafield;
  /** False when there was nothing to remove. */
  remove(namespace: string, key: string): boolean;
}

/** The SEO metafields a product's or a collection's `seo` holds, by key. */
const seoKeys = { title_tag: 'title', description_tag: 'description' } as const;

/** A stable id for a metafield written here: derived from its owner and name. */
function derivedId(ownerId: string, name: string): number {
  const digest = createHash('sha256').update(`${ownerId}:${name}`).digest();
  return 25_000_000_000_000 + (digest.readUInt32BE(0) % 1_000_000_000);
}

function mapAccess(
  ownerId: string,
  metafields: Metafields,
): Pick<MetafieldOwner, 'get' | 'set' | 'remove'> {
  return {
    get(namespace, key) {
      const stored = metafields[`${namespace}.${key}`];
      return stored && { ...stored, namespace, key };
    },
    set(namespace, key, type, value) {
      const name = `${namespace}.${key}`;
      metafields[name] = { id: metafields[name]?.id ?? derivedId(ownerId, name), value, type };
      return { ...metafields[name], namespace, key };
    },
    remove(namespace, key) {
      const name = `${namespace}.${key}`;
      if (metafields[name] === undefined) return false;
      delete metafields[name];
      return true;
    },
  };
}

/** A product's or a collection's metafields: the two SEO ones in `seo`, the others in `metafields`. */
function seoBackedAccess(
  ownerId: string,
  resource: Product | Collection,
): Pick<MetafieldOwner, 'get' | 'set' | 'remove'> {
  const others = mapAccess(ownerId, resource.metafields);
  const seoField = (namespace: string, key: string) =>
    namespace === 'global' && Object.hasOwn(seoKeys, key)
      ? seoKeys[key as keyof typeof seoKeys]
      : undefined;
  return {
    get(namespace, key) {
      const field = seoField(namespace, key);
      if (field === undefined) return others.get(namespace, key);
      const value = resource.seo[field];
      if (value === null || value === '') return undefined;
      return {
        id: derivedId(ownerId, `${namespace}.${key}`),
        namespace,
        key,
        type: seoMetafieldType,
        value,
      };
    },
    set(namespace, key, type, value) {
      const field = seoField(namespace, key);
      if (field === undefined) return others.set(namespace, key, type, value);
      resource.seo[field] = value;
      return this.get(namespace, key)!;
    },
    remove(namespace, key) {
      const field = seoField(namespace, key);
      if (field === undefined) return others.remove(namespace, key);
      if (resource.seo[field] === null) return false;
      resource.seo[field] = null;
      return true;
    },
  };
}

export function productMetafields(product: Product): MetafieldOwner {
  const ownerId = `gid://shopify/Product/${product.id}`;
  return {
    ownerId,
    ownerType: 'PRODUCT',
    resource: product,
    ...seoBackedAccess(ownerId, product),
  };
}

export function collectionMetafields(collection: Collection): MetafieldOwner {
  const ownerId = `gid://shopify/Collection/${collection.id}`;
  return {
    ownerId,
    ownerType: 'COLLECTION',
    resource: collection,
    ...seoBackedAccess(ownerId, collection),
  };
}

export function recordMetafields(
  ownerType: 'PAGE' | 'BLOG' | 'ARTICLE',
  record: Page | Blog | Article,
): MetafieldOwner {
  const kind = { PAGE: 'Page', BLOG: 'Blog', ARTICLE: 'Article' }[ownerType];
  const ownerId = `gid://shopify/${kind}/${record.id}`;
  return {
    ownerId,
    ownerType,
    resource: record,
    ...mapAccess(ownerId, record.metafields),
  };
}

/**
 * The owner a global id names, or undefined when the store has no such resource (or the kind holds
 * no metafields here). `forWriting`: a seeded product is kept from now on, so that a write stays.
 */
export function metafieldOwner(
  store: SeededStore,
  ownerId: string,
  forWriting = false,
): MetafieldOwner | undefined {
  const parsed = parseGid(ownerId);
  switch (parsed?.kind) {
    case 'Product': {
      const product = forWriting ? store.editableProduct(parsed.id) : store.product(parsed.id);
      return product && productMetafields(product);
    }
    case 'Collection': {
      const collection = store.collections.get(parsed.id);
      return collection && collectionMetafields(collection);
    }
    case 'Page': {
      const page = store.pages.get(parsed.id);
      return page && recordMetafields('PAGE', page);
    }
    case 'Blog': {
      const blog = store.blogs.get(parsed.id);
      return blog && recordMetafields('BLOG', blog);
    }
    case 'Article': {
      const article = store.articles.get(parsed.id);
      return article && recordMetafields('ARTICLE', article);
    }
    default:
      return undefined;
  }
}
