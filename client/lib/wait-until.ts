/**
 * Polls a condition (shared/constants.ts: the app-start wait, 100 ms × 30; the auth token wait,
 * 100 ms × 50).
 * The predicate is checked at once, then after each of at most `attempts` pauses of `intervalMs`.
 */

export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True as soon as the predicate holds; false when it still does not after the last attempt. */
export async function waitUntil(
  predicate: () => boolean,
  wait: { readonly intervalMs: number; readonly attempts: number },
  pause: Sleep = sleep,
): Promise<boolean> {
  for (let attempt = 0; attempt < wait.attempts; attempt += 1) {
    if (predicate()) return true;
    await pause(wait.intervalMs);
  }
  return predicate();
}
