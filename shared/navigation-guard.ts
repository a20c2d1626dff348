import { flowPaths, type AppRoute } from './routes.ts';

/** What a page guard needs to know about the visitor. */
export type Visitor =
  { readonly signedIn: false } | { readonly signedIn: true; readonly emailVerified: boolean };

/** The claims of a signed-in user the guard reads: a AuthUser (shared/schemas/session.ts) has them. */
export interface VisitorClaims {
  readonly providerId: string;
  readonly emailVerified: boolean;
}

/** Firebase's provider id for Google; Google users count as verified (docs/product.md, "Flows"). */
const googleProvider = 'google.com';

/** The visitor a session describes: `null` is a signed-out visitor, a Google session is verified. */
export function visitorOf(user: VisitorClaims | null): Visitor {
  if (user === null) return { signedIn: false };
  return {
    signedIn: true,
    emailVerified: user.emailVerified || user.providerId === googleProvider,
  };
}

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

/**
 * Where a visitor asking for `requestedPathAndQuery` on `route` must go instead, or null to show the
 * page: guardRedirect, plus the one case where the request itself names the destination. A signed-in
 * visitor sent to /login with a `redirect` (the one an auth page added before sign-in) goes there,
 * provided it is a path of this site. `requestedRedirect` is that query parameter, or null when the
 * request has none.
 */
export function guardTarget(
  route: AppRoute,
  visitor: Visitor,
  requestedPathAndQuery: string,
  requestedRedirect: string | null,
): string | null {
  const target = guardRedirect(route, visitor, requestedPathAndQuery);
  if (
    target === flowPaths.afterSignIn &&
    route.path === flowPaths.login &&
    requestedRedirect !== null
  ) {
    return safeRedirectTarget(requestedRedirect);
  }
  return target;
}

const fallbackTarget = flowPaths.afterSignIn;

/**
 * Accepts only a same-origin relative path (`/x`, `/x?y#z`) as a post-sign-in target; anything that a
 * browser could resolve to another origin or a script falls back to the dashboard. The value is judged
 * decoded (so that `%2F%2Fevil.example` is seen as the browser would see it) and judged again after URL
 * normalisation, which removes dot segments: `/.//evil.example` normalises to `//evil.example`.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallbackTarget;
  if (!isSameOriginPath(value)) return fallbackTarget;
  const base = 'http://vitrine.invalid';
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return fallbackTarget;
  }
  if (parsed.origin !== base) return fallbackTarget;
  const target = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return isSameOriginPath(target) ? target : fallbackTarget;
}

/** A path that starts with one slash, also once fully decoded, with nothing a browser would bend. */
function isSameOriginPath(value: string): boolean {
  let decoded = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (hasControlCharacterOrBackslash(decoded)) return false;
  return decoded.startsWith('/') && !decoded.startsWith('//');
}

/** Browsers ignore tabs and newlines inside URLs and treat a backslash as a slash. */
function hasControlCharacterOrBackslash(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f || text[index] === '\\') return true;
  }
  return false;
}
