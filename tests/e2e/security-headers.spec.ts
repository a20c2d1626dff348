/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, openSession, test } from './fixtures.ts';

/**
 * Every CSP violation of the page, whether Chromium reports it in the console or only as a
 * `securitypolicyviolation` event (as it does for some blocked elements).
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )),
  ];
}

/** The local Shopify local mode runs with the product (playwright.config.ts). */
const localShopifyUrl = process.env.E2E_LOCAL_SHOPIFY_URL ?? '';
const localShopifyPort = new URL(localShopifyUrl || 'http://127.0.0.1').port;

/** The app has started: its modules ran (every page asks the BFF for the session) and rendered. */
async function expectAppRunning(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => new URL(entry.name).pathname === '/auth/session'),
      ),
    )
    .toBe(true);
  await expect(page.locator('main h1')).toBeVisible();
}

test('pages carry a strict content security policy: scripts by hash and what they load, nothing else', async ({
  page,
}) => {
  const response = await page.goto('/pricing');
  const policy = response!.headers()['content-security-policy']!;
  const directive = (name: string) =>
    policy
      .split('; ')
      .find((part) => part.startsWith(`${name} `))
      ?.slice(name.length + 1);

  expect(directive('script-src')).toMatch(/^'self' 'strict-dynamic'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
  // Shopify's CDN for real stores' images; in local mode, the local Shopify's, under either name.
  expect(directive('img-src')).toBe(
    `'self' data: https://lh3.googleusercontent.com https://cdn.shopify.com http://127.0.0.1:${localShopifyPort} http://localhost:${localShopifyPort}`,
  );
  expect(directive('object-src')).toBe("'none'");
  expect(directive('frame-ancestors')).toBe("'none'");
  expect(directive('base-uri')).toBe("'none'");
  const headers = response!.headers();
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The app is loaded by the hashed loader: no tag of the page as sent names a script file.
  expect(await response!.text()).not.toMatch(/<script[^>]*\bsrc=|<link[^>]*modulepreload/);
});

test('public pages render and start the app without violating the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/', '/pricing', '/login', '/legal', '/no-such-page']) {
    await page.goto(path);
    await expectAppRunning(page);
    expect(await violations(), path).toEqual([]);
  }
});

test('signed-in pages render without violating the policy', async ({ page, verifiedUser }) => {
  const violations = await watchViolations(page);
  expect(await openSession(page, verifiedUser)).toBe(200);
  for (const path of ['/dashboard', '/settings', '/subscription', '/contact']) {
    await page.goto(path);
    await expectAppRunning(page);
    expect(await violations(), path).toEqual([]);
  }
});

test('the images of the local Shopify’s stores show in the app; an image from anywhere else does not', async ({
  page,
  request,
}) => {
  expect(localShopifyUrl, 'E2E_LOCAL_SHOPIFY_URL is set by playwright.config.ts').not.toBe('');
  const product = await request.get(
    `${localShopifyUrl}/maison-exemple.myshopify.com/_local/api/products/8100000000001`,
  );
  const { media } = (await product.json()) as { media: Array<{ url: string }> };
  const storeImage = media[0]!.url;
  expect(new URL(storeImage).origin).toBe(localShopifyUrl);
  // Another loopback server: what a page's injected image might point at.
  const elsewhere = `http://127.0.0.1:${Number(localShopifyPort) + 1000}/pixel.png`;

  const violations = await watchViolations(page);
  await page.goto('/pricing');
  await expectAppRunning(page);
  const loaded = await page.evaluate(
    (sources) =>
      Promise.all(
        sources.map(
          (source) =>
            new Promise<boolean>((resolve) => {
              const image = new Image();
              image.onload = () => resolve(image.naturalWidth > 0);
              image.onerror = () => resolve(false);
              image.src = source;
            }),
        ),
      ),
    [storeImage, storeImage.replace('http://127.0.0.1:', 'http://localhost:'), elsewhere],
  );

  expect(loaded).toEqual([true, true, false]);
  await expect
    .poll(async () => (await violations()).some((seen) => seen === `img-src ${elsewhere}`))
    .toBe(true);
  expect((await violations()).filter((seen) => !seen.includes(elsewhere))).toEqual([]);
});

test('a script tag added to the page by anything but the app does not run', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/pricing');
  await expectAppRunning(page);

  // What an injection would try: markup with a script and an inline handler, written into the page.
  await page.evaluate(() => {
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:," onload="window.injected = true">';
    document.body.append(holder);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<iframe srcdoc="<script>parent.injected = true</script>"></iframe>',
    );
  });

  await expect.poll(violations).not.toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { injected?: boolean }).injected),
  ).toBeUndefined();
});

test('hashed assets are cached for a year and compressed; the page itself is revalidated', async ({
  page,
  request,
}) => {
  const assetResponses: Array<{
    url: string;
    cacheControl: string | undefined;
    encoding: string | undefined;
  }> = [];
  page.on('response', (response) => {
    if (response.url().includes('/assets/')) {
      const headers = response.headers();
      assetResponses.push({
        url: response.url(),
        cacheControl: headers['cache-control'],
        encoding: headers['content-encoding'],
      });
    }
  });
  const response = await page.goto('/pricing');
  expect(response!.headers()['cache-control']).toBe('no-cache');
  await expect(page.locator('h1')).toBeVisible();

  expect(assetResponses.length).toBeGreaterThan(0);
  for (const asset of assetResponses) {
    expect(asset.cacheControl).toBe('public, max-age=31536000, immutable');
  }
  expect(assetResponses.some((asset) => asset.encoding === 'br')).toBe(true);

  const latest = await request.get('/builds/latest.json');
  expect(latest.headers()['cache-control']).toBe('no-store');
  const build = (await latest.json()) as { id: string; timestamp: number };
  const manifest = await request.get(`/builds/meta/${build.id}.json`);
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ id: build.id });
});
