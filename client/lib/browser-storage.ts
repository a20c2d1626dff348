/**
 * The only door to cookies, localStorage and sessionStorage (what goes through it is listed in
 * shared/constants.ts and docs/decisions/0008-consent-and-browser-storage.md). Storage can be
 * missing or throw (private modes, disabled cookies, sandboxed frames, a full quota): preferences
 * are a convenience, so every access here fails quietly instead of breaking the page.
 *
 * The logic takes its document and storages as arguments (createBrowserStorage), so that it is
 * tested in Node; the exported functions use the browser's, looked up at each call, never at
 * import.
 */

export type StorageArea = 'local' | 'session';

/** What of `document` the cookie functions use. */
export interface CookieDocument {
  cookie: string;
}

/** What of `Storage` the storage functions use. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface BrowserStorageEnvironment {
  document: () => CookieDocument | undefined;
  storage: (area: StorageArea) => KeyValueStorage | undefined;
  /** Whether the page is served over https, where cookies get `Secure`. */
  secure: () => boolean;
}

export interface BrowserStorage {
  readCookie(name: string): string | undefined;
  writeCookie(name: string, value: string, maxAgeDays: number): void;
  deleteCookie(name: string): void;
  readStorage(area: StorageArea, key: string): string | undefined;
  writeStorage(area: StorageArea, key: string, value: string): void;
  removeStorage(area: StorageArea, key: string): void;
}

const secondsPerDay = 24 * 60 * 60;

/** The value of the cookie `name` in a `Cookie` header or `document.cookie`, decoded. */
export function parseCookie(cookieHeader: string, name: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      // A value someone else wrote, not percent-encoded: not one of ours.
      return undefined;
    }
  }
  return undefined;
}

/** The `Set-Cookie`-style line for document.cookie: site-wide, SameSite=Lax, Secure over HTTPS. */
export function cookieLine(
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  const attributes = [
    `Path=/`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return [`${name}=${encodeURIComponent(value)}`, ...attributes].join('; ');
}

export function createBrowserStorage(environment: BrowserStorageEnvironment): BrowserStorage {
  function cookieDocument(): CookieDocument | undefined {
    try {
      return environment.document();
    } catch {
      return undefined;
    }
  }

  function storageArea(area: StorageArea): KeyValueStorage | undefined {
    try {
      // Reading `window.localStorage` itself throws when storage is disabled.
      return environment.storage(area);
    } catch {
      return undefined;
    }
  }

  function setCookie(line: string): void {
    const target = cookieDocument();
    if (target === undefined) return;
    try {
      target.cookie = line;
    } catch {
      // Cookies disabled in a sandboxed document: the preference lives for this page only.
    }
  }

  return {
    readCookie(name) {
      const source = cookieDocument();
      if (source === undefined) return undefined;
      try {
        return parseCookie(source.cookie, name);
      } catch {
        return undefined;
      }
    },
    writeCookie(name, value, maxAgeDays) {
      setCookie(cookieLine(name, value, maxAgeDays * secondsPerDay, environment.secure()));
    },
    deleteCookie(name) {
      setCookie(cookieLine(name, '', 0, environment.secure()));
    },
    readStorage(area, key) {
      try {
        return storageArea(area)?.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    writeStorage(area, key, value) {
      try {
        storageArea(area)?.setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: the value is simply not kept.
      }
    },
    removeStorage(area, key) {
      try {
        storageArea(area)?.removeItem(key);
      } catch {
        // Nothing kept, nothing to remove.
      }
    },
  };
}

/** The browser's document and storages; undefined in Node (the prerender). */
export const browserStorage: BrowserStorage = createBrowserStorage({
  document: () => (typeof document === 'undefined' ? undefined : document),
  storage: (area) => {
    if (typeof window === 'undefined') return undefined;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  },
  secure: () => typeof location !== 'undefined' && location.protocol === 'https:',
});

export function readCookie(name: string): string | undefined {
  return browserStorage.readCookie(name);
}

export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  browserStorage.writeCookie(name, value, maxAgeDays);
}

export function deleteCookie(name: string): void {
  browserStorage.deleteCookie(name);
}

/** Never throws: undefined when the entry is absent or storage is unavailable. */
export function readStorage(area: StorageArea, key: string): string | undefined {
  return browserStorage.readStorage(area, key);
}

/** Never throws. */
export function writeStorage(area: StorageArea, key: string, value: string): void {
  browserStorage.writeStorage(area, key, value);
}

/** Never throws. */
export function removeStorage(area: StorageArea, key: string): void {
  browserStorage.removeStorage(area, key);
}
