import {
  pageDetailSchema,
  pageListSchema,
  pagePathOf,
  seoOverviewSchema,
  startAuditSchema,
  type AuditRun,
  type PageDetail,
  type PageList,
  type PageListQuery,
  type SeoOverview,
} from '../../../../shared/schemas/seo.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { shopsPath } from '../../../lib/store-list.ts';

/**
 * The SEO screens' calls, through the BFF, read with the API's own schemas (shared/schemas/seo.ts).
 * The owner's stores, which the SEO screens choose from, are read in client/lib/store-list.ts.
 */

/** Where the store's SEO routes hang: `/api/v1/shops/:shopId/seo`. */
export const seoPath = (shopId: string) => `${shopsPath}/${encodeURIComponent(shopId)}/seo`;

/** The store's audit, side by side in its languages, and its last run. */
export async function fetchSeoOverview(shopId: string): Promise<SeoOverview> {
  const answer = await apiRequest('GET', seoPath(shopId), seoOverviewSchema);
  return answer.data;
}

/** The query string of a list request (pages, changes); what is not set is left out. */
export function querySearch(query: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** One slice of the store's audited pages, filtered, searched and sorted by the server. */
export async function fetchPageList(shopId: string, query: PageListQuery): Promise<PageList> {
  const answer = await apiRequest(
    'GET',
    `${seoPath(shopId)}/pages${querySearch(query)}`,
    pageListSchema,
  );
  return answer.data;
}

/** One page as audited in each language: its values and its findings. */
export async function fetchPageDetail(shopId: string, pageId: string): Promise<PageDetail> {
  const answer = await apiRequest(
    'GET',
    `${seoPath(shopId)}/pages/${pagePathOf(pageId)}`,
    pageDetailSchema,
  );
  return answer.data;
}

/** Starts an audit of the store now; the run queued, or the one already under way. */
export async function startAudit(shopId: string): Promise<AuditRun> {
  const answer = await apiRequest('POST', `${seoPath(shopId)}/audits`, startAuditSchema);
  return answer.data;
}
