/**
 * Shopify's leaky bucket for one app on one store: it holds `maximumAvailable` points, refills at
 * `restoreRate` points a second, and a query may start only when the bucket holds its requested cost.
 * Once it has run, the difference between the requested and the actual cost is given back.
 */

export interface BucketSettings {
  maximumAvailable: number;
  restoreRate: number;
}

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** What the bucket has served since it was made or configured: benchmarks read the pacing off it. */
export interface BucketUsage {
  /** Points the queries that ran cost (requested, less what was given back). */
  pointsSpent: number;
  /** Queries refused because the bucket did not hold their cost (answered THROTTLED). */
  throttled: number;
}

export class CostBucket {
  private available: number;
  private updatedAt: number;
  private used: BucketUsage = { pointsSpent: 0, throttled: 0 };

  constructor(
    private settings: BucketSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.available = settings.maximumAvailable;
    this.updatedAt = now();
  }

  private refill() {
    const now = this.now();
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.available = Math.min(
      this.settings.maximumAvailable,
      this.available + elapsedSeconds * this.settings.restoreRate,
    );
    this.updatedAt = now;
  }

  /** Takes the requested cost when the bucket holds it; false (nothing taken) otherwise. */
  take(cost: number): boolean {
    this.refill();
    if (cost > this.available) {
      this.used.throttled += 1;
      return false;
    }
    this.available -= cost;
    this.used.pointsSpent += cost;
    return true;
  }

  /** Gives back what a query did not use. */
  refund(points: number) {
    this.refill();
    this.available = Math.min(this.settings.maximumAvailable, this.available + Math.max(0, points));
    this.used.pointsSpent -= Math.max(0, points);
  }

  /** New settings (a plan change, or a test's `_local` control); the bucket starts full. */
  configure(settings: BucketSettings) {
    this.settings = settings;
    this.available = settings.maximumAvailable;
    this.updatedAt = this.now();
    this.used = { pointsSpent: 0, throttled: 0 };
  }

  usage(): BucketUsage {
    return { ...this.used };
  }

  status(): ThrottleStatus {
    this.refill();
    return {
      maximumAvailable: this.settings.maximumAvailable,
      currentlyAvailable: Math.floor(this.available),
      restoreRate: this.settings.restoreRate,
    };
  }
}
