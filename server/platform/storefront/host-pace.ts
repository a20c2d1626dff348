/**
 * Keeps requests to one host at least `intervalMs` apart, in the order they were asked for: each
 * request takes the next free slot of its host when it asks, then waits for it. Hosts do not wait
 * for one another. The clock is injected so that the spacing can be tested without waiting.
 */

export interface PaceClock {
  now(): number;
  sleep(milliseconds: number): Promise<void>;
}

export const systemClock: PaceClock = {
  now: () => Date.now(),
  sleep: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
};

export class HostPace {
  private readonly nextSlot = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly clock: PaceClock = systemClock,
  ) {}

  /** Resolves when a request to `host` may be sent. */
  async wait(host: string): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot.get(host) ?? now);
    this.nextSlot.set(host, slot + this.intervalMs);
    if (slot > now) await this.clock.sleep(slot - now);
  }
}
