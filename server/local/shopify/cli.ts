import { parseArgs } from 'node:util';
import { localShopifyApp } from '#server/config.ts';
import { startLocalShopify } from './local-shopify.ts';

/**
 * The local Shopify in a process of its own, for benchmarks and for running the product against one
 * that outlives it (LOCAL_SHOPIFY_URL):
 *
 *   node --import tsx server/local/shopify/cli.ts --port 3100 --products 100000
 *
 * Options: --port (default 3100; 0 for any), --store <name> (repeatable; default maison-exemple),
 * --products <count per store> (default 300), --public-url <the product's address> (default
 * http://localhost:3000: the app URL, redirect URL and compliance address derive from it),
 * --bucket-size, --restore-rate. The app's credentials are local mode's (SHOPIFY_API_KEY and
 * SHOPIFY_API_SECRET when set). Prints "Local Shopify on <url>" once it answers; stops on SIGINT/SIGTERM.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3100' },
    store: { type: 'string', multiple: true },
    products: { type: 'string' },
    'public-url': { type: 'string', default: 'http://localhost:3000' },
    'bucket-size': { type: 'string' },
    'restore-rate': { type: 'string' },
  },
});

function count(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number, not "${text}"`);
    process.exit(2);
  }
  return value;
}

const products = count('products', values.products);
const bucketSize = count('bucket-size', values['bucket-size']);
const restoreRate = count('restore-rate', values['restore-rate']);
const publicUrl = values['public-url'].replace(/\/+$/, '');

const started = Date.now();
const shopify = await startLocalShopify({
  port: count('port', values.port)!,
  app: {
    apiKey: process.env.SHOPIFY_API_KEY ?? localShopifyApp.apiKey,
    apiSecret: process.env.SHOPIFY_API_SECRET ?? localShopifyApp.apiSecret,
    appUrl: `${publicUrl}/oauth/shopify`,
    redirectUrls: [`${publicUrl}/oauth/shopify`],
    complianceWebhookUrl: `${publicUrl}/webhooks/shopify`,
  },
  stores: (values.store ?? ['maison-exemple']).map((name) => ({
    name,
    ...(products !== undefined && { products }),
  })),
  ...(bucketSize !== undefined && {
    bucket: { maximumAvailable: bucketSize, restoreRate: restoreRate ?? 100 },
  }),
  log: (line) => console.log(line),
});
console.log(
  `Local Shopify on ${shopify.url} (${(values.store ?? ['maison-exemple']).map((name) => `${name}.myshopify.com`).join(', ')}; ready in ${Date.now() - started} ms)`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void shopify.stop().then(() => process.exit(0));
  });
}
