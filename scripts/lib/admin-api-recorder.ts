/**
 * A recording proxy between the product and the local Shopify, for the benchmarks that weigh what
 * the product asks of the Admin API (bench-blog-publish.ts): the product is given its address as
 * LOCAL_SHOPIFY_URL, and every request goes on to the local Shopify as it came, headers (the Host a
 * storefront request names among them) and body unchanged, the answer back as it came. Of each
 * GraphQL Admin API call it keeps what the answer reports, as the product received it: the
 * operation's name, `extensions.cost` (requested and actual cost, the bucket after the query) and
 * whether it was refused as THROTTLED. Nothing of the product is changed or wrapped.
 *
 * Only the Admin API's answers are read, and asked for without compression so that they can be; the
 * rest (storefronts, bulk files, OAuth) streams through untouched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RecordedAdminCall {
  /** The document's operation name (`ArticleCreate`…); `anonymous` when it has none. */
  operation: string;
  /** performance.now() when the answer came back. */
  answeredAt: number;
  /** The call's time through the proxy, in milliseconds. */
  ms: number;
  status: number;
  requestedQueryCost: number | null;
  /** Null when the query did not run (THROTTLED, too costly). */
  actualQueryCost: number | null;
  /** The bucket after the query, as the answer reports it. */
  currentlyAvailable: number | null;
  maximumAvailable: number | null;
  restoreRate: number | null;
  throttled: boolean;
}

export interface AdminApiRecorder {
  /** The proxy's address, to give the product in place of the local Shopify's. */
  url: string;
  /** Every Admin API call answered so far, in the order of their answers. */
  calls: RecordedAdminCall[];
  /** Admin API calls sent and not answered yet. */
  inFlight(): number;
  stop(): Promise<void>;
}

interface CostAnswer {
  errors?: Array<{ extensions?: { code?: string } }> | string;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      actualQueryCost?: number | null;
      throttleStatus?: {
        maximumAvailable?: number;
        currentlyAvailable?: number;
        restoreRate?: number;
      };
    };
  };
}

const adminGraphqlPath = /^\/[^/]+\/admin\/api\/[^/]+\/graphql\.json(\?|$)/;

function operationOf(body: Buffer): string {
  try {
    const { query, operationName } = JSON.parse(body.toString('utf8')) as {
      query?: string;
      operationName?: string;
    };
    if (typeof operationName === 'string') return operationName;
    return /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query ?? '')?.[1] ?? 'anonymous';
  } catch {
    return 'unreadable';
  }
}

function record(operation: string, status: number, body: Buffer, startedAt: number) {
  let answer: CostAnswer | undefined;
  try {
    answer = JSON.parse(body.toString('utf8')) as CostAnswer;
  } catch {
    answer = undefined;
  }
  const cost = answer?.extensions?.cost;
  const throttled =
    status === 429 ||
    (Array.isArray(answer?.errors) &&
      answer.errors.some((error) => error.extensions?.code === 'THROTTLED'));
  const answeredAt = performance.now();
  return {
    operation,
    answeredAt,
    ms: answeredAt - startedAt,
    status,
    requestedQueryCost: cost?.requestedQueryCost ?? null,
    actualQueryCost: cost?.actualQueryCost ?? null,
    currentlyAvailable: cost?.throttleStatus?.currentlyAvailable ?? null,
    maximumAvailable: cost?.throttleStatus?.maximumAvailable ?? null,
    restoreRate: cost?.throttleStatus?.restoreRate ?? null,
    throttled,
  } satisfies RecordedAdminCall;
}

export async function startAdminApiRecorder(target: string): Promise<AdminApiRecorder> {
  const upstream = new URL(target);
  const calls: RecordedAdminCall[] = [];
  let inFlight = 0;
  // Kept-alive connections to the local Shopify, as the product's own would be.
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const admin = request.method === 'POST' && adminGraphqlPath.test(request.url ?? '');
    const headers = { ...request.headers };
    if (admin) delete headers['accept-encoding'];
    const startedAt = performance.now();
    const requestChunks: Buffer[] = [];
    if (admin) {
      inFlight += 1;
      request.on('data', (chunk: Buffer) => requestChunks.push(chunk));
    }
    const forwarded = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        if (!admin) {
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          response.write(chunk);
        });
        answer.on('end', () => {
          calls.push(
            record(
              operationOf(Buffer.concat(requestChunks)),
              answer.statusCode ?? 0,
              Buffer.concat(chunks),
              startedAt,
            ),
          );
          inFlight -= 1;
          response.end();
        });
        answer.on('error', () => {
          inFlight -= 1;
          response.destroy();
        });
      },
    );
    forwarded.on('error', () => {
      if (admin) inFlight -= 1;
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    inFlight: () => inFlight,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
