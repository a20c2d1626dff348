import i18next from 'i18next';
import type { Auth, PasswordValidationStatus, User } from 'firebase/auth';
import { flowPaths } from '../../shared/routes.ts';
import {
  popupClosedDetectionMs,
  popupSize,
  supportedLanguages,
  type Language,
} from '../../shared/constants.ts';
import type { AuthUser } from '../../shared/schemas/session.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { AuthFlowError } from './auth-errors.ts';
import { getAuthState, isAuthUser, setSignedInUser } from './auth-session.ts';
import { clearPendingRegistration, savePendingRegistration } from './pending-registration.ts';
import { createPopupCoordinator, type PopupWindow } from './popup-coordinator.ts';
import { readRuntimeConfig } from './runtime-config.ts';
import { isRecord } from './shape-checks.ts';

/**
 * The Firebase web SDK, for the moments the user proves who they are (decision 0001): sign-up,
 * sign-in, Google, re-authentication, the e-mail action codes. It keeps nothing (in-memory
 * persistence): right after a sign-in the tokens go to the BFF (`POST /auth/session`), which opens
 * the session, and the SDK is signed out. The SDK is about 60 KB gzip, so it is imported on demand
 * (preloadFirebaseAuth when a form is first used or the browser is idle), never with the first load.
 *
 * The SDK's `languageCode` follows the interface language, so that the verification and reset
 * e-mails are written in it. In local mode (runtime config `authEmulatorUrl`) it talks to the Auth
 * Emulator, and Google sign-in goes through the BFF's stand-in of Google's account chooser.
 */

type FirebaseAuthSdk = typeof import('firebase/auth');

interface LoadedAuth {
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

/** The SDK, loaded once; a failed load is forgotten, so the next attempt tries again. */
async function firebaseAuth(): Promise<LoadedAuth> {
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

function interfaceLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return (supportedLanguages as readonly string[]).includes(language)
    ? (language as Language)
    : 'en';
}

/** Firebase errors carry their `auth/…` code; API failures theirs; anything else is unknown. */
function asFlowError(error: unknown): AuthFlowError {
  if (error instanceof AuthFlowError) return error;
  if (error instanceof ApiError) return new AuthFlowError(error.code, error.message);
  if (isRecord(error) && typeof error.code === 'string') {
    return new AuthFlowError(error.code, String(error.message ?? error.code));
  }
  return new AuthFlowError('unknown', error instanceof Error ? error.message : String(error));
}

async function signOutSdk({ auth, sdk }: LoadedAuth): Promise<void> {
  try {
    await sdk.signOut(auth);
  } catch {
    // In-memory persistence: nothing outlives the page anyway.
  }
}

function sessionUserOf(body: unknown): AuthUser {
  const user = isRecord(body) ? body.user : undefined;
  if (!isAuthUser(user)) throw new AuthFlowError('internal_error', 'Unexpected session answer');
  return user;
}

/** Posts the SDK user's tokens to a BFF session route, then signs the SDK out whatever happened. */
async function handOverTokens(
  loaded: LoadedAuth,
  user: User,
  path: '/auth/session' | '/auth/session/reauthenticate',
): Promise<AuthUser> {
  try {
    const idToken = await user.getIdToken();
    const body = await apiRequest<unknown>('POST', path, {
      idToken,
      refreshToken: user.refreshToken,
    });
    return sessionUserOf(body);
  } catch (error) {
    throw asFlowError(error);
  } finally {
    await signOutSdk(loaded);
  }
}

/** Opens the BFF session of a fresh sign-in and tells the app who is signed in. */
async function openSession(loaded: LoadedAuth, user: User): Promise<AuthUser> {
  const sessionUser = await handOverTokens(loaded, user, '/auth/session');
  setSignedInUser(sessionUser);
  return sessionUser;
}

function continueUrl(path: string): string {
  return new URL(path, readRuntimeConfig().publicUrl).toString();
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  language: Language;
}

/**
 * Spec §4 "Registration": the Firebase user with its display name, the pending registration (never
 * the password), the verification e-mail (continue URL /verify-email-success), then an unverified
 * session; the caller then goes to /verify-email. When the e-mail cannot be sent, or the session
 * cannot be opened, the new Firebase user is deleted and the state cleared, so that the same
 * address can sign up again; the failure's code is then `verification_email_failed` or the cause.
 */
export async function signUpWithEmail(input: SignUpInput): Promise<AuthUser> {
  const loaded = await firebaseAuth();
  const { auth, sdk } = loaded;
  let user: User;
  try {
    ({ user } = await sdk.createUserWithEmailAndPassword(auth, input.email, input.password));
  } catch (error) {
    throw asFlowError(error);
  }

  const undo = async (): Promise<void> => {
    clearPendingRegistration();
    try {
      await sdk.deleteUser(user);
    } catch {
      // Offline: the user stays unverified, and signing up again says the address is taken.
    }
    await signOutSdk(loaded);
  };

  try {
    await sdk.updateProfile(user, { displayName: input.name });
    savePendingRegistration({
      name: input.name,
      email: input.email,
      accountType: 'email',
      language: input.language,
    });
  } catch (error) {
    await undo();
    throw asFlowError(error);
  }

  try {
    await sdk.sendEmailVerification(user, { url: continueUrl(flowPaths.verifyEmailSuccess) });
  } catch (error) {
    await undo();
    throw new AuthFlowError(
      'verification_email_failed',
      `The verification e-mail was not sent: ${asFlowError(error).code}`,
    );
  }

  try {
    // handOverTokens signs the SDK out; the user object keeps its tokens for the deletion below.
    return await openSession(loaded, user);
  } catch (error) {
    await undo();
    throw asFlowError(error);
  }
}

/**
 * Spec §4 "Login with e-mail": opens the session, verified or not. The caller ensures the backend
 * account of a verified user (account-sync.ts) and sends an unverified one to /verify-email.
 */
export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const loaded = await firebaseAuth();
  let user: User;
  try {
    ({ user } = await loaded.sdk.signInWithEmailAndPassword(loaded.auth, email, password));
  } catch (error) {
    throw asFlowError(error);
  }
  return openSession(loaded, user);
}

/** What the BFF's local Google stand-in posts to its opener (server/bff, local mode only). */
const localGoogleMessageType = 'vitrine:local-google-sign-in';
const localGooglePath = '/local/google-sign-in';

const popups = createPopupCoordinator<Window>({
  open: (url, name, features) => window.open(url, name, features),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
});

/** The fake Google ID token the local stand-in answers with, under spec §4's popup rules. */
function localGoogleIdToken(): Promise<string> {
  return popups.open<string>(
    {
      url: localGooglePath,
      ...popupSize,
      closedDetectionMs: popupClosedDetectionMs,
      screen: {
        left: window.screenX,
        top: window.screenY,
        width: window.outerWidth,
        height: window.outerHeight,
      },
    },
    (popup: PopupWindow, answer) => {
      const onMessage = (event: MessageEvent): void => {
        if (event.origin !== window.location.origin || event.source !== popup) return;
        const data: unknown = event.data;
        if (
          isRecord(data) &&
          data.type === localGoogleMessageType &&
          typeof data.idToken === 'string'
        ) {
          answer(data.idToken);
        }
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
  );
}

/**
 * The SDK user of a Google sign-in: Google's popup with account selection in production, the local
 * stand-in in local mode. The local popup opens before the SDK is awaited, inside the click's user
 * activation, so that no popup blocker stops it.
 */
async function googleUser(): Promise<{ loaded: LoadedAuth; user: User }> {
  if (readRuntimeConfig().firebase.authEmulatorUrl !== undefined) {
    const loadedPromise = firebaseAuth();
    // Caught here, awaited below: the popup's own failure must not leave this one unhandled.
    loadedPromise.catch(() => {});
    const idToken = await localGoogleIdToken();
    const loaded = await loadedPromise;
    try {
      const credential = loaded.sdk.GoogleAuthProvider.credential(idToken);
      const { user } = await loaded.sdk.signInWithCredential(loaded.auth, credential);
      return { loaded, user };
    } catch (error) {
      throw asFlowError(error);
    }
  }
  const loaded = await firebaseAuth();
  const provider = new loaded.sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    const { user } = await loaded.sdk.signInWithPopup(loaded.auth, provider);
    return { loaded, user };
  } catch (error) {
    throw asFlowError(error);
  }
}

/**
 * Spec §4 "Google login": the popup, then the session. Google users count as verified; the caller
 * ensures the backend account (accountType google).
 */
export async function signInWithGoogle(): Promise<AuthUser> {
  const { loaded, user } = await googleUser();
  return openSession(loaded, user);
}

export type ReauthenticationMethod = { kind: 'password'; password: string } | { kind: 'google' };

/**
 * Proves again that the signed-in user is at the keyboard, before a sensitive action (account
 * deletion): signs the SDK in with the password of the session's e-mail, or with Google, checks
 * that it is the same user (spec §5: otherwise `auth/user-mismatch`), and gives the fresh tokens to
 * the session (`POST /auth/session/reauthenticate`); the SDK is signed out in every case.
 */
export async function reauthenticate(
  method: ReauthenticationMethod,
  expectedUid: string,
): Promise<AuthUser> {
  let loaded: LoadedAuth;
  let user: User;
  if (method.kind === 'password') {
    const state = getAuthState();
    const email = state.status === 'signed-in' ? state.user.email : null;
    if (email === null) throw new AuthFlowError('auth/user-mismatch', 'No e-mail to sign in with');
    loaded = await firebaseAuth();
    try {
      ({ user } = await loaded.sdk.signInWithEmailAndPassword(loaded.auth, email, method.password));
    } catch (error) {
      throw asFlowError(error);
    }
  } else {
    ({ loaded, user } = await googleUser());
  }
  if (user.uid !== expectedUid) {
    await signOutSdk(loaded);
    throw new AuthFlowError('auth/user-mismatch', 'Signed in as another user');
  }
  const sessionUser = await handOverTokens(loaded, user, '/auth/session/reauthenticate');
  setSignedInUser(sessionUser);
  return sessionUser;
}

/**
 * The reset e-mail of spec §7, in the interface language; the flow ends on the identity provider's
 * page, whose "continue" leads back to /login. An unknown address succeeds too: the answer must not
 * tell whether an account exists.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  // Firebase refuses a malformed address (`auth/invalid-email`), but its emulator looks the address
  // up first and answers "not found", which reads as success here; the same check, made first,
  // keeps the answer alike everywhere.
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AuthFlowError('auth/invalid-email');
  const { auth, sdk } = await firebaseAuth();
  try {
    await sdk.sendPasswordResetEmail(auth, email, { url: continueUrl(flowPaths.login) });
  } catch (error) {
    const flowError = asFlowError(error);
    if (flowError.code === 'auth/user-not-found') return;
    throw flowError;
  }
}

/**
 * Applies the code of a verification link (`?mode=verifyEmail&oobCode=…`). Its failure keeps the
 * provider's code (`auth/invalid-action-code`, `auth/expired-action-code`, a network failure).
 */
export async function applyEmailVerificationCode(oobCode: string): Promise<void> {
  const { auth, sdk } = await firebaseAuth();
  try {
    await sdk.applyActionCode(auth, oobCode);
  } catch (error) {
    throw asFlowError(error);
  }
}

/** One requirement of the password policy, and whether the password meets it. */
export type PasswordRequirement =
  | { kind: 'minLength'; value: number; met: boolean }
  | { kind: 'maxLength'; value: number; met: boolean }
  | { kind: 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric'; met: boolean };

export interface PasswordCheck {
  isValid: boolean;
  requirements: PasswordRequirement[];
}

/**
 * The length Firebase always enforces (`auth/weak-password`), the only rule known when the project's
 * policy cannot be read (the Auth Emulator serves none).
 */
const providerMinimumLength = 6;

/** The requirements a validation status names (those the policy leaves out are undefined). */
export function passwordCheckOf(status: PasswordValidationStatus): PasswordCheck {
  const options = status.passwordPolicy.customStrengthOptions;
  const requirements: PasswordRequirement[] = [];
  if (status.meetsMinPasswordLength !== undefined) {
    requirements.push({
      kind: 'minLength',
      value: options.minPasswordLength ?? providerMinimumLength,
      met: status.meetsMinPasswordLength,
    });
  }
  if (status.meetsMaxPasswordLength !== undefined && options.maxPasswordLength !== undefined) {
    requirements.push({
      kind: 'maxLength',
      value: options.maxPasswordLength,
      met: status.meetsMaxPasswordLength,
    });
  }
  const flags = [
    ['lowercase', status.containsLowercaseLetter],
    ['uppercase', status.containsUppercaseLetter],
    ['numeric', status.containsNumericCharacter],
    ['nonAlphanumeric', status.containsNonAlphanumericCharacter],
  ] as const;
  for (const [kind, met] of flags) if (met !== undefined) requirements.push({ kind, met });
  return { isValid: status.isValid, requirements };
}

/** The provider's fixed minimum, when no policy can be read. */
export function minimumLengthCheck(password: string): PasswordCheck {
  const met = password.length >= providerMinimumLength;
  return { isValid: met, requirements: [{ kind: 'minLength', value: providerMinimumLength, met }] };
}

/**
 * The password against the project's policy (Firebase's `validatePassword`), for the live list of
 * requirements under the sign-up's password field.
 */
export async function validatePasswordLive(password: string): Promise<PasswordCheck> {
  const { auth, sdk } = await firebaseAuth();
  try {
    return passwordCheckOf(await sdk.validatePassword(auth, password));
  } catch {
    return minimumLengthCheck(password);
  }
}

/**
 * After `auth/password-does-not-meet-requirements` the policy changed since it was read: the SDK
 * re-reads it (it starts that itself on this error); this waits for a fresh copy, then checks the
 * password against it, so the page can say what is missing.
 */
export async function refreshPasswordPolicy(password: string): Promise<PasswordCheck> {
  const { auth } = await firebaseAuth();
  // The public API only re-reads the policy as a side effect of that error; the internal method the
  // SDK uses for it is called when present, and the cached policy is used otherwise.
  const internal = auth as Auth & { _updatePasswordPolicy?: () => Promise<void> };
  try {
    await internal._updatePasswordPolicy?.();
  } catch {
    // No policy to read (the emulator): the provider's minimum is all there is to show.
  }
  return validatePasswordLive(password);
}
