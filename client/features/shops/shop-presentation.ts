import type {
  CatalogCounts,
  Shop,
  ShopList,
  ShopLocale,
  ShopState,
} from '#shared/schemas/shops.ts';
import { isShopDomain } from '#shared/shop-domain.ts';

/**
 * How a store reads on the stores screen, from what the API answers: its progress while the first
 * import runs, whether the list must be read again soon, what the plan still allows. Pure: tested
 * in Node (tests/unit/client-shops-presentation.test.ts).
 */

/** How often the list is read again while a store is being connected or imported. */
export const syncPollIntervalMs = 1500;

/** States that change on their own, without the owner doing anything. */
const movingStates: ReadonlySet<ShopState> = new Set(['connecting', 'importing']);

/** Whether a store of the list is still on its way to `ready` (or to a failure). */
export function isSyncUnderWay(list: Pick<ShopList, 'shops'> | undefined): boolean {
  return list?.shops.some((shop) => movingStates.has(shop.state)) ?? false;
}

/** The list's refetch interval: every moment while a store moves, never otherwise. */
export function refetchIntervalFor(list: Pick<ShopList, 'shops'> | undefined): number | false {
  return isSyncUnderWay(list) ? syncPollIntervalMs : false;
}

export interface ProgressView {
  done: number;
  /** Null while Shopify has not said how many records the store has. */
  total: number | null;
  /** A whole number from 0 to 100, null while the total is unknown. */
  percent: number | null;
}

/**
 * The import's progress as the bar and its text show it: the API's figures, with a percentage that
 * never leaves 0–100 nor says 100 before the last record is stored (a rounded 99.6 stays 99).
 */
export function progressOf(shop: Pick<Shop, 'state' | 'progress'>): ProgressView {
  if (shop.state === 'connecting' || shop.progress === null) {
    return { done: 0, total: null, percent: null };
  }
  const { done, total } = shop.progress;
  const known = total !== null && total > 0;
  const raw = shop.progress.percent ?? (known ? (done / total) * 100 : null);
  if (raw === null) return { done, total, percent: null };
  const complete = known && done >= total;
  const percent = complete ? 100 : Math.min(99, Math.max(0, Math.floor(raw)));
  return { done, total, percent };
}

/** What the owner may still do under their plan. */
export function storeAllowance(list: Pick<ShopList, 'shops' | 'maxStores'>): {
  used: number;
  max: number;
  atLimit: boolean;
} {
  const used = list.shops.length;
  return { used, max: list.maxStores, atLimit: used >= list.maxStores };
}

/** The store's name once the import has read it, its myshopify domain until then. */
export function displayNameOf(shop: Pick<Shop, 'name' | 'shopDomain'>): string {
  return shop.name ?? shop.shopDomain;
}

/** The store's languages: the primary one first, then the published ones, then the rest. */
export function orderedLocales(locales: readonly ShopLocale[]): ShopLocale[] {
  const rank = (locale: ShopLocale) => (locale.primary ? 0 : locale.published ? 1 : 2);
  return [...locales].sort((a, b) => rank(a) - rank(b) || a.locale.localeCompare(b.locale, 'en'));
}

/** The kinds of records the screen lists, in the order it lists them. */
export const countKinds = [
  'products',
  'collections',
  'pages',
  'blogs',
  'articles',
  'media',
  'translations',
] as const satisfies ReadonlyArray<keyof CatalogCounts>;

/** Whether the store asks the owner to connect it again (a Reconnect button). */
export function offersReconnect(shop: Pick<Shop, 'state'>): boolean {
  return shop.state === 'needs_reconnecting' || shop.state === 'error';
}

/**
 * The state the card shows: the API's, except that a store already synced once (reconnected) is
 * `reimporting` while its import is queued or runs again, since what Vitrine holds of it, and when
 * it last synced, still stand until the new import is done.
 */
export type DisplayedShopState = ShopState | 'reimporting';

export function displayedStateOf(shop: Pick<Shop, 'state' | 'lastSyncedAt'>): DisplayedShopState {
  return movingStates.has(shop.state) && shop.lastSyncedAt !== null ? 'reimporting' : shop.state;
}

/** Codes whose own words already tell the owner to reconnect: the card adds no instruction. */
const reasonsThatSayWhatToDo: ReadonlySet<string> = new Set(['app_uninstalled']);

/**
 * What the card says of a store that needs the owner: the code of the reason, and the instruction
 * that follows it (`reconnect` to resume syncing, `restart` to start the import over), left out when
 * the reason already says it, so that nothing is said twice.
 */
export function problemOf(
  shop: Pick<Shop, 'state' | 'errorCode'>,
): { reasonCode: string | null; instruction: 'reconnect' | 'restart' | null } | null {
  if (!offersReconnect(shop)) return null;
  const { errorCode } = shop;
  if (errorCode !== null && reasonsThatSayWhatToDo.has(errorCode)) {
    return { reasonCode: errorCode, instruction: null };
  }
  return {
    reasonCode: errorCode,
    instruction: shop.state === 'needs_reconnecting' ? 'reconnect' : 'restart',
  };
}

/**
 * The store an install started in Shopify asks to connect: the BFF checked Shopify's signature and
 * sent the owner to `/shops?connect=<domain>`. Offered once the list is known and the store is not
 * among the owner's (a store of theirs has its own card, with Reconnect when it needs it); null for
 * anything but a store's domain, since anyone can write that parameter into a link.
 */
export function storeOffered(
  connect: string | null,
  list: Pick<ShopList, 'shops'> | undefined,
): string | null {
  if (connect === null || !isShopDomain(connect) || list === undefined) return null;
  return list.shops.some((shop) => shop.shopDomain === connect) ? null : connect;
}
