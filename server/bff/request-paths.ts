/** Path helpers shared by the BFF's plugins; they work on the raw request URL, as sent. */
import { isUnder } from '#server/platform/request-path.ts';

/** Paths whose answers are JSON for programs, never the HTML app shell. */
export function isMachinePath(path: string): boolean {
  return (
    isUnder(path, '/api') ||
    isUnder(path, '/auth') ||
    isUnder(path, '/live') ||
    isUnder(path, '/assets') ||
    isUnder(path, '/builds')
  );
}

/**
 * A path that could reach something other than what it names once decoded or normalised by the
 * upstream: dot segments, encoded dots, slashes or backslashes, and raw backslashes. Nothing legitimate
 * under /api/v1 needs any of them, so they are refused outright instead of being normalised.
 */
export function isTraversalAttempt(path: string): boolean {
  if (path.includes('..') || path.includes('\\') || /%2e|%2f|%5c/i.test(path)) return true;
  return path.split('/').includes('.');
}
