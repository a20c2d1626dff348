import type { FindingEvidence } from '../check.ts';
import type { RenderedCheck, RenderedCheckInput, ScannedPage } from './rendered-check.ts';
import type { BreadcrumbItem } from './scan-rendered-html.ts';

/**
 * The checks of a storefront page as rendered, with the thresholds of the audit's catalogue: an HTTP
 * error; a page kept out of the index; a canonical that is invalid or points to another language; hreflang
 * links invalid, not reciprocal, or without x-default; no H1; Product and Article JSON-LD incomplete.
 * A page that answered with an error, or was not fetched, is only checked for that.
 */

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

const tokens = (value: string | undefined) =>
  (value ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => token !== '');

/** An absolute http(s) URL, without its fragment; null when `href` is not one. */
function absoluteUrl(href: string): string | null {
  try {
    const url = new URL(href.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** `href` read against the page's address, as a search engine resolves it. */
function resolvedUrl(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

const pageAddress = ({ page }: ScannedPage) => absoluteUrl(page.finalUrl) ?? page.finalUrl;

const isAnswered = ({ page }: ScannedPage) =>
  page.status !== null && page.status >= 200 && page.status < 400 && !page.blockedByRobotsTxt;

/** The hrefs of `<link rel="canonical">` in the head and of a `Link: <…>; rel="canonical"` header. */
function canonicals(scanned: ScannedPage): string[] {
  const fromHtml = scanned.html.links
    .filter((link) => tokens(link.rel).includes('canonical'))
    .map((link) => link.href ?? '');
  const fromHeader = [...(scanned.page.headers.link ?? '').matchAll(/<([^>]*)>([^,]*)/g)]
    .filter((match) => /rel\s*=\s*"?[^",;]*\bcanonical\b/i.test(match[2]!))
    .map((match) => match[1]!);
  return [...fromHtml, ...fromHeader];
}

interface HreflangLink {
  code: string;
  href: string;
}

function hreflangLinks(scanned: ScannedPage): HreflangLink[] {
  return scanned.html.links
    .filter((link) => tokens(link.rel).includes('alternate') && link.hreflang !== undefined)
    .map((link) => ({ code: link.hreflang!.trim(), href: link.href ?? '' }));
}

/** ISO 639-1: the language codes hreflang accepts. */
const iso6391 = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da ' +
    'de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ' +
    'ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln ' +
    'lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi ' +
    'pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti ' +
    'tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
  ).split(' '),
);

/** `x-default`, or an ISO 639-1 language, optionally with a script and an ISO 3166-1 region. */
export function isValidHreflang(code: string): boolean {
  if (code.toLowerCase() === 'x-default') return true;
  const match = /^([a-z]{2})(?:-[a-z]{4})?(?:-([a-z]{2}))?$/i.exec(code);
  return match !== null && iso6391.has(match[1]!.toLowerCase());
}

const primarySubtag = (code: string) => code.split('-')[0]!.toLowerCase();

/** The JSON-LD nodes of the page: arrays and `@graph` flattened; unparseable blocks skipped. */
function jsonLdNodes(scanned: ScannedPage): Array<Record<string, unknown>> {
  const nodes: Array<Record<string, unknown>> = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const node = value as Record<string, unknown>;
      nodes.push(node);
      if (node['@graph'] !== undefined) visit(node['@graph']);
    }
  };
  for (const text of scanned.html.jsonLd) {
    try {
      visit(JSON.parse(text));
    } catch {
      // Markup that does not parse is no markup to a search engine either.
    }
  }
  return nodes;
}

const hasType = (node: Record<string, unknown>, types: readonly string[]) => {
  const declared = node['@type'];
  const list = Array.isArray(declared) ? declared : [declared];
  return list.some(
    (type) => typeof type === 'string' && types.includes(type.replace(/^.*[/#]/, '')),
  );
};

const isPresent = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function offerPrice(offer: Record<string, unknown>): number | null {
  const raw =
    offer.price ?? asRecord(asList(offer.priceSpecification)[0]).price ?? (null as unknown);
  const price = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(price) ? price : null;
}

export const httpError: RenderedCheck = {
  id: 'R01',
  severity: 'error',
  run: ({ page }) =>
    page.status !== null && page.status >= 400 && page.status <= 599
      ? [{ measured: page.status, threshold: '400–599', excerpt: excerpt(page.url) }]
      : [],
};

/** Robots rules for every crawler, or for Googlebot, in a meta tag or an X-Robots-Tag header. */
function robotsDirectives(scanned: ScannedPage): string[] {
  const directives: string[] = [];
  for (const meta of scanned.html.metas) {
    const name = (meta.name ?? '').trim().toLowerCase();
    if (name === 'robots' || name === 'googlebot') directives.push(meta.content ?? '');
  }
  const header = scanned.page.headers['x-robots-tag'];
  if (header !== undefined) {
    for (const value of header.split(/\n/)) {
      // "googlebot: noindex" applies to that crawler only; "unavailable_after: <date>" is a rule.
      const agent = /^\s*([a-z_-]+)\s*:\s*(.*)$/i.exec(value);
      if (agent !== null && agent[1]!.toLowerCase() !== 'unavailable_after') {
        if (['googlebot', 'robots'].includes(agent[1]!.toLowerCase())) directives.push(agent[2]!);
      } else directives.push(value);
    }
  }
  return directives;
}

function blockingDirective(directive: string, now: Date): string | null {
  for (const part of directive.split(',')) {
    const rule = part.trim();
    const lower = rule.toLowerCase();
    if (lower === 'noindex' || lower === 'none') return lower;
    const until = /^unavailable_after\s*:\s*(.+)$/i.exec(rule);
    if (until !== null) {
      const date = Date.parse(until[1]!);
      if (Number.isFinite(date) && date < now.getTime()) return rule;
    }
  }
  return null;
}

export const blockedFromIndexing: RenderedCheck = {
  id: 'R02',
  severity: 'error',
  run: (input) => {
    if (input.page.blockedByRobotsTxt)
      return [{ measured: 'robots.txt', excerpt: excerpt(input.page.url) }];
    if (!isAnswered(input)) return [];
    for (const directive of robotsDirectives(input)) {
      const blocking = blockingDirective(directive, input.now);
      if (blocking !== null) return [{ measured: blocking, excerpt: excerpt(directive.trim()) }];
    }
    return [];
  },
};

export const canonicalInvalid: RenderedCheck = {
  id: 'R04',
  severity: 'error',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const hrefs = canonicals(input);
    if (hrefs.length === 0) return [];
    const distinct = new Set(hrefs.map((href) => absoluteUrl(href) ?? href.trim()));
    if (distinct.size > 1)
      return [{ measured: 'multiple', threshold: 1, excerpt: excerpt([...distinct].join(' ')) }];
    const href = hrefs[0]!;
    const canonical = absoluteUrl(href);
    if (canonical === null) {
      const relative = resolvedUrl(href, pageAddress(input)) !== null && href.trim() !== '';
      return [{ measured: relative ? 'relative' : 'invalid', excerpt: excerpt(href) }];
    }
    const page = new URL(pageAddress(input));
    const target = new URL(canonical);
    if (target.pathname === '/' && target.search === '' && page.pathname !== '/')
      return [{ measured: 'root', excerpt: excerpt(href) }];
    return [];
  },
};

export const canonicalCrossesLocale: RenderedCheck = {
  id: 'R05',
  severity: 'error',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const hrefs = canonicals(input);
    if (hrefs.length !== 1) return [];
    const canonical = absoluteUrl(hrefs[0]!);
    if (canonical === null) return [];
    const language = input.page.language;
    const otherLanguages = new Map<string, string>();
    for (const link of hreflangLinks(input)) {
      const url = resolvedUrl(link.href, pageAddress(input));
      if (url === null || link.code.toLowerCase() === 'x-default') continue;
      if (primarySubtag(link.code) !== language) otherLanguages.set(url, primarySubtag(link.code));
    }
    for (const alternate of input.alternates) {
      if (alternate.page.language === language) continue;
      for (const url of [alternate.page.url, alternate.page.finalUrl]) {
        const absolute = absoluteUrl(url);
        if (absolute !== null) otherLanguages.set(absolute, alternate.page.language);
      }
    }
    const crossed = otherLanguages.get(canonical);
    return crossed === undefined
      ? []
      : [{ measured: crossed, threshold: language, excerpt: excerpt(canonical) }];
  },
};

export const hreflangInvalid: RenderedCheck = {
  id: 'HL1',
  severity: 'error',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const findings: FindingEvidence[] = [];
    for (const link of hreflangLinks(input)) {
      if (!isValidHreflang(link.code))
        findings.push({ measured: link.code, excerpt: excerpt(`${link.code} ${link.href}`) });
      else if (absoluteUrl(link.href) === null)
        findings.push({ measured: link.href, excerpt: excerpt(`${link.code} ${link.href}`) });
    }
    return findings;
  },
};

/**
 * The addresses a page's valid hreflang links give for a language, read against its own address;
 * x-default names the page for unmatched visitors, not a language version, so it is no return link.
 */
function hreflangTargets(scanned: ScannedPage): Set<string> {
  const targets = new Set<string>();
  for (const link of hreflangLinks(scanned)) {
    if (!isValidHreflang(link.code) || link.code.toLowerCase() === 'x-default') continue;
    const url = resolvedUrl(link.href, pageAddress(scanned));
    if (url !== null) targets.add(url);
  }
  return targets;
}

const addressesOf = (scanned: ScannedPage) =>
  [scanned.page.url, scanned.page.finalUrl].map(absoluteUrl).filter((url) => url !== null);

export const hreflangNotReciprocal: RenderedCheck = {
  id: 'HL2',
  severity: 'error',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const findings: FindingEvidence[] = [];
    const targets = hreflangTargets(input);
    const own = addressesOf(input);
    // Each version must list itself.
    if (targets.size > 0 && !own.some((url) => targets.has(url)))
      findings.push({ measured: input.page.language, excerpt: excerpt(input.page.url) });
    for (const alternate of input.alternates) {
      if (!isAnswered(alternate)) continue;
      const theirs = hreflangTargets(alternate);
      const linksToThem = addressesOf(alternate).some((url) => targets.has(url));
      const linksToUs = own.some((url) => theirs.has(url));
      // One side names the other, which does not name it back.
      if (linksToThem !== linksToUs)
        findings.push({ measured: alternate.page.language, excerpt: excerpt(alternate.page.url) });
    }
    return findings;
  },
};

export const xDefaultMissing: RenderedCheck = {
  id: 'HL3',
  severity: 'info',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const links = hreflangLinks(input);
    if (links.length === 0 || links.some((link) => link.code.toLowerCase() === 'x-default'))
      return [];
    return [{ measured: 0, threshold: 1, excerpt: excerpt(input.page.url) }];
  },
};

export const noH1Rendered: RenderedCheck = {
  id: 'H02',
  severity: 'info',
  run: (input) =>
    isAnswered(input) && input.html.h1Count === 0
      ? [{ measured: 0, threshold: 1, excerpt: excerpt(input.html.title ?? input.page.url) }]
      : [],
};

export const productMarkupRequired: RenderedCheck = {
  id: 'S01',
  severity: 'error',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const products = jsonLdNodes(input).filter((node) => hasType(node, ['Product']));
    if (products.length === 0)
      return input.page.kind === 'product'
        ? [{ measured: 'Product', threshold: 'name, image, offers', excerpt: input.page.url }]
        : [];
    const findings: FindingEvidence[] = [];
    for (const product of products) {
      const missing: string[] = [];
      if (!isPresent(product.name)) missing.push('name');
      if (!isPresent(product.image)) missing.push('image');
      const offers = asList(product.offers).map(asRecord);
      if (offers.length === 0) missing.push('offers');
      for (const offer of offers) {
        if (!hasType(offer, ['Offer'])) {
          missing.push(`offers.@type ${String(offer['@type'] ?? '')}`.trim());
          continue;
        }
        const price = offerPrice(offer);
        if (price === null || price <= 0)
          missing.push(`offers.price ${String(price ?? '')}`.trim());
        const currency = offer.priceCurrency ?? asRecord(offer.priceSpecification).priceCurrency;
        if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
          missing.push('offers.priceCurrency');
      }
      if (missing.length > 0)
        findings.push({
          measured: [...new Set(missing)].join(', '),
          threshold: 'name, image, offers.price > 0, offers.priceCurrency (ISO 4217)',
          excerpt: excerpt(typeof product.name === 'string' ? product.name : input.page.url),
        });
    }
    return findings;
  },
};

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Google's identifiers of a product, on the product or an offer. */
const identifierFields = ['sku', 'gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'mpn'] as const;

/** A brand given by its name: a text, or a Brand (or Organization) with a name. */
const hasBrandName = (brand: unknown) =>
  asList(brand).some((entry) => hasText(entry) || hasText(asRecord(entry).name));

/**
 * Of the merchant listing's recommended fields, those a shop sets in its own admin: the stock status
 * (availability), the vendor (brand) and a SKU or barcode. Shipping and returns are left aside:
 * Dawn's markup never carries them, and Google takes them from Merchant Center or Search Console's
 * shipping and returns settings as well, which no page shows (docs/seo-checks.md).
 */
const recommendedFields = 'offers.availability, brand, sku/gtin/mpn';

export const merchantListingRecommended: RenderedCheck = {
  id: 'S02',
  severity: 'info',
  run: (input) => {
    if (!isAnswered(input)) return [];
    return jsonLdNodes(input)
      .filter((node) => hasType(node, ['Product']))
      .flatMap((product) => {
        const offers = asList(product.offers).map(asRecord);
        const missing: string[] = [];
        if (offers.length === 0 || offers.some((offer) => !hasText(offer.availability)))
          missing.push('offers.availability');
        if (!hasBrandName(product.brand)) missing.push('brand');
        const identified = [product, ...offers].some((node) =>
          identifierFields.some((field) => hasText(node[field]) || typeof node[field] === 'number'),
        );
        if (!identified) missing.push('sku/gtin/mpn');
        return missing.length === 0
          ? []
          : [
              {
                measured: missing.join(', '),
                threshold: recommendedFields,
                excerpt: excerpt(typeof product.name === 'string' ? product.name : input.page.url),
              },
            ];
      });
  },
};

/** A JSON-LD ListItem as a trail's item: its name, and its address (`item` as text or a Thing). */
function jsonLdBreadcrumbItem(value: unknown): BreadcrumbItem {
  const entry = asRecord(value);
  const target = entry.item;
  const thing = asRecord(target);
  const name = [entry.name, thing.name].find(hasText);
  const url = [target, thing['@id'], thing.url].find(hasText);
  return {
    name: typeof name === 'string' ? name.trim() : null,
    url: typeof url === 'string' ? url.trim() : null,
  };
}

/** The page's breadcrumb trails, JSON-LD first, then microdata; items in position order. */
function breadcrumbTrails(scanned: ScannedPage): BreadcrumbItem[][] {
  const fromJsonLd = jsonLdNodes(scanned)
    .filter((node) => hasType(node, ['BreadcrumbList']))
    .map((list) =>
      asList(list.itemListElement)
        .map((entry, index) => ({ position: Number(asRecord(entry).position) || index + 1, entry }))
        .sort((a, b) => a.position - b.position)
        .map(({ entry }) => jsonLdBreadcrumbItem(entry)),
    );
  return [...fromJsonLd, ...scanned.html.microdataBreadcrumbs];
}

const breadcrumbRule = '2 items, each with a name and an address (the last one: a name)';

/**
 * S04 reads only the breadcrumbs a page carries: Dawn prints none, so a missing trail would be
 * reported on every page of most stores (docs/seo-checks.md).
 */
export const breadcrumbsInvalid: RenderedCheck = {
  id: 'S04',
  severity: 'info',
  run: (input) => {
    if (!isAnswered(input)) return [];
    return breadcrumbTrails(input).flatMap((trail) => {
      const problems: string[] = [];
      if (trail.length < 2) problems.push(`${trail.length} item${trail.length === 1 ? '' : 's'}`);
      else
        trail.forEach((item, index) => {
          if (index < trail.length - 1 && item.url === null)
            problems.push(`item ${index + 1}: no address`);
          if (item.name === null) problems.push(`item ${index + 1}: no name`);
        });
      return problems.length === 0
        ? []
        : [
            {
              measured: problems.join(', '),
              threshold: breadcrumbRule,
              excerpt: excerpt(trail.find((item) => item.name !== null)?.name ?? input.page.url),
            },
          ];
    });
  },
};

export const priceValidUntilPast: RenderedCheck = {
  id: 'S03',
  severity: 'warning',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const today = input.now.toISOString().slice(0, 10);
    const findings: FindingEvidence[] = [];
    for (const product of jsonLdNodes(input).filter((node) => hasType(node, ['Product']))) {
      for (const offer of asList(product.offers).map(asRecord)) {
        const until = offer.priceValidUntil;
        if (typeof until !== 'string' || !Number.isFinite(Date.parse(until))) continue;
        if (until.slice(0, 10) < today)
          findings.push({ measured: until, threshold: today, excerpt: excerpt(input.page.url) });
      }
    }
    return findings;
  },
};

const articleTypes = ['Article', 'NewsArticle', 'BlogPosting'] as const;
const articleFields = ['headline', 'image', 'datePublished', 'dateModified', 'author'] as const;

export const articleMarkupIncomplete: RenderedCheck = {
  id: 'S05',
  severity: 'info',
  run: (input) => {
    if (!isAnswered(input)) return [];
    const articles = jsonLdNodes(input).filter((node) => hasType(node, articleTypes));
    if (articles.length === 0)
      return input.page.kind === 'article'
        ? [{ measured: 'Article', threshold: articleFields.join(', '), excerpt: input.page.url }]
        : [];
    return articles.flatMap((article) => {
      const missing = articleFields.filter((field) => !isPresent(article[field]));
      return missing.length === 0
        ? []
        : [
            {
              measured: missing.join(', '),
              threshold: articleFields.join(', '),
              excerpt: excerpt(
                typeof article.headline === 'string' ? article.headline : input.page.url,
              ),
            },
          ];
    });
  },
};

export const renderedChecks: readonly RenderedCheck[] = [
  httpError,
  blockedFromIndexing,
  canonicalInvalid,
  canonicalCrossesLocale,
  hreflangInvalid,
  hreflangNotReciprocal,
  xDefaultMissing,
  noH1Rendered,
  productMarkupRequired,
  merchantListingRecommended,
  priceValidUntilPast,
  breadcrumbsInvalid,
  articleMarkupIncomplete,
];

/** Runs every rendered check on one page; `input.now` dates the markup's dates. */
export function runRenderedChecks(input: RenderedCheckInput) {
  return renderedChecks.flatMap((check) =>
    check.run(input).map((evidence) => ({ check, evidence })),
  );
}
