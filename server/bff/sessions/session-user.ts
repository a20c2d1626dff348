import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Visitor } from '../../../shared/navigation-guard.ts';
import type { SessionUser } from '../../../shared/schemas/session.ts';

/** Firebase's name for a Google sign-in; such users count as verified (spec §4, "Google login"). */
const googleProvider = 'google.com';
/** The spec's default providerId when the token names none. */
const defaultProvider = 'email';

/** The auth user of spec §3, read from a verified ID token's claims. */
export function sessionUserFromClaims(claims: DecodedIdToken): SessionUser {
  const stringClaim = (name: string): string | null => {
    const value: unknown = claims[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const provider = claims.firebase?.sign_in_provider;
  return {
    uid: claims.uid,
    email: stringClaim('email'),
    displayName: stringClaim('name'),
    photoURL: stringClaim('picture'),
    providerId: typeof provider === 'string' && provider !== '' ? provider : defaultProvider,
    emailVerified: claims.email_verified === true,
  };
}

/** What the page guards know about a visitor: a Google session counts as verified. */
export function visitorOf(user: SessionUser | null): Visitor {
  if (user === null) return { signedIn: false };
  return {
    signedIn: true,
    emailVerified: user.emailVerified || user.providerId === googleProvider,
  };
}
