/**
 * Search engines, link previews and SEO tools crawl the public pages. A failure while serving one of
 * them is still logged and answered, but not sent to the error reporter (spec §8: "requests from
 * crawler user agents are handed to the app error hook instead of raised"): crawlers retry odd URLs
 * and bursts that are not product bugs, and would drown the reports that are.
 */

/** Crawlers whose names the generic pattern below would miss. */
const namedCrawlers = [
  'googlebot',
  'bingbot',
  'duckduckbot',
  'baiduspider',
  'yandexbot',
  'applebot',
  'facebookexternalhit',
  'twitterbot',
  'linkedinbot',
  'slurp',
  'ahrefsbot',
  'semrushbot',
];

/** What most other crawlers put in their user agent (`…bot`, `crawler`, `spider`, `crawling`). */
const genericCrawler = /bot|crawler|spider|crawling/i;

export function isCrawlerUserAgent(userAgent: string | undefined): boolean {
  if (userAgent === undefined || userAgent === '') return false;
  const lowered = userAgent.toLowerCase();
  return namedCrawlers.some((name) => lowered.includes(name)) || genericCrawler.test(userAgent);
}
