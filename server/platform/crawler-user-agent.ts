import { isbot } from 'isbot';

/**
 * Search engines, link previews, SEO tools, monitors and scanners fetch the public pages, and so do
 * scripts (curl, an HTTP library) and headless browsers. A failure while serving one of these
 * programs is still logged and answered, but not sent to the error reporter: they retry odd URLs and
 * come in bursts that are no product bug, and would drown the reports of what people meet.
 *
 * Telling them apart is left to isbot, a maintained list of program user agents that also spares
 * browsers whose names merely look like a bot's (a Cubot phone, for one).
 */
export function isCrawlerUserAgent(userAgent: string | undefined): boolean {
  return isbot(userAgent);
}
