import {
  browserStorageKeys,
  csrfHeader,
  loginModeParameter,
  loginNoticeParameter,
  sessionPath,
} from '#shared/constants.ts';
import { recordInteractions } from './interaction-replay.ts';

/**
 * How a prerendered page (the public pages and sign-in) hands over to the app. The page is complete
 * and readable as it arrives, and its links work without a script; the app (React, the router,
 * i18next, the session) is what its controls need, and starting it is most of what a phone's main
 * thread does on a first load (npm run bench:client). So the app starts when it is needed, not with
 * the page:
 * - at the visitor's first sign of use: the pointer moving or pressed, a touch, a key, the focus;
 * - when a control is used: what was done is kept and done again on the app's markup once it has
 *   rendered (interaction-replay.ts), so no click or choice is lost on the way;
 * - at once when the page as prerendered is not the visitor's: signed in (the header's link, the
 *   account's language and theme), an older language entry to migrate, or an address that asks
 *   for what the prerendered markup cannot show (/login's sign-up form, a notice said on arrival);
 * - when the system's colour scheme changes, which the app's theme follows.
 * Nothing of the app is imported here: its code is fetched when it starts (`import()`). Its chunk
 * is also index.html's entry, which starts the app as it loads: `startApp` starts it once, and
 * whoever calls it again only adds what to do after the first render.
 */

const intentEvents = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** True only when the BFF answered with a signed-in user. */
async function mayBeSignedIn(): Promise<boolean> {
  try {
    const response = await fetch(sessionPath, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json', [csrfHeader.name]: csrfHeader.value },
    });
    if (response.status !== 200) return false;
    const body: unknown = await response.json();
    return !(typeof body === 'object' && body !== null && 'user' in body && body.user === null);
  } catch {
    // The app, once started, tells an unknown session the same way as a signed-out one here.
    return false;
  }
}

/** /login's sign-up form (`mode`) or a notice (`notice`): the prerendered page is the sign-in. */
function addressAsksForTheApp(): boolean {
  const query = new URLSearchParams(window.location.search);
  return query.has(loginModeParameter) || query.has(loginNoticeParameter);
}

function hasLegacyLanguageEntry(): boolean {
  try {
    return localStorage.getItem(browserStorageKeys.legacyUserLanguage) !== null;
  } catch {
    return false;
  }
}

export function startPrerenderedPage(): void {
  const root = document.getElementById('root');
  if (root === null) throw new Error('the page has no #root element');
  let started = false;
  const colorScheme = matchMedia('(prefers-color-scheme: dark)');

  const start = (): void => {
    if (started) return;
    started = true;
    for (const type of intentEvents) document.removeEventListener(type, start, true);
    colorScheme.removeEventListener('change', start);
    void import('./start-app.tsx')
      .then(({ startApp }) => startApp({ onFirstRender: () => interactions.replay() }))
      .catch((error: unknown) => {
        // The app's code could not be fetched or failed to start: the page's controls act on their
        // own again rather than wait for an app that will not come.
        interactions.release();
        throw error;
      });
  };

  const interactions = recordInteractions(root, start);
  for (const type of intentEvents) {
    document.addEventListener(type, start, { capture: true, passive: true });
  }
  colorScheme.addEventListener('change', start);
  if (hasLegacyLanguageEntry() || addressAsksForTheApp()) start();
  else
    void mayBeSignedIn().then((signedIn) => {
      if (signedIn) start();
    });
}
