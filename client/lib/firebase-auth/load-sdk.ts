import i18next from 'i18next';
import type { Auth } from 'firebase/auth';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import { AuthFlowError } from '../auth-errors.ts';
import { readRuntimeConfig } from '../runtime-config.ts';

/**
 * The Firebase web SDK, for the moments the user proves who they are
 * (docs/decisions/0001-token-handler-sessions.md): sign-up, sign-in, Google, re-authentication, the
 * e-mail action codes. It keeps nothing (in-memory persistence): right after a sign-in the tokens go
 * to the BFF (session-handover.ts), which opens the session, and the SDK is signed out. The SDK is
 * about 60 KB gzip, so it is imported on demand (preloadFirebaseAuth when a form is first used or
 * the browser is idle), never with the first load.
 *
 * The SDK's `languageCode` follows the interface language, so that the verification and reset
 * e-mails are written in it. In local mode (runtime config `authEmulatorUrl`) it talks to the Auth
 * Emulator, and Google sign-in goes through the BFF's stand-in of Google's account chooser.
 */

export type FirebaseAuthSdk = typeof import('firebase/auth');

export interface LoadedAuth {
  auth: Auth;
  sdk: FirebaseAuthSdk;
  /** Local mode: the Auth Emulator, and the local Google stand-in instead of Google's popup. */
  local: boolean;
}

let loading: Promise<LoadedAuth> | undefined;

async function loadAuth(): Promise<LoadedAuth> {
  // Vite's preload helper answers undefined when chunk-load recovery (a reload) took the failure.
  const [appModule, sdk] = (await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ])) as [typeof import('firebase/app') | undefined, FirebaseAuthSdk | undefined];
  if (appModule === undefined || sdk === undefined) {
    throw new AuthFlowError('auth/network-request-failed', 'The sign-in code did not load');
  }
  const config = readRuntimeConfig().firebase;
  const app = appModule.initializeApp(
    { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
    'vitrine',
  );
  const local = config.authEmulatorUrl !== undefined;
  const auth = sdk.initializeAuth(app, {
    persistence: sdk.inMemoryPersistence,
    // The popup resolver loads Google's iframe helper; only production's Google popup needs it.
    ...(!local && { popupRedirectResolver: sdk.browserPopupRedirectResolver }),
  });
  if (config.authEmulatorUrl !== undefined) {
    // The SDK's banner would cover the page's own content; local mode is already obvious.
    sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return { auth, sdk, local };
}

function interfaceLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return (supportedLanguages as readonly string[]).includes(language)
    ? (language as Language)
    : 'en';
}

/** The SDK, loaded once; a failed load is forgotten, so the next attempt tries again. */
export async function firebaseAuth(): Promise<LoadedAuth> {
  loading ??= loadAuth().catch((error: unknown) => {
    loading = undefined;
    throw error instanceof AuthFlowError
      ? error
      : new AuthFlowError('auth/network-request-failed', 'The sign-in code did not load');
  });
  const loaded = await loading;
  loaded.auth.languageCode = interfaceLanguage();
  return loaded;
}

/** Starts loading the SDK ahead of its first use; a failure waits for the real attempt. */
export function preloadFirebaseAuth(): void {
  firebaseAuth().catch(() => {});
}

/** Whether Google sign-in goes through the local stand-in (local mode) rather than Google. */
export function usesLocalGoogleStandIn(): boolean {
  return readRuntimeConfig().firebase.authEmulatorUrl !== undefined;
}

/** Signs the SDK out; it never keeps a user beyond the flow that signed it in. */
export async function signOutSdk({ auth, sdk }: LoadedAuth): Promise<void> {
  try {
    await sdk.signOut(auth);
  } catch {
    // In-memory persistence: nothing outlives the page anyway.
  }
}
