import { AppError } from '#shared/errors.ts';
import { plans, type PlanFeature, type PlanId } from '#shared/plans.ts';
import type { Database } from '#server/db/database.ts';
import { effectivePlanOf } from './plan-state.ts';

/**
 * Whether a plan has a feature: its own, or, for a plan with `everything-in-pro`, Pro's. An unknown
 * plan has Free's.
 */
export function planHasFeature(planId: PlanId, feature: PlanFeature): boolean {
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0];
  const features: readonly PlanFeature[] = plan.features;
  if (features.includes(feature)) return true;
  const pro: readonly PlanFeature[] = plans.find((candidate) => candidate.id === 'pro')!.features;
  return features.includes('everything-in-pro') && pro.includes(feature);
}

/**
 * Throws 403 `plan_feature_unavailable` unless the plan that applies to the account now has the
 * feature; the client offers the plans that do.
 */
export async function requirePlanFeature(
  db: Database,
  uid: string,
  feature: PlanFeature,
): Promise<void> {
  const plan = await effectivePlanOf(db, uid);
  if (!planHasFeature(plan, feature)) {
    throw new AppError('plan_feature_unavailable', 403, {
      message: `The ${plan} plan does not include ${feature}`,
    });
  }
}
