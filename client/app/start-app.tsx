import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { appStartWait, browserStorageKeys } from '../../shared/constants.ts';
import type { Account } from '../../shared/schemas/account.ts';
import { fetchAccount } from '../lib/account-api.ts';
import {
  getAuthState,
  initAuth,
  isAuthInitialized,
  subscribeAuth,
  type AuthState,
} from '../lib/auth-session.ts';
import { readStorage } from '../lib/browser-storage.ts';
import { startBuildUpdateCheck } from '../lib/build-update-check.ts';
import { installChunkLoadRecovery, recoverFromChunkLoadError } from '../lib/chunk-load-recovery.ts';
import { setReportedUser, startErrorReporting } from '../lib/error-reporting.ts';
import { initI18n } from '../lib/i18n.ts';
import {
  applyAccountPreferences,
  resolveStartLanguage,
  startPreferences,
} from '../lib/preferences.ts';
import { readRuntimeConfig } from '../lib/runtime-config.ts';
import { waitUntil } from '../lib/wait-until.ts';
import { reloadOnNavigationWhenUpdated } from './build-update-reload.ts';
import { createAppRouter, whenRouterReady, type AppRouter } from './router.tsx';
import { namespacesForPath } from './screens.ts';
import './base.css';

/**
 * The app start of spec §4: auth first (the language may come from the account), then the
 * language, then the first render. The first screen's code, the session answer and the translations
 * load side by side; the page is rendered once all are there, over the prerendered HTML if any
 * (no hydration: the prerendered markup is for crawlers and the first paint, the app replaces it).
 */

/** The backend account's preferences, when signed in; a missing account or a failure is ignored. */
async function signedInAccount(state: AuthState): Promise<Account | null> {
  if (state.status !== 'signed-in') return null;
  try {
    return await fetchAccount();
  } catch {
    return null;
  }
}

/** The error reporter knows who is signed in (`{ id, email }`) and nobody after sign-out. */
function followReportedUser(): void {
  let reportedUid: string | null | undefined;
  const update = (): void => {
    const state = getAuthState();
    if (state.status === 'pending' || state.status === 'unknown') return;
    const user = state.status === 'signed-in' ? state.user : null;
    if ((user?.uid ?? null) === reportedUid) return;
    reportedUid = user?.uid ?? null;
    setReportedUser(user === null ? null : { id: user.uid, email: user.email });
  };
  update();
  subscribeAuth(update);
}

/**
 * Whether a chunk that fails now is one a page needs: the first page, or a navigation under way. A
 * screen preloaded in the background (a link hovered, the browser idle) that fails must not reload
 * the page under the reader; the navigation that needs it later meets the failure and recovers.
 */
function isLoadingAPage(router: AppRouter | undefined): boolean {
  return (
    router === undefined || !router.state.initialized || router.state.navigation.state !== 'idle'
  );
}

export async function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');

  // Installed before the router exists, since the router starts loading the first screen at once.
  const started: { router?: AppRouter } = {};
  installChunkLoadRecovery(
    window,
    () => isLoadingAPage(started.router) && recoverFromChunkLoadError(),
  );
  startErrorReporting(readRuntimeConfig().errorReporting, import.meta.env.VITE_BUILD_ID);
  initAuth();

  const router = createAppRouter();
  started.router = router;
  // A newer build makes the next navigation a full page load (nothing happens under the dev server).
  const buildUpdateCheck = startBuildUpdateCheck(import.meta.env.VITE_BUILD_ID);
  if (buildUpdateCheck !== undefined) {
    reloadOnNavigationWhenUpdated(router, buildUpdateCheck.isUpdateWaiting);
  }

  await waitUntil(isAuthInitialized, appStartWait);
  const account = await signedInAccount(getAuthState());
  const language = resolveStartLanguage({
    accountLanguage: account?.language,
    query: window.location.search,
    cookieHeader: document.cookie,
    legacyEntry: readStorage('local', browserStorageKeys.legacyUserLanguage),
    browserLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
  await initI18n(language, namespacesForPath(window.location.pathname));
  startPreferences();
  if (account !== null) await applyAccountPreferences(account);
  followReportedUser();

  await whenRouterReady(router);
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
