import { csrfHeader } from '#shared/constants.ts';
import { authStateFromResponse, sessionPath, type SessionFetch } from './auth-session.ts';

/** What became of the session a signed-in page was shown for. */
export type SessionSince = 'same' | 'signed-out' | 'other-user';

/**
 * Asks the BFF again who is signed in (`GET /auth/session`), for a signed-in page the browser
 * shows again from its back/forward cache: Back after signing out would otherwise show the
 * signed-in frame as it was left, and on a shared computer another person's, with no request made
 * to tell it the session has ended or changed hands. Any other answer, or none (offline), leaves
 * the page be: its next request to the API says what the session is.
 */
export async function sessionSince(
  fetchSession: SessionFetch,
  shownUid: string,
): Promise<SessionSince> {
  try {
    const response = await fetchSession(sessionPath, {
      method: 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json', [csrfHeader.name]: csrfHeader.value },
    });
    const state = await authStateFromResponse(response);
    if (state.status === 'signed-out') return 'signed-out';
    if (state.status === 'signed-in' && state.user.uid !== shownUid) return 'other-user';
  } catch {
    // Offline or unreadable: the page's next API request tells.
  }
  return 'same';
}
