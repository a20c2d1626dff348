/** The longest excerpt a finding carries. */
export const excerptMaximumLength = 120;

/**
 * `text` with its whitespace collapsed (no-break spaces kept: French typography is reported on
 * them), cut at a word boundary to at most 120 characters with "…".
 */
export function excerpt(text: string): string {
  const collapsed = text.replace(/[ \t\n\r\f]+/g, ' ').trim();
  if (collapsed.length <= excerptMaximumLength) return collapsed;
  const cut = collapsed.slice(0, excerptMaximumLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > excerptMaximumLength / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

/**
 * The text around `index` (where a problem was found), at most 120 characters, with "…" where it
 * was cut.
 */
export function excerptAround(text: string, index: number, radius = 40): string {
  const start = Math.max(0, index - radius);
  const end = Math.min(text.length, index + radius);
  return excerpt(`${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`);
}
