import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { createConsentStore } from '#client/lib/consent.ts';
import { browserStorageKeys } from '#shared/constants.ts';

function storageWith(initial?: string) {
  const entries = new Map<string, string>();
  if (initial !== undefined) entries.set('vitrine_cookie_consent', initial);
  return {
    entries,
    readStorage: vi.fn((_area: 'local' | 'session', key: string) => entries.get(key)),
    writeStorage: vi.fn((_area: 'local' | 'session', key: string, value: string) => {
      entries.set(key, value);
    }),
  };
}

describe('consent store', () => {
  it('has no choice and an open banner on a first visit', () => {
    const store = createConsentStore(storageWith());
    expect(store.get()).toBeUndefined();
    expect(store.isBannerOpen()).toBe(true);
  });

  it('reads a stored choice, and treats any other value as no choice', () => {
    expect(createConsentStore(storageWith('accepted')).get()).toBe('accepted');
    expect(createConsentStore(storageWith('refused')).isBannerOpen()).toBe(false);
    expect(createConsentStore(storageWith('yes')).get()).toBeUndefined();
  });

  it('does not touch storage until asked', () => {
    const storage = storageWith('accepted');
    const store = createConsentStore(storage);
    expect(storage.readStorage).not.toHaveBeenCalled();
    store.get();
    store.get();
    expect(storage.readStorage).toHaveBeenCalledTimes(1);
  });

  it('stores a choice in localStorage, closes the banner and notifies', () => {
    const storage = storageWith();
    const store = createConsentStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('accepted');
    expect(storage.entries.get('vitrine_cookie_consent')).toBe('accepted');
    expect(store.get()).toBe('accepted');
    expect(store.isBannerOpen()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reopens the banner after a choice, until the next choice', () => {
    const store = createConsentStore(storageWith('accepted'));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.openBanner();
    expect(store.isBannerOpen()).toBe(true);
    expect(store.get()).toBe('accepted');
    store.set('refused');
    expect(store.isBannerOpen()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.openBanner();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the choice for the visit when storage cannot keep it', () => {
    const store = createConsentStore({ readStorage: () => undefined, writeStorage: () => {} });
    store.set('accepted');
    expect(store.get()).toBe('accepted');
  });
});

describe('the inline consent script of index.html', () => {
  const html = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  const consentScript =
    [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] ?? '')
      .find((text) => text.includes(browserStorageKeys.cookieConsent)) ?? '';

  function run(storedChoice: string | null | Error): Map<string, string> {
    const attributes = new Map<string, string>();
    runInNewContext(consentScript, {
      localStorage: {
        getItem: (key: string) => {
          if (storedChoice instanceof Error) throw storedChoice;
          return key === browserStorageKeys.cookieConsent ? storedChoice : null;
        },
      },
      document: {
        documentElement: {
          setAttribute: (name: string, value: string) => attributes.set(name, value),
        },
      },
    });
    return attributes;
  }

  it('marks <html> when the visitor has chosen, so the prerendered banner stays hidden', () => {
    expect(run('accepted').has('data-consent-chosen')).toBe(true);
    expect(run('refused').has('data-consent-chosen')).toBe(true);
  });

  it('leaves the banner shown without a valid choice or without storage', () => {
    expect(run(null).size).toBe(0);
    expect(run('maybe').size).toBe(0);
    expect(run(new Error('SecurityError')).size).toBe(0);
  });
});
