import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config.ts';

/**
 * The thin adapter to Firebase Auth: verifying ID tokens (firebase-admin) and exchanging refresh
 * tokens for fresh ID tokens (the Secure Token REST API, which the admin SDK does not offer).
 * In local mode FIREBASE_AUTH_EMULATOR_HOST points both at the emulator.
 */

export interface RefreshedTokens {
  idToken: string;
  refreshToken: string;
  expiresAt: Date;
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

export interface IdentityProvider {
  readonly projectId: string;
  verifyIdToken(idToken: string, options?: { checkRevoked?: boolean }): Promise<DecodedIdToken>;
  refreshIdToken(refreshToken: string): Promise<RefreshedTokens>;
  revokeRefreshTokens(uid: string): Promise<void>;
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

  return {
    projectId: config.projectId,
    verifyIdToken: (idToken, options) =>
      auth.verifyIdToken(idToken, options?.checkRevoked ?? false),
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
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
