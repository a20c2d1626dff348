/// <reference types="vite/client" />
// (For the `?url` import below, also when the Node-side typecheck reaches this file through a
// test.)
import * as Sentry from '@sentry/react';
// Replay compresses its recordings in a worker. The SDK would start it from a blob: URL, which the
// CSP forbids (workers fall under script-src 'self'); served as a file of the build, it is allowed.
import replayWorkerUrl from '@sentry/replay/worker-bundler?url';
import type { ErrorReporter, ErrorReportingConfig, ReportedUser } from './error-reporting.ts';
import {
  replayPrivacy,
  scrubRecordingEvent,
  scrubReplayEvent,
  sentryOptions,
} from './error-reporting-options.ts';

/**
 * The Sentry browser SDK, in a chunk of its own that ./error-reporting.ts imports only when the
 * runtime configuration names a DSN. Initialised once; the page's origin is the product's own
 * domain for trace headers unless the app start says otherwise.
 */
export function initErrorReportingSdk(
  config: ErrorReportingConfig,
  buildId: string | undefined,
  publicUrl: string = window.location.origin,
): ErrorReporter {
  Sentry.init({
    ...sentryOptions(config, buildId, publicUrl),
    integrations: [
      // Plain, not the react-router variant: that one must wrap the router when it is created, and
      // the router exists before this chunk arrives. The product's paths have no parameters, so the
      // pathname a span is named after is the route already.
      Sentry.browserTracingIntegration({
        // In memory, not in sessionStorage: the browser keeps only what
        // docs/decisions/0008-consent-and-browser-storage.md lists.
        linkPreviousTrace: 'in-memory',
      }),
      Sentry.replayIntegration({
        ...replayPrivacy,
        // Not in sessionStorage either; a replay ends with its page load.
        stickySession: false,
        workerUrl: replayWorkerUrl,
        beforeAddRecordingEvent: scrubRecordingEvent,
      }),
      // An error's own fields (an ApiError's status and code) say what failed; they are scrubbed
      // with the rest of the event.
      Sentry.extraErrorDataIntegration(),
    ],
  });
  Sentry.addEventProcessor((event) => scrubReplayEvent(event));
  return {
    captureError: (error) => {
      Sentry.captureException(error);
    },
    setUser: (user: ReportedUser | null) => {
      Sentry.setUser(
        user === null ? null : { id: user.id, ...(user.email !== null && { email: user.email }) },
      );
    },
  };
}
