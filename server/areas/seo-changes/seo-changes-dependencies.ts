import type { Database } from '#server/db/database.ts';
import type { JobLog, JobQueue } from '#server/jobs/job-queue.ts';
import type { AdminClient } from '#server/platform/shopify/admin-client.ts';

/** What the SEO changes' rules and their write job need. */
export interface SeoChangesDependencies {
  db: Database;
  jobs: JobQueue;
  log: JobLog;
  /**
   * The store's Admin API client: the same one the catalog's jobs use in this process, so that the
   * writes and the catalog's reads share what the client knows of the store's rate limit. Fails as
   * the shops area's access to the store fails (`shop_needs_reconnecting`, `shop_not_found`…).
   */
  adminClient(shopId: string): Promise<AdminClient>;
  /**
   * Hears that the SEO texts of these pages were written (or found changed) at Shopify and recorded
   * in the store's copy: the composition root queues their audit here.
   */
  onPagesWritten?: (shopId: string, gids: readonly string[]) => Promise<void>;
  /** Seconds before a batch whose store another batch is being written to tries again; default 2. */
  busyRetrySeconds?: number;
}
