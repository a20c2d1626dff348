/**
 * The calendar of the weekly summary, in the owner's time zone (an IANA name; UTC by default): the
 * ISO week that names a summary (its key in weekly_summary_mails, so one a week whatever the
 * weekday) and the ISO weekday it is sent on.
 */

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** The furthest a time zone is behind UTC (Etc/GMT+12) and ahead of it (Pacific/Kiritimati). */
const furthestBehindMs = 12 * hourMs;
const furthestAheadMs = 14 * hourMs;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows the zone: a store's zone that it does not know is read as UTC. */
export function knownTimeZone(timeZone: string): boolean {
  try {
    dateFormatOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Midnight UTC of the calendar day `date` falls on in `timeZone`. */
function calendarDayOf(date: Date, timeZone: string): number {
  if (timeZone === 'UTC') {
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  }
  const parts = dateFormatOf(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
}

/** 1 Monday … 7 Sunday, in `timeZone`. */
export function isoWeekdayOf(date: Date, timeZone = 'UTC'): number {
  return ((new Date(calendarDayOf(date, timeZone)).getUTCDay() + 6) % 7) + 1;
}

/** The ISO week of `date` in `timeZone`, as `2026-W48` (the year is the week's, not always the date's). */
export function isoWeekOf(date: Date, timeZone = 'UTC'): string {
  const day = calendarDayOf(date, timeZone);
  // The Thursday of the same week decides the week's year.
  const thursday = new Date(day + (4 - isoWeekdayOf(new Date(day))) * dayMs);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / dayMs / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Every ISO weekday it is somewhere on Earth at `now` (two, or three around midnight UTC). */
export function weekdaysSomewhereAt(now: Date): number[] {
  return [
    ...new Set(
      [now.getTime() - furthestBehindMs, now.getTime(), now.getTime() + furthestAheadMs].map(
        (time) => isoWeekdayOf(new Date(time)),
      ),
    ),
  ];
}

/** Every ISO week it is somewhere on Earth at `now`. */
export function weeksSomewhereAt(now: Date): string[] {
  return [
    ...new Set(
      [now.getTime() - furthestBehindMs, now.getTime(), now.getTime() + furthestAheadMs].map(
        (time) => isoWeekOf(new Date(time)),
      ),
    ),
  ];
}

/** The start of the week the summary looks back on: seven days before `now`. */
export function weekStartOf(now: Date): Date {
  return new Date(now.getTime() - 7 * dayMs);
}
