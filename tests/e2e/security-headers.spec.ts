import { expect, test } from './fixtures.ts';

test('pages carry a strict content security policy and render without violating it', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const response = await page.goto('/pricing');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("base-uri 'none'");
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await expect(page.locator('h1')).toBeVisible();
  expect(violations).toEqual([]);
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
