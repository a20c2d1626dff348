import {
  articleIsVisible,
  gid,
  metafieldCompareDigest,
  parseGid,
  shopifyHandle,
  uniqueHandle,
  type Article,
  type Blog,
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
 * `collectionUpdate`, `metafieldsSet`, `metafieldsDelete`, `fileUpdate`, `articleCreate`,
 * `articleUpdate`, `articleDelete`, `blogCreate` and `pageUpdate`. Each checks its whole input
 * first and changes nothing when Shopify would answer userErrors; otherwise it applies the change,
 * moves the resource's `updatedAt`, and sends the webhook Shopify sends for it (products/update,
 * collections/update; none for pages, blogs and articles). A change
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

interface MetafieldValue {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

interface MetafieldWrite extends MetafieldValue {
  owner: MetafieldOwner;
}

/** What the checks read of an owner: the metafields it holds already. */
type HeldMetafields = Pick<MetafieldOwner, 'get'>;

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
  owner: HeldMetafields,
  input: Input,
  appNamespace: string,
): { write?: MetafieldValue; problems: Problem[] } {
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
  return { write: { namespace, key, type: type!, value }, problems };
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
    writes.push({ ...write, owner });
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
  owner: HeldMetafields,
  inputs: Input[],
  prefix: string,
  codes: ReadonlySet<string>,
): { writes: MetafieldValue[]; userErrors: WriteUserError[] } {
  const writes: MetafieldValue[] = [];
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
const maximumTitleLength = 255;

function articleOf(store: SeededStore, id: unknown): Article | undefined {
  const parsed = parseGid(String(id ?? ''));
  return parsed?.kind === 'Article' ? store.articles.get(parsed.id) : undefined;
}

/** Whether another article of the blog than `except` answers at `handle`. */
function articleHandleTaken(store: SeededStore, blogId: number, handle: string, except?: number) {
  for (const article of store.articles.values()) {
    if (article.blogId === blogId && article.id !== except && article.handle === handle) {
      return true;
    }
  }
  return false;
}

function checkTitle(title: unknown, userErrors: WriteUserError[]) {
  if (isBlank(title)) {
    userErrors.push({
      field: ['article', 'title'],
      message: "Title can't be blank",
      code: 'BLANK',
    });
  } else if ((title as string).length > maximumTitleLength) {
    userErrors.push({
      field: ['article', 'title'],
      message: `Title is too long (maximum is ${maximumTitleLength} characters)`,
      code: 'TOO_LONG',
    });
  }
}

/**
 * An AuthorInput: a name, or a staff member's id, never both. The local store has no staff, so an
 * id names no one. `blankCode`: articleCreate has its own code for an author left blank,
 * articleUpdate answers BLANK.
 */
function checkAuthor(author: Input, blankCode: string, userErrors: WriteUserError[]) {
  const named = !isBlank(author.name);
  const identified = author.userId != null && String(author.userId) !== '';
  if (named && identified) {
    userErrors.push({
      field: ['article', 'author'],
      message: "Can't create an article author if both author name and user ID are supplied.",
      code: 'AMBIGUOUS_AUTHOR',
    });
  } else if (identified) {
    userErrors.push({
      field: ['article', 'author', 'userId'],
      message: 'User must exist if a user ID is supplied.',
      code: 'AUTHOR_MUST_EXIST',
    });
  } else if (!named) {
    userErrors.push({
      field: ['article', 'author'],
      message: "Can't create an article if both author name and user ID are blank.",
      code: blankCode,
    });
  }
}

function checkImage(image: Input, current: Article['image'], userErrors: WriteUserError[]) {
  if (has(image, 'url') && !isWebAddress(image.url)) {
    userErrors.push({
      field: ['article', 'image', 'url'],
      message: 'Image URL is invalid',
      code: 'INVALID',
    });
  } else if (!has(image, 'url') && current === null) {
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

/**
 * The article's image after `image`: the same image with its alt text changed, or a new one (an
 * address other than the current one), whose alt text's translations start afresh.
 */
function imageOf(store: SeededStore, image: Input, current: Article['image']): Article['image'] {
  const replaced = current === null || (typeof image.url === 'string' && image.url !== current.url);
  const base: NonNullable<Article['image']> = replaced
    ? {
        ...(current ?? { altText: null, url: '', width: 1600, height: 1067 }),
        id: store.newArticleImageId(),
        translations: {},
      }
    : current;
  return {
    ...base,
    url: typeof image.url === 'string' ? image.url : base.url,
    altText: has(image, 'altText') ? (image.altText as string | null) || null : base.altText,
  };
}

type Publication = Pick<Article, 'isPublished' | 'publishedAt'>;

/**
 * What `isPublished` and `publishDate` make of an article's visibility, or undefined when the input
 * leaves it as it is. Shopify refuses `isPublished: true` with a date still ahead (a scheduled
 * article is not visible yet); a date ahead alone schedules it, one passed publishes it at that
 * date; `isPublished: true` alone publishes it now (an article already visible keeps its date);
 * `isPublished: false` hides it, unless the date it comes with is still ahead (scheduled articles
 * read as not published, so an input echoing one back schedules it again). A new article with
 * neither is published now, as Shopify's default is visible when no date is given.
 */
function publicationOf(
  input: Input,
  current: Publication | undefined,
  now: string,
  userErrors: WriteUserError[],
): Publication | undefined {
  const date = input.publishDate;
  const at = date == null ? undefined : Date.parse(String(date));
  if (at !== undefined && Number.isNaN(at)) {
    userErrors.push({
      field: ['article', 'publishDate'],
      message: 'Publish date is invalid',
      code: 'INVALID',
    });
    return undefined;
  }
  const ahead = at !== undefined && at > Date.now();
  if (input.isPublished === true && ahead) {
    userErrors.push({
      field: ['article', 'publishDate'],
      message: 'Can’t set isPublished to true and also set a future publish date.',
      code: 'INVALID_PUBLISH_DATE',
    });
    return undefined;
  }
  if (ahead) return { isPublished: true, publishedAt: new Date(at).toISOString() };
  if (input.isPublished === false) return { isPublished: false, publishedAt: null };
  if (at !== undefined) return { isPublished: true, publishedAt: new Date(at).toISOString() };
  if (input.isPublished === true || current === undefined) {
    const visible = current !== undefined && articleIsVisible(current);
    return { isPublished: true, publishedAt: visible ? current.publishedAt : now };
  }
  return undefined;
}

function tagsOf(tags: unknown): string[] {
  const list = Array.isArray(tags) ? tags.map((tag) => String(tag).trim()) : [];
  return [...new Set(list.filter((tag) => tag !== ''))];
}

/**
 * A handle given as Shopify keeps it (a blank one is no handle: made from the title on create,
 * kept on update), or an INVALID one when nothing of it is left once made so.
 */
function explicitHandle(input: Input, userErrors: WriteUserError[]): string | undefined {
  if (isBlank(input.handle)) return undefined;
  const handle = shopifyHandle(String(input.handle));
  if (handle === '') {
    userErrors.push({
      field: ['article', 'handle'],
      message: 'Handle is invalid',
      code: 'INVALID',
    });
  }
  return handle;
}

function takenHandle(userErrors: WriteUserError[]) {
  userErrors.push({
    field: ['article', 'handle'],
    message: 'Handle has already been taken',
    code: 'TAKEN',
  });
}

/** The article's address on the storefront, without a locale prefix. */
function articlePath(store: SeededStore, blogId: number, handle: string): string {
  return `/blogs/${store.blogs.get(blogId)?.handle ?? 'news'}/${handle}`;
}

/** Where `blog` (an ArticleBlogInput) or `blogId` puts a new article, or what is wrong. */
function articleBlogOf(
  ctx: WriteContext,
  input: Input,
  blog: Input | null | undefined,
  userErrors: WriteUserError[],
): { blogId: number } | { newBlogTitle: string } | undefined {
  const blogId = input.blogId;
  if (blogId != null && blog != null) {
    userErrors.push({
      field: ['blog'],
      message: "Can't create a blog from input if a blog ID is supplied.",
      code: 'AMBIGUOUS_BLOG',
    });
    return undefined;
  }
  if (blog != null) {
    if (isBlank(blog.title)) {
      userErrors.push({ field: ['blog', 'title'], message: "Title can't be blank", code: 'BLANK' });
      return undefined;
    }
    return { newBlogTitle: String(blog.title) };
  }
  if (blogId == null) {
    userErrors.push({
      field: ['article', 'blogId'],
      message: 'Must reference or create a blog when creating an article.',
      code: 'BLOG_REFERENCE_REQUIRED',
    });
    return undefined;
  }
  const parsed = parseGid(String(blogId));
  if (parsed?.kind !== 'Blog' || !ctx.store.blogs.has(parsed.id)) {
    userErrors.push({
      field: ['article', 'blogId'],
      message: 'Blog does not exist',
      code: 'NOT_FOUND',
    });
    return undefined;
  }
  return { blogId: parsed.id };
}

export function articleCreate(
  ctx: WriteContext,
  input: Input,
  blog: Input | null | undefined,
): { article: Article | null; userErrors: WriteUserError[] } {
  const userErrors: WriteUserError[] = [];
  const where = articleBlogOf(ctx, input, blog, userErrors);
  checkTitle(input.title, userErrors);
  checkAuthor((input.author as Input | null) ?? {}, 'AUTHOR_FIELD_REQUIRED', userErrors);
  const image = input.image as Input | null | undefined;
  if (image != null) checkImage(image, null, userErrors);
  const now = ctx.store.editTime();
  const publication = publicationOf(input, undefined, now, userErrors);
  const handle = explicitHandle(input, userErrors);
  if (
    handle &&
    where !== undefined &&
    'blogId' in where &&
    articleHandleTaken(ctx.store, where.blogId, handle)
  ) {
    takenHandle(userErrors);
  }
  // A new article holds no metafield yet.
  const metafields = checkOwnMetafields(
    ctx,
    { get: () => undefined },
    (input.metafields as Input[] | null | undefined) ?? [],
    'article',
    articleErrorCodes,
  );
  userErrors.push(...metafields.userErrors);
  if (userErrors.length > 0 || where === undefined || publication === undefined) {
    return { article: null, userErrors };
  }

  const blogId =
    'blogId' in where ? where.blogId : newBlog(ctx, where.newBlogTitle, undefined, now).id;
  const title = String(input.title);
  const article = ctx.store.createArticle(now, {
    blogId,
    title,
    // A title with no Latin letter or digit gives nothing to make a handle of here.
    handle:
      handle ||
      uniqueHandle(shopifyHandle(title) || 'article', (candidate) =>
        articleHandleTaken(ctx.store, blogId, candidate),
      ),
    body: typeof input.body === 'string' ? input.body : '',
    summary: (input.summary as string | null | undefined) || null,
    authorName: String((input.author as Input).name).trim(),
    image: image == null ? null : imageOf(ctx.store, image, null),
    ...publication,
    tags: tagsOf(input.tags),
    templateSuffix: (input.templateSuffix as string | null | undefined) || null,
  });
  const owner = metafieldOwner(ctx.store, gid('Article', article.id), true)!;
  for (const write of metafields.writes) {
    owner.set(write.namespace, write.key, write.type, write.value);
  }
  return { article, userErrors: [] };
}

export function articleUpdate(
  ctx: WriteContext,
  id: unknown,
  input: Input,
): { article: Article | null; userErrors: WriteUserError[] } {
  const article = articleOf(ctx.store, id);
  if (article === undefined) {
    return {
      article: null,
      userErrors: [{ field: ['id'], message: 'Article does not exist', code: 'NOT_FOUND' }],
    };
  }
  const owner = metafieldOwner(ctx.store, String(id), true)!;
  const userErrors: WriteUserError[] = [];
  if (has(input, 'title')) checkTitle(input.title, userErrors);
  const author = input.author as Input | null | undefined;
  if (author != null) checkAuthor(author, 'BLANK', userErrors);
  const image = input.image as Input | null | undefined;
  if (image != null) checkImage(image, article.image, userErrors);
  const now = ctx.store.editTime();
  const publication = publicationOf(input, article, now, userErrors);
  let blogId = article.blogId;
  if (input.blogId != null) {
    const parsed = parseGid(String(input.blogId));
    if (parsed?.kind === 'Blog' && ctx.store.blogs.has(parsed.id)) blogId = parsed.id;
    else {
      userErrors.push({
        field: ['article', 'blogId'],
        message: 'Blog does not exist',
        code: 'NOT_FOUND',
      });
    }
  }
  const handle = explicitHandle(input, userErrors) ?? article.handle;
  if (handle !== '' && articleHandleTaken(ctx.store, blogId, handle, article.id)) {
    takenHandle(userErrors);
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

  const oldPath = articlePath(ctx.store, article.blogId, article.handle);
  if (typeof input.title === 'string') article.title = input.title;
  if (typeof input.body === 'string') article.body = input.body;
  if (has(input, 'summary')) article.summary = (input.summary as string | null) || null;
  if (author != null) article.authorName = String(author.name).trim();
  if (Object.hasOwn(input, 'image') && image === null) article.image = null;
  else if (image != null) article.image = imageOf(ctx.store, image, article.image);
  if (publication !== undefined) Object.assign(article, publication);
  if (has(input, 'tags')) article.tags = tagsOf(input.tags);
  if (has(input, 'templateSuffix')) {
    article.templateSuffix = (input.templateSuffix as string | null) || null;
  }
  article.blogId = blogId;
  article.handle = handle;
  const newPath = articlePath(ctx.store, blogId, handle);
  if (input.redirectNewHandle === true && newPath !== oldPath) {
    ctx.store.urlRedirects.set(oldPath, newPath);
  }
  for (const write of metafields.writes) {
    owner.set(write.namespace, write.key, write.type, write.value);
  }
  article.updatedAt = now;
  return { article, userErrors: [] };
}

export function articleDelete(
  ctx: WriteContext,
  id: unknown,
): { deletedArticleId: string | null; userErrors: WriteUserError[] } {
  const article = articleOf(ctx.store, id);
  if (article === undefined) {
    return {
      deletedArticleId: null,
      userErrors: [{ field: ['id'], message: 'Article does not exist', code: 'NOT_FOUND' }],
    };
  }
  ctx.store.deleteArticle(article.id);
  return { deletedArticleId: gid('Article', article.id), userErrors: [] };
}

/**
 * A blog (BlogCreateInput: its title and handle). Shopify's blog errors have no code for a blank
 * title nor a handle in use: a blank title is INVALID, and a handle in use, given or made from the
 * title, is numbered as Shopify numbers a generated one.
 */
export function blogCreate(
  ctx: WriteContext,
  input: Input,
): { blog: Blog | null; userErrors: WriteUserError[] } {
  const userErrors: WriteUserError[] = [];
  if (isBlank(input.title)) {
    userErrors.push({ field: ['blog', 'title'], message: "Title can't be blank", code: 'INVALID' });
  } else if (String(input.title).length > maximumTitleLength) {
    userErrors.push({
      field: ['blog', 'title'],
      message: `Title is too long (maximum is ${maximumTitleLength} characters)`,
      code: 'TOO_LONG',
    });
  }
  if (userErrors.length > 0) return { blog: null, userErrors };
  const blog = newBlog(
    ctx,
    String(input.title),
    typeof input.handle === 'string' ? input.handle : undefined,
    ctx.store.editTime(),
  );
  return { blog, userErrors: [] };
}

/** A blog at the handle given, or else its title's, numbered when another blog holds it. */
function newBlog(ctx: WriteContext, title: string, handle: string | undefined, now: string) {
  const wanted = shopifyHandle(handle ?? '') || shopifyHandle(title) || 'blog';
  return ctx.store.createBlog(now, {
    title,
    handle: uniqueHandle(wanted, (candidate) =>
      [...ctx.store.blogs.values()].some((other) => other.handle === candidate),
    ),
  });
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
