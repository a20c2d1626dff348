import { describe, expect, it } from 'vitest';
import { CostBucket } from '#server/local/shopify/cost-bucket.ts';

/**
 * The local Shopify's leaky bucket (server/local/shopify/cost-bucket.ts): what it lets through, and
 * the usage it counts for the benchmarks that compare a write's pace with the cost limit.
 */
describe("the local Shopify's cost bucket", () => {
  it('counts the points the queries cost and the queries it refused', () => {
    let now = 0;
    const bucket = new CostBucket({ maximumAvailable: 100, restoreRate: 10 }, () => now);
    expect(bucket.take(60)).toBe(true);
    // A query that asked for 60 and cost 20 gives 40 back.
    bucket.refund(40);
    expect(bucket.take(90)).toBe(false);
    expect(bucket.usage()).toEqual({ pointsSpent: 20, throttled: 1 });
    now += 1000;
    // 80 left plus a second of refill: 90 points.
    expect(bucket.take(90)).toBe(true);
    expect(bucket.status().currentlyAvailable).toBe(0);
    expect(bucket.usage()).toEqual({ pointsSpent: 110, throttled: 1 });
  });

  it('starts counting afresh when configured anew, full', () => {
    const bucket = new CostBucket({ maximumAvailable: 100, restoreRate: 10 }, () => 0);
    bucket.take(50);
    bucket.take(80);
    bucket.configure({ maximumAvailable: 200, restoreRate: 20 });
    expect(bucket.usage()).toEqual({ pointsSpent: 0, throttled: 0 });
    expect(bucket.status()).toEqual({
      maximumAvailable: 200,
      currentlyAvailable: 200,
      restoreRate: 20,
    });
  });
});
