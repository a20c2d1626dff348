import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { AuthUser } from '#shared/schemas/session.ts';
import type { FirebaseConfig } from '#server/config.ts';

/**
 * The thin adapter to Firebase Auth: verifying ID tokens and managing users (firebase-admin),
 * exchanging refresh tokens for fresh ID tokens (the Secure Token REST API) and sending verification
 * e-mails (the Identity Toolkit REST API): the admin SDK offers neither of the last two.
 * In local mode FIREBASE_AUTH_EMULATOR_HOST points all of them at the emulator.
 */

export interface RefreshedTokens {
  idToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** Firebase names every sign-in method; a token that names none is counted as an e-mail sign-in. */
const defaultProviderId = 'email';

/**
 * The signed-in user a verified ID token describes: the one reading of a token's claims, shared by
 * the BFF (the session's user) and the API (the caller).
 */
export function authUserOf(claims: DecodedIdToken): AuthUser {
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
    providerId: typeof provider === 'string' && provider !== '' ? provider : defaultProviderId,
    emailVerified: claims.email_verified === true,
  };
}

/** The user behind a request to the API, with when they last proved who they are. */
export interface Caller extends AuthUser {
  /** When the user last signed in with their credentials (the token's `auth_time`), not when it was refreshed. */
  authTime: Date;
}

export function callerOf(claims: DecodedIdToken): Caller {
  return { ...authUserOf(claims), authTime: new Date(claims.auth_time * 1000) };
}

/** Firebase refused the refresh token: revoked, user deleted or disabled, or malformed. */
export class RefreshTokenRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`Refresh token refused: ${reason}`);
    this.name = 'RefreshTokenRefusedError';
  }
}

/** Firebase could not be reached or answered with a server error; the session is not at fault. */
export class IdentityProviderUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IdentityProviderUnavailableError';
  }
}

/** The code firebase-admin puts on its errors (`auth/id-token-expired`, `app/network-error`, …). */
function firebaseErrorCode(error: unknown): string | undefined {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The verifyIdToken codes that blame the token or its user: malformed, from another project, badly
 * signed, expired, revoked, user disabled or gone. The caller must sign in again. Any other failure is
 * ours or Firebase's, and must not be answered as if the token were bad.
 */
export const refusedIdTokenCodes: ReadonlySet<string> = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
]);

/**
 * Whether a verifyIdToken failure means the token does not prove who the caller is (the API answers
 * 401, the BFF refuses or ends the session). The code says why, for the logs.
 */
export function isRefusedIdTokenError(error: unknown): error is { code: string } {
  const code = firebaseErrorCode(error);
  return code !== undefined && refusedIdTokenCodes.has(code);
}

/** Whether a firebase-admin failure means Firebase could not be asked, rather than that it said no. */
export function isIdentityProviderOutage(error: unknown): error is { code: string } {
  const code = firebaseErrorCode(error);
  return code !== undefined && (code.startsWith('app/') || code === 'auth/internal-error');
}

/** Firebase refused to send an e-mail, or could not be asked; `reason` is its message or status. */
export class EmailNotSentError extends Error {
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`Firebase did not send the e-mail: ${reason}`, options);
    this.name = 'EmailNotSentError';
  }
}

/** A user of the identity provider who signs in with Google, as the local account chooser lists them. */
export interface GoogleUser {
  uid: string;
  /** Google's own id of the account (the `sub` of its ID token). */
  googleId: string;
  email: string;
  displayName: string | null;
}

/** A user as the identity provider knows them now, which may be newer than what an ID token says. */
export interface IdentityUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** The sign-in methods linked to the user: `password`, `google.com`, … */
  providerIds: string[];
  /** A disabled user's tokens no longer count, however fresh. */
  disabled: boolean;
  /**
   * Tokens of sign-ins before this moment no longer count: the refresh tokens were revoked ("sign out
   * of every device", a password change). Null when they never were.
   */
  tokensValidAfter: Date | null;
}

/**
 * The verifyIdToken codes that mean the user's tokens no longer count, however well formed and fresh
 * this one is: revoked, user disabled, user gone. A session holding such a token cannot go on (its
 * refresh token is refused too), unlike one whose token merely expired.
 */
export const revokedIdTokenCodes: ReadonlySet<string> = new Set([
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

/**
 * Why Firebase, as `user` shows it, no longer honours a verified token of that user: one of
 * revokedIdTokenCodes, or null when it does. The same rule as firebase-admin's `checkRevoked`: a
 * token counts if its sign-in (`auth_time`) is not older than the revocation.
 */
export function revocationOf(
  claims: Pick<DecodedIdToken, 'auth_time'>,
  user: IdentityUser | null,
): string | null {
  if (user === null) return 'auth/user-not-found';
  if (user.disabled) return 'auth/user-disabled';
  if (user.tokensValidAfter !== null && claims.auth_time * 1000 < user.tokensValidAfter.getTime())
    return 'auth/id-token-revoked';
  return null;
}

/**
 * The API's answer to a token whose user's tokens no longer count (RFC 6750's challenge; its
 * description is fixed so that the BFF can read it): the BFF then ends the session that sent it.
 */
export const revokedTokenChallenge = 'Bearer error="invalid_token", error_description="revoked"';

export function isRevokedTokenChallenge(header: unknown): boolean {
  return header === revokedTokenChallenge;
}

export interface VerificationEmailOptions {
  /** Where the link leads once the address is verified. */
  continueUrl: string;
  /** The language of the e-mail (Firebase's templates), e.g. `fr`. */
  language: string;
}

export interface IdentityProvider {
  readonly projectId: string;
  verifyIdToken(idToken: string, options?: { checkRevoked?: boolean }): Promise<DecodedIdToken>;
  refreshIdToken(refreshToken: string): Promise<RefreshedTokens>;
  revokeRefreshTokens(uid: string): Promise<void>;
  /** The user as Firebase knows them now, or null when there is no such user. */
  findUser(uid: string): Promise<IdentityUser | null>;
  /** Deletes the user; a user who is already gone counts as deleted. */
  deleteUser(uid: string): Promise<void>;
  updateDisplayName(uid: string, displayName: string): Promise<void>;
  /** Sends the address-verification e-mail of the user the ID token belongs to. Throws EmailNotSentError. */
  sendVerificationEmail(idToken: string, options: VerificationEmailOptions): Promise<void>;
  /** Every user with a Google sign-in; for the local stand-in of Google's account chooser only. */
  listGoogleUsers(): Promise<GoogleUser[]>;
  close(): Promise<void>;
}

/** The Secure Token API's messages that mean this refresh token will never work again. */
const refusedRefreshMessages = [
  'TOKEN_EXPIRED',
  'USER_DISABLED',
  'USER_NOT_FOUND',
  'INVALID_REFRESH_TOKEN',
  'INVALID_GRANT_TYPE',
  'MISSING_REFRESH_TOKEN',
  'PROJECT_NUMBER_MISMATCH',
];

let appCounter = 0;

export function createIdentityProvider(
  config: FirebaseConfig,
  emulatorHost?: string,
): IdentityProvider {
  // The admin SDK reads the emulator host from the environment, for every app of the process. That is
  // safe because a process talks to one Firebase Auth only: the emulator in local mode and tests, the
  // real one in production, where configuration refuses emulator variables.
  if (emulatorHost !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  appCounter += 1;
  const app: App = initializeApp(
    {
      projectId: config.projectId,
      ...(config.serviceAccount !== undefined && { credential: cert(config.serviceAccount) }),
    },
    `vitrine-${appCounter}`,
  );
  const auth: Auth = getAuth(app);
  const secureTokenBase =
    emulatorHost !== undefined
      ? `http://${emulatorHost}/securetoken.googleapis.com`
      : 'https://securetoken.googleapis.com';
  const identityToolkitBase =
    emulatorHost !== undefined
      ? `http://${emulatorHost}/identitytoolkit.googleapis.com`
      : 'https://identitytoolkit.googleapis.com';

  return {
    projectId: config.projectId,
    verifyIdToken: (idToken, options) =>
      auth.verifyIdToken(idToken, options?.checkRevoked ?? false),
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
    async findUser(uid) {
      try {
        const user = await auth.getUser(uid);
        return {
          uid: user.uid,
          email: user.email ?? null,
          emailVerified: user.emailVerified,
          providerIds: user.providerData.map((provider) => provider.providerId),
          disabled: user.disabled,
          tokensValidAfter:
            user.tokensValidAfterTime === undefined ? null : new Date(user.tokensValidAfterTime),
        };
      } catch (error) {
        if (firebaseErrorCode(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        // Deleting is idempotent: a retry after a half-finished deletion must succeed.
        if (firebaseErrorCode(error) !== 'auth/user-not-found') throw error;
      }
    },
    async updateDisplayName(uid, displayName) {
      await auth.updateUser(uid, { displayName });
    },
    async sendVerificationEmail(idToken, { continueUrl, language }) {
      let response: Response;
      try {
        response = await fetch(
          `${identityToolkitBase}/v1/accounts:sendOobCode?key=${encodeURIComponent(config.apiKey)}`,
          {
            method: 'POST',
            // Firebase writes the e-mail from the project's template in this language.
            headers: { 'content-type': 'application/json', 'x-firebase-locale': language },
            body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken, continueUrl }),
            signal: AbortSignal.timeout(10_000),
          },
        );
      } catch (error) {
        throw new EmailNotSentError('Identity Toolkit API unreachable', { cause: error });
      }
      if (response.ok) return;
      const body = (await response.json().catch(() => undefined)) as
        { error?: { message?: string } } | undefined;
      throw new EmailNotSentError(body?.error?.message ?? `status ${response.status}`);
    },
    async listGoogleUsers() {
      const googleUsers: GoogleUser[] = [];
      let pageToken: string | undefined;
      do {
        const page = await auth.listUsers(1000, pageToken);
        for (const user of page.users) {
          const google = user.providerData.find((provider) => provider.providerId === 'google.com');
          if (google === undefined) continue;
          googleUsers.push({
            uid: user.uid,
            googleId: google.uid,
            email: google.email ?? user.email ?? '',
            displayName: google.displayName ?? user.displayName ?? null,
          });
        }
        pageToken = page.pageToken;
      } while (pageToken !== undefined);
      return googleUsers;
    },
    async refreshIdToken(refreshToken) {
      let response: Response;
      try {
        response = await fetch(
          `${secureTokenBase}/v1/token?key=${encodeURIComponent(config.apiKey)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
            signal: AbortSignal.timeout(10_000),
          },
        );
      } catch (error) {
        throw new IdentityProviderUnavailableError('Secure Token API unreachable', {
          cause: error,
        });
      }
      const body = (await response.json().catch(() => undefined)) as
        | {
            id_token?: string;
            refresh_token?: string;
            expires_in?: string;
            error?: { message?: string };
          }
        | undefined;
      const refusal = body?.error?.message ?? '';
      // Only an answer that names the refresh token as the problem ends a session. A quota or rate
      // limit (429), a timeout (408), a server error or an unreadable answer is Firebase's trouble,
      // and signing everyone out over it would be worse than a failed call.
      if (!response.ok && refusedRefreshMessages.some((message) => refusal.startsWith(message))) {
        throw new RefreshTokenRefusedError(refusal);
      }
      if (!response.ok || body?.id_token === undefined || body.refresh_token === undefined) {
        throw new IdentityProviderUnavailableError(
          `Secure Token API answered ${response.status}${refusal === '' ? '' : ` (${refusal})`}`,
        );
      }
      const lifetimeSeconds = Number(body.expires_in ?? '3600');
      return {
        idToken: body.id_token,
        refreshToken: body.refresh_token,
        expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
      };
    },
    close: () => deleteApp(app),
  };
}
