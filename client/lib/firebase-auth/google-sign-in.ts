import type { User } from 'firebase/auth';
import * as z from 'zod/mini';
import { popupClosedDetectionMs, popupSize } from '#shared/constants.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import {
  browserPopupEnvironment,
  createPopupCoordinator,
  openerScreen,
  type PopupWindow,
} from '../popup-coordinator.ts';
import { toFlowError } from './flow-error.ts';
import { firebaseAuth, usesLocalGoogleStandIn, type LoadedAuth } from './load-sdk.ts';
import { openSession } from './session-handover.ts';

/** What the BFF's local Google stand-in posts to its opener (server/bff, local mode only). */
const localGoogleMessageSchema = z.object({
  type: z.literal('vitrine:local-google-sign-in'),
  idToken: z.string(),
});
const localGooglePath = '/local/google-sign-in';

const popups = createPopupCoordinator(browserPopupEnvironment());

/** The fake Google ID token the local stand-in answers with, under the same popup rules. */
function localGoogleIdToken(): Promise<string> {
  return popups.open<string>(
    {
      url: localGooglePath,
      ...popupSize,
      closedDetectionMs: popupClosedDetectionMs,
      screen: openerScreen(),
    },
    (popup: PopupWindow, answer) => {
      const onMessage = (event: MessageEvent): void => {
        if (event.origin !== window.location.origin || event.source !== popup) return;
        const message = z.safeParse(localGoogleMessageSchema, event.data);
        if (message.success) answer(message.data.idToken);
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
export async function googleUser(): Promise<{ loaded: LoadedAuth; user: User }> {
  if (usesLocalGoogleStandIn()) {
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
      throw toFlowError(error);
    }
  }
  const loaded = await firebaseAuth();
  const provider = new loaded.sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    const { user } = await loaded.sdk.signInWithPopup(loaded.auth, provider);
    return { loaded, user };
  } catch (error) {
    throw toFlowError(error);
  }
}

/**
 * Google sign-in: the popup, then the session. Google users count as verified; the caller ensures
 * the backend account (accountType google).
 */
export async function signInWithGoogle(): Promise<AuthUser> {
  const { loaded, user } = await googleUser();
  return openSession(loaded, user);
}
