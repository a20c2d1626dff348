import { csrfHeader } from '#shared/constants.ts';
import { flowPaths } from '#shared/routes.ts';
import { authStateFromResponse, sessionPath, type SessionFetch } from './auth-session.ts';

/**
 * Asks the BFF again who is signed in (`GET /auth/session`) and leaves for the sign-in page when
 * nobody is any more. For a signed-in page the browser shows again from its back/forward cache:
 * Back after signing out would otherwise show the signed-in frame as it was left, with no request
 * made to tell it the session has ended. Any other answer, or none (offline), leaves the page be:
 * its next request to the API says what the session is.
 */
export async function leaveIfSignedOut(
  fetchSession: SessionFetch,
  leave: (path: string) => void,
): Promise<void> {
  let signedOut = false;
  try {
    const response = await fetchSession(sessionPath, {
      method: 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json', [csrfHeader.name]: csrfHeader.value },
    });
    signedOut = (await authStateFromResponse(response)).status === 'signed-out';
  } catch {
    signedOut = false;
  }
  if (signedOut) leave(flowPaths.login);
}
