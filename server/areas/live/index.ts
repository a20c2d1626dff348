/**
 * What the live area offers the other areas and the wiring (server/bff, the composition root): the
 * areas record the events their owners' open screens follow; the BFF hears them and passes them on
 * (docs/decisions/0032-live-channel.md). Lint refuses imports of any other file of this folder.
 */
export { createLiveEventFeed } from './live-event-feed.ts';
export type { LiveEventFeed, LiveEventListener } from './live-event-feed.ts';
export { liveEventPurgeJob, purgeOldLiveEvents } from './live-event-purge-job.ts';
export { recordLiveEvent } from './record-live-event.ts';
export type { LiveEventRecord } from './live-events-repository.ts';
export { deleteUserLiveEvents } from './user-data.ts';
