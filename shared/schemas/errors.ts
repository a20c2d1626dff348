import * as z from 'zod/mini';
import { planLimitNames } from '../billing.ts';
import { planIds } from '../plans.ts';

/** The one error shape of every server (see ErrorBody in shared/errors.ts), as a response schema. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
    /** With `plan_limit_reached`: the limit reached and the cheapest plan that lifts it. */
    limit: z.optional(z.enum(planLimitNames)),
    plan: z.optional(z.enum(planIds)),
  }),
});
