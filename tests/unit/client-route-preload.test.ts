import { describe, expect, it, vi } from 'vitest';
import { createPreloadQueue, whenIdle, type IdleScheduler } from '#client/lib/route-preload.ts';
import { maxConcurrentRoutePreloads } from '#shared/constants.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPreloadQueue', () => {
  it('runs at most 5 loads at once by default, starting the next as one finishes', async () => {
    const queue = createPreloadQueue();
    const loads = Array.from({ length: 8 }, () => deferred());
    let running = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    const done = loads.map((load, index) =>
      queue.preload(`screen-${index}`, async () => {
        started.push(index);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        try {
          await load.promise;
        } finally {
          running -= 1;
        }
      }),
    );
    await flush();
    expect(maxConcurrentRoutePreloads).toBe(5);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    loads[0]?.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    for (const load of loads) load.resolve();
    await Promise.all(done);
    expect(started).toHaveLength(8);
    expect(mostAtOnce).toBe(5);
  });

  it('honours a smaller limit', async () => {
    const queue = createPreloadQueue(1);
    const first = deferred();
    const second = vi.fn(async () => {});
    void queue.preload('a', () => first.promise);
    const secondDone = queue.preload('b', second);
    await flush();
    expect(second).not.toHaveBeenCalled();
    first.resolve();
    await secondDone;
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('loads each key once, whether in flight or done', async () => {
    const queue = createPreloadQueue();
    const load = vi.fn(async () => {});
    const first = queue.preload('pricing', load);
    expect(queue.preload('pricing', load)).toBe(first);
    await first;
    await queue.preload('pricing', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets a failed preload be tried again, without rejecting, and frees its slot', async () => {
    const queue = createPreloadQueue(1);
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(queue.preload('legal', failing)).resolves.toBeUndefined();
    const throwing = vi.fn((): Promise<unknown> => {
      throw new Error('sync');
    });
    await expect(queue.preload('privacy', throwing)).resolves.toBeUndefined();
    const working = vi.fn(async () => {});
    await queue.preload('legal', working);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(working).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle', () => {
  it('uses requestIdleCallback when the browser has it', () => {
    const callback = vi.fn();
    let idle: (() => void) | undefined;
    const scheduler: IdleScheduler = {
      requestIdleCallback: (run) => {
        idle = run;
        return 7;
      },
      cancelIdleCallback: vi.fn(),
      setTimeout: vi.fn(),
      clearTimeout: vi.fn(),
    };
    const cancel = whenIdle(callback, scheduler);
    expect(scheduler.setTimeout).not.toHaveBeenCalled();
    idle?.();
    expect(callback).toHaveBeenCalledTimes(1);
    cancel();
    expect(scheduler.cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer where requestIdleCallback is missing', () => {
    vi.useFakeTimers();
    try {
      const callback = vi.fn();
      whenIdle(callback, globalThis as unknown as IdleScheduler);
      expect(callback).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(callback).toHaveBeenCalledTimes(1);
      const cancelled = vi.fn();
      whenIdle(cancelled, globalThis as unknown as IdleScheduler)();
      vi.advanceTimersByTime(1000);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
