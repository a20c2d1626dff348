import { describe, expect, it, vi } from 'vitest';
import { createConsentStore } from '../../client/lib/consent.ts';

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
