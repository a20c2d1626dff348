/**
 * Errors that are never reported (docs/product.md, "Error reports"): browser noise and network failures that the user sees and
 * retries, not bugs of ours. Strings match anywhere in the message; patterns as written.
 */
export const ignoredErrors: ReadonlyArray<string | RegExp> = [
  'Network request failed',
  'ResizeObserver loop limit exceeded',
  'Non-Error promise rejection captured',
  'Loading chunk',
  'Loading CSS chunk',
  /^NetworkError/,
  /^Failed to fetch/,
  'ChunkLoadError',
  'cancelled',
];
