import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedTokens } from '#server/areas/shops/complete-shop-authorization.ts';
import { insertShop } from '#server/areas/shops/shops-repository.ts';
import { errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import {
  recordingCatalog,
  shopifyWebhookHeaders,
  testShopifyApp,
  testShopTokens,
  uniqueShopDomain,
  waitUntil,
  webhookSignature,
  type RecordingCatalog,
} from '../support/shops-test-support.ts';

/**
 * Shopify's webhooks as the API receives them: checked on the raw bytes before anything is read or
 * stored, recorded once per webhook id, answered at once, then handled by a job. The tests sign the
 * deliveries as Shopify does.
 */

let api: ApiTestContext;
let catalog: RecordingCatalog;
const shopify = testShopifyApp();

beforeAll(async () => {
  catalog = recordingCatalog();
  api = await startApiForTests({ shopify, shopCatalog: catalog });
});

afterAll(async () => {
  await api?.close();
});

function deliver(headers: Record<string, string>, body: string) {
  return api.app.inject({ method: 'POST', url: '/webhooks/shopify', headers, payload: body });
}

async function deliveriesOf(shopDomain: string) {
  const result = await api.database.pool.query<{
    id: string;
    topic: string;
    webhook_id: string;
    payload: unknown;
    processed_at: Date | null;
  }>('select * from webhook_deliveries where shop_domain = $1', [shopDomain]);
  return result.rows;
}

/** A store connected with tokens, as after a completed authorization. */
async function connectedStore(shopDomain: string, connectedAt = new Date(Date.now() - 60_000)) {
  const id = randomUUID();
  await insertShop(api.database.db, {
    id,
    ownerUid: `owner-${randomUUID()}`,
    shopDomain,
    status: 'active',
    scopes: 'read_products',
    connectedAt,
    ...encryptedTokens(testShopTokens, id, {
      accessToken: 'shpat_test',
      scope: 'read_products',
      accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
      refreshToken: 'shprt_test',
      refreshTokenExpiresAt: new Date(Date.now() + 86_400_000),
    }),
  });
  return id;
}

async function shopRow(shopId: string) {
  const result = await api.database.pool.query<{
    status: string;
    error_code: string | null;
    access_token_encrypted: string | null;
    refresh_token_encrypted: string | null;
  }>('select * from shops where id = $1', [shopId]);
  return result.rows[0];
}

describe('receiving a delivery', () => {
  it('refuses a delivery without Shopify’s headers with 400, and records nothing', async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({ id: 1 });
    const complete = shopifyWebhookHeaders('products/update', shopDomain, body);

    for (const missing of [
      'x-shopify-hmac-sha256',
      'x-shopify-topic',
      'x-shopify-shop-domain',
      'x-shopify-webhook-id',
      'x-shopify-api-version',
    ]) {
      const { [missing]: _left, ...headers } = complete;
      const response = await deliver(headers, body);
      expect(response.statusCode, missing).toBe(400);
    }
    expect(await deliveriesOf(shopDomain)).toEqual([]);
  });

  it('refuses a bad signature with 401, and records nothing', async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({ id: 1, title: 'Robe' });
    const headers = shopifyWebhookHeaders('products/update', shopDomain, body);

    const altered = await deliver(headers, body.replace('Robe', 'Jupe'));
    const otherSecret = await deliver(
      {
        ...headers,
        'x-shopify-hmac-sha256': webhookSignature(body, 'the-secret-of-another-app-0123456789'),
      },
      body,
    );
    const notBase64 = await deliver({ ...headers, 'x-shopify-hmac-sha256': 'nonsense' }, body);

    for (const response of [altered, otherSecret, notBase64]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('webhook_signature_invalid');
    }
    expect(await deliveriesOf(shopDomain)).toEqual([]);
  });

  it('checks the signature on the bytes as sent, whitespace and all', async () => {
    const shopDomain = uniqueShopDomain();
    const body = '{ "id" : 1,\n  "title": "Écharpe en laine" }';

    const response = await deliver(
      shopifyWebhookHeaders('products/update', shopDomain, body),
      body,
    );

    expect(response.statusCode).toBe(200);
    expect(await deliveriesOf(shopDomain)).toHaveLength(1);
  });

  it('records a replayed delivery once, and handles it', async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({ id: 42, title: 'Sac' });
    const headers = shopifyWebhookHeaders('products/update', shopDomain, body);

    const first = await deliver(headers, body);
    const replays = await Promise.all([deliver(headers, body), deliver(headers, body)]);

    for (const response of [first, ...replays]) expect(response.statusCode).toBe(200);
    const rows = await deliveriesOf(shopDomain);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.webhook_id).toBe(headers['x-shopify-webhook-id']);
    // How often it is handled, whatever the number of jobs: webhooks-delivery-recovery.test.ts.
    await waitUntil(async () => (await deliveriesOf(shopDomain))[0]?.processed_at != null);
  });

  it('refuses a delivery whose header names another store than its signed body, and records nothing', async () => {
    const victim = uniqueShopDomain();
    const victimId = await connectedStore(victim);
    await api.database.pool.query("update shops set status = 'uninstalled' where id = $1", [
      victimId,
    ]);
    // Bodies Shopify signed for another store, sent again with the victim's domain in the header.
    const sender = uniqueShopDomain();
    const redact = JSON.stringify({ shop_id: 954889, shop_domain: sender });
    const uninstalled = JSON.stringify({
      id: 1,
      domain: 'www.example.com',
      myshopify_domain: sender,
    });

    const responses = [
      await deliver(shopifyWebhookHeaders('shop/redact', victim, redact), redact),
      await deliver(shopifyWebhookHeaders('app/uninstalled', victim, uninstalled), uninstalled),
    ];

    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('invalid_request');
    }
    expect(await deliveriesOf(victim)).toEqual([]);
    expect(await shopRow(victimId)).toBeDefined();
    expect(catalog.deletedCopies).not.toContain(victimId);
  });

  it('takes a triggered-at later than the receipt as the time of the receipt', async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({ id: 7, title: 'Gilet' });

    const response = await deliver(
      shopifyWebhookHeaders('products/update', shopDomain, body, {
        'x-shopify-triggered-at': new Date(Date.now() + 86_400_000).toISOString(),
      }),
      body,
    );

    expect(response.statusCode).toBe(200);
    const { rows } = await api.database.pool.query<{ later: boolean }>(
      'select triggered_at > received_at as later from webhook_deliveries where shop_domain = $1',
      [shopDomain],
    );
    expect(rows).toEqual([{ later: false }]);
  });

  it('records an event once whatever the webhook ids it comes under, and each topic of it', async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({ id: 43, title: 'Bonnet' });
    const eventId = randomUUID();
    const sameEvent = { 'x-shopify-event-id': eventId };

    const answers = [
      await deliver(shopifyWebhookHeaders('products/update', shopDomain, body, sameEvent), body),
      await deliver(shopifyWebhookHeaders('products/update', shopDomain, body, sameEvent), body),
      await deliver(shopifyWebhookHeaders('products/create', shopDomain, body, sameEvent), body),
    ];

    for (const response of answers) expect(response.statusCode).toBe(200);
    const rows = await deliveriesOf(shopDomain);
    expect(rows.map((row) => row.topic).sort()).toEqual(['products/create', 'products/update']);
  });

  it('keeps no payload of the privacy topics, which name customers', async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({
      shop_id: 954889,
      shop_domain: shopDomain,
      customer: { id: 191167, email: 'client@example.com', phone: '555-625-1199' },
      orders_requested: [299938],
      data_request: { id: 9999 },
    });

    const response = await deliver(
      shopifyWebhookHeaders('customers/data_request', shopDomain, body),
      body,
    );

    expect(response.statusCode).toBe(200);
    await waitUntil(async () => (await deliveriesOf(shopDomain))[0]?.processed_at != null);
    const [row] = await deliveriesOf(shopDomain);
    expect(row!.payload).toBeNull();
    const table = JSON.stringify(
      (await api.database.pool.query('select * from webhook_deliveries where id = $1', [row!.id]))
        .rows,
    );
    expect(table).not.toContain('client@example.com');
  });
});

describe('handling the connection topics', () => {
  // An app/uninstalled that Shopify confirms ends the connection; one it does not leaves it:
  // shops-local-shopify.test.ts, where a Shopify answers.
  it('an app/uninstalled older than the current connection leaves it alone', async () => {
    const shopDomain = uniqueShopDomain();
    const shopId = await connectedStore(shopDomain, new Date());
    const body = JSON.stringify({ id: 1 });

    await deliver(
      shopifyWebhookHeaders('app/uninstalled', shopDomain, body, {
        'x-shopify-triggered-at': new Date(Date.now() - 3_600_000).toISOString(),
      }),
      body,
    );

    await waitUntil(async () => (await deliveriesOf(shopDomain))[0]?.processed_at != null);
    expect((await shopRow(shopId))?.status).toBe('active');
  });

  it('shop/redact deletes the copy of the catalog and the store', async () => {
    const shopDomain = uniqueShopDomain();
    const shopId = await connectedStore(shopDomain);
    await api.database.pool.query(
      "update shops set status = 'uninstalled', access_token_encrypted = null, refresh_token_encrypted = null where id = $1",
      [shopId],
    );
    const body = JSON.stringify({ shop_id: 954889, shop_domain: shopDomain });

    const response = await deliver(shopifyWebhookHeaders('shop/redact', shopDomain, body), body);

    expect(response.statusCode).toBe(200);
    await waitUntil(async () => (await shopRow(shopId)) === undefined);
    expect(catalog.deletedCopies).toContain(shopId);
  });

  it('shop/redact leaves a store connected again since the removal, with its copy', async () => {
    const shopDomain = uniqueShopDomain();
    // Connected an hour ago, after a removal whose erasure Shopify sends now.
    const shopId = await connectedStore(shopDomain, new Date(Date.now() - 3_600_000));
    const body = JSON.stringify({ shop_id: 954889, shop_domain: shopDomain });

    await deliver(shopifyWebhookHeaders('shop/redact', shopDomain, body), body);

    await waitUntil(async () => (await deliveriesOf(shopDomain))[0]?.processed_at != null);
    expect((await shopRow(shopId))?.status).toBe('active');
    expect(catalog.deletedCopies).not.toContain(shopId);
  });

  it('customers/redact is recorded and answered; nothing else is kept to erase', async () => {
    const shopDomain = uniqueShopDomain();
    const shopId = await connectedStore(shopDomain);
    const body = JSON.stringify({
      shop_id: 954889,
      shop_domain: shopDomain,
      customer: { id: 191167, email: 'client@example.com', phone: '555-625-1199' },
      orders_to_redact: [299938],
    });

    const response = await deliver(
      shopifyWebhookHeaders('customers/redact', shopDomain, body),
      body,
    );

    expect(response.statusCode).toBe(200);
    await waitUntil(async () => (await deliveriesOf(shopDomain))[0]?.processed_at != null);
    expect((await shopRow(shopId))?.status).toBe('active');
    expect(catalog.deletedCopies).not.toContain(shopId);
  });
});
