import type { AuditLanguage, Finding, FindingEvidence, PageKind, Severity } from '../check.ts';
import type { ScannedHtml } from './scan-rendered-html.ts';

/**
 * What the rendered checks read and say: the checks that can only be made on the storefront's page
 * as a search engine gets it (status, robots rules, canonical, hreflang, the H1 the theme renders,
 * JSON-LD), not on the catalog's copy (../check.ts). A check is a pure function of one rendered page
 * and the same resource's pages in the store's other languages (for hreflang reciprocity); its
 * findings carry evidence only, worded from the check's id by client/locales/<language>/seo-checks.json.
 */

/** Response headers the checks read, names lower-cased: content-type, x-robots-tag, link. */
export type RenderedHeaders = Partial<Record<'content-type' | 'x-robots-tag' | 'link', string>>;

/** One storefront page as it was fetched. */
export interface RenderedPageResponse {
  /** The address asked for. */
  url: string;
  /** The address that answered, after redirects (equal to `url` when there were none). */
  finalUrl: string;
  language: AuditLanguage;
  /** The HTTP status; null when the page was not fetched (robots.txt, network failure). */
  status: number | null;
  headers: RenderedHeaders;
  /** '' when there is no body (not fetched, not HTML). */
  html: string;
  /** The store's robots.txt disallows the page for our crawler: it was not fetched. */
  blockedByRobotsTxt: boolean;
}

/** A rendered page and the same resource's pages in the store's other published languages. */
export interface RenderedPage extends RenderedPageResponse {
  /** What the page shows, when known: product pages must carry Product markup, articles Article. */
  kind?: PageKind | 'home';
  alternates: RenderedPageResponse[];
}

/** A rendered page with its HTML read once, as the checks get it. */
export interface ScannedPage {
  page: RenderedPageResponse & { kind?: RenderedPage['kind'] };
  html: ScannedHtml;
}

export interface RenderedCheckInput extends ScannedPage {
  alternates: ScannedPage[];
  /** Today, for dates in the markup (`priceValidUntil`). */
  now: Date;
}

export interface RenderedCheck {
  /** From the audit's catalogue: R01, R02, R04, R05, HL1, HL2, HL3, H02, S01–S05. */
  id: string;
  severity: Severity;
  run(input: RenderedCheckInput): FindingEvidence[];
}

/** A finding on a rendered page: the catalog findings' shape, with the page's address. */
export interface RenderedFinding extends Finding {
  url: string;
}
