import {
  metafieldCompareDigest,
  parseGid,
  shopifyHandle,
  type Article,
  type Collection,
  type MediaImage,
  type Page,
  type Product,
} from './catalog-model.ts';
import { metafieldOwner, type MetafieldOwner, type StoredMetafield } from './metafield-owners.ts';
import { collectionPayload, productPayload } from './rest-payloads.ts';
import { productMediaLimit, type SeededStore } from './seeded-store.ts';

/**
 * The Admin API's writes to a store's texts, as Shopify checks and applies them: `productUpdate`,
 * `collectionUpdate`, `metafieldsSet`, `metafieldsDelete`, `fileUpdate`, `articleUpdate` and
 * `pageUpdate`. Each checks its whole input first and changes nothing when Shopify would answer
 * userErrors; otherwise it applies the change, moves the resource's `updatedAt`, and sends the webhook
 * Shopify sends for it (products/update, collections/update; none for pages and articles). A change
 * of a source text changes its digest, so its translations become outdated (catalog-model.ts).
 *
 * Field paths, codes and limits are Shopify's: at most 25 metafields a call, alt texts of at most 512
 * characters, `compareDigest` refusing a metafield changed since it was read (STALE_OBJECT; null:
 * it must not exist yet). Where Shopify's message is not known, the message here says the same in
 * Shopify's manner ("… can't be blank", "… does not exist"). The local Shopify holds text metafields
 * only (`single_line_text_field`, `multi_line_text_field`), and at most `productMediaLimit` images a
 * product; it says so when asked for more.
 */

export interface WriteContext {
  store: SeededStore;
  /** The app's reserved namespace (`app--<app id>`), for a metafield written without one. */
  appNamespace: string;
  /** Sends a webhook topic (its GraphQL enum name) to the app's subscriptions. */
  fire(topic: string, payload: unknown): void;
}

export interface WriteUserError {
  field: string[] | null;
  message: string;
  code?: string;
  elementIndex?: number | null;
}

type Input = Record<string, unknown>;

export const maximumMetafieldsPerCall = 25;
export const maximumAltTextLength = 512;
const textMetafieldTypes = new Set(['single_line_text_field', 'multi_line_text_field']);
const staleMessage =
  'The resource has been updated since it was loaded. Try again with an updated `compareDigest` value.';
const altTooLong = `Alt text is too long (maximum is ${maximumAltTextLength} characters)`;

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
const has = (input: Input, key: string) => Object.hasOwn(input, key) && input[key] !== undefined;

function isWebAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

// Metafields ---------------------------------------------------------------------------------------

interface MetafieldWrite {
  owner: MetafieldOwner;
  namespace: string;
  key: string;
  type: string;
  value: string;
}

interface Problem {
  /** The path under the metafield's input. */
  field: string[];
  message: string;
  code: string;
}

function checkName(what: 'Key' | 'Namespace', name: string, min: number, max: number) {
  const field = [what.toLowerCase()];
  if (name.length < min) {
    return {
      field,
      message: `${what} is too short (minimum is ${min} characters)`,
      code: 'TOO_SHORT',
    };
  }
  if (name.length > max) {
    return {
      field,
      message: `${what} is too long (maximum is ${max} characters)`,
      code: 'TOO_LONG',
    };
  }
  if (!/^[A-Za-z0-9_-]+$/.test(name)) {
    return { field, message: `${what} contains one or more invalid characters`, code: 'INVALID' };
  }
  return undefined;
}

/** Shopify's checks of one metafield to write on `owner`: what to write, or what is wrong. */
function checkMetafield(
  owner: MetafieldOwner,
  input: Input,
  appNamespace: string,
): { write?: MetafieldWrite; problems: Problem[] } {
  const problems: Problem[] = [];
  const key = typeof input.key === 'string' ? input.key : '';
  const namespace = typeof input.namespace === 'string' ? input.namespace : appNamespace;
  if (isBlank(key)) problems.push({ field: ['key'], message: "Key can't be blank", code: 'BLANK' });
  else {
    const wrong = checkName('Key', key, 2, 64);
    if (wrong !== undefined) problems.push(wrong);
  }
  const wrongNamespace = checkName('Namespace', namespace, 3, 255);
  if (wrongNamespace !== undefined) problems.push(wrongNamespace);
  const value = typeof input.value === 'string' ? input.value : '';
  if (isBlank(value)) {
    problems.push({ field: ['value'], message: "Value can't be blank", code: 'BLANK' });
  }
  const existing = owner.get(namespace, key);
  const type = typeof input.type === 'string' ? input.type : existing?.type;
  if (type === undefined) {
    problems.push({ field: ['type'], message: "Type can't be blank", code: 'BLANK' });
  } else if (!textMetafieldTypes.has(type)) {
    problems.push({
      field: ['type'],
      message: `Type ${type} is not held by the local Shopify, which keeps text metafields only`,
      code: 'INVALID_TYPE',
    });
  } else if (type === 'single_line_text_field' && /[\r\n]/.test(value)) {
    problems.push({
      field: ['value'],
      message: 'Value must be a single line text string',
      code: 'INVALID_VALUE',
    });
  }
  if (problems.length > 0) return { problems };
  return { write: { owner, namespace, key, type: type!, value }, problems };
}

/** The owner's `updatedAt` moves and what Shopify sends for it is sent. */
function ownersChanged(ctx: WriteContext, owners: Iterable<MetafieldOwner>) {
  const seen = new Set<string>();
  for (const owner of owners) {
    if (seen.has(owner.ownerId)) continue;
    seen.add(owner.ownerId);
    owner.resource.updatedAt = ctx.store.editTime();
    if (owner.ownerType === 'PRODUCT') {
      ctx.fire('PRODUCTS_UPDATE', productPayload(ctx.store, owner.resource as Product));
    } else if (owner.ownerType === 'COLLECTION') {
      ctx.fire('COLLECTIONS_UPDATE', collectionPayload(owner.resource as Collection));
    }
  }
}

export interface WrittenMetafield {
  owner: MetafieldOwner;
  metafield: StoredMetafield;
}

export function metafieldsSet(
  ctx: WriteContext,
  inputs: Input[],
): { metafields: WrittenMetafield[] | null; userErrors: WriteUserError[] } {
  if (inputs.length > maximumMetafieldsPerCall) {
    return {
      metafields: null,
      userErrors: [
        {
          field: ['metafields'],
          message: `Exceeded the maximum metafields input limit of ${maximumMetafieldsPerCall}.`,
          code: 'LESS_THAN_OR_EQUAL_TO',
          elementIndex: null,
        },
      ],
    };
  }
  const writes: MetafieldWrite[] = [];
  const userErrors: WriteUserError[] = [];
  inputs.forEach((input, index) => {
    const at = (field: string[]) => ['metafields', String(index), ...field];
    const owner = metafieldOwner(ctx.store, String(input.ownerId), true);
    if (owner === undefined) {
      userErrors.push({
        field: at(['ownerId']),
        message: 'Owner does not exist',
        code: 'INVALID',
        elementIndex: index,
      });
      return;
    }
    const { write, problems } = checkMetafield(owner, input, ctx.appNamespace);
    for (const problem of problems) {
      userErrors.push({ ...problem, field: at(problem.field), elementIndex: index });
    }
    if (write === undefined) return;
    // Present and null: the metafield must not exist yet; present: it must still hold what was read.
    if (Object.hasOwn(input, 'compareDigest')) {
      const current = owner.get(write.namespace, write.key);
      const expected = input.compareDigest;
      const unchanged =
        expected === null
          ? current === undefined
          : current !== undefined && metafieldCompareDigest(current) === expected;
      if (!unchanged) {
        userErrors.push({
          field: at(['compareDigest']),
          message: staleMessage,
          code: 'STALE_OBJECT',
          elementIndex: index,
        });
        return;
      }
    }
    writes.push(write);
  });
  if (userErrors.length > 0) return { metafields: null, userErrors };
  const written = writes.map((write) => ({
    owner: write.owner,
    metafield: write.owner.set(write.namespace, write.key, write.type, write.value),
  }));
  ownersChanged(
    ctx,
    writes.map((write) => write.owner),
  );
  return { metafields: written, userErrors: [] };
}

export function metafieldsDelete(
  ctx: WriteContext,
  identifiers: Input[],
): {
  deletedMetafields: Array<{ ownerId: string; namespace: string; key: string } | null>;
  userErrors: WriteUserError[];
} {
  const changed: MetafieldOwner[] = [];
  // A metafield (or an owner) that does not exist is answered with null, not an error, as Shopify does.
  const deletedMetafields = identifiers.map((identifier) => {
    const owner = metafieldOwner(ctx.store, String(identifier.ownerId), true);
    const namespace = String(identifier.namespace);
    const key = String(identifier.key);
    if (owner === undefined || !owner.remove(namespace, key)) return null;
    changed.push(owner);
    return { ownerId: owner.ownerId, namespace, key };
  });
  ownersChanged(ctx, changed);
  return { deletedMetafields, userErrors: [] };
}

/**
 * The `metafields` of a page's or an article's update (MetafieldInput): checked as metafieldsSet
 * checks them, their problems under `[prefix, 'metafields', index, …]` with the codes the mutation's
 * own error type has (`INVALID` for the others).
 */
function checkOwnMetafields(
  ctx: WriteContext,
  owner: MetafieldOwner,
  inputs: Input[],
  prefix: string,
  codes: ReadonlySet<string>,
): { writes: MetafieldWrite[]; userErrors: WriteUserError[] } {
  const writes: MetafieldWrite[] = [];
  const userErrors: WriteUserError[] = [];
  inputs.forEach((input, index) => {
    const { write, problems } = checkMetafield(owner, input, ctx.appNamespace);
    for (const problem of problems) {
      userErrors.push({
        field: [prefix, 'metafields', String(index), ...problem.field],
        message: problem.message,
        code: codes.has(problem.code) ? problem.code : 'INVALID',
      });
    }
    if (write !== undefined) writes.push(write);
  });
  return { writes, userErrors };
}

// Products -----------------------------------------------------------------------------------------

function productOf(store: SeededStore, id: unknown): Product | undefined {
  const parsed = parseGid(String(id ?? ''));
  return parsed?.kind === 'Product' ? store.product(parsed.id) : undefined;
}

/**
 * The handle a productUpdate gives: the one written, made as Shopify makes handles; the title's
 * when that leaves nothing, as Shopify builds a handle from the title when none is given.
 */
function productHandle(input: Input, product: Product): string {
  const title = typeof input.title === 'string' ? input.title : product.title;
  return (
    shopifyHandle(typeof input.handle === 'string' ? input.handle : '') || shopifyHandle(title)
  );
}

export function productUpdate(
  ctx: WriteContext,
  input: Input | null | undefined,
  media: Input[] | null | undefined,
): { product: Product | null; userErrors: WriteUserError[] } {
  const found = input == null ? undefined : productOf(ctx.store, input.id);
  if (input == null || found === undefined) {
    return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
  }
  const userErrors: WriteUserError[] = [];
  if (has(input, 'title') && isBlank(input.title)) {
    userErrors.push({ field: ['title'], message: "Title can't be blank" });
  }
  const handle = has(input, 'handle') ? productHandle(input, found) : undefined;
  const holder = handle === undefined ? undefined : ctx.store.productByHandle(handle);
  if (holder !== undefined && holder.id !== found.id) {
    userErrors.push({
      field: ['handle'],
      message: `Handle '${handle}' already in use. Please provide a new handle.`,
    });
  }
  const newMedia = media ?? [];
  newMedia.forEach((item, index) => {
    const at = (field: string) => ['media', String(index), field];
    if (item.mediaContentType !== 'IMAGE') {
      userErrors.push({
        field: at('mediaContentType'),
        message: 'Only images can be added: the local Shopify holds no videos or 3D models',
      });
    }
    if (!isWebAddress(item.originalSource)) {
      userErrors.push({ field: at('originalSource'), message: 'Image URL is invalid' });
    }
    if (typeof item.alt === 'string' && item.alt.length > maximumAltTextLength) {
      userErrors.push({ field: at('alt'), message: altTooLong });
    }
  });
  if (found.media.length + newMedia.length > productMediaLimit) {
    userErrors.push({
      field: ['media'],
      message: `A product holds at most ${productMediaLimit} images in the local Shopify`,
    });
  }
  if (userErrors.length > 0) return { product: null, userErrors };

  const product = ctx.store.editableProduct(found.id)!;
  if (typeof input.title === 'string') product.title = input.title;
  if (handle !== undefined) product.handle = handle;
  if (typeof input.descriptionHtml === 'string') product.descriptionHtml = input.descriptionHtml;
  const seo = input.seo as Input | null | undefined;
  if (seo != null) {
    // An empty text clears the field, as in Shopify's admin; a field left out is kept.
    if (has(seo, 'title')) product.seo.title = (seo.title as string | null) || null;
    if (has(seo, 'description')) {
      product.seo.description = (seo.description as string | null) || null;
    }
  }
  for (const item of newMedia) {
    ctx.store.addProductMedia(product, {
      url: String(item.originalSource),
      alt: typeof item.alt === 'string' ? item.alt : '',
    });
  }
  product.updatedAt = ctx.store.editTime();
  ctx.fire('PRODUCTS_UPDATE', productPayload(ctx.store, product));
  return { product, userErrors: [] };
}

/** The product image a MediaImage id names, with its product. */
function productImageOf(
  store: SeededStore,
  id: unknown,
): { product: Product; media: MediaImage } | undefined {
  const parsed = parseGid(String(id));
  if (parsed?.kind !== 'MediaImage') return undefined;
  const productId = store.productIdOfMedia(parsed.id);
  const product = productId === undefined ? undefined : store.product(productId);
  const media = product?.media.find((item) => item.id === parsed.id);
  return media === undefined ? undefined : { product: product!, media };
}

export function fileUpdate(
  ctx: WriteContext,
  files: Input[],
): { files: Array<{ product: Product; media: MediaImage }> | null; userErrors: WriteUserError[] } {
  const userErrors: WriteUserError[] = [];
  files.forEach((file, index) => {
    if (productImageOf(ctx.store, file.id) === undefined) {
      userErrors.push({
        field: ['files', String(index), 'id'],
        message: `File id ${String(file.id)} does not exist.`,
        code: 'FILE_DOES_NOT_EXIST',
      });
    } else if (typeof file.alt === 'string' && file.alt.length > maximumAltTextLength) {
      userErrors.push({
        field: ['files', String(index), 'alt'],
        message: `The alt value exceeds the maximum limit of ${maximumAltTextLength} characters.`,
        code: 'ALT_VALUE_LIMIT_EXCEEDED',
      });
    }
  });
  if (userErrors.length > 0) return { files: null, userErrors };

  const changed = new Map<number, Product>();
  const updated = files.map((file) => {
    const { product: found, media: foundMedia } = productImageOf(ctx.store, file.id)!;
    const product = ctx.store.editableProduct(found.id)!;
    const media = product.media.find((item) => item.id === foundMedia.id)!;
    // A null alt leaves it as it is; an empty one removes it.
    if (typeof file.alt === 'string') {
      media.alt = file.alt;
      changed.set(product.id, product);
    }
    return { product, media };
  });
  for (const product of changed.values()) {
    product.updatedAt = ctx.store.editTime();
    ctx.fire('PRODUCTS_UPDATE', productPayload(ctx.store, product));
  }
  return { files: updated, userErrors: [] };
}

// Collections --------------------------------------------------------------------------------------

export function collectionUpdate(
  ctx: WriteContext,
  input: Input,
): { collection: Collection | null; userErrors: WriteUserError[] } {
  const parsed = parseGid(String(input.id ?? ''));
  const collection =
    parsed?.kind === 'Collection' ? ctx.store.collections.get(parsed.id) : undefined;
  if (collection === undefined) {
    return {
      collection: null,
      userErrors: [{ field: ['id'], message: 'Collection does not exist' }],
    };
  }
  const userErrors: WriteUserError[] = [];
  if (has(input, 'title') && isBlank(input.title)) {
    userErrors.push({ field: ['title'], message: "Title can't be blank" });
  }
  const image = input.image as Input | null | undefined;
  if (image != null) {
    if (has(image, 'src') && !isWebAddress(image.src)) {
      userErrors.push({ field: ['image', 'src'], message: 'Image URL is invalid' });
    } else if (!has(image, 'src') && collection.image === null) {
      userErrors.push({ field: ['image', 'src'], message: "Image src can't be blank" });
    }
    if (typeof image.altText === 'string' && image.altText.length > maximumAltTextLength) {
      userErrors.push({ field: ['image', 'altText'], message: altTooLong });
    }
  }
  if (userErrors.length > 0) return { collection: null, userErrors };

  if (typeof input.title === 'string') collection.title = input.title;
  if (typeof input.descriptionHtml === 'string') {
    collection.descriptionHtml = input.descriptionHtml;
  }
  const seo = input.seo as Input | null | undefined;
  if (seo != null) {
    if (has(seo, 'title')) collection.seo.title = (seo.title as string | null) || null;
    if (has(seo, 'description')) {
      collection.seo.description = (seo.description as string | null) || null;
    }
  }
  if (Object.hasOwn(input, 'image') && image === null) collection.image = null;
  else if (image != null) {
    const current = collection.image ?? { altText: null, url: '', width: 1600, height: 900 };
    collection.image = {
      ...current,
      url: typeof image.src === 'string' ? image.src : current.url,
      altText: has(image, 'altText') ? (image.altText as string | null) || null : current.altText,
    };
  }
  collection.updatedAt = ctx.store.editTime();
  ctx.fire('COLLECTIONS_UPDATE', collectionPayload(collection));
  return { collection, userErrors: [] };
}

// Pages and articles -------------------------------------------------------------------------------

const articleErrorCodes = new Set([
  'BLANK',
  'INVALID',
  'INVALID_TYPE',
  'INVALID_VALUE',
  'NOT_FOUND',
  'TOO_LONG',
]);
const pageErrorCodes = articleErrorCodes;

export function articleUpdate(
  ctx: WriteContext,
  id: unknown,
  input: Input,
): { article: Article | null; userErrors: WriteUserError[] } {
  const parsed = parseGid(String(id));
  const article = parsed?.kind === 'Article' ? ctx.store.articles.get(parsed.id) : undefined;
  if (article === undefined) {
    return {
      article: null,
      userErrors: [{ field: ['id'], message: 'Article does not exist', code: 'NOT_FOUND' }],
    };
  }
  const owner = metafieldOwner(ctx.store, String(id), true)!;
  const userErrors: WriteUserError[] = [];
  if (has(input, 'title') && isBlank(input.title)) {
    userErrors.push({
      field: ['article', 'title'],
      message: "Title can't be blank",
      code: 'BLANK',
    });
  }
  const image = input.image as Input | null | undefined;
  if (image != null) {
    if (has(image, 'url') && !isWebAddress(image.url)) {
      userErrors.push({
        field: ['article', 'image', 'url'],
        message: 'Image URL is invalid',
        code: 'INVALID',
      });
    } else if (!has(image, 'url') && article.image === null) {
      userErrors.push({
        field: ['article', 'image', 'url'],
        message: "Image URL can't be blank",
        code: 'BLANK',
      });
    }
    if (typeof image.altText === 'string' && image.altText.length > maximumAltTextLength) {
      userErrors.push({
        field: ['article', 'image', 'altText'],
        message: altTooLong,
        code: 'TOO_LONG',
      });
    }
  }
  const metafields = checkOwnMetafields(
    ctx,
    owner,
    (input.metafields as Input[] | null | undefined) ?? [],
    'article',
    articleErrorCodes,
  );
  userErrors.push(...metafields.userErrors);
  if (userErrors.length > 0) return { article: null, userErrors };

  if (typeof input.title === 'string') article.title = input.title;
  if (typeof input.body === 'string') article.body = input.body;
  if (has(input, 'summary')) article.summary = (input.summary as string | null) || null;
  if (Object.hasOwn(input, 'image') && image === null) article.image = null;
  else if (image != null) {
    const current = article.image ?? { altText: null, url: '', width: 1600, height: 1067 };
    article.image = {
      ...current,
      url: typeof image.url === 'string' ? image.url : current.url,
      altText: has(image, 'altText') ? (image.altText as string | null) || null : current.altText,
    };
  }
  for (const write of metafields.writes) {
    owner.set(write.namespace, write.key, write.type, write.value);
  }
  article.updatedAt = ctx.store.editTime();
  return { article, userErrors: [] };
}

export function pageUpdate(
  ctx: WriteContext,
  id: unknown,
  input: Input,
): { page: Page | null; userErrors: WriteUserError[] } {
  const parsed = parseGid(String(id));
  const page = parsed?.kind === 'Page' ? ctx.store.pages.get(parsed.id) : undefined;
  if (page === undefined) {
    return {
      page: null,
      userErrors: [{ field: ['id'], message: 'Page does not exist', code: 'NOT_FOUND' }],
    };
  }
  const owner = metafieldOwner(ctx.store, String(id), true)!;
  const userErrors: WriteUserError[] = [];
  if (has(input, 'title') && isBlank(input.title)) {
    userErrors.push({ field: ['page', 'title'], message: "Title can't be blank", code: 'BLANK' });
  }
  const metafields = checkOwnMetafields(
    ctx,
    owner,
    (input.metafields as Input[] | null | undefined) ?? [],
    'page',
    pageErrorCodes,
  );
  userErrors.push(...metafields.userErrors);
  if (userErrors.length > 0) return { page: null, userErrors };

  if (typeof input.title === 'string') page.title = input.title;
  if (typeof input.body === 'string') page.body = input.body;
  for (const write of metafields.writes) {
    owner.set(write.namespace, write.key, write.type, write.value);
  }
  page.updatedAt = ctx.store.editTime();
  return { page, userErrors: [] };
}
