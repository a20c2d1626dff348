import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontFetcher } from '#server/platform/storefront/storefront-fetcher.ts';
import { seoDependencies } from '#server/workers.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * The storefront fetcher reads addresses a store's settings give (its primary domain, its locales'
 * addresses): an owner who points them at our own network must not make the audit read it. A
 * server on this machine stands for what such an address would reach; it counts every request.
 */

let server: http.Server;
let port: number;
const requests: string[] = [];
let shopify: TestShopify;

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: 'adresses-locales', products: 4 }] });
  server = http.createServer((request, response) => {
    requests.push(`${request.headers.host} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>inside</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await shopify?.stop();
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
});

const fetcher = () =>
  createStorefrontFetcher({ publicUrl: 'https://vitrine.example', requestsPerSecond: 50 });

describe('the storefront fetcher without connectTo', () => {
  it.each([
    ['a name that resolves to 127.0.0.1', 'localhost'],
    ['a loopback address', '127.0.0.1'],
    ['the unspecified address', '0.0.0.0'],
    ['the IPv6 loopback', '[::1]'],
    ['an IPv4-mapped IPv6 loopback', '[::ffff:127.0.0.1]'],
  ])('refuses %s and sends it nothing', async (_, host) => {
    const before = requests.length;
    const page = await fetcher().fetchPage(`http://${host}:${port}/products/anything`);
    expect(page.status).toBeNull();
    expect(page.html).toBe('');
    expect(page.error).toMatch(/refused: .* is a private or local address/);
    expect(requests.slice(before)).toEqual([]);
  });

  it('refuses a redirect from a store to a private address', async () => {
    const redirecting = http.createServer((request, response) => {
      if (request.url === '/robots.txt') response.writeHead(404).end();
      else response.writeHead(301, { location: `http://127.0.0.1:${port}/admin` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const redirectPort = (redirecting.address() as AddressInfo).port;
    try {
      // The store itself is reached through connectTo (as in local mode); where it redirects is not.
      const page = await createStorefrontFetcher({
        publicUrl: 'https://vitrine.example',
        requestsPerSecond: 50,
        connectTo: (url) =>
          url.hostname === 'www.store.example'
            ? { protocol: 'http:', hostname: '127.0.0.1', port: redirectPort }
            : undefined,
      }).fetchPage('http://www.store.example/products/anything');
      expect(page.error).toMatch(/refused: 127\.0\.0\.1 is a private or local address/);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
    expect(requests.filter((request) => request.includes('/admin'))).toEqual([]);
  });
});

describe("the product's storefront pass", () => {
  // The composition root's SEO dependencies, of which only the storefront's fetcher is used here.
  const workers = { db: undefined as never, jobs: undefined as never, log: undefined as never };
  const storefront = 'https://www.adresses-locales.example/pages/about-us';

  it('reaches the local Shopify’s storefronts in local mode', async () => {
    const deps = seoDependencies({
      ...workers,
      publicUrl: 'http://localhost:3000',
      localShopifyUrl: shopify.url,
    });
    const page = await deps.storefront!.openFetcher().fetchPage(storefront);
    expect(page.error).toBeUndefined();
    expect(page.status).toBe(200);
    expect(shopify.storefront.visits('www.adresses-locales.example').length).toBeGreaterThan(0);
  });

  it('routes nothing in production: a store whose address leads to this machine is refused', async () => {
    const deps = seoDependencies({ ...workers, publicUrl: 'https://vitrine.example' });
    const before = requests.length;
    const page = await deps.storefront!.openFetcher().fetchPage(`http://localhost:${port}/`);
    expect(page.error).toMatch(/refused: localhost resolves to/);
    expect(requests.slice(before)).toEqual([]);
    // The seeded store's name leads nowhere from here (no such domain): it is not the local Shopify.
    const local = await deps.storefront!.openFetcher().fetchPage(storefront);
    expect(local.status).toBeNull();
  });
});
