import * as z from 'zod/mini';
import { planIds } from '../plans.ts';

/**
 * The connected stores' contract: the API validates and answers with these schemas, the client
 * parses the answers with them. A store's state on screen combines its connection (shops area) and
 * its copy of the catalog (catalog area): see `shopStateSchema`.
 */

/** `POST /api/v1/shops/authorizations`: the address as the owner typed it. */
export const startShopAuthorizationBodySchema = z.strictObject({
  shop: z.string().check(z.maxLength(255)),
});
export type StartShopAuthorizationBody = z.infer<typeof startShopAuthorizationBodySchema>;

/** Where the popup goes: Shopify's install screen for that store. */
export const shopAuthorizationSchema = z.object({
  data: z.object({ authorizeUrl: z.string(), shopDomain: z.string() }),
});

/**
 * What the owner sees of a store:
 * - `connecting`: authorized, the first import not started yet;
 * - `importing`: the first import under way (see `progress`);
 * - `ready`: the copy is up to date (see `lastSyncedAt`);
 * - `needs_reconnecting`: Shopify refused our credentials (refresh refused, app uninstalled);
 * - `error`: the import failed (see `errorCode`).
 */
export const shopStates = [
  'connecting',
  'importing',
  'ready',
  'needs_reconnecting',
  'error',
] as const;
export const shopStateSchema = z.enum(shopStates);
export type ShopState = z.infer<typeof shopStateSchema>;

/** Records kept of one store, by kind; translations count one per (resource, language, field). */
export const catalogCountsSchema = z.object({
  products: z.number(),
  collections: z.number(),
  pages: z.number(),
  blogs: z.number(),
  articles: z.number(),
  media: z.number(),
  translations: z.number(),
});
export type CatalogCounts = z.infer<typeof catalogCountsSchema>;

export const importProgressSchema = z.object({
  /** Records stored so far, and the store's total when Shopify has said it (null until then). */
  done: z.number(),
  total: z.nullable(z.number()),
  /** 0 to 100, null while the total is unknown. */
  percent: z.nullable(z.number()),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

export const shopLocaleSchema = z.object({
  locale: z.string(),
  name: z.string(),
  primary: z.boolean(),
  published: z.boolean(),
  /** The storefront's address for that language, when Shopify gives one. */
  url: z.nullable(z.string()),
});
export type ShopLocale = z.infer<typeof shopLocaleSchema>;

/**
 * A kind of record the copy holds only in part, up to what the owner's plan lets Vitrine copy
 * (docs/decisions/0020-catalog-import-cap.md): how many it copied, and how many the store has (null
 * until Shopify has said).
 */
export const partialCopySchema = z.object({
  kind: z.enum(['products', 'collections']),
  copied: z.number(),
  total: z.nullable(z.number()),
});
export type PartialCopy = z.infer<typeof partialCopySchema>;

export const shopSchema = z.object({
  id: z.string(),
  shopDomain: z.string(),
  /** Null until the first import has read the shop. */
  name: z.nullable(z.string()),
  primaryDomain: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  locales: z.array(shopLocaleSchema),
  state: shopStateSchema,
  /** A code of shared/errors.ts saying why, in `error` and `needs_reconnecting`. */
  errorCode: z.nullable(z.string()),
  progress: z.nullable(importProgressSchema),
  counts: catalogCountsSchema,
  /** The kinds the copy holds only in part; empty when it holds the whole store. */
  partialCopy: z.array(partialCopySchema),
  connectedAt: z.string(),
  lastSyncedAt: z.nullable(z.string()),
  /**
   * Beyond what the plan allows (after a downgrade or a lapsed payment): its data stays readable,
   * but it is neither synced nor audited until the plan allows it or the owner keeps it active.
   */
  paused: z.boolean(),
});
export type Shop = z.infer<typeof shopSchema>;

/**
 * `GET /api/v1/shops` and `POST /api/v1/shops/:shopId/keep-active`: the owner's stores and how many
 * the plan allows.
 */
export const shopListSchema = z.object({
  data: z.object({
    shops: z.array(shopSchema),
    plan: z.enum(planIds),
    maxStores: z.number(),
  }),
});
export type ShopList = z.infer<typeof shopListSchema>['data'];

/** `DELETE /api/v1/shops/:shopId`: what was removed with the store. */
export const shopDisconnectionSchema = z.object({
  data: z.object({
    shopDomain: z.string(),
    /**
     * Whether Shopify confirmed the app's removal from the store. False when no token of the store
     * opens it any more (the app gone already, or a connection that had ended) or Shopify could not
     * be reached: the app may be left installed, and only the owner can remove it, in Shopify.
     */
    uninstalled: z.boolean(),
    removed: catalogCountsSchema,
  }),
});
export type ShopDisconnection = z.infer<typeof shopDisconnectionSchema>['data'];

/**
 * `POST /api/v1/shops/authorizations/callback`: Shopify's redirect to the BFF's /oauth/shopify, its
 * query forwarded as it came (without the `?`).
 */
export const signedQueryBodySchema = z.strictObject({
  query: z.string().check(z.minLength(1), z.maxLength(4096)),
});

/** The store a completed authorization connected. */
export const shopConnectedSchema = z.object({
  data: z.object({ shopId: z.string(), shopDomain: z.string() }),
});

/**
 * What /oauth/complete posts to the window that opened the popup, to that window's origin only:
 * the connected store, or the error code of the failure.
 */
export const oauthCompletionMessageType = 'vitrine:shopify-connection';
export const oauthCompletionMessageSchema = z.union([
  z.object({
    type: z.literal(oauthCompletionMessageType),
    result: z.literal('connected'),
    shopDomain: z.string(),
  }),
  z.object({
    type: z.literal(oauthCompletionMessageType),
    result: z.literal('failed'),
    errorCode: z.string(),
  }),
]);
export type OAuthCompletionMessage = z.infer<typeof oauthCompletionMessageSchema>;
