import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AuthUser } from '#shared/schemas/session.ts';
import type { Database } from '#server/db/database.ts';
import { preparedFor } from '#server/db/prepared-statements.ts';
import { sessions } from './tables.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: Database, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The live-session lookup, prepared: it runs for every page and every proxied API call. */
const findLiveSessionStatement = preparedFor((db) =>
  db
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
    .prepare('find_live_session'),
);

/** The session with this id hash, if neither its idle nor its absolute expiry has passed. */
export async function findLiveSession(
  db: Database,
  idHash: string,
  idleSince: Date,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await findLiveSessionStatement(db).execute({ idHash, idleSince, now });
  return row;
}

export async function touchSession(db: Database, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

/**
 * Puts newer tokens into the session if its tokens are still at `readVersion`, and moves the version
 * on, in one UPDATE: of two refreshes that read the same version, only the first to store wins.
 * Returns the new version, or undefined when the row changed meanwhile or is gone.
 */
export async function storeRefreshedTokens(
  db: Database,
  idHash: string,
  readVersion: number,
  tokens: {
    refreshTokenEncrypted: string;
    idTokenEncrypted: string;
    idTokenExpiresAt: Date;
    claims?: AuthUser;
  },
): Promise<number | undefined> {
  const [stored] = await db
    .update(sessions)
    .set({ ...tokens, tokenVersion: sql`${sessions.tokenVersion} + 1` })
    .where(and(eq(sessions.idHash, idHash), eq(sessions.tokenVersion, readVersion)))
    .returning({ tokenVersion: sessions.tokenVersion });
  return stored?.tokenVersion;
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
