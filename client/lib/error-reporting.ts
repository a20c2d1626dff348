import type { RuntimeConfig } from '#shared/runtime-config.ts';

/**
 * The client's error reports (Sentry, docs/decisions/0007-client-error-reporting.md), on only when
 * the runtime configuration names a DSN. This module sits in the entry chunk and stays tiny: the
 * SDK is a chunk of its own (./error-reporting-sdk.ts), fetched only when reporting is on, so a
 * page served without a DSN never downloads it. Until that chunk has arrived, what the app reports
 * (error boundaries, early uncaught errors) and the signed-in user are kept here, then handed over.
 */

export type ErrorReportingConfig = NonNullable<RuntimeConfig['errorReporting']>;

/** Who met the error: the Firebase uid and the e-mail, so that support can find the person. */
export interface ReportedUser {
  id: string;
  email: string | null;
}

/** What the SDK chunk hands back once it is initialised. */
export interface ErrorReporter {
  captureError(error: unknown): void;
  setUser(user: ReportedUser | null): void;
}

/** Loads and initialises the SDK; undefined when the chunk could not be had. */
export type LoadErrorReporter = (
  config: ErrorReportingConfig,
  buildId: string | undefined,
  publicUrl: string | undefined,
) => Promise<ErrorReporter | undefined>;

/**
 * Listens for uncaught errors and unhandled rejections until the SDK installs its own handlers;
 * returns how to stop listening.
 */
export type ListenForUncaughtErrors = (onError: (error: unknown) => void) => () => void;

/**
 * Errors kept while the SDK loads. A render loop can throw thousands of times in that second; the
 * first few say what went wrong, and the rest would only hold memory.
 */
export const maxQueuedErrors = 30;

export interface ErrorReporting {
  start(
    config: RuntimeConfig['errorReporting'],
    buildId: string | undefined,
    publicUrl?: string,
  ): void;
  reportError(error: unknown): void;
  setReportedUser(user: ReportedUser | null): void;
}

/**
 * The queue between the app and the SDK, with its browser dependencies given as arguments. Before
 * `start`, and while the SDK loads, errors are queued (at most maxQueuedErrors) and only the latest
 * user is kept; once loaded, the user is set first, so that the queued errors carry it, then the
 * errors are captured in order. Without a DSN, or when the SDK cannot be loaded, everything queued
 * is dropped and later calls do nothing.
 */
export function createErrorReporting(
  load: LoadErrorReporter,
  listenForUncaughtErrors?: ListenForUncaughtErrors,
): ErrorReporting {
  let state: 'waiting' | 'loading' | 'ready' | 'off' = 'waiting';
  let reporter: ErrorReporter | undefined;
  let queuedErrors: unknown[] = [];
  let queuedUser: { user: ReportedUser | null } | undefined;
  let stopListening: (() => void) | undefined;

  function queueError(error: unknown): void {
    if (queuedErrors.length < maxQueuedErrors) queuedErrors.push(error);
  }

  function turnOff(): void {
    state = 'off';
    stopListening?.();
    stopListening = undefined;
    queuedErrors = [];
    queuedUser = undefined;
  }

  function handOver(loaded: ErrorReporter): void {
    // The SDK's global handlers are installed by now; ours would report the same errors twice.
    stopListening?.();
    stopListening = undefined;
    reporter = loaded;
    state = 'ready';
    if (queuedUser !== undefined) loaded.setUser(queuedUser.user);
    for (const error of queuedErrors) loaded.captureError(error);
    queuedErrors = [];
    queuedUser = undefined;
  }

  return {
    start(config, buildId, publicUrl) {
      if (state !== 'waiting') return;
      if (config === null) {
        turnOff();
        return;
      }
      state = 'loading';
      stopListening = listenForUncaughtErrors?.(queueError);
      load(config, buildId, publicUrl).then(
        (loaded) => (loaded === undefined ? turnOff() : handOver(loaded)),
        // Reporting is best effort: a report that the reporter failed to load could not be sent.
        () => turnOff(),
      );
    },
    reportError(error) {
      if (state === 'ready') reporter?.captureError(error);
      else if (state !== 'off') queueError(error);
    },
    setReportedUser(user) {
      if (state === 'ready') reporter?.setUser(user);
      else if (state !== 'off') queuedUser = { user };
    },
  };
}

/**
 * Uncaught errors thrown before the SDK is there (during the app start). Rejections whose reason is
 * not an Error are left out, as the SDK leaves them out ("Non-Error promise rejection captured" is
 * on the ignore list of shared/error-reporting/), and so are cross-origin "Script error." events,
 * which carry no error.
 */
function listenForEarlyErrors(onError: (error: unknown) => void): () => void {
  const onUncaught = (event: ErrorEvent): void => {
    if (event.error instanceof Error) onError(event.error);
  };
  const onRejection = (event: PromiseRejectionEvent): void => {
    if (event.reason instanceof Error) onError(event.reason);
  };
  window.addEventListener('error', onUncaught);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onUncaught);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

const errorReporting = createErrorReporting(async (config, buildId, publicUrl) => {
  // Vite's preload helper resolves to undefined when a 'vite:preloadError' listener (the chunk-load
  // recovery) cancels the failure instead of letting the import reject.
  const sdk: typeof import('./error-reporting-sdk.ts') | undefined =
    await import('./error-reporting-sdk.ts');
  return sdk?.initErrorReportingSdk(config, buildId, publicUrl);
}, listenForEarlyErrors);

/**
 * Called once by the app start with the runtime configuration's `errorReporting` and the build id.
 * `publicUrl` (the product's origin, for trace headers) defaults to the page's own origin.
 */
export function startErrorReporting(
  config: RuntimeConfig['errorReporting'],
  buildId: string | undefined,
  publicUrl?: string,
): void {
  errorReporting.start(config, buildId, publicUrl);
}

/** An error the app caught (error boundaries); the SDK's global handlers catch the uncaught ones. */
export function reportError(error: unknown): void {
  errorReporting.reportError(error);
}

/** The signed-in user, or null after sign-out; called whenever the auth state changes. */
export function setReportedUser(user: ReportedUser | null): void {
  errorReporting.setReportedUser(user);
}
