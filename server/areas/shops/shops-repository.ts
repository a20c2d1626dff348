import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#server/db/database.ts';
import { shopOauthStates, shops } from './tables.ts';

export type ShopRow = typeof shops.$inferSelect;
export type NewShopRow = typeof shops.$inferInsert;

export async function insertOauthState(
  db: Database,
  row: typeof shopOauthStates.$inferInsert,
): Promise<void> {
  await db.insert(shopOauthStates).values(row);
}

/**
 * Marks the state used, if it is the one issued to this account, session and store, unused and not
 * expired, in one UPDATE: of two callbacks with the same state only one gets it. Returns whether
 * this call took it.
 */
export async function takeOauthState(
  db: Database,
  claim: { stateHash: string; uid: string; sessionBinding: string; shopDomain: string; now: Date },
): Promise<boolean> {
  const taken = await db
    .update(shopOauthStates)
    .set({ usedAt: claim.now })
    .where(
      and(
        eq(shopOauthStates.stateHash, claim.stateHash),
        eq(shopOauthStates.uid, claim.uid),
        eq(shopOauthStates.sessionBinding, claim.sessionBinding),
        eq(shopOauthStates.shopDomain, claim.shopDomain),
        isNull(shopOauthStates.usedAt),
        gt(shopOauthStates.expiresAt, claim.now),
      ),
    )
    .returning({ stateHash: shopOauthStates.stateHash });
  return taken.length === 1;
}

/** States past their expiry, used or not, are of no use any more. */
export async function deleteExpiredOauthStates(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(shopOauthStates)
    .where(lt(shopOauthStates.expiresAt, now))
    .returning({ stateHash: shopOauthStates.stateHash });
  return removed.length;
}

/** Every authorization the account started, used or not. */
export async function deleteOauthStatesOfUser(db: Queryable, uid: string): Promise<void> {
  await db.delete(shopOauthStates).where(eq(shopOauthStates.uid, uid));
}

/** The accounts that have stores connected before `connectedBefore`, each once. */
export async function listShopOwners(db: Queryable, connectedBefore: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerUid: shops.ownerUid })
    .from(shops)
    .where(lt(shops.connectedAt, connectedBefore));
  return rows.map((row) => row.ownerUid);
}

export async function findShop(db: Queryable, shopId: string): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return row;
}

export async function findShopOfOwner(
  db: Database,
  ownerUid: string,
  shopId: string,
): Promise<ShopRow | undefined> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.ownerUid, ownerUid)))
    .limit(1);
  return row;
}

export async function findShopRowByDomain(
  db: Queryable,
  shopDomain: string,
): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.shopDomain, shopDomain)).limit(1);
  return row;
}

export async function listShopsOfOwner(db: Queryable, ownerUid: string): Promise<ShopRow[]> {
  return db.select().from(shops).where(eq(shops.ownerUid, ownerUid)).orderBy(shops.connectedAt);
}

/** How many stores the owner has connected, paused ones included. */
export async function countShopsOfOwner(db: Queryable, ownerUid: string): Promise<number> {
  const [row] = await db
    .select({ stores: count() })
    .from(shops)
    .where(eq(shops.ownerUid, ownerUid));
  return row?.stores ?? 0;
}

/**
 * Holds, until the transaction ends, a lock on the owner's connections: two callbacks of one owner
 * counting their stores against the plan's limit take turns instead of both finding room.
 */
export async function lockOwnerConnections(db: Queryable, ownerUid: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`shops:${ownerUid}`}))`);
}

/** A claim of a store's token refresh (tables.ts, `refresh_claim_id`): only its holder knows it. */
export interface TokenRefreshClaim {
  shopId: string;
  claimId: string;
}

/**
 * Claims the refresh of the store's tokens for `lifetimeMs` unless another claim of it is still
 * running, in one statement: of two claims at once only one wins, and no transaction stays open.
 * The claim and the row as it stands once claimed; undefined when another holds the claim or the
 * store is gone.
 */
export async function claimTokenRefresh(
  db: Queryable,
  shopId: string,
  lifetimeMs: number,
): Promise<{ claim: TokenRefreshClaim; shop: ShopRow } | undefined> {
  const claimId = randomUUID();
  const [shop] = await db
    .update(shops)
    .set({
      refreshClaimId: claimId,
      refreshClaimExpiresAt: sql`now() + make_interval(secs => ${lifetimeMs / 1000})`,
    })
    .where(
      and(
        eq(shops.id, shopId),
        // Only a claim whose refresh outlived its lifetime (its process died) is taken over.
        or(isNull(shops.refreshClaimId), lte(shops.refreshClaimExpiresAt, sql`now()`)),
      ),
    )
    .returning();
  return shop === undefined ? undefined : { claim: { shopId, claimId }, shop };
}

/**
 * Changes the tokens of a store under `claim`, if the claim is still this one and the store still
 * holds the refresh token it was taken with: a process whose claim lapsed, or a store connected
 * again meanwhile, keeps the newer pair. Gives the claim back in the same statement. Whether the
 * change was made.
 */
export async function changeTokensUnderClaim(
  db: Queryable,
  claim: TokenRefreshClaim,
  refreshedTokenEncrypted: string | null,
  changes: Partial<Omit<NewShopRow, 'id' | 'shopDomain'>>,
): Promise<boolean> {
  const changed = await db
    .update(shops)
    .set({ ...changes, refreshClaimId: null, refreshClaimExpiresAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(shops.id, claim.shopId),
        eq(shops.refreshClaimId, claim.claimId),
        refreshedTokenEncrypted === null
          ? isNull(shops.refreshTokenEncrypted)
          : eq(shops.refreshTokenEncrypted, refreshedTokenEncrypted),
      ),
    )
    .returning({ id: shops.id });
  return changed.length === 1;
}

/** Gives a refresh claim back; one taken over after its lifetime is left to its new holder. */
export async function releaseTokenRefreshClaim(
  db: Queryable,
  claim: TokenRefreshClaim,
): Promise<void> {
  await db
    .update(shops)
    .set({ refreshClaimId: null, refreshClaimExpiresAt: null })
    .where(and(eq(shops.id, claim.shopId), eq(shops.refreshClaimId, claim.claimId)));
}

export async function insertShop(db: Queryable, row: NewShopRow): Promise<void> {
  await db.insert(shops).values(row);
}

export async function updateShop(
  db: Queryable,
  shopId: string,
  changes: Partial<Omit<NewShopRow, 'id' | 'shopDomain'>>,
): Promise<void> {
  await db
    .update(shops)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(shops.id, shopId));
}

/** Ends a connection: the tokens go at once, the row stays so the owner sees why and reconnects. */
export async function endShopConnection(
  db: Queryable,
  shopId: string,
  status: 'needs_reconnecting' | 'uninstalled',
  errorCode: string,
): Promise<void> {
  await updateShop(db, shopId, connectionEnded(status, errorCode));
}

/** The changes that end a connection (endShopConnection). */
export function connectionEnded(
  status: 'needs_reconnecting' | 'uninstalled',
  errorCode: string,
): Partial<NewShopRow> {
  return {
    status,
    errorCode,
    accessTokenEncrypted: null,
    accessTokenExpiresAt: null,
    refreshTokenEncrypted: null,
    refreshTokenExpiresAt: null,
  };
}

export async function deleteShop(db: Queryable, shopId: string): Promise<boolean> {
  const removed = await db.delete(shops).where(eq(shops.id, shopId)).returning({ id: shops.id });
  return removed.length === 1;
}
