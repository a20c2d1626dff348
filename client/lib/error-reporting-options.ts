import type { BrowserOptions, Event, ReplayFrameEvent } from '@sentry/react';
import { errorReporting } from '#shared/constants.ts';
import { ignoredErrors } from '#shared/error-reporting/ignored-errors.ts';
import {
  scrubAttributes,
  scrubBreadcrumb,
  scrubEvent,
} from '#shared/error-reporting/scrub-event.ts';
import { tracePropagationTargets } from '#shared/error-reporting/trace-propagation-targets.ts';
import type { ErrorReportingConfig } from './error-reporting.ts';

/**
 * The browser SDK's settings (docs/decisions/0007-client-error-reporting.md), as pure values and
 * functions so that they are tested without a browser; ./error-reporting-sdk.ts adds the
 * integrations and calls `init`. The numbers come from shared/constants.ts, the ignore list, the
 * scrubber and the trace targets from shared/error-reporting/, which the server uses too.
 */

/** Session replay's privacy settings: no text, no input value, no image or video. */
export const replayPrivacy = {
  maskAllText: true,
  maskAllInputs: true,
  blockAllMedia: true,
} as const;

export function sentryOptions(
  config: ErrorReportingConfig,
  buildId: string | undefined,
  publicUrl: string,
): BrowserOptions {
  return {
    dsn: config.dsn,
    // The tests fail on console output, and the SDK's own chatter is no use to a visitor.
    debug: false,
    environment: config.environment === '' ? errorReporting.defaultEnvironment : config.environment,
    release: config.release ?? buildId ?? errorReporting.defaultRelease,
    sampleRate: errorReporting.sampleRate,
    tracesSampleRate: config.production
      ? errorReporting.tracesSampleRate.production
      : errorReporting.tracesSampleRate.otherwise,
    replaysSessionSampleRate: config.production
      ? errorReporting.replaysSessionSampleRate.production
      : errorReporting.replaysSessionSampleRate.otherwise,
    replaysOnErrorSampleRate: errorReporting.replaysOnErrorSampleRate,
    maxBreadcrumbs: errorReporting.maxBreadcrumbs,
    maxValueLength: errorReporting.maxValueLength,
    normalizeDepth: errorReporting.normalizeDepth,
    ignoreErrors: [...ignoredErrors],
    tracePropagationTargets: tracePropagationTargets(publicUrl),
    // SDK 11 has no `sendDefaultPii`: `dataCollection` says what it may collect on its own.
    // Personal data off means no user info (no IP address inferred either). URLs keep no query
    // string, as the server's logs and reports do: the product's own pages carry one-time codes in
    // theirs (e-mail action links, OAuth callbacks), under names no list can foresee. Of the
    // request headers the browser gives, only the User-Agent is kept (the Referer may be another
    // site's URL).
    dataCollection: {
      userInfo: errorReporting.sendDefaultPii,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    // The SDK would otherwise rewrite the message of the app's own fetch errors ("Failed to fetch
    // (host)"), which the app may show or match on; only the report gets the host.
    enhanceFetchErrorMessages: 'report-only',
    // The scrubbing runs on whatever leaves, for what the SDK or the app attaches.
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    beforeSendSpan: (span) => ({ ...span, attributes: scrubAttributes(span.attributes) }),
  };
}

/** A URL without its query string; its path and fragment stay. */
export function withoutQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  return url.slice(0, queryStart) + (fragmentStart === -1 ? '' : url.slice(fragmentStart));
}

function mapUrl(value: unknown): unknown {
  return typeof value === 'string' ? withoutQuery(value) : value;
}

const urlDataFields = ['url', 'from', 'to'];

/**
 * Session replay records its own breadcrumbs and performance spans, outside the SDK's URL
 * filtering: a span's description is the URL of the page or resource, and span or breadcrumb data
 * may hold URLs. Those lose their query strings, and the data is scrubbed like the SDK's
 * breadcrumbs.
 */
export function scrubRecordingEvent(event: ReplayFrameEvent): ReplayFrameEvent {
  if (event.data.tag !== 'performanceSpan' && event.data.tag !== 'breadcrumb') return event;
  // The frames' many shapes share what matters here: an optional description and data record.
  const frame = event.data.payload as { op?: string; description?: string; data?: object };
  const scrubbed: typeof frame = { ...frame };
  const describesUrl =
    frame.op !== undefined &&
    (frame.op.startsWith('resource.') || frame.op.startsWith('navigation.'));
  if (describesUrl && frame.description !== undefined) {
    scrubbed.description = withoutQuery(frame.description);
  }
  if (frame.data !== undefined) {
    scrubbed.data = scrubUrlFields(scrubAttributes(frame.data as Record<string, unknown>));
  }
  return { ...event, data: { ...event.data, payload: scrubbed } } as ReplayFrameEvent;
}

function scrubUrlFields(data: Record<string, unknown>): Record<string, unknown> {
  const scrubbed = { ...data };
  for (const field of urlDataFields) {
    if (field in scrubbed) scrubbed[field] = mapUrl(scrubbed[field]);
  }
  return scrubbed;
}

/** A replay's own event lists the pages it went through: their URLs lose their query strings. */
export function scrubReplayEvent<ReplayEvent extends Event & { urls?: unknown }>(
  event: ReplayEvent,
): ReplayEvent {
  if (event.type !== 'replay_event' || !Array.isArray(event.urls)) return event;
  return { ...event, urls: event.urls.map(mapUrl) };
}
