/**
 * Dates in the store's time zone, whatever the owner's browser is set to: a post scheduled for
 * "1 December, 09:00" goes live at 09:00 where the store is, as Shopify shows it in its admin.
 */

/** The wall-clock parts of `at` in `timeZone`. */
function partsIn(at: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  return Object.fromEntries(
    parts.filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]),
  );
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The moment a wall-clock time (`2026-12-01T09:00`, as a `datetime-local` field gives it) names in
 * `timeZone`; null for a value that is not one. A time the clocks skip (spring forward) is read with
 * the offset before the change, a time they repeat (fall back) as its first occurrence.
 */
export function storeTimeToInstant(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (match === null) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // A day either side, the zone's offsets before and after any change near that time: the moments
  // they give that read back as the wall-clock time asked for, the earliest first.
  const oneDay = 86_400_000;
  const before = wall - offsetAt(new Date(wall - oneDay), timeZone);
  const after = wall - offsetAt(new Date(wall + oneDay), timeZone);
  const found = [before, after]
    .sort((a, b) => a - b)
    .find((candidate) => instantToStoreTime(new Date(candidate), timeZone) === local);
  return new Date(found ?? before);
}

/** `at` as a `datetime-local` value in `timeZone`: `2026-12-01T09:00`. */
export function instantToStoreTime(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${p.year}-${two(p.month!)}-${two(p.day!)}T${two(p.hour!)}:${two(p.minute!)}`;
}

/** `at` written for the owner, in the store's time zone, with the zone named. */
export function formatStoreTime(at: Date, timeZone: string, locale: string): string {
  // The zone's name cannot go with dateStyle and timeStyle: the parts are named one by one.
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}
