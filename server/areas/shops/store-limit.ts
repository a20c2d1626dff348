import { AppError } from '../../../shared/errors.ts';
import { plans, type PlanId, type PlanLimits } from '../../../shared/plans.ts';

/** How many stores an account on `planId` may connect; an unknown plan gets the free plan's. */
export function storeLimitOf(planId: string): { plan: PlanId; maxStores: number } {
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0];
  return { plan: plan.id, maxStores: plan.limits.stores };
}

export function storeLimitReached(maxStores: number): AppError {
  return new AppError('store_limit_reached', 403, {
    message: `The plan allows ${maxStores} connected store${maxStores === 1 ? '' : 's'}`,
  });
}

/** The limits of the plan `planId`; an unknown plan gets the free plan's (as storeLimitOf). */
export function planLimitsOf(planId: string): { plan: PlanId; limits: PlanLimits } {
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0];
  return { plan: plan.id, limits: plan.limits };
}
