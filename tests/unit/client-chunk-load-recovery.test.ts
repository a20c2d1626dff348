import { describe, expect, it, vi } from 'vitest';
import {
  isChunkLoadError,
  recoverFromChunkLoadError,
  type MarkerStorage,
} from '#client/lib/chunk-load-recovery.ts';
import { chunkReloadGuardMs } from '#shared/constants.ts';

function sessionStorageFake(): MarkerStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    read: (key) => entries.get(key),
    write: (key, value) => void entries.set(key, value),
  };
}

describe('isChunkLoadError', () => {
  it('recognises the failed dynamic imports of each browser and of Vite', () => {
    const messages = [
      'Failed to fetch dynamically imported module: https://x.example/assets/a-1.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://x.example/assets/a-1.js',
      'Unable to preload CSS for /assets/a-1.css',
    ];
    for (const message of messages) expect(isChunkLoadError(new TypeError(message))).toBe(true);
    const named = new Error('Loading chunk 3 failed');
    named.name = 'ChunkLoadError';
    expect(isChunkLoadError(named)).toBe(true);
  });

  it('looks through wrapped errors', () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/b.js');
    expect(isChunkLoadError(new Error('Route failed', { cause }))).toBe(true);
  });

  it('rejects other errors and non-errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(isChunkLoadError('Importing a module script failed.')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    const loop: { message: string; cause?: unknown } = { message: 'loop' };
    loop.cause = loop;
    expect(isChunkLoadError(loop)).toBe(false);
  });
});

describe('recoverFromChunkLoadError', () => {
  /** One page load: its own reload function, as each load of the page has its own. */
  function pageLoad(storage: MarkerStorage, path: string, now: number) {
    const reload = vi.fn();
    const reloads = recoverFromChunkLoadError({ path, now, storage, reload, online: true });
    return { reloads, reload };
  }

  it('reloads once and records the path and time', () => {
    const storage = sessionStorageFake();
    const { reloads, reload } = pageLoad(storage, '/pricing', 1_000);
    expect(reloads).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.entries.get('vitrine_chunk_reload') ?? '')).toEqual({
      path: '/pricing',
      at: 1_000,
    });
  });

  it('does not reload the same path again within 10 s, and does after', () => {
    const storage = sessionStorageFake();
    pageLoad(storage, '/pricing', 1_000);
    const tooSoon = pageLoad(storage, '/pricing', 1_000 + chunkReloadGuardMs - 1);
    expect(tooSoon.reloads).toBe(false);
    expect(tooSoon.reload).not.toHaveBeenCalled();
    const later = pageLoad(storage, '/pricing', 1_000 + chunkReloadGuardMs);
    expect(later.reloads).toBe(true);
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once for another path', () => {
    const storage = sessionStorageFake();
    pageLoad(storage, '/pricing', 1_000);
    const other = pageLoad(storage, '/legal', 1_001);
    expect(other.reloads).toBe(true);
    expect(other.reload).toHaveBeenCalledTimes(1);
  });

  it('asks for one reload per page however many chunks fail before it goes', () => {
    const storage = sessionStorageFake();
    const reload = vi.fn();
    const recover = (now: number) =>
      recoverFromChunkLoadError({ path: '/shops', now, storage, reload, online: true });
    expect(recover(1_000)).toBe(true);
    expect(recover(1_005)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores a damaged marker', () => {
    const storage = sessionStorageFake();
    storage.entries.set('vitrine_chunk_reload', '{not json');
    expect(pageLoad(storage, '/', 5).reloads).toBe(true);
  });

  it('does not reload when the marker cannot be kept, which would loop', () => {
    const storage: MarkerStorage = { read: () => undefined, write: () => {} };
    const { reloads, reload } = pageLoad(storage, '/', 5);
    expect(reloads).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("does not reload offline, into the browser's own error page", () => {
    const storage = sessionStorageFake();
    const reload = vi.fn();
    expect(recoverFromChunkLoadError({ path: '/', now: 5, storage, reload, online: false })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
    expect(storage.entries.size).toBe(0);
  });
});
