import * as z from 'zod/mini';

/**
 * What the BFF's live channel (`GET /live/events`, Server-Sent Events) tells a signed-in browser:
 * that something of the owner's changed, never what. Each event names its kind and the store it
 * concerns; the client reads the figures again through the API (docs/decisions/0032-live-channel.md).
 */

export const liveEventTypes = [
  /** A store's catalog copy was imported or synced again. */
  'catalog.synced',
  /** A store's audit, whole or of the pages that changed, finished. */
  'audit.finished',
  /** An approved SEO change was written to Shopify, failed, or was undone. */
  'seo-change.written',
  'seo-change.failed',
  'seo-change.undone',
  /** A blog post was published to the store, scheduled there, or its publication failed. */
  'post.published',
  'post.scheduled',
  'post.failed',
  /** The owner's plan changed (a new subscription, a change, a cancellation, a failed renewal). */
  'plan.changed',
  /** A store was connected or disconnected. */
  'store.connected',
  'store.disconnected',
] as const;

export type LiveEventType = (typeof liveEventTypes)[number];

/** The `data` of one event on the stream; its `id` line carries the same id, for resuming. */
export const liveEventSchema = z.object({
  id: z.string(),
  type: z.enum(liveEventTypes),
  shopId: z.nullable(z.string()),
  at: z.string(),
});

export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The channel's address on the BFF (same origin, session cookie, no token). */
export const liveEventsPath = '/live/events';
