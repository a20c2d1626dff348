import { describe, expect, it } from 'vitest';
import { HostPace, type PaceClock } from '#server/platform/storefront/host-pace.ts';
import { localStorefronts } from '#server/platform/storefront/local-storefronts.ts';
import { createStorefrontFetcher } from '#server/platform/storefront/storefront-fetcher.ts';
import { parseRobotsTxt } from '#server/platform/storefront/robots-txt.ts';

/** What keeps the storefront fetcher polite: robots.txt as RFC 9309 reads it, and its pace per host. */

/** A clock that moves only when told: every wait asked of it is recorded, none is spent. */
function fakeClock() {
  let time = 1_000_000;
  const waits: number[] = [];
  const wakeAt: number[] = [];
  const clock: PaceClock = {
    now: () => time,
    sleep: async (milliseconds) => {
      waits.push(milliseconds);
      wakeAt.push(time + milliseconds);
    },
  };
  return {
    clock,
    waits,
    wakeAt,
    advance: (milliseconds: number) => (time += milliseconds),
    now: () => time,
  };
}

describe('the pace per host', () => {
  it('spaces requests to one host by the interval, in the order they were asked for', async () => {
    const fake = fakeClock();
    const pace = new HostPace(500, fake.clock);
    const start = fake.now();
    await Promise.all([1, 2, 3, 4, 5].map(() => pace.wait('shop.example')));
    // The first goes at once; each next one waits for its slot, 500 ms after the previous.
    expect(fake.wakeAt.map((at) => at - start)).toEqual([500, 1000, 1500, 2000]);
  });

  it('does not hold a host back for another host', async () => {
    const fake = fakeClock();
    const pace = new HostPace(500, fake.clock);
    await pace.wait('a.example');
    await pace.wait('b.example');
    await pace.wait('c.example');
    expect(fake.waits).toEqual([]);
  });

  it('lets a request go at once after a pause longer than the interval, and waits the rest otherwise', async () => {
    const fake = fakeClock();
    const pace = new HostPace(500, fake.clock);
    await pace.wait('shop.example');
    fake.advance(800);
    await pace.wait('shop.example');
    expect(fake.waits).toEqual([]);
    fake.advance(200);
    await pace.wait('shop.example');
    expect(fake.waits).toEqual([300]);
  });
});

describe("the fetcher's pace", () => {
  // Local mode's route to the local Shopify, here to a port nothing listens on: each page asks for
  // its host's robots.txt, which fails at once, after its slot was taken.
  const connectTo = localStorefronts('http://127.0.0.1:9');
  /** The waits of three pages of three hosts read at once by one store's fetcher. */
  async function waitsOf(hosts: string[], routedRequestsPerSecond?: number) {
    const fake = fakeClock();
    const fetcher = createStorefrontFetcher({
      publicUrl: 'https://vitrine.example',
      paceAcrossHosts: true,
      connectTo,
      ...(routedRequestsPerSecond !== undefined && { routedRequestsPerSecond }),
      clock: fake.clock,
    });
    const start = fake.now();
    await Promise.all(hosts.map((host) => fetcher.fetchPage(`https://${host}/pages/about-us`)));
    return fake.wakeAt.map((at) => at - start);
  }
  const localStores = ['www.a.example', 'b.myshopify.com', 'www.c.example'];
  // Documentation addresses, refused as local once their slot is taken: hosts nothing routes.
  const otherStores = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];

  it('reads a store at two requests a second, routed or not, unless told otherwise', async () => {
    expect(await waitsOf(localStores)).toEqual([500, 1000]);
    expect(await waitsOf(otherStores)).toEqual([500, 1000]);
  });

  it('reads the hosts it routes at their own pace, and every other host still at two a second', async () => {
    expect(await waitsOf(localStores, 25)).toEqual([40, 80]);
    expect(await waitsOf(otherStores, 25)).toEqual([500, 1000]);
  });
});

describe('robots.txt', () => {
  const shopifyDefault = `# we use Shopify as our ecommerce platform
User-agent: *
Disallow: /admin
Disallow: /collections/*sort_by*
Disallow: /*/collections/*sort_by*
Disallow: /search
Disallow: /pages/faq
Sitemap: https://shop.example/sitemap.xml

User-agent: Nutch
Disallow: /
`;

  it('reads the * group for a crawler it does not name', () => {
    const robots = parseRobotsTxt(shopifyDefault, 'Vitrine-SEO-Audit');
    expect(robots.isAllowed('/products/linen-towel')).toBe(true);
    expect(robots.isAllowed('/pages/faq')).toBe(false);
    expect(robots.isAllowed('/pages/faq-more')).toBe(false);
    expect(robots.isAllowed('/collections/kitchen?sort_by=price')).toBe(false);
    expect(robots.isAllowed('/fr/collections/kitchen?sort_by=price')).toBe(false);
    expect(robots.isAllowed('/collections/kitchen')).toBe(true);
    expect(robots.isAllowed('/searching')).toBe(false);
  });

  it('follows only the group naming our product token, case-insensitively, when there is one', () => {
    const robots = parseRobotsTxt(
      `${shopifyDefault}\nUser-agent: vitrine-seo-audit\nDisallow: /products/\n`,
      'Vitrine-SEO-Audit',
    );
    expect(robots.isAllowed('/products/linen-towel')).toBe(false);
    expect(robots.isAllowed('/pages/faq')).toBe(true);
    expect(parseRobotsTxt(shopifyDefault, 'Nutch').isAllowed('/products/x')).toBe(false);
  });

  it('lets the longest rule decide, allow winning a tie, and anchors a final $', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nDisallow: /pages/\nAllow: /pages/about\nDisallow: /*.pdf$\nAllow: /tie\nDisallow: /tie\n',
      'Vitrine-SEO-Audit',
    );
    expect(robots.isAllowed('/pages/contact')).toBe(false);
    expect(robots.isAllowed('/pages/about-us')).toBe(true);
    expect(robots.isAllowed('/files/guide.pdf')).toBe(false);
    expect(robots.isAllowed('/files/guide.pdf?v=2')).toBe(true);
    expect(robots.isAllowed('/tie')).toBe(true);
  });

  it('reads several user-agent lines as one group, and an empty Disallow as no rule', () => {
    const robots = parseRobotsTxt(
      'User-agent: googlebot\nUser-agent: *\nDisallow: /private\n\nUser-agent: other\nDisallow:\n',
      'Vitrine-SEO-Audit',
    );
    expect(robots.isAllowed('/private/x')).toBe(false);
    expect(parseRobotsTxt('User-agent: *\nDisallow:\n', 'x').isAllowed('/anything')).toBe(true);
    expect(robots.isAllowed('/robots.txt')).toBe(true);
  });
});
