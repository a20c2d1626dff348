import type { Database } from '#server/db/database.ts';
import { disconnectStore, type DisconnectShopDependencies } from './disconnect-shop.ts';
import { deleteOauthStatesOfUser, listShopOwners, listShopsOfOwner } from './shops-repository.ts';

/** What disconnecting a user's stores needs besides the database. */
export type UserShopsDependencies = Omit<DisconnectShopDependencies, 'db' | 'onUninstallFailure'>;

/**
 * What the shops area keeps about a user, for the account area to erase it: every store of the
 * account is disconnected as its owner would disconnect it (the app removed at Shopify, the copy of
 * its catalog, its audit and its changes deleted, then its row and tokens), and the authorizations
 * the user started are forgotten. Once the row is gone the store may be connected again, by anyone.
 *
 * A store for which Shopify cannot say whether the app was removed is kept, and the failure thrown
 * once the other stores are disconnected: with the account gone, nobody would be told to remove the
 * app in Shopify, so a later attempt (the account-deletion job retries) asks again. Idempotent.
 *
 * `deps` is absent only where the API runs without stores (tests of other routes): a user who has
 * stores then fails this step, and the account-deletion job, which always has them, disconnects them.
 */
export async function deleteUserShops(
  db: Database,
  deps: UserShopsDependencies | undefined,
  uid: string,
): Promise<void> {
  await deleteOauthStatesOfUser(db, uid);
  const shops = await listShopsOfOwner(db, uid);
  if (shops.length === 0) return;
  if (deps === undefined) {
    throw new Error("The user's stores cannot be disconnected without Shopify's app here");
  }
  const failures: unknown[] = [];
  for (const shop of shops) {
    await disconnectStore({ ...deps, db }, shop, 'keep').catch((error: unknown) => {
      failures.push(error);
    });
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * The users who have stores connected before `connectedBefore`, each once: for the sweep of stores
 * left without an owner.
 */
export async function usersWithShops(db: Database, connectedBefore: Date): Promise<string[]> {
  return listShopOwners(db, connectedBefore);
}
