import type { PlanLimitName } from '#shared/billing.ts';
import { plans, type PlanId } from '#shared/plans.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { AppLink } from './app-link.tsx';

/**
 * What a limit reached at its point of use means for the owner (`plan_limit_reached`): what their
 * plan allows, and the plan that allows more with a link to the plans, or that none does. The API
 * names the limit and the plan lifting it; a failure that only carries the code (a store connection
 * refused at Shopify's callback, told through the popup) knows the limit from its screen and sends
 * the owner to the plans without naming one.
 */

export interface ReachedLimit {
  limit: PlanLimitName;
  /** The cheapest plan that lifts it; null when no plan does; undefined when not known. */
  lifting: PlanId | null | undefined;
}

/**
 * The limit an error says was reached: from the API's answer when it is one, from `knownLimit` when
 * only the code came back; null for any other failure.
 */
export function reachedLimitOf(error: unknown, knownLimit?: PlanLimitName): ReachedLimit | null {
  if (error instanceof ApiError && error.code === 'plan_limit_reached' && error.planLimit) {
    return { limit: error.planLimit.limit, lifting: error.planLimit.plan ?? null };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'plan_limit_reached' && knownLimit !== undefined) {
    return { limit: knownLimit, lifting: undefined };
  }
  return null;
}

function allowanceOf(planId: PlanId, limit: PlanLimitName): number | null {
  return plans.find((plan) => plan.id === planId)?.limits[limit] ?? null;
}

export function UpgradePrompt({
  reached,
  currentPlan,
  role = 'alert',
}: {
  reached: ReachedLimit;
  /** The owner's plan now, when the screen knows it. */
  currentPlan?: PlanId;
  role?: 'alert' | 'status';
}) {
  const { t } = useTranslation();
  const { limit, lifting } = reached;
  const current = currentPlan === undefined ? null : allowanceOf(currentPlan, limit);
  const lifted = lifting === null || lifting === undefined ? null : allowanceOf(lifting, limit);

  return (
    <div className="notice upgrade-prompt" role={role}>
      <p>
        {currentPlan === undefined || current === null
          ? t(`upgradePrompt.reached.${limit}`)
          : t(`upgradePrompt.allows.${limit}`, {
              plan: t(`upgradePrompt.plans.${currentPlan}`),
              count: current,
            })}{' '}
        {lifting === null && t(`upgradePrompt.noPlanLifts.${limit}`)}
        {lifting !== null &&
          lifting !== undefined &&
          (lifted === null
            ? t(`upgradePrompt.liftsWithoutLimit.${limit}`, {
                plan: t(`upgradePrompt.plans.${lifting}`),
              })
            : t(`upgradePrompt.lifts.${limit}`, {
                plan: t(`upgradePrompt.plans.${lifting}`),
                count: lifted,
              }))}
      </p>
      {lifting !== null && (
        <p>
          <AppLink className="button" to="/pricing">
            {lifting === undefined
              ? t('upgradePrompt.seePlans')
              : t('upgradePrompt.upgrade', { plan: t(`upgradePrompt.plans.${lifting}`) })}
          </AppLink>
        </p>
      )}
    </div>
  );
}
