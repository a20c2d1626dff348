import { browserStorageKeys, chunkReloadGuardMs } from '#shared/constants.ts';
import { readStorage, writeStorage } from './browser-storage.ts';

/**
 * A chunk that fails to load is most often one that a new deployment removed while the page was
 * open: a reload fetches the new build. A sessionStorage marker
 * `{ path, at }` keeps a broken deployment from reloading the same path in a loop: within 10 s of a
 * reload of that path, the error page shows instead.
 */

const chunkErrorMessages = [
  // Chromium
  'failed to fetch dynamically imported module',
  // Safari
  'importing a module script failed',
  // Firefox
  'error loading dynamically imported module',
  // Vite's CSS preload (vite:preloadError)
  'unable to preload css',
];

/** Whether an error (or what caused it) is a script or style chunk that failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  let current: unknown = error;
  // Frameworks wrap errors in others (`cause`); a few levels are plenty and rule out a cycle.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { name?: unknown; message?: unknown; cause?: unknown };
    if (candidate.name === 'ChunkLoadError') return true;
    if (typeof candidate.message === 'string') {
      const message = candidate.message.toLowerCase();
      if (chunkErrorMessages.some((known) => message.includes(known))) return true;
    }
    current = candidate.cause;
  }
  return false;
}

export interface MarkerStorage {
  read(key: string): string | undefined;
  write(key: string, value: string): void;
}

export interface ChunkRecoveryDependencies {
  /** The path being loaded; the current location's by default. */
  path?: string;
  now?: number;
  storage?: MarkerStorage;
  reload?: () => void;
  /** navigator.onLine: offline, a reload would only bring the browser's own error page. */
  online?: boolean;
}

interface ReloadMarker {
  path: string;
  at: number;
}

function parseMarker(text: string | undefined): ReloadMarker | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<ReloadMarker> | null;
    if (typeof value?.path === 'string' && typeof value.at === 'number') {
      return { path: value.path, at: value.at };
    }
  } catch {
    // Not ours or damaged: as good as absent.
  }
  return undefined;
}

const sessionMarkerStorage: MarkerStorage = {
  read: (key) => readStorage('session', key),
  write: (key, value) => writeStorage('session', key, value),
};

const browserReload = (): void => window.location.reload();

/**
 * The reloads already asked for. A reload is not immediate: until the page goes, other chunks can
 * fail (a layout and its screen after the same deployment) and must not show the error page.
 */
const reloadsUnderWay = new WeakSet<() => void>();

/**
 * Reloads the page unless this path was reloaded for the same reason less than 10 s ago.
 * True when it reloads (or a reload is already under way); false when the caller must show the
 * error page.
 */
export function recoverFromChunkLoadError(dependencies: ChunkRecoveryDependencies = {}): boolean {
  const reload = dependencies.reload ?? browserReload;
  if (reloadsUnderWay.has(reload)) return true;
  if (!(dependencies.online ?? navigator.onLine)) return false;
  const path = dependencies.path ?? window.location.pathname;
  const now = dependencies.now ?? Date.now();
  const storage = dependencies.storage ?? sessionMarkerStorage;

  const key = browserStorageKeys.chunkReload;
  const previous = parseMarker(storage.read(key));
  if (previous !== undefined && previous.path === path) {
    const elapsed = now - previous.at;
    if (elapsed >= 0 && elapsed < chunkReloadGuardMs) return false;
  }
  const marker = JSON.stringify({ path, at: now } satisfies ReloadMarker);
  storage.write(key, marker);
  // Without a marker that survives the reload (storage disabled), nothing would stop a loop.
  if (storage.read(key) !== marker) return false;
  reloadsUnderWay.add(reload);
  reload();
  return true;
}
