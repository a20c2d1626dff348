import { isbot } from 'isbot';

/**
 * Search engines, link previews and SEO tools crawl the public pages. A failure while serving one of
 * them is still logged and answered, but not sent to the error reporter: crawlers retry odd URLs and
 * come in bursts that are no product bug, and would drown the reports that are.
 *
 * Telling them apart is left to isbot, a maintained list of crawler user agents that also spares
 * browsers whose names merely look like a bot's (a Cubot phone, for one).
 */
export function isCrawlerUserAgent(userAgent: string | undefined): boolean {
  return isbot(userAgent);
}
