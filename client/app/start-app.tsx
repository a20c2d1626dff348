import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { appStartWait, browserStorageKeys, buildCheckDelayMs } from '#shared/constants.ts';
import {
  getAuthState,
  initAuth,
  isAuthInitialized,
  subscribeAuth,
} from '#client/lib/auth-session.ts';
import { readStorage } from '#client/lib/browser-storage.ts';
import { reportError, setReportedUser, startErrorReporting } from '#client/lib/error-reporting.ts';
import { initI18n } from '#client/lib/i18n.ts';
import {
  applyAccountPreferences,
  resolveStartLanguage,
  startPreferences,
} from '#client/lib/preferences.ts';
import { readRuntimeConfig } from '#client/lib/runtime-config.ts';
import { accountAtStart, followAccountSync } from '#client/lib/signed-in-account.ts';
import { waitUntil } from '#client/lib/wait-until.ts';
import { createAppRouter, whenRouterReady, type AppRouter } from './router.tsx';
import { namespacesForPath } from './screens.ts';
import './base.css';

/**
 * The app start: auth first (the language may come from the account), then the
 * language, then the first render. The first screen's code, the session answer and the translations
 * load side by side; the page is rendered once all are there, over the prerendered HTML if any
 * (no hydration: the prerendered markup is for crawlers and the first paint, the app replaces it).
 */

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
 * A newer build makes the next navigation a full page load (nothing happens under the dev server).
 * The first check is due a second after the page's load event (shared/constants.ts), so its code is
 * only
 * fetched once the page has loaded: the first page never waits for it.
 */
function watchForNewerBuild(router: AppRouter): void {
  if (document.readyState === 'complete') startWatchingForNewerBuild(router, performance.now());
  else {
    window.addEventListener('load', () => startWatchingForNewerBuild(router, performance.now()), {
      once: true,
    });
  }
}

function startWatchingForNewerBuild(router: AppRouter, loadedAt: number): void {
  void Promise.all([
    import('#client/lib/build-update-check.ts'),
    import('./build-update-reload.ts'),
  ])
    .then(([{ startBuildUpdateCheck }, { reloadOnNavigationWhenUpdated }]) => {
      // The second after load counts from the load event, not from the arrival of this code.
      const delayMs = Math.max(0, buildCheckDelayMs - (performance.now() - loadedAt));
      const buildUpdateCheck = startBuildUpdateCheck(import.meta.env.VITE_BUILD_ID, delayMs);
      if (buildUpdateCheck !== undefined) {
        reloadOnNavigationWhenUpdated(router, buildUpdateCheck.isUpdateWaiting);
      }
    })
    .catch(reportError);
}

/** Calls `onRendered` once the tree under it is on the page, the first time only. */
function AfterFirstRender({
  onRendered,
  children,
}: {
  onRendered: () => void;
  children: ReactNode;
}) {
  useEffect(onRendered, [onRendered]);
  return children;
}

/**
 * What is to be done once the app's first render is on the page, and whether it is: a callback
 * added after that runs at once.
 */
const firstRender = {
  done: false,
  callbacks: [] as Array<() => void>,
  add(callback: () => void): void {
    if (this.done) callback();
    else this.callbacks.push(callback);
  },
  run(): void {
    if (this.done) return;
    this.done = true;
    for (const callback of this.callbacks.splice(0)) callback();
  },
};
const runFirstRenderCallbacks = (): void => firstRender.run();

let appStarted: Promise<void> | undefined;

export interface StartAppOptions {
  /**
   * Called once the app's first render has replaced the prerendered markup (a prerendered page then
   * replays what its visitor did meanwhile: prerendered-page-start.ts).
   */
  onFirstRender?: () => void;
}

/**
 * Starts the app, once: index.html's entry calls it as its chunk loads, and a prerendered page
 * (prerendered-page-start.ts) imports that same chunk and calls it again, to be told of the first
 * render. A second start would render a second tree over the first and read the preferences again
 * after the first had migrated them.
 */
export function startApp({ onFirstRender }: StartAppOptions = {}): Promise<void> {
  if (onFirstRender !== undefined) firstRender.add(onFirstRender);
  appStarted ??= runApp();
  return appStarted;
}

async function runApp(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');

  startErrorReporting(readRuntimeConfig().errorReporting, import.meta.env.VITE_BUILD_ID);
  initAuth();

  // A screen whose code fails to load is recovered by its route's error boundary (route-error.tsx),
  // which reloads the page once; the optional chunks (error reporting, the build check) only fail
  // quietly, so a blocked or missing one never reloads the page under the reader.
  const router = createAppRouter();
  watchForNewerBuild(router);

  await waitUntil(isAuthInitialized, appStartWait);
  const startState = getAuthState();
  const account = await accountAtStart(startState);
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
  // A session that answered after the wait above counts as a change: followAccountSync handles it.
  followAccountSync(startState.status === 'signed-in' ? startState.user : null);
  followReportedUser();

  await whenRouterReady(router);
  const root = createRoot(container);
  // A transition lets React render in slices and yield to the browser in between: the prerendered
  // page stays responsive while the app takes it over, instead of freezing for one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AfterFirstRender onRendered={runFirstRenderCallbacks}>
          <RouterProvider router={router} />
        </AfterFirstRender>
      </StrictMode>,
    );
  });
}
