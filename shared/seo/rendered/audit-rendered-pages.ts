import type { AuditLanguage } from '../check.ts';
import type {
  RenderedFinding,
  RenderedPage,
  RenderedPageResponse,
  ScannedPage,
} from './rendered-check.ts';
import { runRenderedChecks } from './rendered-checks.ts';
import { scanRenderedHtml } from './scan-rendered-html.ts';

/**
 * The rendered audit of a store's pages, one resource at a time: every language version of the
 * resource is fetched (through the caller's fetcher, which keeps to the store's robots.txt and pace),
 * then each version is checked with the others as its alternates.
 *
 * The server's polite fetcher (server/platform/storefront/storefront-fetcher.ts) is such a fetcher.
 */

/** What fetching one address gives; `error` says why a page could not be fetched at all. */
export interface FetchedPage extends Omit<RenderedPageResponse, 'language'> {
  error?: string;
}

export interface RenderedPageFetcher {
  fetchPage(url: string): Promise<FetchedPage>;
}

/** One resource of the store (a product, a page…) and its address in each published language. */
export interface PageToAudit {
  kind?: RenderedPage['kind'];
  versions: Array<{ language: AuditLanguage; url: string }>;
}

export interface RenderedAudit {
  findings: RenderedFinding[];
  /** Addresses that could not be fetched (timeout, refused connection, too large): not checked. */
  unreachable: Array<{ url: string; reason: string }>;
}

/** Checks one page, given the same resource's other language versions, already fetched. */
export function checkRenderedPage(page: RenderedPage, now: Date = new Date()): RenderedFinding[] {
  const scan = (response: RenderedPageResponse): ScannedPage => ({
    page: response,
    html: scanRenderedHtml(response.html),
  });
  const { alternates, ...response } = page;
  const input = { ...scan(response), alternates: alternates.map(scan), now };
  return runRenderedChecks(input).map(({ check, evidence }) => ({
    ...evidence,
    checkId: check.id,
    severity: check.severity,
    language: page.language,
    url: page.url,
  }));
}

export async function auditRenderedPages(
  fetcher: RenderedPageFetcher,
  pages: readonly PageToAudit[],
  now: Date = new Date(),
): Promise<RenderedAudit> {
  const audit: RenderedAudit = { findings: [], unreachable: [] };
  for (const resource of pages) {
    const fetched = await Promise.all(
      resource.versions.map(async ({ language, url }) => {
        const { error, ...response } = await fetcher.fetchPage(url);
        if (error !== undefined) audit.unreachable.push({ url, reason: error });
        return { response: { ...response, language }, reachable: error === undefined };
      }),
    );
    const responses = fetched.map(({ response }) => response);
    for (const { response, reachable } of fetched) {
      if (!reachable) continue;
      const page: RenderedPage = {
        ...response,
        ...(resource.kind !== undefined && { kind: resource.kind }),
        alternates: responses.filter((other) => other !== response),
      };
      audit.findings.push(...checkRenderedPage(page, now));
    }
  }
  return audit;
}
