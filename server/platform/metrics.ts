import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The product's figures in Prometheus's text format, served by a listener of their own
 * (METRICS_PORT, bound to METRICS_HOST), never by the public BFF or API: they tell the load, the
 * routes and the queues of the deployment, which is nobody's business but its operators'.
 *
 * Two kinds of figures: what the servers count as requests pass (recordRequest), and what is read at
 * each scrape from where it already is (sampled figures: the database, the job queue, the pool), so
 * that every instance reports the same truth and nothing is counted twice.
 */

/** Which server answered: the BFF in front of the browser, or the product API behind it. */
export type ServerName = 'bff' | 'api';

/** One answered request, labelled by its route pattern (`/api/v1/shops/:shopId`), never its URL. */
export interface RequestFigure {
  server: ServerName;
  method: string;
  /** The route's pattern as registered, or `unmatched` when no route took the request. */
  route: string;
  status: number;
  seconds: number;
}

export type RecordRequest = (figure: RequestFigure) => void;

/** A value of a sampled figure, with its labels (a queue's name, a sync phase…). */
export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

export interface SampledFigure {
  /** `vitrine_…`, in Prometheus's snake case, with the unit last (`_seconds`). */
  name: string;
  help: string;
  labelNames?: string[];
  /** Read at each scrape. A failure leaves the figure without values for that scrape. */
  sample(): Promise<Sample[]>;
}

export interface Metrics {
  recordRequest: RecordRequest;
  addSampledFigures(figures: SampledFigure[]): void;
  /** The text Prometheus reads. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Methods Fastify routes; anything else is counted as `other`, so labels stay few. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** From a fast cached read to the API proxy's 10 s timeout. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: {
  onSampleError(name: string, error: unknown): void;
}): Metrics {
  const registry = new Registry();
  // The process's own: CPU, memory, event-loop delay, open handles.
  collectDefaultMetrics({ register: registry, prefix: 'vitrine_' });

  const requests = new Counter({
    name: 'vitrine_http_requests_total',
    help: 'Requests answered, by server, method, route pattern and status code.',
    labelNames: ['server', 'method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'vitrine_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by server, method and route pattern.',
    labelNames: ['server', 'method', 'route'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });

  return {
    recordRequest({ server, method, route, status, seconds }) {
      const knownMethod = knownMethods.has(method) ? method : 'other';
      requests.inc({ server, method: knownMethod, route, status: String(status) });
      durations.observe({ server, method: knownMethod, route }, seconds);
    },
    addSampledFigures(figures) {
      for (const figure of figures) {
        const gauge: Gauge<string> = new Gauge({
          name: figure.name,
          help: figure.help,
          labelNames: figure.labelNames ?? [],
          registers: [registry],
          async collect() {
            gauge.reset();
            let samples: Sample[];
            try {
              samples = await figure.sample();
            } catch (error) {
              options.onSampleError(figure.name, error);
              return;
            }
            for (const { labels, value } of samples) {
              if (labels === undefined) gauge.set(value);
              else gauge.set(labels, value);
            }
          },
        });
      }
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export interface MetricsListener {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/** Answers `GET /metrics` and nothing else, on its own port. */
export async function listenForScrapes(
  metrics: Metrics,
  address: { host: string; port: number },
  onError: (error: unknown) => void,
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Failed\n');
      },
    );
  });
  // Scrapes come every few seconds from one collector: no connection needs to linger.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as { address: string; port: number; family: string };
  const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${host}:${bound.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
