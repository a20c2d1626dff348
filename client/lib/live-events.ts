import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  liveEventSchema,
  liveEventsPath,
  type LiveEvent,
  type LiveEventType,
} from '#shared/schemas/live.ts';
import { areaKeyPrefixes, queryKeys } from './query-keys.ts';

/**
 * The client's end of the live channel (server/bff/routes/live-events-route.ts): one EventSource
 * per tab while signed in, whose events make TanStack Query read again what they changed. The
 * events say what changed, never how: the screens read it through the API as they always do.
 */

type Areas = 'dashboard' | 'activity' | 'stores' | 'seo' | 'blog' | 'billing';

/**
 * What each kind of event changes on the owner's screens, besides the dashboard and the timeline,
 * which every event changes.
 */
const areasChangedBy: Record<LiveEventType, readonly Areas[]> = {
  'catalog.synced': ['stores', 'seo', 'blog'],
  'audit.finished': ['seo'],
  'seo-change.written': ['seo'],
  'seo-change.failed': ['seo'],
  'seo-change.undone': ['seo'],
  'post.published': ['blog', 'billing'],
  'post.scheduled': ['blog', 'billing'],
  'post.failed': ['blog', 'billing'],
  'plan.changed': ['stores', 'seo', 'blog', 'billing'],
  'store.connected': ['stores', 'seo', 'blog', 'billing'],
  'store.disconnected': ['stores', 'seo', 'blog', 'billing'],
};

const everyArea: readonly Areas[] = ['dashboard', 'activity', 'stores', 'seo', 'blog', 'billing'];

function keyOf(area: Areas, uid: string, shopId: string | undefined): QueryKey {
  switch (area) {
    case 'dashboard':
      return areaKeyPrefixes.dashboard(uid);
    case 'activity':
      return areaKeyPrefixes.activity(uid);
    case 'stores':
      return queryKeys.stores(uid);
    case 'seo':
      return areaKeyPrefixes.seo(uid, shopId);
    case 'blog':
      return areaKeyPrefixes.blog(uid, shopId);
    case 'billing':
      return areaKeyPrefixes.billing(uid);
  }
}

/** The query keys (prefixes) an event of the signed-in user `uid` makes stale. */
export function keysChangedBy(event: Pick<LiveEvent, 'type' | 'shopId'>, uid: string): QueryKey[] {
  return (['dashboard', 'activity', ...areasChangedBy[event.type]] as const).map((area) =>
    keyOf(area, uid, event.shopId ?? undefined),
  );
}

/** Every key the channel looks after: read again when events may have been missed. */
export function everyLiveKey(uid: string): QueryKey[] {
  return everyArea.map((area) => keyOf(area, uid, undefined));
}

/** The event of a message, or undefined for one this client does not know (a newer server's). */
export function liveEventOf(data: string): LiveEvent | undefined {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export type LiveChannelState = 'open' | 'reconnecting';

const maxReopenDelayMs = 60_000;

export interface LiveChannelOptions {
  uid: string;
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  /** Told when the channel opens and when it is lost (the browser reconnects on its own). */
  onStateChange?: (state: LiveChannelState) => void;
  /**
   * How long after the channel was refused (the BFF down, the session ended) a new one is opened;
   * default 5 s, doubled at each refusal in a row up to a minute.
   */
  reopenDelayMs?: number;
}

/**
 * Opens the live channel and keeps it open until the returned function is called. A lost connection
 * is reconnected by the browser, which sends the last event's id so that the BFF replays what was
 * missed; a channel the BFF refused (closed for good) is opened again after a delay that grows with
 * each refusal, and since that one resumes from nothing, every key the channel looks after is read
 * again.
 */
export function openLiveChannel(options: LiveChannelOptions): () => void {
  const { uid, queryClient } = options;
  const firstReopenDelayMs = options.reopenDelayMs ?? 5_000;
  let reopenDelayMs = firstReopenDelayMs;
  let source: EventSource | undefined;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const invalidate = (keys: QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const open = (resumedFromNothing: boolean) => {
    const channel = new EventSource(liveEventsPath);
    source = channel;
    channel.onopen = () => {
      options.onStateChange?.('open');
      reopenDelayMs = firstReopenDelayMs;
      if (resumedFromNothing) invalidate(everyLiveKey(uid));
      resumedFromNothing = false;
    };
    channel.onmessage = (message: MessageEvent<string>) => {
      const event = liveEventOf(message.data);
      if (event !== undefined) invalidate(keysChangedBy(event, uid));
    };
    channel.onerror = () => {
      if (stopped) return;
      options.onStateChange?.('reconnecting');
      if (channel.readyState !== EventSource.CLOSED) return;
      // Refused (an answer other than the stream): the browser gives up; this does not.
      reopen = setTimeout(() => {
        if (!stopped) open(true);
      }, reopenDelayMs);
      reopenDelayMs = Math.min(reopenDelayMs * 2, maxReopenDelayMs);
    };
  };

  open(false);
  return () => {
    stopped = true;
    clearTimeout(reopen);
    source?.close();
  };
}
