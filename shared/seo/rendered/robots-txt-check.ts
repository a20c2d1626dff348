import type { FindingEvidence, Severity } from '../check.ts';

/**
 * R03, the store's robots.txt: a check of the store rather than of one page, run once by each
 * storefront pass on the robots.txt of the store's primary address. It reports, as Lighthouse's
 * `robots-txt` audit does, a robots.txt that answers with a server error (or 429, which Google reads
 * as one), and every line that does not parse by its rules: no colon, a directive off its list, a
 * sitemap that is no absolute http(s) or ftp address, an empty user-agent, an allow or disallow
 * pattern that is neither empty nor starts with `/` or `*` or has a `$` before its end, and an allow
 * or disallow before any user-agent. It adds what Lighthouse leaves to the owner: a group for every
 * crawler (`*`) or for Googlebot that disallows the whole store, or the product, collection, page
 * or blog addresses, in the primary language or under a language folder. A robots.txt answered 4xx,
 * or empty, is no robots.txt: nothing to report.
 */

export interface RobotsTxtAnswer {
  /** The robots.txt address asked for. */
  url: string;
  /** Null when nothing was answered (the store could not be reached). */
  status: number | null;
  body: string;
  /** The language folders of the store's other languages, such as `fr`. */
  languageFolders: readonly string[];
}

export interface StoreCheck {
  id: string;
  severity: Severity;
  run(robots: RobotsTxtAnswer): FindingEvidence[];
}

/** The directives Lighthouse knows, as crawlers in use read them. */
const knownDirectives = new Set([
  'user-agent',
  'disallow',
  'allow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
  'license',
]);
const sitemapProtocols = new Set(['http:', 'https:', 'ftp:']);

/** Lines past this many are not quoted: a broken file is told by its first errors. */
const mostLinesReported = 10;

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

interface RobotsLine {
  number: number;
  text: string;
  directive: string;
  value: string;
}

/** Why a directive and its value do not parse; null when they do. */
function directiveError(directive: string, value: string): string | null {
  if (!knownDirectives.has(directive)) return 'unknown directive';
  if (directive === 'sitemap') {
    try {
      if (!sitemapProtocols.has(new URL(value).protocol)) return 'invalid sitemap URL';
    } catch {
      return 'invalid sitemap URL';
    }
  }
  if (directive === 'user-agent' && value === '') return 'no user-agent';
  if (directive === 'allow' || directive === 'disallow') {
    if (value !== '' && !value.startsWith('/') && !value.startsWith('*'))
      return 'pattern not starting with / or *';
    const dollar = value.indexOf('$');
    if (dollar !== -1 && dollar !== value.length - 1) return '$ before the end of the pattern';
  }
  return null;
}

/** The file's lines as directives, and the errors of those that do not parse. */
function readLines(body: string): { lines: RobotsLine[]; errors: FindingEvidence[] } {
  const lines: RobotsLine[] = [];
  const errors: FindingEvidence[] = [];
  let inGroup = false;
  body.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const text = raw.replace(/#.*$/, '').trim();
    if (text === '') return;
    const number = index + 1;
    const colon = text.indexOf(':');
    const report = (reason: string) =>
      errors.push({ measured: `line ${number}: ${reason}`, excerpt: excerpt(raw.trim()) });
    if (colon === -1) return report('no colon');
    const directive = text.slice(0, colon).trim().toLowerCase();
    const value = text.slice(colon + 1).trim();
    const error = directiveError(directive, value);
    if (error !== null) return report(error);
    if (directive === 'user-agent') inGroup = true;
    else if (!inGroup && (directive === 'allow' || directive === 'disallow'))
      return report('rule before any user-agent');
    lines.push({ number, text: raw.trim(), directive, value });
  });
  return { lines, errors };
}

interface Rule {
  allow: boolean;
  pattern: string;
  line: RobotsLine;
}

/** The rules of the groups naming `agent` (case-insensitive), as RFC 9309 groups lines. */
function rulesFor(lines: readonly RobotsLine[], agent: string): Rule[] {
  const rules: Rule[] = [];
  let agents: string[] = [];
  let lastWasAgent = false;
  for (const line of lines) {
    if (line.directive === 'user-agent') {
      agents = lastWasAgent ? [...agents, line.value.toLowerCase()] : [line.value.toLowerCase()];
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if ((line.directive === 'allow' || line.directive === 'disallow') && agents.includes(agent)) {
      if (line.value !== '')
        rules.push({ allow: line.directive === 'allow', pattern: line.value, line });
    }
  }
  return rules;
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
}

/** The rule that decides `path`: the longest matching pattern, allow winning a tie. */
function decisiveRule(rules: readonly Rule[], path: string): Rule | undefined {
  let decisive: Rule | undefined;
  for (const rule of rules) {
    if (!matches(rule.pattern, path)) continue;
    if (
      decisive === undefined ||
      rule.pattern.length > decisive.pattern.length ||
      (rule.pattern.length === decisive.pattern.length && rule.allow)
    )
      decisive = rule;
  }
  return decisive;
}

/** A page of each kind the audit reads, as a crawler asks for it; handles made up. */
const sampleAddresses = [
  ['/products/', 'a-product'],
  ['/collections/', 'a-collection'],
  ['/pages/', 'a-page'],
  ['/blogs/', 'a-blog/an-article'],
] as const;

/** The disallow rules that keep every crawler, or Googlebot, from the store's pages. */
function blockingRules(
  lines: readonly RobotsLine[],
  folders: readonly string[],
): FindingEvidence[] {
  const findings: FindingEvidence[] = [];
  // Each address, and the folder it stands for.
  const paths: Array<[string, string]> = [
    ['/', '/'],
    ...['']
      .concat(folders.map((folder) => `/${folder}`))
      .flatMap((prefix) =>
        sampleAddresses.map(([folder, handle]): [string, string] => [
          `${prefix}${folder}${handle}`,
          `${prefix}${folder}`,
        ]),
      ),
  ];
  for (const agent of ['*', 'googlebot']) {
    const rules = rulesFor(lines, agent);
    const blocked = new Map<Rule, string[]>();
    for (const [path, folder] of paths) {
      const rule = decisiveRule(rules, path);
      if (rule === undefined || rule.allow) continue;
      blocked.set(rule, [...(blocked.get(rule) ?? []), folder]);
    }
    for (const [rule, blockedPaths] of blocked) {
      findings.push({
        measured: `line ${rule.line.number}: blocks ${[...new Set(blockedPaths)].join(' ')} (user-agent ${agent})`,
        excerpt: excerpt(rule.line.text),
      });
    }
  }
  return findings;
}

export const robotsTxtInvalid: StoreCheck = {
  id: 'R03',
  severity: 'warning',
  run(robots) {
    const { status } = robots;
    if (status === null) return [];
    if (status >= 500 || status === 429)
      return [{ measured: `HTTP ${status}`, excerpt: excerpt(robots.url) }];
    if (status >= 400 || robots.body.trim() === '') return [];
    const { lines, errors } = readLines(robots.body);
    return [...errors, ...blockingRules(lines, robots.languageFolders)].slice(0, mostLinesReported);
  },
};
