import * as z from 'zod/mini';

/**
 * The weekly summary by e-mail (`/api/v1/account/weekly-summary`): whether it is sent and on which
 * weekday. Until the owner chooses, the plan decides (on for Pro and Business, off for Free); once
 * they have chosen, their choice is kept whatever the plan.
 */

/** ISO weekdays: 1 is Monday, 7 Sunday. */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export const defaultWeeklySummaryWeekday = 1;

const weekdaySchema = z.int().check(z.gte(1), z.lte(7));

export const weeklySummarySettingsSchema = z.object({
  /** Whether the summary is sent: the owner's choice, or the plan's default until they make one. */
  enabled: z.boolean(),
  /** The owner's own choice of `enabled`; false while the plan's default applies. */
  chosen: z.boolean(),
  /** The weekday it is sent on (ISO: 1 Monday … 7 Sunday), in UTC. */
  weekday: weekdaySchema,
});
export type WeeklySummarySettings = z.infer<typeof weeklySummarySettingsSchema>;

export const weeklySummarySettingsResponseSchema = z.object({
  data: z.object({ settings: weeklySummarySettingsSchema }),
});

/** A partial change: `enabled` records the owner's choice, `weekday` the day. */
export const updateWeeklySummaryBodySchema = z.partial(
  z.strictObject({ enabled: z.boolean(), weekday: weekdaySchema }),
);
export type UpdateWeeklySummaryBody = z.infer<typeof updateWeeklySummaryBodySchema>;
