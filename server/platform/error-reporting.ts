import * as Sentry from '@sentry/node';
import { errorReporting } from '#shared/constants.ts';
import { ignoredErrors } from '#shared/error-reporting/ignored-errors.ts';
import {
  scrubAttributes,
  scrubBreadcrumb,
  scrubEvent,
} from '#shared/error-reporting/scrub-event.ts';
import { tracePropagationTargets } from '#shared/error-reporting/trace-propagation-targets.ts';
import type { Config } from '#server/config.ts';
import { pathOf } from './request-path.ts';

/**
 * The server's error reports (Sentry), on only when SENTRY_DSN is set. The SDK is process-global, so
 * it is initialised once per process, before the apps are built; without a DSN it is never
 * initialised and every function here does nothing.
 */

export interface ErrorReportingOptions {
  /** Where reports go; unset keeps reporting off. */
  dsn?: string;
  production: boolean;
  environment: string;
  release: string;
  /** Its host (and subdomains) may receive trace headers. */
  publicUrl: string;
}

/** What a report says about the request that failed: never headers, cookies or body. */
export interface ErrorReportContext {
  requestId?: string;
  method?: string;
  /** The URL's path, without the query string. */
  path?: string;
  /** Anything else worth knowing; scrubbed like the rest of the report. */
  extra?: Record<string, unknown>;
}

/** A shutdown waits at most this long for reports still in flight. */
export const flushTimeoutMs = 2_000;

let enabled = false;

export function errorReportingOptions(config: Config): ErrorReportingOptions {
  return {
    ...(config.sentryDsn !== undefined && { dsn: config.sentryDsn }),
    production: config.mode === 'production',
    environment: config.sentryEnvironment,
    release: config.sentryRelease,
    publicUrl: config.publicUrl,
  };
}

/** Starts reporting when a DSN is given; returns whether reporting is on. */
export function initErrorReporting(options: ErrorReportingOptions): boolean {
  if (enabled || options.dsn === undefined) return enabled;
  Sentry.init({
    dsn: options.dsn,
    // The tests fail on console output, and the SDK's own chatter is no use in production logs.
    debug: false,
    environment: options.environment,
    release: options.release,
    sampleRate: errorReporting.sampleRate,
    tracesSampleRate: options.production
      ? errorReporting.tracesSampleRate.production
      : errorReporting.tracesSampleRate.otherwise,
    maxBreadcrumbs: errorReporting.maxBreadcrumbs,
    maxValueLength: errorReporting.maxValueLength,
    normalizeDepth: errorReporting.normalizeDepth,
    ignoreErrors: [...ignoredErrors],
    tracePropagationTargets: tracePropagationTargets(options.publicUrl),
    // SDK 11 has no `sendDefaultPii`; personal data is switched off here instead. Headers, cookies and
    // bodies are not collected at all: a report says which request failed, not what it carried.
    dataCollection: {
      userInfo: errorReporting.sendDefaultPii,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    integrations: [
      // The apps' error handlers report, with the request id, and only what becomes a 5xx; the SDK's
      // own capture of Fastify errors would send each failure a second time, without that id.
      Sentry.fastifyIntegration({ shouldHandleError: () => false }),
      // The SDK's default ('warn') would keep the process alive after an unhandled rejection; Node's
      // own behaviour, which this process relies on, is to stop.
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
    // The scrubbing is the last line of defence, for whatever data the SDK or a caller attaches.
    beforeSend: (event) => withoutQueryStrings(scrubEvent(event)),
    beforeSendSpan: (span) => ({
      ...span,
      attributes: attributesWithoutQueries(scrubAttributes(span.attributes)),
    }),
    beforeBreadcrumb: (breadcrumb) => {
      const scrubbed = scrubBreadcrumb(breadcrumb);
      return scrubbed.data === undefined
        ? scrubbed
        : { ...scrubbed, data: attributesWithoutQueries(scrubbed.data) };
    },
  });
  enabled = true;
  return enabled;
}

/**
 * The server goes further than the shared scrubber: its URLs carry one-time codes and keys under many
 * names (oobCode, apiKey, OAuth code and state, HMACs), so a report keeps no query string at all.
 */
const urlAttributeNames = ['url', 'url.full', 'url.path', 'http.url', 'http.target'];
const queryAttributeNames = ['url.query', 'http.query'];

function attributesWithoutQueries<Attributes extends Record<string, unknown>>(
  attributes: Attributes,
): Attributes {
  const stripped: Record<string, unknown> = { ...attributes };
  for (const name of queryAttributeNames) delete stripped[name];
  for (const name of urlAttributeNames) {
    const value = stripped[name];
    if (typeof value === 'string') stripped[name] = pathOf(value);
  }
  return stripped as Attributes;
}

function withoutQueryStrings<Event extends Sentry.ErrorEvent>(event: Event): Event {
  if (event.request === undefined) return event;
  const { query_string: _queryString, ...request } = event.request;
  if (request.url !== undefined) request.url = pathOf(request.url);
  return { ...event, request };
}

/** Reports a failure, with what is known of the request it broke. */
export function reportError(error: unknown, context: ErrorReportContext = {}): void {
  if (!enabled) return;
  const tags: Record<string, string> = {};
  if (context.requestId !== undefined) tags.request_id = context.requestId;
  if (context.method !== undefined) tags['http.method'] = context.method;
  if (context.path !== undefined) tags['url.path'] = context.path;
  Sentry.captureException(error, {
    tags,
    ...(context.extra !== undefined && { extra: context.extra }),
  });
}

/** The request id, method and path of a Fastify request; the query string may carry secrets. */
export function requestReportContext(request: {
  id: string;
  method: string;
  url: string;
}): ErrorReportContext {
  return { requestId: request.id, method: request.method, path: pathOf(request.url) };
}

/** Waits until the reports already made are sent, or the timeout passes. */
export async function flushErrorReports(timeoutMs: number = flushTimeoutMs): Promise<void> {
  if (!enabled) return;
  await Sentry.flush(timeoutMs);
}

/** Flushes and stops reporting; initErrorReporting may start it again (tests do). */
export async function closeErrorReporting(timeoutMs: number = flushTimeoutMs): Promise<void> {
  if (!enabled) return;
  enabled = false;
  await Sentry.close(timeoutMs);
}
