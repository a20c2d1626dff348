/**
 * robots.txt as RFC 9309 reads it: the groups naming our crawler's product token (case-insensitive),
 * or else the `*` groups, merged; of their allow and disallow rules, the longest pattern matching the
 * path (and query) decides, allow winning a tie. `*` matches any run of characters and a final `$`
 * anchors the end. Lines other than user-agent, allow and disallow (sitemap, crawl-delay) do not end
 * a group.
 */

interface RobotsRule {
  allow: boolean;
  pattern: string;
  matcher: RegExp;
}

export interface RobotsPolicy {
  isAllowed(pathAndQuery: string): boolean;
}

function matcherOf(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

export function parseRobotsTxt(text: string, productToken: string): RobotsPolicy {
  const token = productToken.toLowerCase();
  const groups: Array<{ agents: string[]; rules: RobotsRule[] }> = [];
  let current: { agents: string[]; rules: RobotsRule[] } | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const match = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (match === null) continue;
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (field === 'user-agent') {
      if (!lastWasAgent || current === undefined) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if ((field === 'allow' || field === 'disallow') && current !== undefined && value !== '') {
      current.rules.push({ allow: field === 'allow', pattern: value, matcher: matcherOf(value) });
    }
  }
  const ours = groups.filter((group) => group.agents.includes(token));
  const chosen = ours.length > 0 ? ours : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  return {
    isAllowed(pathAndQuery) {
      if (pathAndQuery === '/robots.txt') return true;
      let decisive: RobotsRule | undefined;
      for (const rule of rules) {
        if (!rule.matcher.test(pathAndQuery)) continue;
        if (
          decisive === undefined ||
          rule.pattern.length > decisive.pattern.length ||
          (rule.pattern.length === decisive.pattern.length && rule.allow)
        )
          decisive = rule;
      }
      return decisive?.allow ?? true;
    },
  };
}

/** No robots.txt (a 4xx answer): everything may be crawled. */
export const allowEverything: RobotsPolicy = { isAllowed: () => true };
