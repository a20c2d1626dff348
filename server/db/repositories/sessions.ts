import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { sessions, type SessionClaims } from '../schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: Database, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * The live-session lookup as a prepared statement, one per database handle: it runs for every page
 * and every proxied API call, and building the query each time cost more than running it (measured
 * with `npm run bench:bff`).
 */
function prepareFindLiveSession(db: Database) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
}
const findLiveSessionStatements = new WeakMap<
  Database,
  ReturnType<typeof prepareFindLiveSession>
>();

/** The session with this id hash, if neither its idle nor its absolute expiry has passed. */
export async function findLiveSession(
  db: Database,
  idHash: string,
  idleSince: Date,
  now: Date,
): Promise<SessionRow | undefined> {
  let statement = findLiveSessionStatements.get(db);
  if (statement === undefined) {
    statement = prepareFindLiveSession(db);
    findLiveSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ idHash, idleSince, now });
  return row;
}

export async function touchSession(db: Database, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

export async function storeRefreshedTokens(
  db: Database,
  idHash: string,
  tokens: {
    refreshTokenEncrypted: string;
    idTokenEncrypted: string;
    idTokenExpiresAt: Date;
    claims?: SessionClaims;
  },
): Promise<void> {
  await db.update(sessions).set(tokens).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteSessionsOfUser(db: Database, uid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.uid, uid));
}

/** Removes sessions past either expiry; returns how many went. */
export async function deleteExpiredSessions(
  db: Database,
  idleSince: Date,
  now: Date,
): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, idleSince), lt(sessions.expiresAt, now)))
    .returning({ idHash: sessions.idHash });
  return removed.length;
}
