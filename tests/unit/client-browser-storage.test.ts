import { describe, expect, it } from 'vitest';
import {
  cookieLine,
  createBrowserStorage,
  parseCookie,
  type KeyValueStorage,
} from '#client/lib/browser-storage.ts';

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const throwingStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('parseCookie', () => {
  it('finds a cookie among others, by its exact name, decoded', () => {
    expect(parseCookie('a=1; vitrine_theme=dark; b=2', 'vitrine_theme')).toBe('dark');
    expect(parseCookie('x_vitrine_theme=dark', 'vitrine_theme')).toBeUndefined();
    expect(parseCookie('name=a%20b', 'name')).toBe('a b');
    expect(parseCookie('', 'name')).toBeUndefined();
  });

  it('ignores a value that is not percent-encoded properly', () => {
    expect(parseCookie('name=%E0%A4%A', 'name')).toBeUndefined();
  });
});

describe('cookieLine', () => {
  it('has a year to live, Lax, the whole site, and Secure only over https', () => {
    expect(cookieLine('i18n_redirected', 'fr', 365 * 86400, false)).toBe(
      'i18n_redirected=fr; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(cookieLine('vitrine_theme', 'dark', 60, true)).toBe(
      'vitrine_theme=dark; Path=/; Max-Age=60; SameSite=Lax; Secure',
    );
  });
});

describe('createBrowserStorage', () => {
  it('writes cookies for the given number of days and deletes them with Max-Age=0', () => {
    const lines: string[] = [];
    const storage = createBrowserStorage({
      document: () => ({
        get cookie() {
          return 'vitrine_theme=light';
        },
        set cookie(line: string) {
          lines.push(line);
        },
      }),
      storage: () => undefined,
      secure: () => true,
    });
    expect(storage.readCookie('vitrine_theme')).toBe('light');
    storage.writeCookie('vitrine_theme', 'dark', 365);
    storage.deleteCookie('vitrine_theme');
    expect(lines).toEqual([
      'vitrine_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
      'vitrine_theme=; Path=/; Max-Age=0; SameSite=Lax; Secure',
    ]);
  });

  it('reads, writes and removes entries in the right area', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const storage = createBrowserStorage({
      document: () => undefined,
      storage: (area) => (area === 'local' ? local : session),
      secure: () => false,
    });
    storage.writeStorage('local', 'key', 'in-local');
    storage.writeStorage('session', 'key', 'in-session');
    expect(storage.readStorage('local', 'key')).toBe('in-local');
    expect(storage.readStorage('session', 'key')).toBe('in-session');
    storage.removeStorage('local', 'key');
    expect(storage.readStorage('local', 'key')).toBeUndefined();
    expect(session.entries.get('key')).toBe('in-session');
  });

  it('never throws when storage or cookies are unavailable', () => {
    const failing = createBrowserStorage({
      document: () => {
        throw new Error('no document');
      },
      storage: (area) => {
        if (area === 'local') throw new Error('SecurityError');
        return throwingStorage;
      },
      secure: () => false,
    });
    expect(failing.readCookie('a')).toBeUndefined();
    expect(() => failing.writeCookie('a', 'b', 1)).not.toThrow();
    expect(() => failing.deleteCookie('a')).not.toThrow();
    for (const area of ['local', 'session'] as const) {
      expect(failing.readStorage(area, 'a')).toBeUndefined();
      expect(() => failing.writeStorage(area, 'a', 'b')).not.toThrow();
      expect(() => failing.removeStorage(area, 'a')).not.toThrow();
    }

    const cookieSetterThrows = createBrowserStorage({
      document: () => ({
        get cookie(): string {
          throw new Error('SecurityError');
        },
        set cookie(_line: string) {
          throw new Error('SecurityError');
        },
      }),
      storage: () => undefined,
      secure: () => false,
    });
    expect(cookieSetterThrows.readCookie('a')).toBeUndefined();
    expect(() => cookieSetterThrows.writeCookie('a', 'b', 1)).not.toThrow();
  });
});
