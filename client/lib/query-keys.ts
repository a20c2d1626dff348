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

/**
 * The prefixes under which each area keeps what it reads, for the live channel's invalidations
 * (live-events.ts), which no feature owns: the areas' own keys start with them
 * (tests/unit/client-live-events.test.ts checks that they do).
 */
export const areaKeyPrefixes = {
  /** Every figure of the dashboard. */
  dashboard: (uid: string) => ['dashboard', uid] as const,
  /** The owner's timeline on /home, which records what the events tell. */
  activity: (uid: string) => ['activity', uid] as const,
  /** One store's audit, pages and changes, or every store's. */
  seo: (uid: string, shopId?: string) =>
    shopId === undefined ? (['seo', uid] as const) : (['seo', uid, shopId] as const),
  /** One store's blog, or every store's. */
  blog: (uid: string, shopId?: string) =>
    shopId === undefined ? (['blog', uid] as const) : (['blog', uid, shopId] as const),
  /** The plan, the subscription and the usage against the limits. */
  billing: (uid: string) => ['billing', uid] as const,
} as const;
