/**
 * Search engines, link previews and SEO tools crawl the public pages. A failure while serving one of
 * them is still logged and answered, but not sent to the error reporter (spec §8: "requests from
 * crawler user agents are handed to the app error hook instead of raised"): crawlers retry odd URLs
 * and bursts that are not product bugs, and would drown the reports that are.
 *
 * Mistaking a visitor for a crawler hides that visitor's failures, so the patterns stay narrow.
 */

/** Crawlers whose names the generic patterns below would miss. */
const namedCrawlers = [
  'googlebot',
  'google-inspectiontool',
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

/**
 * A crawler's name, as most put it in their user agent: a word that ends in `bot` (`Googlebot/2.1`,
 * `AhrefsBot`, `Slackbot-LinkExpanding`, `GPTBot`). "Ends" means the next character is not a
 * letter, digit or underscore, so a device model such as `CUBOT_X20` is no name; the Cubot phone
 * brand, whose models appear as `CUBOT NOTE 20` or `Cubot X19` in browsers' user agents, is left
 * out by name. A bare `bot` word (`+http://www.google.com/bot.html`) counts too.
 */
const botWord = /\b(?!cubot\b)[a-z\d]*bot\b/i;

/** What the other crawlers put in their user agent. */
const crawlerWord = /crawler|spider|crawling/i;

export function isCrawlerUserAgent(userAgent: string | undefined): boolean {
  if (userAgent === undefined || userAgent === '') return false;
  const lowered = userAgent.toLowerCase();
  return (
    namedCrawlers.some((name) => lowered.includes(name)) ||
    botWord.test(userAgent) ||
    crawlerWord.test(userAgent)
  );
}
