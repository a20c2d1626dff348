import { useSyncExternalStore } from 'react';
import { browserStorageKeys } from '#shared/constants.ts';
import { browserStorage, type BrowserStorage } from './browser-storage.ts';

/**
 * The cookie-consent choice (docs/decisions/0008-consent-and-browser-storage.md): kept in
 * localStorage as `accepted` or `refused`; only `accepted` lets the language and theme cookies be
 * written (preferences.ts acts on the choice). The banner is open while no choice is known, or
 * after the footer's "Cookie settings" or the Settings screen reopened it; any choice closes it.
 */

export type ConsentChoice = 'accepted' | 'refused';

export interface ConsentStore {
  get(): ConsentChoice | undefined;
  set(choice: ConsentChoice): void;
  isBannerOpen(): boolean;
  openBanner(): void;
  subscribe(listener: () => void): () => void;
}

function isConsentChoice(value: unknown): value is ConsentChoice {
  return value === 'accepted' || value === 'refused';
}

export function createConsentStore(
  storage: Pick<BrowserStorage, 'readStorage' | 'writeStorage'>,
): ConsentStore {
  // Read once, lazily: storage stays untouched at import, and a choice made while storage is
  // unavailable still holds for the rest of the visit.
  let loaded = false;
  let choice: ConsentChoice | undefined;
  let reopened = false;
  const listeners = new Set<() => void>();

  function get(): ConsentChoice | undefined {
    if (!loaded) {
      loaded = true;
      const stored = storage.readStorage('local', browserStorageKeys.cookieConsent);
      choice = isConsentChoice(stored) ? stored : undefined;
    }
    return choice;
  }

  function notify(): void {
    for (const listener of [...listeners]) listener();
  }

  return {
    get,
    set(next) {
      loaded = true;
      choice = next;
      reopened = false;
      storage.writeStorage('local', browserStorageKeys.cookieConsent, next);
      notify();
    },
    isBannerOpen: () => reopened || get() === undefined,
    openBanner() {
      if (reopened) return;
      reopened = true;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const consentStore: ConsentStore = createConsentStore(browserStorage);

export function getConsent(): ConsentChoice | undefined {
  return consentStore.get();
}

/** Records a choice and closes the banner; acceptCookies/refuseCookies (preferences.ts) call it. */
export function setConsent(choice: ConsentChoice): void {
  consentStore.set(choice);
}

export function subscribeConsent(listener: () => void): () => void {
  return consentStore.subscribe(listener);
}

export function isConsentBannerOpen(): boolean {
  return consentStore.isBannerOpen();
}

/** Reopens the banner (footer "Cookie settings", Settings) so that the choice can be changed. */
export function openConsentBanner(): void {
  consentStore.openBanner();
}

/** The prerender knows nothing of the visitor's choice: no choice. */
const serverConsent = (): ConsentChoice | undefined => undefined;

export function useConsent(): ConsentChoice | undefined {
  return useSyncExternalStore(subscribeConsent, getConsent, serverConsent);
}

/**
 * The prerendered HTML has the banner, as a first visit sees it: painted with the page, it neither
 * moves the page nor becomes its largest paint once the app starts. For a visitor who has already
 * chosen, index.html's inline script marks `<html data-consent-chosen>` before the first paint and
 * the stylesheet hides the prerendered copy.
 */
const serverBannerOpen = (): boolean => true;

export function useConsentBannerOpen(): boolean {
  return useSyncExternalStore(subscribeConsent, isConsentBannerOpen, serverBannerOpen);
}

const noSubscription = (): (() => void) => () => {};

/** True while React renders on the server (the prerender), false in the browser. */
export function useIsPrerendering(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
