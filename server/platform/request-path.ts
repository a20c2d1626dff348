/**
 * The path part of a request URL as sent, without the query string: what routing looks at, and all
 * that logs and error reports keep of a URL, since the query may carry codes or tokens (oobCode, apiKey).
 */
export function pathOf(url: string): string {
  const questionMark = url.indexOf('?');
  return questionMark === -1 ? url : url.slice(0, questionMark);
}

/** Whether a path is `prefix` itself or lies beneath it (`/api`, `/api/v1`; not `/apis`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
