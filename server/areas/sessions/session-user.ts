import type { DecodedIdToken } from 'firebase-admin/auth';
import type { SessionUser } from '../../../shared/schemas/session.ts';

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

/**
 * What the page guards know about a visitor. The rule lives in shared/, where the client's guard
 * reads it too; it is re-exported beside sessionUserFromClaims, the other half of reading a session.
 */
export { visitorOf } from '../../../shared/navigation-guard.ts';
