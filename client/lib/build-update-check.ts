import { buildCheckDelayMs, buildCheckIntervalMs } from '#shared/constants.ts';

/**
 * The check for a newer build, so that a page left open does not run old code against a new server:
 * `builds/latest.json` is fetched 1 s after load, then every hour and whenever the tab becomes
 * visible again; once it names a build other than the running one, an update is waiting and the
 * next in-app navigation becomes a full page load (client/app/build-update-reload.ts).
 *
 * The decisions and the scheduling take their fetch, clock, timers and visibility signal as
 * arguments, so that they are tested without a browser; startBuildUpdateCheck wires in the real
 * ones.
 */

/** The query string defeats any cache between the browser and the BFF (which sends no-store too). */
export function latestBuildUrl(now: number): string {
  return `/builds/latest.json?${now}`;
}

/**
 * Whether the body of `builds/latest.json` names a build other than the running one. Anything that
 * is not a well-formed answer (a proxy's error page, a truncated body) proves nothing: no update.
 */
export function isNewerBuild(runningBuildId: string, latest: unknown): boolean {
  if (typeof latest !== 'object' || latest === null) return false;
  const { id } = latest as { id?: unknown };
  return typeof id === 'string' && id !== '' && id !== runningBuildId;
}

/** The running build's id, or undefined under the dev server, where no build exists. */
export function runningBuildId(id: string | undefined): string | undefined {
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'json'>>;

export interface BuildUpdateCheckOptions {
  runningBuildId: string;
  fetch: FetchLike;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  /** Calls the listener whenever the tab becomes visible; returns how to stop listening. */
  onVisible: (listener: () => void) => () => void;
  delayMs?: number;
  intervalMs?: number;
}

export interface BuildUpdateCheck {
  /** True once a check has seen another build id; it stays true. */
  isUpdateWaiting(): boolean;
  /** One check now (skipped while another is under way or once an update is known). */
  check(): Promise<void>;
  /** Stops the timers and the visibility listener. */
  stop(): void;
}

export function createBuildUpdateCheck(options: BuildUpdateCheckOptions): BuildUpdateCheck {
  const delayMs = options.delayMs ?? buildCheckDelayMs;
  const intervalMs = options.intervalMs ?? buildCheckIntervalMs;
  let updateWaiting = false;
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  async function fetchAndCompare(): Promise<void> {
    try {
      const response = await options.fetch(latestBuildUrl(options.now()), {
        cache: 'no-store',
        credentials: 'same-origin',
      });
      if (!response.ok) return;
      if (isNewerBuild(options.runningBuildId, await response.json())) {
        updateWaiting = true;
        // Nothing more to learn: the next navigation loads whatever build is current then.
        stop();
      }
    } catch {
      // Offline, a dropped connection or a body that is not JSON: try again at the next occasion.
    }
  }

  function check(): Promise<void> {
    if (stopped || updateWaiting) return Promise.resolve();
    inFlight ??= fetchAndCompare().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  let interval: unknown;
  const timeout = options.setTimeout(() => {
    void check();
    interval = options.setInterval(() => void check(), intervalMs);
  }, delayMs);
  const stopListening = options.onVisible(() => void check());

  function stop(): void {
    if (stopped) return;
    stopped = true;
    options.clearTimeout(timeout);
    if (interval !== undefined) options.clearInterval(interval);
    stopListening();
  }

  return { isUpdateWaiting: () => updateWaiting, check, stop };
}

/**
 * Starts the check in the browser, or returns undefined under the dev server (no build id to
 * compare). Called once, from client/app/start-app.tsx, with `import.meta.env.VITE_BUILD_ID`; that
 * module loads this one only after the page's load event.
 */
export function startBuildUpdateCheck(
  compiledBuildId: string | undefined,
  delayMs: number = buildCheckDelayMs,
): BuildUpdateCheck | undefined {
  const buildId = runningBuildId(compiledBuildId);
  if (buildId === undefined) return undefined;
  return createBuildUpdateCheck({
    runningBuildId: buildId,
    delayMs,
    fetch: (url, init) => window.fetch(url, init),
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    onVisible: (listener) => {
      const onChange = (): void => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
  });
}
