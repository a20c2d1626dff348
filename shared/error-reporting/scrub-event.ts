/**
 * Removes credentials from an error report before it leaves the process: the server's
 * adapter runs it on every event, breadcrumb and span, and the browser's can run it the same way.
 * Pure and dependency-free: it knows the shape of a Sentry event, not the SDK.
 */

export const redactedValue = '[REDACTED]';

/** Request headers that carry a credential and are dropped whole. */
export const removedHeaders: readonly string[] = ['authorization', 'cookie', 'x-api-key'];

/**
 * Field names whose values become `[REDACTED]`, at any depth: the usual names of credentials, plus
 * the two token fields that this product's own bodies carry (`POST /auth/session` sends `idToken`
 * and `refreshToken`), which exact names such as `token` would miss.
 */
export const redactedFields: readonly string[] = [
  'password',
  'token',
  'secret',
  'key',
  'auth',
  'apiKey',
  'idToken',
  'refreshToken',
];

/** Query parameters whose values become `[REDACTED]` in query strings and URLs. */
export const redactedQueryParameters: readonly string[] = ['token', 'key', 'secret', 'password'];

type QueryString = string | Record<string, string> | Array<[string, string]>;

export interface ScrubbableRequest {
  url?: string;
  query_string?: QueryString;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  data?: unknown;
}

export interface ScrubbableBreadcrumb {
  data?: Record<string, unknown>;
}

export interface ScrubbableEvent {
  request?: ScrubbableRequest;
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  breadcrumbs?: ScrubbableBreadcrumb[];
  /** The child spans of a transaction event. */
  spans?: Array<{ data?: Record<string, unknown> }>;
}

const fieldNames = new Set(redactedFields.map((name) => name.toLowerCase()));
const queryNames = new Set(redactedQueryParameters.map((name) => name.toLowerCase()));
const headerNames = new Set(removedHeaders);
/** Span and breadcrumb attributes that hold a whole URL or only its query. */
const urlAttributes = new Set(['url', 'url.full', 'http.url', 'http.target']);
const queryAttributes = new Set(['http.query', 'url.query']);

/** A copy of the event without credentials; the input is left as it was. */
export function scrubEvent<Event extends ScrubbableEvent>(event: Event): Event {
  const scrubbed: Event = { ...event };
  if (event.request !== undefined) scrubbed.request = scrubRequest(event.request);
  if (event.extra !== undefined) scrubbed.extra = redactFields(event.extra);
  if (event.contexts !== undefined) scrubbed.contexts = redactFields(event.contexts);
  if (event.breadcrumbs !== undefined) {
    scrubbed.breadcrumbs = event.breadcrumbs.map((breadcrumb) => scrubBreadcrumb(breadcrumb));
  }
  if (event.spans !== undefined) {
    scrubbed.spans = event.spans.map((span) =>
      span.data === undefined ? span : { ...span, data: scrubAttributes(span.data) },
    );
  }
  return scrubbed;
}

/** Breadcrumbs are kept apart from events until one is sent, so they are scrubbed as they come. */
export function scrubBreadcrumb<Breadcrumb extends ScrubbableBreadcrumb>(
  breadcrumb: Breadcrumb,
): Breadcrumb {
  return breadcrumb.data === undefined
    ? breadcrumb
    : { ...breadcrumb, data: scrubAttributes(breadcrumb.data) };
}

/**
 * Span attributes and breadcrumb data: flat `a.b.c` keys. Credential headers recorded as
 * `http.request.header.<name>` are dropped, URLs lose their secret query values, and a key whose last
 * segment is a redacted field name is redacted.
 */
export function scrubAttributes<Attributes extends Record<string, unknown>>(
  attributes: Attributes,
): Attributes {
  const scrubbed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const lowerKey = key.toLowerCase();
    const lastSegment = lowerKey.slice(lowerKey.lastIndexOf('.') + 1);
    if (lowerKey.includes('header') && headerNames.has(lastSegment.replaceAll('_', '-'))) continue;
    if (fieldNames.has(lastSegment)) scrubbed[key] = redactedValue;
    else if (urlAttributes.has(lowerKey)) scrubbed[key] = mapText(value, redactUrl);
    else if (queryAttributes.has(lowerKey)) scrubbed[key] = mapText(value, redactQueryString);
    else scrubbed[key] = redactFields(value);
  }
  return scrubbed as Attributes;
}

function scrubRequest(request: ScrubbableRequest): ScrubbableRequest {
  // The parsed cookies are the Cookie header in another form.
  const { cookies: _cookies, ...scrubbed } = request;
  if (request.headers !== undefined) {
    scrubbed.headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !headerNames.has(name.toLowerCase())),
    );
  }
  if (request.url !== undefined) scrubbed.url = redactUrl(request.url);
  if (request.query_string !== undefined) {
    scrubbed.query_string = redactQuery(request.query_string);
  }
  if (request.data !== undefined) scrubbed.data = redactBody(request.data);
  return scrubbed;
}

/** Replaces the value of every redacted field, in objects and arrays at any depth. */
export function redactFields<Value>(value: Value): Value {
  return redactFieldsIn(value, new WeakMap()) as Value;
}

function redactFieldsIn(value: unknown, copies: WeakMap<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    copies.set(value, copy);
    for (const item of value) copy.push(redactFieldsIn(item, copies));
    return copy;
  }
  // Class instances (dates, errors, buffers) are left to the SDK's own normalisation.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  copies.set(value, copy);
  for (const [key, field] of Object.entries(value)) {
    copy[key] = fieldNames.has(key.toLowerCase()) ? redactedValue : redactFieldsIn(field, copies);
  }
  return copy;
}

/** A body arrives parsed, as JSON text or as a form; each keeps its form once redacted. */
function redactBody(data: unknown): unknown {
  if (typeof data !== 'string') return redactFields(data);
  const trimmed = data.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactFields(JSON.parse(trimmed) as unknown));
    } catch {
      // Not JSON after all (or cut short by the SDK's size limit): a form is the remaining guess.
    }
  }
  return redactPairs(data, fieldNames);
}

function redactQuery(query: QueryString): QueryString {
  if (typeof query === 'string') return redactQueryString(query);
  if (Array.isArray(query)) {
    return query.map(([name, value]): [string, string] => [
      name,
      queryNames.has(name.toLowerCase()) ? redactedValue : value,
    ]);
  }
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      name,
      queryNames.has(name.toLowerCase()) ? redactedValue : value,
    ]),
  );
}

/** `?token=abc&page=2` → `?token=[REDACTED]&page=2`; everything else stays as written. */
export function redactQueryString(query: string): string {
  return redactPairs(query, queryNames);
}

/** Redacts the query of a URL, absolute or relative, and leaves its path and fragment alone. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const queryEnd = fragmentStart === -1 ? url.length : fragmentStart;
  return (
    url.slice(0, queryStart + 1) +
    redactQueryString(url.slice(queryStart + 1, queryEnd)) +
    url.slice(queryEnd)
  );
}

function redactPairs(text: string, names: ReadonlySet<string>): string {
  const leadingMark = text.startsWith('?') ? '?' : '';
  const pairs = text.slice(leadingMark.length).split('&');
  return (
    leadingMark +
    pairs
      .map((pair) => {
        const equals = pair.indexOf('=');
        if (equals === -1) return pair;
        const rawName = pair.slice(0, equals);
        return names.has(decodeName(rawName).toLowerCase()) ? `${rawName}=${redactedValue}` : pair;
      })
      .join('&')
  );
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** Attributes come as plain values or, on streamed spans, as `{ value, type }`. */
function mapText(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value === 'object' && value !== null && 'value' in value) {
    const inner = (value as { value: unknown }).value;
    if (typeof inner === 'string') return { ...value, value: redact(inner) };
  }
  return value;
}
