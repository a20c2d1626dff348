/**
 * The failures of the sign-in flows and how they read. A flow throws an AuthFlowError whose
 * `code` is the identity provider's (`auth/wrong-password`) or the BFF/API's (`rate_limited`); the
 * page turns it into a key of the `auth` namespace with authErrorMessageKey, so that the message is
 * chosen by code, never by the provider's English text. Pure: tested in Node.
 */

/** A failure of an auth flow, with the code that names it. */
export class AuthFlowError extends Error {
  readonly code: string;

  constructor(code: string, message = code) {
    super(message);
    this.name = 'AuthFlowError';
    this.code = code;
  }
}

/**
 * What the user was doing when it failed: it picks the message of a code no table knows (the
 * fallback messages under `fallback.` of the auth namespace, one per flow).
 */
export type AuthErrorContext =
  | 'login'
  | 'google'
  | 'signup'
  | 'verification-email'
  | 'resend-verification'
  | 'verify'
  | 'password-reset'
  | 'finalize'
  | 'account-deletion'
  | 'profile'
  | 'account-fetch'
  | 'account-update';

/** The codes that have a message of their own, whatever the flow (keys under `errors.`). */
export const knownErrorKeys = [
  // Sign-in with e-mail and password.
  'user-not-found',
  'wrong-password',
  'invalid-email',
  'user-disabled',
  'too-many-requests',
  'network-request-failed',
  // Google sign-in.
  'popup-closed-by-user',
  'popup-blocked',
  'cancelled-popup-request',
  'account-exists-with-different-credential',
  // The provider's other codes worth a message, and the sign-up and re-authentication ones.
  'unauthorized-domain',
  'web-storage-unsupported',
  'password-does-not-meet-requirements',
  'email-already-in-use',
  'weak-password',
  'missing-password',
  'user-mismatch',
  'recent-login-required',
  // Answers of the BFF and the API.
  'email-already-verified',
  'rate-limited',
  'session-expired',
  'service-unavailable',
  'headers-too-large',
] as const;
export type KnownErrorKey = (typeof knownErrorKeys)[number];

const fallbackKeys = {
  login: 'login',
  google: 'google',
  signup: 'signUp',
  'verification-email': 'verificationEmailFailed',
  'resend-verification': 'verificationEmailError',
  verify: 'verificationFailed',
  'password-reset': 'passwordReset',
  finalize: 'registrationFinalize',
  'account-deletion': 'accountDeletion',
  profile: 'profileUpdate',
  'account-fetch': 'accountFetch',
  'account-update': 'accountUpdate',
} as const satisfies Record<AuthErrorContext, string>;
export type FallbackKey = (typeof fallbackKeys)[AuthErrorContext];

/** A key of the `auth` namespace. */
export type AuthMessageKey = `errors.${KnownErrorKey}` | `fallback.${FallbackKey}`;

/** Codes of the provider or the API that read as one of the messages. */
const aliases: Readonly<Record<string, AuthMessageKey>> = {
  // Firebase: a request that timed out never reached the provider either.
  timeout: 'errors.network-request-failed',
  'requires-recent-login': 'errors.recent-login-required',
  // client/lib/api-client.ts: no answer at all.
  network_error: 'errors.network-request-failed',
  rate_limited: 'errors.rate-limited',
  user_mismatch: 'errors.user-mismatch',
  recent_login_required: 'errors.recent-login-required',
  email_already_verified: 'errors.email-already-verified',
  unauthenticated: 'errors.session-expired',
  session_expired: 'errors.session-expired',
  identity_provider_unavailable: 'errors.service-unavailable',
  upstream_unavailable: 'errors.service-unavailable',
  upstream_timeout: 'errors.service-unavailable',
  // The BFF or the API did not receive the whole request in time: a slow or broken connection.
  request_timeout: 'errors.network-request-failed',
  // Headers too large for the servers: in a browser, nearly always too many cookies.
  headers_too_large: 'errors.headers-too-large',
  // Not sent: the sign-up's verification e-mail (firebase-auth/sign-up.ts), or the BFF's resend.
  verification_email_failed: 'fallback.verificationEmailFailed',
};

const known = new Set<string>(knownErrorKeys);

/** `auth/wrong-password` → `wrong-password`; API codes stay as they are. */
function bareCode(code: string): string {
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

/**
 * The message of `code` in `context`: the code's own message when it has one, else the context's
 * "other" (unknown codes, and `auth/invalid-credential`, which the provider gives when it will not
 * say whether the address or the password was wrong).
 */
export function authErrorMessageKey(code: string, context: AuthErrorContext): AuthMessageKey {
  const bare = bareCode(code);
  if (known.has(bare)) return `errors.${bare as KnownErrorKey}`;
  return aliases[bare] ?? `fallback.${fallbackKeys[context]}`;
}

/**
 * The code of anything a flow may throw: an AuthFlowError's, a Firebase error's (`FirebaseError`
 * carries `code`), an ApiError's; `unknown` otherwise, which reads as the context's "other".
 */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code } = error as { code?: unknown };
    if (typeof code === 'string' && code !== '') return code;
  }
  return 'unknown';
}

/** The key for whatever a flow threw. */
export function authErrorMessageKeyOf(error: unknown, context: AuthErrorContext): AuthMessageKey {
  return authErrorMessageKey(errorCodeOf(error), context);
}
