/**
 * The keys of the server state the client keeps (TanStack Query), one per resource, each under the
 * signed-in user's uid so that another account never reads a list cached for the previous one. A
 * resource read by more than one area has its key here, so that every screen reading it shares one
 * cache entry, one request and one invalidation.
 */
export const queryKeys = {
  /** The owner's stores, with their connection and import states, and what the plan allows. */
  stores: (uid: string) => ['shops', uid] as const,
} as const;
