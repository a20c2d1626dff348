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

export interface IdentityProvider {
  readonly projectId: string;
  verifyIdToken(idToken: string, options?: { checkRevoked?: boolean }): Promise<DecodedIdToken>;
  refreshIdToken(refreshToken: string): Promise<RefreshedTokens>;
  revokeRefreshTokens(uid: string): Promise<void>;
  close(): Promise<void>;
}

let appCounter = 0;

export function createIdentityProvider(config: FirebaseConfig, emulatorHost?: string): IdentityProvider {
  // The admin SDK reads the emulator host from the environment each time it is used.
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
    verifyIdToken: (idToken, options) => auth.verifyIdToken(idToken, options?.checkRevoked ?? false),
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
    async refreshIdToken(refreshToken) {
      let response: Response;
      try {
        response = await fetch(`${secureTokenBase}/v1/token?key=${encodeURIComponent(config.apiKey)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new IdentityProviderUnavailableError('Secure Token API unreachable', { cause: error });
      }
      const body = (await response.json().catch(() => ({}))) as {
        id_token?: string;
        refresh_token?: string;
        expires_in?: string;
        error?: { message?: string };
      };
      if (response.status >= 500) {
        throw new IdentityProviderUnavailableError(`Secure Token API answered ${response.status}`);
      }
      if (!response.ok || body.id_token === undefined || body.refresh_token === undefined) {
        throw new RefreshTokenRefusedError(body.error?.message ?? `status ${response.status}`);
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
