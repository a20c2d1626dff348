import pg from 'pg';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';
import {
  latestLiveEventId,
  liveEventsAfter,
  liveEventsChannel,
  type OwnedLiveEvent,
} from './live-events-repository.ts';

/** What a channel is given: each event of its owner recorded from its subscription on. */
export type LiveEventListener = (event: LiveEvent) => void;

/**
 * One BFF instance's ear on the events every instance and worker records: one connection that
 * LISTENs, opened when the first channel subscribes, and the channels of this instance by owner.
 * Nothing here is needed by another process: a browser that reconnects to another instance resumes
 * from the table (eventsAfter).
 */
export interface LiveEventFeed {
  /**
   * Starts passing the owner's events to `listener`; resolves once this instance listens, so that
   * nothing recorded from then on is missed. Rejects when the database cannot be reached.
   */
  subscribe(ownerUid: string, listener: LiveEventListener): Promise<() => void>;
  /** The owner's events recorded after `afterId` (a resume), oldest first, at most `limit`. */
  eventsAfter(ownerUid: string, afterId: bigint, limit: number): Promise<LiveEvent[]>;
  /** Channels subscribed now. */
  readonly subscriptions: number;
  close(): Promise<void>;
}

export interface LiveEventFeedOptions {
  database: DatabaseHandle;
  log: { warn(details: object, message: string): void };
  /** How long after losing its connection the feed listens again; default 1 s. */
  reconnectDelayMs?: number;
}

/** Events read again for this instance's owners after the listening connection was lost. */
const catchUpLimit = 1_000;

const withoutOwner = ({ ownerUid: _ownerUid, ...event }: OwnedLiveEvent): LiveEvent => event;

export function createLiveEventFeed(options: LiveEventFeedOptions): LiveEventFeed {
  const { database, log } = options;
  const reconnectDelayMs = options.reconnectDelayMs ?? 1_000;
  const listeners = new Map<string, Set<LiveEventListener>>();
  let subscriptions = 0;
  let client: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let closed = false;
  /** The latest event this instance heard of: after a lost connection, it reads on from there. */
  let lastHeardId: bigint | undefined;

  const deliver = (event: OwnedLiveEvent) => {
    const id = BigInt(event.id);
    if (lastHeardId === undefined || id > lastHeardId) lastHeardId = id;
    for (const listener of listeners.get(event.ownerUid) ?? []) listener(withoutOwner(event));
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== liveEventsChannel || message.payload === undefined) return;
    try {
      deliver(JSON.parse(message.payload) as OwnedLiveEvent);
    } catch (error) {
      log.warn({ err: error }, 'live event notification could not be read');
    }
  };

  const lose = (connection: pg.Client, error?: unknown) => {
    if (client !== connection) return;
    client = undefined;
    listening = undefined;
    connection.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error }, 'live events: listening connection lost, listening again');
    if (subscriptions > 0 && reconnect === undefined) {
      reconnect = setTimeout(() => {
        reconnect = undefined;
        if (!closed && subscriptions > 0) listen().catch(() => {});
      }, reconnectDelayMs);
    }
  };

  const listen = (): Promise<void> => {
    listening ??= (async () => {
      const connection = new pg.Client({ ...database.pool.options, keepAlive: true });
      client = connection;
      connection.on('error', (error) => lose(connection, error));
      connection.on('end', () => lose(connection));
      connection.on('notification', onNotification);
      try {
        await connection.connect();
        await connection.query(`listen ${liveEventsChannel}`);
      } catch (error) {
        lose(connection, error);
        throw error;
      }
      if (lastHeardId === undefined) {
        lastHeardId = await latestLiveEventId(database.db);
        return;
      }
      // What was recorded while nobody here listened, for the owners who have channels here.
      for (const event of await liveEventsAfter(
        database.db,
        [...listeners.keys()],
        lastHeardId,
        catchUpLimit,
      ))
        deliver(event);
    })();
    return listening;
  };

  return {
    async subscribe(ownerUid, listener) {
      let owned = listeners.get(ownerUid);
      if (owned === undefined) {
        owned = new Set();
        listeners.set(ownerUid, owned);
      }
      owned.add(listener);
      subscriptions += 1;
      const unsubscribe = () => {
        if (!owned.delete(listener)) return;
        subscriptions -= 1;
        if (owned.size === 0 && listeners.get(ownerUid) === owned) listeners.delete(ownerUid);
      };
      try {
        await listen();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    async eventsAfter(ownerUid, afterId, limit) {
      return (await liveEventsAfter(database.db, [ownerUid], afterId, limit)).map(withoutOwner);
    },
    get subscriptions() {
      return subscriptions;
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      const connection = client;
      client = undefined;
      listening = undefined;
      await connection?.end().catch(() => {});
    },
  };
}
