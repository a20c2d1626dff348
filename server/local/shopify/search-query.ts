/**
 * Shopify's search syntax for the `query:` argument of connections, the part the local Shopify
 * understands: `field:value`, `field:>value` (and `>=`, `<`, `<=`), values quoted with ' or ", terms
 * joined by spaces or AND (every term must hold), `-field:value` or `NOT field:value`, and bare words
 * that match the title. Dates accept anything `Date.parse` reads, and `now`.
 *
 * A field the resource does not know filters nothing, as on Shopify (which reports it as a warning).
 */

export type FieldReader = (field: string) => string | number | boolean | null | undefined;

interface Term {
  field: string | undefined;
  comparator: '=' | '>' | '>=' | '<' | '<=';
  value: string;
  negated: boolean;
}

const dateFields = new Set(['updated_at', 'created_at', 'published_at']);

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const char of query) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (/\s/.test(char)) {
      if (current !== '') tokens.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current !== '') tokens.push(current);
  return tokens;
}

export function parseSearchQuery(query: string | null | undefined): Term[] {
  if (query === null || query === undefined || query.trim() === '') return [];
  const terms: Term[] = [];
  let negateNext = false;
  for (const token of tokenize(query)) {
    if (token === 'AND') continue;
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    let text = token;
    let negated = negateNext;
    negateNext = false;
    if (text.startsWith('-')) {
      negated = true;
      text = text.slice(1);
    }
    const colon = text.indexOf(':');
    if (colon <= 0) {
      terms.push({ field: undefined, comparator: '=', value: text, negated });
      continue;
    }
    const field = text.slice(0, colon).toLowerCase();
    let rest = text.slice(colon + 1);
    let comparator: Term['comparator'] = '=';
    for (const candidate of ['>=', '<=', '>', '<'] as const) {
      if (rest.startsWith(candidate)) {
        comparator = candidate;
        rest = rest.slice(candidate.length);
        break;
      }
    }
    terms.push({ field, comparator, value: rest, negated });
  }
  return terms;
}

function compare(actual: number, comparator: Term['comparator'], expected: number): boolean {
  switch (comparator) {
    case '=':
      return actual === expected;
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
  }
}

function dateValue(text: string): number {
  return text.toLowerCase() === 'now' ? Date.now() : Date.parse(text);
}

function holds(term: Term, read: FieldReader): boolean {
  if (term.field === undefined) {
    const title = read('title');
    return typeof title === 'string' && title.toLowerCase().includes(term.value.toLowerCase());
  }
  const actual = read(term.field);
  if (actual === undefined) return true; // an unknown field filters nothing
  if (actual === null) return false;
  if (dateFields.has(term.field)) {
    const expected = dateValue(term.value);
    if (Number.isNaN(expected)) return true;
    return compare(Date.parse(String(actual)), term.comparator, expected);
  }
  if (typeof actual === 'number') return compare(actual, term.comparator, Number(term.value));
  if (typeof actual === 'boolean') return String(actual) === term.value.toLowerCase();
  const wanted = term.value.toLowerCase();
  const values = actual
    .toLowerCase()
    .split(',')
    .map((value) => value.trim());
  return values.includes(wanted) || actual.toLowerCase() === wanted;
}

/** A predicate over a resource, read field by field (so cheap fields are read without the rest). */
export function searchPredicate(query: string | null | undefined): (read: FieldReader) => boolean {
  const terms = parseSearchQuery(query);
  if (terms.length === 0) return () => true;
  return (read) => terms.every((term) => holds(term, read) !== term.negated);
}
