import { setTimeout as sleepFor } from 'node:timers/promises';
import { AppError } from '#shared/errors.ts';

/**
 * A client of one store's GraphQL Admin API. It keeps to the store's rate limit rather than running
 * into it, and it loses no request:
 *
 * - Shopify limits each app on each store with a leaky bucket of cost points, and reports it with
 *   every answer (`extensions.cost.throttleStatus`: maximumAvailable, currentlyAvailable,
 *   restoreRate). The client keeps that state, takes a query's expected cost from it before sending
 *   (what the same document cost last time), and waits for the bucket to refill when it would not
 *   hold the cost, so that requests sent together share the budget instead of each being refused.
 * - A refusal for cost (`THROTTLED`, whether answered 200 or 429) is not a failure: the request is
 *   sent again once the bucket holds its cost, as many times as it takes.
 * - A server error (5xx) or a network failure is retried with exponential backoff; after the last
 *   attempt the call fails with `shopify_unavailable`.
 * - 401 means Shopify no longer accepts the token sent: `onUnauthorized` is told which one. The
 *   shops area refreshes the pair (or finds it replaced by another process meanwhile), and the
 *   request is sent once more with the current token; a second 401 fails the call with
 *   `shopify_refused`, nothing more refreshed or ended. When Shopify refused the refresh itself, the
 *   store needs reconnection and the call fails with `shop_needs_reconnecting`.
 *
 * The token is asked for on every attempt (`accessToken()`), so a token refreshed meanwhile is used.
 * When none can be had (the store was disconnected or must be reconnected, or its refresh failed),
 * the call fails at once with the error that says why: nothing was sent, and the retries here are
 * for the Admin API's failures, not for those of the store's access.
 */

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

export interface AdminClientOptions {
  /** `${shopUrl(shop)}/admin/api/${apiVersion}/graphql.json`. */
  endpoint: string;
  /** A valid token for this store, asked for before each attempt. */
  accessToken(): Promise<string>;
  /**
   * Shopify answered 401 to `refusedToken`: `ended` when the store's connection is over, `replaced`
   * when the store holds another token since (refreshed), with which the request is sent once more.
   */
  onUnauthorized(refusedToken: string): Promise<'ended' | 'replaced'>;
  /** Attempts for a server or network failure (THROTTLED is retried without limit). Default 6. */
  maxAttempts?: number;
  /** First backoff delay after a server or network failure, doubled each time. Default 1000 ms. */
  backoffMs?: number;
  /** No single attempt waits longer than this for an answer. Default 60 s. */
  timeoutMs?: number;
  /** Tests observe the waits; default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock the bucket refills by; default Date.now. */
  now?: () => number;
}

export interface AdminRequestOptions {
  /** The cost expected when this document was never sent before; default 10 points. */
  expectedCost?: number;
}

export interface AdminClient {
  /** Sends a document and resolves with its `data`, or throws an AppError as described above. */
  request<Data>(
    document: string,
    variables?: Record<string, unknown>,
    options?: AdminRequestOptions,
  ): Promise<Data>;
  /** The bucket as last reported, refilled to now; undefined before the first answer. */
  bucket(): ThrottleStatus | undefined;
}

/** A GraphQL error Shopify answered besides throttling: a bug of the document, never retried. */
export class AdminQueryError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(`Shopify refused the query: ${messages.join('; ')}`);
    this.name = 'AdminQueryError';
    this.messages = messages;
  }
}

interface GraphqlAnswer {
  data?: unknown;
  errors?: Array<{ message?: string; extensions?: { code?: string } }> | string;
  extensions?: { cost?: QueryCost };
}

const defaultExpectedCost = 10;
/** A throttled answer without a throttle status: wait this long before trying again. */
const throttledFallbackWaitMs = 1000;

function isThrottled(status: number, answer: GraphqlAnswer | undefined): boolean {
  if (status === 429) return true;
  return (
    Array.isArray(answer?.errors) &&
    answer.errors.some((error) => error.extensions?.code === 'THROTTLED')
  );
}

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms).then(() => undefined));
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 6;
  const backoffMs = options.backoffMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  /** What each document cost last time (requestedQueryCost), by its text. */
  const lastCosts = new Map<string, number>();

  let known: { status: ThrottleStatus; at: number } | undefined;
  /** Points taken by requests sent and not answered yet, which the last report does not show. */
  let reserved = 0;

  const available = (): number | undefined => {
    if (known === undefined) return undefined;
    const refilled =
      known.status.currentlyAvailable + ((now() - known.at) / 1000) * known.status.restoreRate;
    return Math.min(known.status.maximumAvailable, refilled) - reserved;
  };

  const record = (cost: QueryCost | undefined) => {
    if (cost?.throttleStatus === undefined) return;
    known = { status: { ...cost.throttleStatus }, at: now() };
  };

  /**
   * Waits until the bucket holds `cost` (capped at its size, which it can always reach), then takes
   * it in the same step, so that requests waiting together do not all see the same refill.
   */
  const take = async (cost: number): Promise<number> => {
    for (;;) {
      const points = available();
      if (points === undefined || known === undefined) {
        reserved += cost;
        return cost;
      }
      const needed = Math.min(cost, known.status.maximumAvailable);
      if (points >= needed) {
        reserved += needed;
        return needed;
      }
      if (known.status.restoreRate <= 0) {
        // A bucket reported as not refilling: wait a second and let Shopify's answer say more.
        await sleep(throttledFallbackWaitMs);
        reserved += needed;
        return needed;
      }
      await sleep(Math.ceil(((needed - points) / known.status.restoreRate) * 1000));
    }
  };

  const post = async (
    document: string,
    variables: Record<string, unknown> | undefined,
    token: string,
  ) => {
    const response = await fetch(options.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-shopify-access-token': token,
      },
      body: JSON.stringify({ query: document, variables: variables ?? {} }),
      // A redirect would carry the access token to wherever it points: the Admin API never sends one.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let answer: GraphqlAnswer | undefined;
    try {
      answer = JSON.parse(text) as GraphqlAnswer;
    } catch {
      answer = undefined;
    }
    return {
      status: response.status,
      answer,
      retryAfter: response.headers.get('retry-after'),
      token,
    };
  };

  return {
    bucket() {
      const points = available();
      return known === undefined || points === undefined
        ? undefined
        : { ...known.status, currentlyAvailable: points + reserved };
    },

    async request<Data>(
      document: string,
      variables?: Record<string, unknown>,
      requestOptions: AdminRequestOptions = {},
    ): Promise<Data> {
      let failures = 0;
      let sentAgainWithReplacement = false;
      for (;;) {
        const token = await options.accessToken();
        const expected =
          lastCosts.get(document) ?? requestOptions.expectedCost ?? defaultExpectedCost;
        const taken = await take(expected);
        let result: Awaited<ReturnType<typeof post>> | undefined;
        let networkError: unknown;
        try {
          result = await post(document, variables, token);
        } catch (error) {
          networkError = error;
        } finally {
          reserved -= taken;
        }

        if (result !== undefined) {
          const { status, answer } = result;
          const cost = answer?.extensions?.cost;
          record(cost);
          if (cost?.requestedQueryCost !== undefined) {
            lastCosts.set(document, cost.requestedQueryCost);
          }
          if (status === 401) {
            // A token just refreshed and refused too: refreshing again would not end the refusals.
            if (sentAgainWithReplacement) {
              throw new AppError('shopify_refused', 502, {
                message: 'Shopify refused the store’s access token twice, replaced in between',
              });
            }
            const outcome = await options.onUnauthorized(result.token);
            if (outcome === 'ended') {
              throw new AppError('shop_needs_reconnecting', 409, {
                message: 'Shopify no longer accepts the store’s access token',
              });
            }
            sentAgainWithReplacement = true;
            continue;
          }
          if (isThrottled(status, answer)) {
            // Not a failure: wait for the refill the answer asks for, then send it again.
            const retryAfterSeconds = Number(result.retryAfter);
            if (cost === undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0) {
              await sleep(retryAfterSeconds * 1000);
            } else if (cost === undefined) {
              await sleep(throttledFallbackWaitMs);
            }
            continue;
          }
          if (status >= 200 && status < 300 && answer !== undefined) {
            if (Array.isArray(answer.errors) && answer.errors.length > 0) {
              throw new AdminQueryError(answer.errors.map((error) => error.message ?? 'error'));
            }
            return answer.data as Data;
          }
          if (status < 500 && status !== 408) {
            throw new AppError('shopify_refused', 502, {
              message: `Shopify answered ${status} to an Admin API query`,
            });
          }
        }

        failures += 1;
        if (failures >= maxAttempts) {
          throw new AppError('shopify_unavailable', 503, {
            message: `Shopify's Admin API failed ${failures} times in a row`,
            ...(networkError !== undefined && { cause: networkError }),
          });
        }
        await sleep(backoffMs * 2 ** (failures - 1));
      }
    },
  };
}
