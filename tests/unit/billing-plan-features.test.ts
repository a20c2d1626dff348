import { describe, expect, it } from 'vitest';
import { planHasFeature } from '#server/areas/billing/plan-features.ts';

/** What each plan includes beyond its limits: Business has Pro's features through its own. */
describe('the features of a plan', () => {
  it('gives bulk edits to Pro and Business, not to Free', () => {
    expect(planHasFeature('free', 'bulk-edits')).toBe(false);
    expect(planHasFeature('pro', 'bulk-edits')).toBe(true);
    expect(planHasFeature('business', 'bulk-edits')).toBe(true);
  });

  it("gives Business Pro's weekly audits and its own priority support, which Pro lacks", () => {
    expect(planHasFeature('business', 'weekly-automatic-audits')).toBe(true);
    expect(planHasFeature('pro', 'priority-support')).toBe(false);
    expect(planHasFeature('business', 'priority-support')).toBe(true);
  });

  it("gives Free its manual audits, not Pro's weekly ones", () => {
    expect(planHasFeature('free', 'manual-audits')).toBe(true);
    expect(planHasFeature('free', 'weekly-automatic-audits')).toBe(false);
  });
});
