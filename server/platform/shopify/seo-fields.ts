import type { AdminClient } from './admin-client.ts';
import {
  articleImageAltQuery,
  articleImageAltUpdateMutation,
  articleSeoTagQuery,
  collectionImageAltQuery,
  collectionSeoQuery,
  collectionSeoUpdateMutation,
  fileAltUpdateMutation,
  metafieldsDeleteMutation,
  metafieldsSetMutation,
  pageSeoTagQuery,
  productImageAltQuery,
  productSeoQuery,
  productSeoUpdateMutation,
  seoTranslationQuery,
  translationsRegisterMutation,
  translationsRemoveMutation,
} from './admin-documents.ts';
import type {
  ArticleImageAltQuery,
  ArticleImageAltUpdateMutation,
  ArticleSeoTagQuery,
  CollectionImageAltQuery,
  CollectionSeoQuery,
  CollectionSeoUpdateMutation,
  FileAltUpdateMutation,
  MetafieldsDeleteMutation,
  MetafieldsSetMutation,
  PageSeoTagQuery,
  ProductImageAltQuery,
  ProductSeoQuery,
  ProductSeoUpdateMutation,
  SeoTranslationQuery,
  TranslationsRegisterMutation,
  TranslationsRemoveMutation,
} from './admin-document-types.ts';

/**
 * One SEO text of one page, read from and written to where Shopify keeps it:
 *
 * - a product's or a collection's SEO title and description: its `seo` (productUpdate,
 *   collectionUpdate);
 * - a page's or an article's: the metafields `global.title_tag` and `global.description_tag`
 *   (metafieldsSet, metafieldsDelete to clear);
 * - a product image's alt text: the `alt` of its MediaImage, a file of the store (fileUpdate);
 * - a collection's or an article's image alt text: its `image.altText` (collectionUpdate,
 *   articleUpdate).
 *
 * A translation is registered on the resource (keys `meta_title`, `meta_description`) or on the
 * product's MediaImage (key `alt`) against the digest of the primary text it translates, and removed
 * to clear it. This module does not translate a collection's or an article's image alt text (Shopify
 * keeps those on COLLECTION_IMAGE and ARTICLE_IMAGE resources; publishing a blog post registers its
 * image's on the ARTICLE_IMAGE, articles.ts), and pages have no image: asking for either is a
 * programming error (a plain Error), as is an address whose ids do not fit its kind.
 *
 * Every write is made from the state read just before: a page or article tag names the metafield's
 * `compareDigest` (or null when it had none), so that Shopify refuses it if the owner changed the tag
 * in between; a translation names the source digest read, so that Shopify refuses it if the primary
 * text changed. Both refusals come back as SeoFieldWriteRefused `shopify_rejected_value`, with
 * Shopify's userErrors (codes STALE_OBJECT, INVALID_TRANSLATABLE_CONTENT).
 */

export type SeoResourceKind = 'product' | 'collection' | 'page' | 'article';
export type SeoFieldName = 'seoTitle' | 'seoDescription' | 'imageAlt';

/** One SEO field of one page in one locale, where Shopify stores it. */
export interface SeoFieldAddress {
  kind: SeoResourceKind;
  /** The page's global id (gid://shopify/Product/1). */
  resourceGid: string;
  field: SeoFieldName;
  /**
   * imageAlt: a product's MediaImage gid, or `${resourceGid}#image` for a collection's or an
   * article's image. Otherwise the resourceGid.
   */
  targetId: string;
  /** null: the primary language's value (the resource's own field); a locale ('fr'): its translation. */
  locale: string | null;
}

export interface SeoFieldState {
  /** The value Shopify holds now; null when none (an empty string is none). */
  value: string | null;
  /**
   * For a translation: the digest of the primary text now, which the write names; null when the
   * primary text is empty (nothing can be translated). null for a primary-language address.
   */
  sourceDigest: string | null;
  /** The page (or the image) no longer exists at Shopify. */
  missing: boolean;
  /**
   * For a translation Shopify holds: whether it is outdated, its primary text changed since it was
   * registered (Shopify compares the digests). Absent otherwise.
   */
  outdated?: boolean;
  /**
   * For a page's or an article's tag in the primary language: the metafield's `compareDigest` as
   * read (null: it had none), which the write names. Set by readSeoField; absent otherwise.
   */
  compareDigest?: string | null;
}

export interface SeoFieldUserError {
  field: readonly string[] | null;
  message: string;
  code: string | null;
}

export class SeoFieldWriteRefused extends Error {
  /** 'translation_source_missing' | 'shopify_rejected_value' | 'page_removed' */
  readonly code: string;
  readonly userErrors: ReadonlyArray<SeoFieldUserError>;

  constructor(code: string, userErrors: ReadonlyArray<SeoFieldUserError> = []) {
    const said = userErrors.map((error) => error.message).join('; ');
    super(`Shopify did not take the SEO text (${code})${said === '' ? '' : `: ${said}`}`);
    this.name = 'SeoFieldWriteRefused';
    this.code = code;
    this.userErrors = userErrors;
  }
}

// Where an address lives -------------------------------------------------------------------------

type Place =
  | { at: 'seo'; kind: 'product' | 'collection'; id: string; key: 'title' | 'description' }
  | { at: 'tag'; kind: 'page' | 'article'; id: string; key: 'title_tag' | 'description_tag' }
  | { at: 'productImage'; productId: string; mediaId: string }
  | { at: 'image'; kind: 'collection' | 'article'; id: string }
  | {
      at: 'translation';
      resourceId: string;
      key: 'meta_title' | 'meta_description' | 'alt';
      locale: string;
    };

const gidKinds: Record<SeoResourceKind, string> = {
  product: 'Product',
  collection: 'Collection',
  page: 'Page',
  article: 'Article',
};
const localeCode = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function placeOf(address: SeoFieldAddress): Place {
  const { kind, resourceGid, field, targetId, locale } = address;
  if (!new RegExp(`^gid://shopify/${gidKinds[kind]}/\\d+$`).test(resourceGid)) {
    throw new Error(`Not the global id of a ${kind}: ${resourceGid}`);
  }
  if (locale !== null && !localeCode.test(locale)) {
    throw new Error(`Not a locale code: ${JSON.stringify(locale)}`);
  }
  if (field !== 'imageAlt') {
    if (targetId !== resourceGid) {
      throw new Error(`The ${field} of ${resourceGid} is addressed by the page's own id`);
    }
    if (locale !== null) {
      const key = field === 'seoTitle' ? 'meta_title' : 'meta_description';
      return { at: 'translation', resourceId: resourceGid, key, locale };
    }
    if (kind === 'product' || kind === 'collection') {
      return {
        at: 'seo',
        kind,
        id: resourceGid,
        key: field === 'seoTitle' ? 'title' : 'description',
      };
    }
    return {
      at: 'tag',
      kind,
      id: resourceGid,
      key: field === 'seoTitle' ? 'title_tag' : 'description_tag',
    };
  }
  if (kind === 'page') throw new Error('A page has no image, so no alt text');
  if (kind === 'product') {
    if (!/^gid:\/\/shopify\/MediaImage\/\d+$/.test(targetId)) {
      throw new Error(`A product image's alt text is addressed by its MediaImage id: ${targetId}`);
    }
    return locale === null
      ? { at: 'productImage', productId: resourceGid, mediaId: targetId }
      : { at: 'translation', resourceId: targetId, key: 'alt', locale };
  }
  if (targetId !== `${resourceGid}#image`) {
    throw new Error(`A ${kind}'s image is addressed as ${resourceGid}#image, not ${targetId}`);
  }
  if (locale !== null) {
    throw new Error(`A translated alt text of a ${kind}'s image is not supported`);
  }
  return { at: 'image', kind, id: resourceGid };
}

/** Shopify's "no value": absent, null, or an empty string. */
const held = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

// Reading -----------------------------------------------------------------------------------------

const missingState: SeoFieldState = { value: null, sourceDigest: null, missing: true };

/** Reads one field's current value from Shopify (one small query). */
export async function readSeoField(
  client: AdminClient,
  address: SeoFieldAddress,
): Promise<SeoFieldState> {
  const place = placeOf(address);
  switch (place.at) {
    case 'seo': {
      const data =
        place.kind === 'product'
          ? (await client.request<ProductSeoQuery>(productSeoQuery, { id: place.id })).product
          : (
              await client.request<CollectionSeoQuery>(collectionSeoQuery, {
                id: place.id,
              })
            ).collection;
      if (data === null) return { ...missingState };
      return { value: held(data.seo[place.key]), sourceDigest: null, missing: false };
    }
    case 'tag': {
      const variables = { id: place.id, key: place.key };
      const data =
        place.kind === 'page'
          ? (await client.request<PageSeoTagQuery>(pageSeoTagQuery, variables)).page
          : (await client.request<ArticleSeoTagQuery>(articleSeoTagQuery, variables)).article;
      if (data === null) return { ...missingState };
      return {
        value: held(data.metafield?.value),
        sourceDigest: null,
        missing: false,
        compareDigest: data.metafield?.compareDigest ?? null,
      };
    }
    case 'productImage': {
      const data = await client.request<ProductImageAltQuery>(productImageAltQuery, {
        productId: place.productId,
        mediaId: place.mediaId,
      });
      if (data.product === null || data.node === null) return { ...missingState };
      // The id is a MediaImage's (placeOf checks it), so a node found is an image.
      return {
        value: held('alt' in data.node ? data.node.alt : null),
        sourceDigest: null,
        missing: false,
      };
    }
    case 'image': {
      const data =
        place.kind === 'collection'
          ? (
              await client.request<CollectionImageAltQuery>(collectionImageAltQuery, {
                id: place.id,
              })
            ).collection
          : (
              await client.request<ArticleImageAltQuery>(articleImageAltQuery, {
                id: place.id,
              })
            ).article;
      // The page is gone, or its image was removed: there is no alt text to write any more.
      if (data === null || data.image === null) return { ...missingState };
      return { value: held(data.image.altText), sourceDigest: null, missing: false };
    }
    case 'translation': {
      const { translatableResource: resource } = await client.request<SeoTranslationQuery>(
        seoTranslationQuery,
        { resourceId: place.resourceId, locale: place.locale },
      );
      if (resource === null) return { ...missingState };
      const source = resource.translatableContent.find((entry) => entry.key === place.key);
      const translation = resource.translations.find((entry) => entry.key === place.key);
      const value = held(translation?.value);
      return {
        value,
        sourceDigest: source?.digest ?? null,
        missing: false,
        ...(value !== null && { outdated: translation?.outdated === true }),
      };
    }
  }
}

// Writing -----------------------------------------------------------------------------------------

interface ShopifyUserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

/** Codes and messages by which Shopify says the page (or the image) is not there any more. */
const goneCodes = new Set(['RESOURCE_NOT_FOUND', 'FILE_DOES_NOT_EXIST', 'NOT_FOUND']);
const isGone = (error: ShopifyUserError) =>
  goneCodes.has(error.code ?? '') ||
  (error.field?.at(-1) === 'id' && /does not exist|not found/i.test(error.message)) ||
  (error.field?.at(-1) === 'ownerId' && /does not exist/i.test(error.message));

function refused(userErrors: ShopifyUserError[]): SeoFieldWriteRefused {
  const errors = userErrors.map((error) => ({
    field: error.field ?? null,
    message: error.message,
    code: error.code ?? null,
  }));
  return new SeoFieldWriteRefused(
    userErrors.some(isGone) ? 'page_removed' : 'shopify_rejected_value',
    errors,
  );
}

/** Throws when Shopify answered userErrors, or nothing where the resource should be. */
function accepted<T>(payload: { userErrors: ShopifyUserError[] } | null, result: T | null): T {
  if (payload === null) throw new SeoFieldWriteRefused('page_removed');
  if (payload.userErrors.length > 0) throw refused(payload.userErrors);
  if (result === null) throw new SeoFieldWriteRefused('page_removed');
  return result;
}

/**
 * Writes `value` ('' clears the field: seo '' for products and collections, metafieldsDelete for
 * page and article tags, translationsRemove for a translation, alt '') from the state just read.
 * Resolves with the value Shopify holds after the write (null when cleared). Throws
 * SeoFieldWriteRefused when Shopify answers userErrors (`page_removed` when they say the page or the
 * image is gone), or without sending anything when the state says the page is gone, or when a
 * translation is to be written while the primary text is empty (`translation_source_missing`;
 * clearing such a translation is still done).
 */
export async function writeSeoField(
  client: AdminClient,
  address: SeoFieldAddress,
  value: string,
  state: SeoFieldState,
): Promise<string | null> {
  const place = placeOf(address);
  if (state.missing) throw new SeoFieldWriteRefused('page_removed');
  switch (place.at) {
    case 'seo': {
      const seo = { [place.key]: value };
      if (place.kind === 'product') {
        const { productUpdate: payload } = await client.request<ProductSeoUpdateMutation>(
          productSeoUpdateMutation,
          { product: { id: place.id, seo } },
        );
        return held(accepted(payload, payload?.product ?? null).seo[place.key]);
      }
      const { collectionUpdate: payload } = await client.request<CollectionSeoUpdateMutation>(
        collectionSeoUpdateMutation,
        { input: { id: place.id, seo } },
      );
      return held(accepted(payload, payload?.collection ?? null).seo[place.key]);
    }
    case 'tag': {
      const identifier = { ownerId: place.id, namespace: 'global', key: place.key };
      if (value === '') {
        const { metafieldsDelete: payload } = await client.request<MetafieldsDeleteMutation>(
          metafieldsDeleteMutation,
          { metafields: [identifier] },
        );
        accepted(payload, true);
        return null;
      }
      if (state.compareDigest === undefined && state.value !== null) {
        throw new Error(
          'A tag is written from the state readSeoField returned (its compareDigest)',
        );
      }
      const { metafieldsSet: payload } = await client.request<MetafieldsSetMutation>(
        metafieldsSetMutation,
        {
          metafields: [
            {
              ...identifier,
              type: 'single_line_text_field',
              value,
              compareDigest: state.compareDigest ?? null,
            },
          ],
        },
      );
      return held(accepted(payload, payload?.metafields?.[0] ?? null).value);
    }
    case 'productImage': {
      const { fileUpdate: payload } = await client.request<FileAltUpdateMutation>(
        fileAltUpdateMutation,
        { files: [{ id: place.mediaId, alt: value }] },
      );
      return held(accepted(payload, payload?.files?.[0] ?? null).alt);
    }
    case 'image': {
      const image = { altText: value };
      if (place.kind === 'collection') {
        const { collectionUpdate: payload } = await client.request<CollectionSeoUpdateMutation>(
          collectionSeoUpdateMutation,
          { input: { id: place.id, image } },
        );
        return held(accepted(payload, payload?.collection ?? null).image?.altText);
      }
      const { articleUpdate: payload } = await client.request<ArticleImageAltUpdateMutation>(
        articleImageAltUpdateMutation,
        { id: place.id, article: { image } },
      );
      return held(accepted(payload, payload?.article ?? null).image?.altText);
    }
    case 'translation': {
      if (value === '') {
        const { translationsRemove: payload } = await client.request<TranslationsRemoveMutation>(
          translationsRemoveMutation,
          {
            resourceId: place.resourceId,
            translationKeys: [place.key],
            locales: [place.locale],
          },
        );
        accepted(payload, true);
        return null;
      }
      if (state.sourceDigest === null) throw new SeoFieldWriteRefused('translation_source_missing');
      const { translationsRegister: payload } = await client.request<TranslationsRegisterMutation>(
        translationsRegisterMutation,
        {
          resourceId: place.resourceId,
          translations: [
            {
              locale: place.locale,
              key: place.key,
              value,
              translatableContentDigest: state.sourceDigest,
            },
          ],
        },
      );
      return held(accepted(payload, payload?.translations?.[0] ?? null).value);
    }
  }
}
