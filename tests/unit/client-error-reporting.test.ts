import type { BrowserOptions, ErrorEvent, ReplayFrameEvent } from '@sentry/react';
import { describe, expect, it, vi } from 'vitest';
import {
  replayPrivacy,
  scrubRecordingEvent,
  scrubReplayEvent,
  sentryOptions,
  withoutQuery,
} from '#client/lib/error-reporting-options.ts';
import {
  createErrorReporting,
  maxQueuedErrors,
  type ErrorReporter,
  type ErrorReportingConfig,
  type ReportedUser,
} from '#client/lib/error-reporting.ts';

type StreamedSpanJSON = Parameters<NonNullable<BrowserOptions['beforeSendSpan']>>[0];

const config: ErrorReportingConfig = {
  dsn: 'https://public@o1.ingest.example/2',
  environment: 'staging',
  release: 'vitrine@1.2.3',
  production: false,
};

/** A fake SDK that records what it was given, in order. */
function recordingReporter() {
  const calls: Array<['error', unknown] | ['user', ReportedUser | null]> = [];
  const reporter: ErrorReporter = {
    captureError: (error) => calls.push(['error', error]),
    setUser: (user) => calls.push(['user', user]),
  };
  return { calls, reporter };
}

/** A load the test resolves or rejects when it chooses. */
function deferredLoad() {
  let resolve!: (reporter: ErrorReporter | undefined) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<ErrorReporter | undefined>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const load = vi.fn(() => promise);
  return { load, resolve, reject, settled: () => promise.then(flush, flush) };
}

async function flush(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const alice: ReportedUser = { id: 'uid-alice', email: 'alice@example.com' };
const bob: ReportedUser = { id: 'uid-bob', email: null };

describe('the queue in front of the SDK', () => {
  it('keeps errors and the latest user until the SDK has loaded, then sets the user first', async () => {
    const { load, resolve, settled } = deferredLoad();
    const { calls, reporter } = recordingReporter();
    const reporting = createErrorReporting(load);
    const first = new Error('first');
    const second = new Error('second');

    reporting.reportError(first);
    reporting.setReportedUser(alice);
    reporting.start(config, 'build-7', 'https://vitrine.example');
    reporting.setReportedUser(bob);
    reporting.reportError(second);
    expect(calls).toEqual([]);

    resolve(reporter);
    await settled();

    expect(load).toHaveBeenCalledOnce();
    expect(load).toHaveBeenCalledWith(config, 'build-7', 'https://vitrine.example');
    expect(calls).toEqual([
      ['user', bob],
      ['error', first],
      ['error', second],
    ]);
  });

  it('replays a sign-out made before the SDK loaded: the latest user wins, even null', async () => {
    const { load, resolve, settled } = deferredLoad();
    const { calls, reporter } = recordingReporter();
    const reporting = createErrorReporting(load);

    reporting.start(config, undefined);
    reporting.setReportedUser(alice);
    reporting.setReportedUser(null);
    resolve(reporter);
    await settled();

    expect(calls).toEqual([['user', null]]);
  });

  it('sets no user when none was given', async () => {
    const { load, resolve, settled } = deferredLoad();
    const { calls, reporter } = recordingReporter();
    const reporting = createErrorReporting(load);
    const error = new Error('alone');

    reporting.start(config, undefined);
    reporting.reportError(error);
    resolve(reporter);
    await settled();

    expect(calls).toEqual([['error', error]]);
  });

  it('forwards at once once the SDK is there', async () => {
    const { calls, reporter } = recordingReporter();
    const reporting = createErrorReporting(() => Promise.resolve(reporter));
    reporting.start(config, undefined);
    await flush();
    const error = new Error('later');

    reporting.setReportedUser(alice);
    reporting.reportError(error);
    reporting.setReportedUser(null);

    expect(calls).toEqual([
      ['user', alice],
      ['error', error],
      ['user', null],
    ]);
  });

  it('keeps at most maxQueuedErrors errors, the first ones', async () => {
    const { load, resolve, settled } = deferredLoad();
    const { calls, reporter } = recordingReporter();
    const reporting = createErrorReporting(load);
    reporting.start(config, undefined);

    for (let index = 0; index < maxQueuedErrors + 10; index += 1) reporting.reportError(index);
    resolve(reporter);
    await settled();

    expect(calls).toEqual(Array.from({ length: maxQueuedErrors }, (_, index) => ['error', index]));
  });

  it('loads the SDK once, however often it is started', async () => {
    const { calls, reporter } = recordingReporter();
    const load = vi.fn(() => Promise.resolve(reporter));
    const reporting = createErrorReporting(load);

    reporting.start(config, undefined);
    reporting.start(config, undefined);
    reporting.start(null, undefined);
    await flush();

    expect(load).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });

  it('without a DSN loads nothing and keeps nothing', async () => {
    const load = vi.fn(() => Promise.resolve(recordingReporter().reporter));
    const listen = vi.fn(() => () => undefined);
    const reporting = createErrorReporting(load, listen);

    reporting.reportError(new Error('before'));
    reporting.setReportedUser(alice);
    reporting.start(null, 'build-7');
    reporting.reportError(new Error('after'));
    reporting.setReportedUser(bob);
    reporting.start(config, 'build-7');
    await flush();

    expect(load).not.toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();
  });

  it('drops everything, quietly, when the SDK chunk cannot be loaded', async () => {
    for (const failure of ['rejected', 'cancelled'] as const) {
      const { load, resolve, reject, settled } = deferredLoad();
      const stopListening = vi.fn();
      const reporting = createErrorReporting(load, () => stopListening);

      reporting.start(config, undefined);
      reporting.reportError(new Error('queued'));
      if (failure === 'rejected') reject(new Error('Failed to fetch dynamically imported module'));
      else resolve(undefined);
      await settled();
      reporting.reportError(new Error('after the failure'));
      reporting.setReportedUser(alice);

      expect(stopListening).toHaveBeenCalledOnce();
    }
  });

  it('queues uncaught errors while the SDK loads, and stops listening when it is there', async () => {
    const { load, resolve, settled } = deferredLoad();
    const { calls, reporter } = recordingReporter();
    let uncaught: ((error: unknown) => void) | undefined;
    const stopListening = vi.fn();
    const reporting = createErrorReporting(load, (onError) => {
      uncaught = onError;
      return stopListening;
    });
    const early = new Error('thrown during the app start');

    reporting.start(config, undefined);
    uncaught?.(early);
    resolve(reporter);
    await settled();

    expect(stopListening).toHaveBeenCalledOnce();
    expect(calls).toEqual([['error', early]]);
  });
});

describe('sentryOptions', () => {
  it('carries every value of the shared constants, outside production', () => {
    const options = sentryOptions(config, 'build-7', 'https://vitrine.example');

    expect(options).toMatchObject({
      dsn: config.dsn,
      debug: false,
      environment: 'staging',
      release: 'vitrine@1.2.3',
      sampleRate: 1,
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
      maxBreadcrumbs: 100,
      maxValueLength: 1000,
      normalizeDepth: 5,
    });
  });

  it('ignores the errors that are never reported', () => {
    const ignored = sentryOptions(config, undefined, 'https://vitrine.example').ignoreErrors ?? [];
    const strings = ignored.filter((entry) => typeof entry === 'string');
    const patterns = ignored.filter((entry) => entry instanceof RegExp);

    expect(strings).toEqual([
      'Network request failed',
      'ResizeObserver loop limit exceeded',
      'Non-Error promise rejection captured',
      'Loading chunk',
      'Loading CSS chunk',
      'ChunkLoadError',
      'cancelled',
    ]);
    expect(ignored).toHaveLength(strings.length + patterns.length);
    // "Anything starting with NetworkError or Failed to fetch": at the start only.
    const matched = (message: string) => patterns.some((pattern) => pattern.test(message));
    expect(matched('NetworkError when attempting to fetch resource.')).toBe(true);
    expect(matched('Failed to fetch dynamically imported module: /assets/x.js')).toBe(true);
    expect(matched('Failed to fetch')).toBe(true);
    expect(matched('TypeError: NetworkError')).toBe(false);
    expect(matched('Request Failed to fetch')).toBe(false);
    expect(patterns).toHaveLength(2);
  });

  it('samples traces and replay sessions at 0.1 in production', () => {
    const options = sentryOptions({ ...config, production: true }, 'build-7', 'https://vitrine.io');

    expect(options.tracesSampleRate).toBe(0.1);
    expect(options.replaysSessionSampleRate).toBe(0.1);
    expect(options.replaysOnErrorSampleRate).toBe(1);
    expect(options.sampleRate).toBe(1);
  });

  it('labels the release with the build id when none is configured, else unknown', () => {
    const unreleased = { ...config, release: null };

    expect(sentryOptions(unreleased, 'build-7', 'https://vitrine.example').release).toBe('build-7');
    expect(sentryOptions(unreleased, undefined, 'https://vitrine.example').release).toBe('unknown');
  });

  it('files reports under development when the environment is empty', () => {
    expect(
      sentryOptions({ ...config, environment: '' }, undefined, 'https://vitrine.example')
        .environment,
    ).toBe('development');
  });

  it('collects no personal data on its own and keeps no query string', () => {
    const { dataCollection } = sentryOptions(config, undefined, 'https://vitrine.example');

    expect(dataCollection).toEqual({
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    });
  });

  it('sends trace headers to localhost, the product’s domain and shops only', () => {
    const targets = sentryOptions(config, undefined, 'https://app.vitrine.example')
      .tracePropagationTargets as RegExp[];
    const matches = (url: string) => targets.some((target) => target.test(url));

    expect(matches('http://localhost:3000/api/v1/account/me')).toBe(true);
    expect(matches('https://app.vitrine.example/auth/session')).toBe(true);
    expect(matches('https://demo.myshopify.com/admin/api/graphql.json')).toBe(true);
    expect(matches('https://identitytoolkit.googleapis.com/v1/accounts:signUp')).toBe(false);
    expect(matches('https://evil.example/?host=app.vitrine.example')).toBe(false);
  });

  it('scrubs events before they are sent', () => {
    const { beforeSend } = sentryOptions(config, undefined, 'https://vitrine.example');
    const event: ErrorEvent = {
      type: undefined,
      request: {
        url: 'https://vitrine.example/settings?token=t-1&page=2',
        headers: { Authorization: 'Bearer x', Cookie: 'a=b', 'X-Api-Key': 'k', 'User-Agent': 'UA' },
        data: { password: 'p', profile: { apiKey: 'k', name: 'Camille' } },
      },
      extra: { attempt: { auth: 'a', secret: 's', count: 2 } },
    };

    const scrubbed = beforeSend?.(event, {}) as ErrorEvent;

    expect(scrubbed.request).toEqual({
      url: 'https://vitrine.example/settings?token=[REDACTED]&page=2',
      headers: { 'User-Agent': 'UA' },
      data: { password: '[REDACTED]', profile: { apiKey: '[REDACTED]', name: 'Camille' } },
    });
    expect(scrubbed.extra).toEqual({
      attempt: { auth: '[REDACTED]', secret: '[REDACTED]', count: 2 },
    });
  });

  it('scrubs breadcrumbs and spans as they come', () => {
    const { beforeBreadcrumb, beforeSendSpan } = sentryOptions(
      config,
      undefined,
      'https://vitrine.example',
    );

    expect(
      beforeBreadcrumb?.({ category: 'fetch', data: { url: '/api?key=k-1', token: 't' } }, {}),
    ).toEqual({ category: 'fetch', data: { url: '/api?key=[REDACTED]', token: '[REDACTED]' } });
    const span = {
      name: 'GET /api',
      attributes: { 'http.request.header.authorization': 'Bearer x', 'url.full': '/a?secret=s' },
    } as unknown as StreamedSpanJSON;
    expect(beforeSendSpan?.(span).attributes).toEqual({ 'url.full': '/a?secret=[REDACTED]' });
  });
});

describe('session replay', () => {
  it('masks all text and inputs and blocks all media', () => {
    expect(replayPrivacy).toEqual({ maskAllText: true, maskAllInputs: true, blockAllMedia: true });
  });

  it('strips query strings from the URLs it records', () => {
    const span = {
      type: 5,
      timestamp: 1,
      data: {
        tag: 'performanceSpan',
        payload: {
          op: 'resource.fetch',
          description: 'http://localhost:3000/api/v1/x?token=t-1#part',
          startTimestamp: 1,
          endTimestamp: 2,
          data: { method: 'GET', statusCode: 200 },
        },
      },
    } as ReplayFrameEvent;
    const navigation = {
      type: 5,
      timestamp: 1,
      data: {
        tag: 'breadcrumb',
        payload: {
          category: 'navigation',
          timestamp: 1,
          data: { from: '/login?oobCode=c-1', to: '/verify-email?oobCode=c-2', password: 'p' },
        },
      },
    } as unknown as ReplayFrameEvent;
    const paint = {
      type: 5,
      timestamp: 1,
      data: {
        tag: 'performanceSpan',
        payload: { op: 'paint', description: 'first-paint?', startTimestamp: 1, endTimestamp: 1 },
      },
    } as ReplayFrameEvent;

    expect(scrubRecordingEvent(span).data.payload).toMatchObject({
      description: 'http://localhost:3000/api/v1/x#part',
      data: { method: 'GET', statusCode: 200 },
    });
    expect(scrubRecordingEvent(navigation).data.payload).toMatchObject({
      data: { from: '/login', to: '/verify-email', password: '[REDACTED]' },
    });
    expect(scrubRecordingEvent(paint)).toEqual(paint);
  });

  it('strips query strings from the pages a replay lists, and leaves other events alone', () => {
    expect(
      scrubReplayEvent({ type: 'replay_event', urls: ['http://localhost/verify-email?oobCode=c'] }),
    ).toEqual({ type: 'replay_event', urls: ['http://localhost/verify-email'] });
    const error = { message: 'boom', urls: ['/a?b=c'] };
    expect(scrubReplayEvent(error)).toBe(error);
  });

  it('withoutQuery keeps the path and the fragment', () => {
    expect(withoutQuery('/a/b?c=d#e')).toBe('/a/b#e');
    expect(withoutQuery('https://x.example/a?c=d')).toBe('https://x.example/a');
    expect(withoutQuery('/plain#frag')).toBe('/plain#frag');
  });
});
