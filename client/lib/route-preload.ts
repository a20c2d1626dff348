import { maxConcurrentRoutePreloads } from '#shared/constants.ts';

/**
 * Preloading of the screens a link leads to: when the browser is idle or the link is hovered or
 * focused, its screen's code starts loading, at most a few at a time (maxConcurrentRoutePreloads,
 * shared/constants.ts) so that preloads never crowd out what the current page needs.
 */

export interface PreloadQueue {
  /**
   * Loads once per key. Resolves when the load has finished, successfully or not: a preload is an
   * optimisation, so a failure is not reported here (the navigation will load, and report, again)
   * and the key may be preloaded again later.
   */
  preload(key: string, load: () => Promise<unknown>): Promise<void>;
}

export function createPreloadQueue(limit: number = maxConcurrentRoutePreloads): PreloadQueue {
  const loaded = new Set<string>();
  const pending = new Map<string, Promise<void>>();
  const waiting: Array<() => void> = [];
  let running = 0;

  function acquire(): Promise<void> {
    if (running < limit) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    // The slot passes straight to the next load: `running` stays the same.
    if (next !== undefined) next();
    else running -= 1;
  }

  return {
    preload(key, load) {
      if (loaded.has(key)) return Promise.resolve();
      const existing = pending.get(key);
      if (existing !== undefined) return existing;
      const task = acquire()
        .then(load)
        .then(
          () => {
            loaded.add(key);
          },
          () => {
            // Left out of `loaded`: a later hover tries again.
          },
        )
        .finally(() => {
          pending.delete(key);
          release();
        });
      pending.set(key, task);
      return task;
    },
  };
}

export interface IdleScheduler {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/** Where requestIdleCallback is missing (Safari), a short delay lets the page settle first. */
export const idleFallbackDelayMs = 200;
/** An idle moment may never come on a busy page; the work runs after this at the latest. */
export const idleTimeoutMs = 2000;

/** Runs the callback when the browser is idle; returns how to cancel it. */
export function whenIdle(
  callback: () => void,
  scheduler: IdleScheduler = globalThis as unknown as IdleScheduler,
): () => void {
  const { requestIdleCallback, cancelIdleCallback } = scheduler;
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const handle = requestIdleCallback.call(scheduler, () => callback(), {
      timeout: idleTimeoutMs,
    });
    return () => cancelIdleCallback.call(scheduler, handle);
  }
  const handle = scheduler.setTimeout.call(scheduler, callback, idleFallbackDelayMs);
  return () => scheduler.clearTimeout.call(scheduler, handle as never);
}
