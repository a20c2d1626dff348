/**
 * The calendar of the weekly summary, in UTC: the ISO week that names a summary (its key in
 * weekly_summary_mails, so one a week whatever the weekday) and the ISO weekday it is sent on.
 */

const dayMs = 86_400_000;

/** 1 Monday … 7 Sunday, in UTC. */
export function isoWeekdayOf(date: Date): number {
  return ((date.getUTCDay() + 6) % 7) + 1;
}

/** The ISO week of `date` in UTC, as `2026-W48` (the year is the week's, not always the date's). */
export function isoWeekOf(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  // The Thursday of the same week decides the week's year.
  const thursday = new Date(day + (4 - isoWeekdayOf(date)) * dayMs);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / dayMs / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The start of the week the summary looks back on: seven days before `now`. */
export function weekStartOf(now: Date): Date {
  return new Date(now.getTime() - 7 * dayMs);
}
