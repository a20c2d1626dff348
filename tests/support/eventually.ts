import { setTimeout as delay } from 'node:timers/promises';

/**
 * Reads `read` until `done` holds of what it returns, and returns that; fails after `withinMs`
 * naming `what` it waited for and the last value read. For what the product does in the background
 * (jobs, deliveries, child processes): a test waits for the outcome, never for a fixed time.
 */
export async function eventually<T, Done extends T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => value is Done,
  withinMs?: number,
): Promise<Done>;
export async function eventually<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  withinMs?: number,
): Promise<T>;
export async function eventually<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  withinMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`Still waiting after ${withinMs} ms for ${what}: ${describe(value)}`);
    }
    await delay(25);
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
