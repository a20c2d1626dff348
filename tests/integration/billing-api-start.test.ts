import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { removeDataFolder } from '../../scripts/lib/data-folder.mjs';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';
import { startProduct } from '../support/started-product.ts';

/**
 * The API sells the plans by their Stripe prices, found by lookup key when it starts: a start whose
 * Stripe account lacks one stops, naming every key missing, instead of serving checkouts that fail.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let dataDir: string;
let local: TestStripe;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-billing-start-'));
  await fs.chmod(dataDir, 0o755);
  local = await startTestStripe();
});

afterEach(async () => {
  await local?.stop();
  await removeDataFolder(dataDir);
});

/** Moves the lookup key to a new, inactive price, as retiring a price in Stripe's dashboard leaves it. */
async function retirePrice(lookupKey: string) {
  const [price] = (await local.stripe.prices.list({ lookup_keys: [lookupKey] })).data;
  await local.stripe.prices.create({
    product: price!.product as string,
    currency: 'eur',
    unit_amount: 1,
    recurring: { interval: 'month' },
    lookup_key: lookupKey,
    transfer_lookup_key: true,
    active: false,
  });
}

test('a Stripe account without some of the plans’ prices stops the start, naming them', async () => {
  await retirePrice('vitrine_pro_yearly');
  await retirePrice('vitrine_business_monthly');

  const product = await startProduct({
    cwd: repoRoot,
    env: { DATA_DIR: dataDir, LOCAL_STRIPE_URL: local.url },
  });
  const exitCode = await Promise.race([
    product.exitCode,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 90_000)),
  ]).finally(() => product.stop());

  expect(exitCode, product.output()).not.toBe(0);
  expect(exitCode).not.toBe('still running');
  const output = product.output();
  expect(output).toContain('vitrine_pro_yearly');
  expect(output).toContain('vitrine_business_monthly');
  expect(output).not.toContain('vitrine_pro_monthly');
  expect(output).not.toContain(`Ready on http://localhost:${product.port}`);
}, 120_000);
