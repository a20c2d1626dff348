import type { PlanLimitName } from '#shared/billing.ts';
import { AppError } from '#shared/errors.ts';
import { plans, type PlanId, type PlanLimits } from '#shared/plans.ts';

/** The limits of the plan `planId`; an unknown plan gets Free's. */
export function planLimitsOf(planId: string): { plan: PlanId; limits: PlanLimits } {
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0];
  return { plan: plan.id, limits: plan.limits };
}

/** A limit's value on a plan; null means the plan sets none. */
function limitValue(limits: PlanLimits, limit: PlanLimitName): number | null {
  return limits[limit];
}

/** The cheapest plan above `current` that allows `needed` of `limit`; undefined when none does. */
export function planLifting(
  limit: PlanLimitName,
  current: PlanId,
  needed: number,
): PlanId | undefined {
  const currentRank = plans.findIndex((plan) => plan.id === current);
  return plans.find((plan, rank) => {
    if (rank <= currentRank) return false;
    const value = limitValue(plan.limits, limit);
    return value === null || value >= needed;
  })?.id;
}

/**
 * The one error of every limit reached at its point of use (connecting a store, auditing pages,
 * publishing a post): it names the limit and the plan that lifts it, which the client turns into an
 * upgrade prompt in the owner's language.
 */
export function planLimitReached(limit: PlanLimitName, current: PlanId, needed: number): AppError {
  const plan = planLifting(limit, current, needed);
  const allowed = limitValue(planLimitsOf(current).limits, limit);
  return new AppError('plan_limit_reached', 403, {
    message: `The ${current} plan allows ${allowed ?? 'any number of'} ${limit}${plan === undefined ? '' : `; the ${plan} plan allows more`}`,
    planLimit: { limit, ...(plan !== undefined && { plan }) },
  });
}
