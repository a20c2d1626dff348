import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors.ts';
import { createAdminClient, type AdminClient } from '#server/platform/shopify/admin-client.ts';

/**
 * The Admin API client against a small HTTP server that answers as Shopify's GraphQL endpoint does
 * about cost. Protocol fixture: a leaky bucket per app and store (maximumAvailable, restoreRate);
 * every answer carries `extensions.cost = { requestedQueryCost, actualQueryCost, throttleStatus:
 * { maximumAvailable, currentlyAvailable, restoreRate } }`; a query costing more than what is
 * available is refused with `{"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED",
 * "documentation":"https://shopify.dev/api/usage/rate-limits"}}],"extensions":{"cost":{…,
 * "actualQueryCost":null}}}` and no `data`, as HTTP 200 (or 429, since Shopify's status for it is not
 * documented); a bad token is 401 `{"errors":"[API] Invalid API key or access token (unrecognized
 * login or wrong password)"}`.
 */

interface Fixture {
  url: string;
  /** Answers by kind, in the order given. */
  answers: Array<'data' | 'throttled' | 'server error' | 'unauthorized'>;
  tokens: string[];
  setBucket(maximumAvailable: number, restoreRate: number): void;
  /** How the next answers behave instead of the bucket: forced statuses, consumed in order. */
  force: Array<'server error' | 'unauthorized' | 'throttled 429'>;
  close(): Promise<void>;
}

const servers: Fixture[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startFixture(options: {
  cost: number;
  maximumAvailable: number;
  restoreRate: number;
}) {
  let maximumAvailable = options.maximumAvailable;
  let restoreRate = options.restoreRate;
  let available = maximumAvailable;
  let at = Date.now();
  const refill = () => {
    const now = Date.now();
    available = Math.min(maximumAvailable, available + ((now - at) / 1000) * restoreRate);
    at = now;
  };
  const answers: Fixture['answers'] = [];
  const tokens: string[] = [];
  const force: Fixture['force'] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      tokens.push(String(request.headers['x-shopify-access-token']));
      const { variables } = JSON.parse(body) as { variables: { n?: number } };
      const forced = force.shift();
      if (forced === 'server error') {
        answers.push('server error');
        response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Unavailable</h1>');
        return;
      }
      if (forced === 'unauthorized') {
        answers.push('unauthorized');
        response.writeHead(401, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          }),
        );
        return;
      }
      refill();
      const throttleStatus = () => ({
        maximumAvailable,
        currentlyAvailable: available,
        restoreRate,
      });
      if (forced === 'throttled 429' || available < options.cost) {
        answers.push('throttled');
        response
          .writeHead(forced === 'throttled 429' ? 429 : 200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({
              errors: [
                {
                  message: 'Throttled',
                  extensions: {
                    code: 'THROTTLED',
                    documentation: 'https://shopify.dev/api/usage/rate-limits',
                  },
                },
              ],
              extensions: {
                cost: {
                  requestedQueryCost: options.cost,
                  actualQueryCost: null,
                  throttleStatus: throttleStatus(),
                },
              },
            }),
          );
        return;
      }
      available -= options.cost;
      answers.push('data');
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          data: { echo: variables.n ?? null },
          extensions: {
            cost: {
              requestedQueryCost: options.cost,
              actualQueryCost: options.cost,
              throttleStatus: throttleStatus(),
            },
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fixture: Fixture = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/maison-exemple.myshopify.com/admin/api/2026-10/graphql.json`,
    answers,
    tokens,
    force,
    setBucket(max, rate) {
      refill();
      maximumAvailable = max;
      restoreRate = rate;
      available = Math.min(available, max);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  servers.push(fixture);
  return fixture;
}

function clientOf(
  fixture: Fixture,
  overrides: Partial<Parameters<typeof createAdminClient>[0]> = {},
) {
  const unauthorized: number[] = [];
  let tokenNumber = 0;
  const client: AdminClient = createAdminClient({
    endpoint: fixture.url,
    accessToken: async () => `shpat_token_${(tokenNumber += 1)}`,
    onUnauthorized: async () => {
      unauthorized.push(Date.now());
      return 'ended';
    },
    backoffMs: 5,
    ...overrides,
  });
  return { client, unauthorized };
}

const query = 'query Echo($n: Int) { echo(n: $n) }';

describe('the Admin API client and Shopify’s cost limit', () => {
  it('loses no request when many are sent at once over the budget: each is answered with its own data', async () => {
    // A bucket of 100 points refilling 1000 points a second, queries of 30: four fit at once.
    const fixture = await startFixture({ cost: 30, maximumAvailable: 100, restoreRate: 1000 });
    const { client } = clientOf(fixture);

    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) => client.request<{ echo: number }>(query, { n })),
    );

    expect(results.map((result) => result.echo)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(fixture.answers.filter((answer) => answer === 'data')).toHaveLength(40);
  });

  it('once it knows a query’s cost and the bucket, waits for the refill instead of being refused', async () => {
    const fixture = await startFixture({ cost: 30, maximumAvailable: 100, restoreRate: 1000 });
    const { client } = clientOf(fixture);
    await client.request(query, { n: 0 });
    const throttledBefore = fixture.answers.filter((answer) => answer === 'throttled').length;

    await Promise.all(Array.from({ length: 30 }, (_, n) => client.request(query, { n })));

    expect(fixture.answers.filter((answer) => answer === 'throttled').length).toBe(throttledBefore);
    expect(client.bucket()).toMatchObject({ maximumAvailable: 100, restoreRate: 1000 });
  });

  it('follows a bucket that shrinks (a plan change) from the throttle status Shopify reports', async () => {
    const fixture = await startFixture({ cost: 30, maximumAvailable: 1000, restoreRate: 1000 });
    const { client } = clientOf(fixture);
    await client.request(query, { n: 0 });
    fixture.setBucket(60, 300);

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) => client.request<{ echo: number }>(query, { n })),
    );

    expect(results.map((result) => result.echo)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    expect(client.bucket()).toMatchObject({ maximumAvailable: 60, restoreRate: 300 });
  });

  it('treats THROTTLED answered as HTTP 429 the same way', async () => {
    const fixture = await startFixture({ cost: 10, maximumAvailable: 100, restoreRate: 1000 });
    const { client } = clientOf(fixture);
    fixture.force.push('throttled 429', 'throttled 429');

    expect(await client.request(query, { n: 7 })).toEqual({ echo: 7 });
    expect(fixture.answers).toEqual(['throttled', 'throttled', 'data']);
  });

  it('retries a server error with backoff, asking for the token again on each attempt', async () => {
    const fixture = await startFixture({ cost: 10, maximumAvailable: 100, restoreRate: 1000 });
    const { client } = clientOf(fixture);
    fixture.force.push('server error', 'server error');

    expect(await client.request(query, { n: 3 })).toEqual({ echo: 3 });
    expect(fixture.answers).toEqual(['server error', 'server error', 'data']);
    expect(fixture.tokens).toEqual(['shpat_token_1', 'shpat_token_2', 'shpat_token_3']);
  });

  it('gives up with shopify_unavailable when the server keeps failing', async () => {
    const fixture = await startFixture({ cost: 10, maximumAvailable: 100, restoreRate: 1000 });
    const { client } = clientOf(fixture, { maxAttempts: 3 });
    fixture.force.push('server error', 'server error', 'server error', 'server error');

    const failure = await client.request(query).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'shopify_unavailable' });
    expect(fixture.answers).toEqual(['server error', 'server error', 'server error']);
  });

  it('reports a refused token once, does not retry it, and fails with shop_needs_reconnecting', async () => {
    const fixture = await startFixture({ cost: 10, maximumAvailable: 100, restoreRate: 1000 });
    const { client, unauthorized } = clientOf(fixture);
    fixture.force.push('unauthorized');

    const failure = await client.request(query).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'shop_needs_reconnecting', statusCode: 409 });
    expect(unauthorized).toHaveLength(1);
    expect(fixture.answers).toEqual(['unauthorized']);
  });

  it('sends the request once more when the refused token was replaced meanwhile, naming the refused one', async () => {
    const fixture = await startFixture({ cost: 10, maximumAvailable: 100, restoreRate: 1000 });
    const refused: string[] = [];
    const { client } = clientOf(fixture, {
      onUnauthorized: async (token) => {
        refused.push(token);
        return 'replaced';
      },
    });
    fixture.force.push('unauthorized');

    expect(await client.request(query, { n: 7 })).toEqual({ echo: 7 });
    expect(refused).toEqual(['shpat_token_1']);
    expect(fixture.tokens).toEqual(['shpat_token_1', 'shpat_token_2']);
  });

  it('sends it once more only: a second refusal fails the call, nothing refreshed again or ended', async () => {
    const fixture = await startFixture({ cost: 10, maximumAvailable: 100, restoreRate: 1000 });
    const refused: string[] = [];
    const { client } = clientOf(fixture, {
      onUnauthorized: async (token) => {
        refused.push(token);
        return 'replaced';
      },
    });
    fixture.force.push('unauthorized', 'unauthorized', 'unauthorized');

    const failure = await client.request(query).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'shopify_refused', statusCode: 502 });
    expect(refused).toEqual(['shpat_token_1']);
    expect(fixture.answers).toEqual(['unauthorized', 'unauthorized']);
  });

  it('fails at once with the shops area’s own error when no token can be had, sending nothing', async () => {
    const fixture = await startFixture({ cost: 10, maximumAvailable: 100, restoreRate: 1000 });
    const gone = new AppError('shop_not_found', 404, { message: 'No such store on this account' });
    const waits: number[] = [];
    const { client } = clientOf(fixture, {
      accessToken: () => Promise.reject(gone),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });

    expect(await client.request(query).catch((error: unknown) => error)).toBe(gone);
    expect(fixture.answers).toEqual([]);
    expect(waits).toEqual([]);
  });
});
