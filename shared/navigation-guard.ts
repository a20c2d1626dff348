import { flowPaths, type AppRoute } from './routes.ts';

/** What a page guard needs to know about the visitor. */
export type Visitor =
  { readonly signedIn: false } | { readonly signedIn: true; readonly emailVerified: boolean };

/**
 * The page guard shared by the BFF (before it serves a page) and the client (before it renders one).
 * Returns the path to redirect to, or null when the page may be shown.
 */
export function guardRedirect(
  route: AppRoute,
  visitor: Visitor,
  requestedPathAndQuery: string,
): string | null {
  switch (route.access) {
    case 'auth':
      if (!visitor.signedIn) {
        return `${flowPaths.login}?redirect=${encodeURIComponent(requestedPathAndQuery)}`;
      }
      return visitor.emailVerified ? null : flowPaths.verifyEmail;
    case 'guest':
      return visitor.signedIn && visitor.emailVerified ? flowPaths.afterSignIn : null;
    case 'open':
      return null;
  }
}

const fallbackTarget = flowPaths.afterSignIn;

/**
 * Accepts only a same-origin relative path (`/x`, `/x?y#z`) as a post-sign-in target; anything that a
 * browser could resolve to another origin or a script falls back to the dashboard. The value is decoded
 * repeatedly first so that encoded forms (`%2F%2Fevil.example`) are judged as the browser would see them.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallbackTarget;
  let decoded = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallbackTarget;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (hasControlCharacterOrBackslash(decoded)) return fallbackTarget;
  if (!decoded.startsWith('/') || decoded.startsWith('//')) return fallbackTarget;
  const base = 'http://vitrine.invalid';
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return fallbackTarget;
  }
  if (parsed.origin !== base) return fallbackTarget;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Browsers ignore tabs and newlines inside URLs and treat a backslash as a slash. */
function hasControlCharacterOrBackslash(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f || text[index] === '\\') return true;
  }
  return false;
}
