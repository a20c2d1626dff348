import type { Database } from '#server/db/database.ts';
import type { JobLog, JobQueue } from '#server/jobs/job-queue.ts';
import type { AdminClient } from '#server/platform/shopify/admin-client.ts';

/** What the blog's publication and its jobs need. */
export interface BlogDependencies {
  db: Database;
  jobs: JobQueue;
  log: JobLog;
  /**
   * The store's Admin API client: the one the catalog's jobs and the SEO writes use in this
   * process, so that all of them count against the store's one rate limit. Fails as the shops
   * area's access to the store fails (`shop_needs_reconnecting`, `shop_not_found`…).
   */
  adminClient(shopId: string): Promise<AdminClient>;
  /**
   * Hears that a post's article was written (or deleted) at Shopify: the composition root has the
   * catalog read it again, so that the post is audited as the store's other pages are.
   */
  onArticleWritten?: (shopId: string, articleGid: string) => Promise<void>;
}
