import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';
import { eventually } from '../support/eventually.ts';

/**
 * Webhooks from the local Shopify to a small receiver standing in for the product: subscriptions
 * made through GraphQL, deliveries signed with the app's secret and retried, and what the `_local`
 * controls set off (edits, uninstalling, the privacy topics).
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** The statuses the receiver answers with, in turn; 200 once they run out. */
const answers: number[] = [];

let shopify: TestShopify;
let token: string;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      // An address that always fails, for a subscription Shopify ends up deleting.
      response.statusCode = request.url === '/failing' ? 500 : (answers.shift() ?? 200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  shopify = await startTestShopify({ publicUrl: receiverUrl });
  token = (await shopify.installApp()).access_token;
});
afterAll(async () => {
  await shopify?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** What `find` finds once the deliveries it looks for have arrived. */
function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  return eventually(what, find, (found) => found !== undefined);
}

const subscribe = `mutation($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri }) {
    webhookSubscription { id topic uri format apiVersion { handle } }
    userErrors { field message }
  }
}`;
type SubscribeAnswer = {
  webhookSubscriptionCreate: {
    webhookSubscription: { id: string; topic: string; uri: string } | null;
    userErrors: Array<{ field: string[]; message: string }>;
  };
};

const signatureOf = (body: string) =>
  createHmac('sha256', shopify.app.apiSecret).update(body).digest('base64');

describe('subscriptions', () => {
  it('accepts https anywhere and http on this machine only, once per topic and address', async () => {
    const local = await shopify.graphql<SubscribeAnswer>(token, subscribe, {
      topic: 'PRODUCTS_UPDATE',
      uri: `${receiverUrl}/webhooks/shopify`,
    });
    expect(local.body.data!.webhookSubscriptionCreate).toMatchObject({
      webhookSubscription: { topic: 'PRODUCTS_UPDATE', uri: `${receiverUrl}/webhooks/shopify` },
      userErrors: [],
    });
    const again = await shopify.graphql<SubscribeAnswer>(token, subscribe, {
      topic: 'PRODUCTS_UPDATE',
      uri: `${receiverUrl}/webhooks/shopify`,
    });
    expect(again.body.data!.webhookSubscriptionCreate.userErrors[0]!.message).toBe(
      'Address for this topic has already been taken',
    );
    const plainHttp = await shopify.graphql<SubscribeAnswer>(token, subscribe, {
      topic: 'PRODUCTS_CREATE',
      uri: 'http://example.com/webhooks',
    });
    expect(plainHttp.body.data!.webhookSubscriptionCreate.webhookSubscription).toBeNull();
    const remote = await shopify.graphql<SubscribeAnswer>(token, subscribe, {
      topic: 'PRODUCTS_CREATE',
      uri: 'https://vitrine.example/webhooks/shopify',
    });
    expect(remote.body.data!.webhookSubscriptionCreate.userErrors).toEqual([]);
    const removed = await shopify.graphql<{
      webhookSubscriptionDelete: { deletedWebhookSubscriptionId: string };
    }>(
      token,
      'mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }',
      { id: remote.body.data!.webhookSubscriptionCreate.webhookSubscription!.id },
    );
    expect(removed.body.data!.webhookSubscriptionDelete.deletedWebhookSubscriptionId).toBe(
      remote.body.data!.webhookSubscriptionCreate.webhookSubscription!.id,
    );
  });
});

describe('deliveries', () => {
  it('signs products/update with the app secret, and retries after a 500 with the same webhook id', async () => {
    answers.push(500);
    const before = received.length;
    const edited = await shopify.control<{ legacyResourceId: string; updatedAt: string }>(
      'PATCH',
      'products/8100000000003',
      { seo: { description: 'Soft linen, washed twice.' } },
    );
    expect(edited.status).toBe(200);
    const [first, second] = await waitFor(
      () => (received.length >= before + 2 ? received.slice(before, before + 2) : undefined),
      'a delivery and its retry',
    );
    for (const delivery of [first!, second!]) {
      expect(delivery.path).toBe('/webhooks/shopify');
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-shopify-topic']).toBe('products/update');
      expect(delivery.headers['x-shopify-shop-domain']).toBe('maison-exemple.myshopify.com');
      expect(delivery.headers['x-shopify-api-version']).toBe('2026-10');
      expect(delivery.headers['x-shopify-hmac-sha256']).toBe(signatureOf(delivery.body));
      expect(Date.parse(delivery.headers['x-shopify-triggered-at'] as string)).not.toBeNaN();
    }
    expect(second!.headers['x-shopify-webhook-id']).toBe(first!.headers['x-shopify-webhook-id']);
    expect(second!.headers['x-shopify-event-id']).toBe(first!.headers['x-shopify-event-id']);
    expect(second!.body).toBe(first!.body);
    const payload = JSON.parse(first!.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      id: 8100000000003,
      admin_graphql_api_id: 'gid://shopify/Product/8100000000003',
      updated_at: edited.body.updatedAt,
    });
    expect(typeof payload.tags).toBe('string');

    const deliveries = await shopify.control<{
      deliveries: Array<{ webhookId: string; state: string; attempts: Array<{ status?: number }> }>;
    }>('GET', 'webhook-deliveries');
    const recorded = deliveries.body.deliveries.find(
      (delivery) => delivery.webhookId === first!.headers['x-shopify-webhook-id'],
    )!;
    expect(recorded.state).toBe('delivered');
    expect(recorded.attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
  });

  it('gives up after the last retry', async () => {
    answers.push(503, 503, 503, 503);
    await shopify.control('PATCH', 'products/8100000000004', { title: 'Never delivered' });
    const failed = await waitFor(async () => {
      const answer = await shopify.control<{
        deliveries: Array<{
          state: string;
          attempts: Array<{ status?: number }>;
          payload: { id: number };
        }>;
      }>('GET', 'webhook-deliveries');
      const delivery = answer.body.deliveries.find((item) => item.payload.id === 8100000000004);
      return delivery?.state === 'failed' ? delivery : undefined;
    }, 'the delivery to fail');
    // The first attempt and the three retries of this test's Shopify.
    expect(failed.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503, 503]);
  });

  it('deletes a subscription after 8 failed deliveries in a row, and lists only those left', async () => {
    const failing = `${receiverUrl}/failing`;
    const created = await shopify.graphql<SubscribeAnswer>(token, subscribe, {
      topic: 'COLLECTIONS_UPDATE',
      uri: failing,
    });
    expect(created.body.data!.webhookSubscriptionCreate.userErrors).toEqual([]);
    const listed = `query($uri: String!) {
      webhookSubscriptions(first: 250, uri: $uri) {
        nodes { id topic uri }
        pageInfo { hasNextPage endCursor }
      }
    }`;
    type Listed = {
      webhookSubscriptions: {
        nodes: Array<{ id: string; topic: string; uri: string }>;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    };
    const before = await shopify.graphql<Listed>(token, listed, { uri: failing });
    expect(before.body.data!.webhookSubscriptions.nodes).toEqual([
      {
        id: created.body.data!.webhookSubscriptionCreate.webhookSubscription!.id,
        topic: 'COLLECTIONS_UPDATE',
        uri: failing,
      },
    ]);
    const collections = await shopify.graphql<{
      collections: { nodes: Array<{ legacyResourceId: string }> };
    }>(token, '{ collections(first: 1) { nodes { legacyResourceId } } }');
    const collectionId = collections.body.data!.collections.nodes[0]!.legacyResourceId;

    // This test's Shopify tries a delivery 4 times: two deliveries failing make 8 in a row.
    for (const title of ['Été', 'Hiver']) {
      await shopify.control('PATCH', `collections/${collectionId}`, { title });
      await waitFor(async () => {
        const answer = await shopify.control<{
          deliveries: Array<{ uri: string; state: string; payload: { title?: string } }>;
        }>('GET', 'webhook-deliveries');
        return answer.body.deliveries.find(
          (item) => item.uri === failing && item.payload.title === title && item.state === 'failed',
        );
      }, `the ${title} delivery to fail`);
    }

    const after = await shopify.graphql<Listed>(token, listed, { uri: failing });
    expect(after.body.data!.webhookSubscriptions).toEqual({
      nodes: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    // The subscriptions whose deliveries succeed are kept.
    const kept = await shopify.graphql<Listed>(token, listed, {
      uri: `${receiverUrl}/webhooks/shopify`,
    });
    expect(kept.body.data!.webhookSubscriptions.nodes.map((node) => node.topic)).toContain(
      'PRODUCTS_UPDATE',
    );
  });

  it('sends nothing for a page change, as Shopify does', async () => {
    const before = received.length;
    expect(
      (await shopify.control('PATCH', 'pages/110000000001', { title: 'About Maison Exemple' }))
        .status,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.length).toBe(before);
  });

  it('sends shop/redact to the compliance address', async () => {
    const before = received.length;
    const answer = await shopify.control<{ webhookId: string }>('POST', 'shop-redact');
    const delivery = await waitFor(
      () =>
        received.slice(before).find((item) => item.headers['x-shopify-topic'] === 'shop/redact'),
      'shop/redact',
    );
    expect(delivery.headers['x-shopify-webhook-id']).toBe(answer.body.webhookId);
    expect(delivery.headers['x-shopify-hmac-sha256']).toBe(signatureOf(delivery.body));
    expect(JSON.parse(delivery.body)).toMatchObject({
      shop_domain: 'maison-exemple.myshopify.com',
    });
  });

  it('uninstalls the app on its own request: app/uninstalled sent, its token refused from then on', async () => {
    await shopify.graphql<SubscribeAnswer>(token, subscribe, {
      topic: 'APP_UNINSTALLED',
      uri: `${receiverUrl}/webhooks/shopify`,
    });
    const before = received.length;
    const response = await fetch(`${shopify.shopUrl()}/admin/api_permissions/current.json`, {
      method: 'DELETE',
      headers: { 'X-Shopify-Access-Token': token },
    });
    expect(response.status).toBe(200);
    const delivery = await waitFor(
      () =>
        received
          .slice(before)
          .find((item) => item.headers['x-shopify-topic'] === 'app/uninstalled'),
      'app/uninstalled',
    );
    expect(JSON.parse(delivery.body)).toMatchObject({
      myshopify_domain: 'maison-exemple.myshopify.com',
    });
    expect((await shopify.graphql(token, '{ shop { name } }')).status).toBe(401);
    expect(
      (await shopify.control<{ installed: boolean }>('GET', 'installation')).body.installed,
    ).toBe(false);
  });

  it('uninstalls the app through appUninstall too, the GraphQL way since 2025-07', async () => {
    const again = (await shopify.installApp()).access_token;
    const answer = await shopify.graphql<{
      appUninstall: { app: { apiKey: string } | null; userErrors: unknown[] };
    }>(again, 'mutation { appUninstall { app { apiKey } userErrors { code message } } }');
    expect(answer.body.data!.appUninstall).toEqual({
      app: { apiKey: shopify.app.apiKey },
      userErrors: [],
    });
    expect((await shopify.graphql(again, '{ shop { name } }')).status).toBe(401);
  });
});
