/**
 * The month a post counts in against the plan's posts per month: the calendar month, in the store's
 * time zone, in which it becomes visible (`2026-11`). A post scheduled for the 1st at 00:30 in Paris
 * counts in that month, though it is still the 30th in UTC.
 */
export function publicationMonth(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const part = (type: 'year' | 'month') => parts.find((entry) => entry.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}

/** The first day of the month after `month` (`2026-11` → `2026-12-01`): when its count starts again. */
export function nextMonthStart(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12
    ? `${year + 1}-01-01`
    : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
}
