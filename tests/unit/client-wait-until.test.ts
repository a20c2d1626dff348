import { describe, expect, it, vi } from 'vitest';
import { waitUntil } from '#client/lib/wait-until.ts';
import { appStartWait, authTokenWait } from '#shared/constants.ts';

describe('waitUntil', () => {
  it('returns at once, without pausing, when the predicate already holds', async () => {
    const pause = vi.fn(async () => {});
    expect(await waitUntil(() => true, appStartWait, pause)).toBe(true);
    expect(pause).not.toHaveBeenCalled();
  });

  it('polls at the interval until the predicate holds', async () => {
    let checks = 0;
    const pause = vi.fn(async () => {});
    expect(await waitUntil(() => ++checks === 4, appStartWait, pause)).toBe(true);
    expect(pause).toHaveBeenCalledTimes(3);
    expect(pause).toHaveBeenCalledWith(100);
  });

  it('gives up after the last attempt: 30 pauses for the app start, 50 for the auth wait', async () => {
    const pause = vi.fn(async () => {});
    const predicate = vi.fn(() => false);
    expect(await waitUntil(predicate, appStartWait, pause)).toBe(false);
    expect(pause).toHaveBeenCalledTimes(30);
    expect(predicate).toHaveBeenCalledTimes(31);
    pause.mockClear();
    expect(await waitUntil(() => false, authTokenWait, pause)).toBe(false);
    expect(pause).toHaveBeenCalledTimes(50);
  });

  it('sleeps with real timers by default', async () => {
    vi.useFakeTimers();
    try {
      let ready = false;
      const result = waitUntil(() => ready, { intervalMs: 100, attempts: 3 });
      await vi.advanceTimersByTimeAsync(150);
      ready = true;
      await vi.advanceTimersByTimeAsync(100);
      await expect(result).resolves.toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
