import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullLoadTarget, reloadOnNavigationWhenUpdated } from '#client/app/build-update-reload.ts';
import {
  createBuildUpdateCheck,
  isNewerBuild,
  latestBuildUrl,
  runningBuildId,
  type BuildUpdateCheckOptions,
  type FetchLike,
} from '#client/lib/build-update-check.ts';
import { buildCheckDelayMs, buildCheckIntervalMs } from '#shared/constants.ts';

describe('isNewerBuild', () => {
  it('is true only for a well-formed answer naming another build', () => {
    expect(isNewerBuild('build-a', { id: 'build-b', timestamp: 1 })).toBe(true);
    expect(isNewerBuild('build-a', { id: 'build-a', timestamp: 1 })).toBe(false);
  });

  it('proves nothing from a malformed answer', () => {
    for (const body of [null, 'build-b', 42, [], {}, { id: '' }, { id: 7 }]) {
      expect(isNewerBuild('build-a', body)).toBe(false);
    }
  });
});

describe('latestBuildUrl and runningBuildId', () => {
  it('adds the time as the query string', () => {
    expect(latestBuildUrl(1_767_323_045_000)).toBe('/builds/latest.json?1767323045000');
  });

  it('knows no build id without one (the dev server)', () => {
    expect(runningBuildId('4f2a')).toBe('4f2a');
    expect(runningBuildId('')).toBeUndefined();
    expect(runningBuildId(undefined)).toBeUndefined();
  });
});

describe('createBuildUpdateCheck', () => {
  let visibleListeners: Set<() => void>;
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;

  const answer = (body: unknown, ok = true) =>
    Promise.resolve({ ok, json: () => Promise.resolve(body) } as Awaited<ReturnType<FetchLike>>);

  function start(overrides: Partial<BuildUpdateCheckOptions> = {}) {
    return createBuildUpdateCheck({
      runningBuildId: 'build-a',
      fetch: fetchMock,
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
      onVisible: (listener) => {
        visibleListeners.add(listener);
        return () => visibleListeners.delete(listener);
      },
      ...overrides,
    });
  }
  const becomeVisible = () => visibleListeners.forEach((listener) => listener());

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_767_323_045_000 });
    visibleListeners = new Set();
    fetchMock = vi.fn<FetchLike>(() => answer({ id: 'build-a', timestamp: 1 }));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks 1 s after start, without cache, then every hour', async () => {
    const check = start();
    await vi.advanceTimersByTimeAsync(buildCheckDelayMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      `/builds/latest.json?${1_767_323_045_000 + buildCheckDelayMs}`,
      expect.objectContaining({ cache: 'no-store' }),
    );

    await vi.advanceTimersByTimeAsync(buildCheckIntervalMs - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(buildCheckIntervalMs);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(check.isUpdateWaiting()).toBe(false);
    check.stop();
  });

  it('checks whenever the tab becomes visible, one request at a time', async () => {
    let release: () => void = () => {};
    fetchMock.mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve(answer({ id: 'build-a' }));
        }),
    );
    const check = start();
    becomeVisible();
    becomeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    becomeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    check.stop();
  });

  it('remembers an update once the id differs, and stops checking', async () => {
    fetchMock.mockImplementation(() => answer({ id: 'build-b', timestamp: 2 }));
    const check = start();
    await vi.advanceTimersByTimeAsync(buildCheckDelayMs);
    expect(check.isUpdateWaiting()).toBe(true);

    await vi.advanceTimersByTimeAsync(3 * buildCheckIntervalMs);
    becomeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(visibleListeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores network errors, error statuses and bodies that are not JSON, and tries again later', async () => {
    fetchMock
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
      .mockImplementationOnce(() => answer({ id: 'build-b' }, false))
      .mockImplementationOnce(() =>
        Promise.resolve({ ok: true, json: () => Promise.reject(new SyntaxError('not JSON')) }),
      )
      .mockImplementation(() => answer({ id: 'build-b' }));
    const check = start();

    await vi.advanceTimersByTimeAsync(buildCheckDelayMs);
    expect(check.isUpdateWaiting()).toBe(false);
    becomeVisible();
    await vi.advanceTimersByTimeAsync(0);
    expect(check.isUpdateWaiting()).toBe(false);
    await vi.advanceTimersByTimeAsync(buildCheckIntervalMs);
    expect(check.isUpdateWaiting()).toBe(false);
    becomeVisible();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(check.isUpdateWaiting()).toBe(true);
  });

  it('stops its timers and listener on stop()', async () => {
    const check = start();
    check.stop();
    becomeVisible();
    await vi.advanceTimersByTimeAsync(2 * buildCheckIntervalMs);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('fullLoadTarget', () => {
  it('loads another path or query, hash included', () => {
    expect(
      fullLoadTarget({ pathname: '/pricing', search: '' }, { pathname: '/', search: '', hash: '' }),
    ).toBe('/');
    expect(
      fullLoadTarget(
        { pathname: '/pricing', search: '' },
        { pathname: '/pricing', search: '?plan=pro', hash: '#faq' },
      ),
    ).toBe('/pricing?plan=pro#faq');
  });

  it('leaves a hash-only change alone', () => {
    expect(
      fullLoadTarget(
        { pathname: '/legal', search: '' },
        { pathname: '/legal', search: '', hash: '#cookies' },
      ),
    ).toBeUndefined();
  });
});

describe('reloadOnNavigationWhenUpdated', () => {
  const screens = () =>
    createMemoryRouter(
      [
        { path: '/pricing', element: null },
        { path: '/legal', element: null },
        { path: '/', element: null },
      ],
      { initialEntries: ['/pricing'] },
    );

  it('keeps navigations in the app while no update is waiting', async () => {
    const router = screens();
    const load = vi.fn();
    reloadOnNavigationWhenUpdated(router, () => false, load);
    await router.navigate('/legal');
    expect(router.state.location.pathname).toBe('/legal');
    expect(load).not.toHaveBeenCalled();
    router.dispose();
  });

  it('hands the next navigation to a full load once an update is waiting, once', async () => {
    const router = screens();
    const load = vi.fn();
    let waiting = false;
    reloadOnNavigationWhenUpdated(router, () => waiting, load);
    await router.navigate('/legal');
    waiting = true;
    await router.navigate('/?from=legal#top');
    expect(load).toHaveBeenCalledExactlyOnceWith('/?from=legal#top');
    await router.navigate('/pricing');
    expect(load).toHaveBeenCalledTimes(1);
    router.dispose();
  });

  it('does not count a hash-only change as a navigation', async () => {
    const router = screens();
    const load = vi.fn();
    reloadOnNavigationWhenUpdated(router, () => true, load);
    await router.navigate('/pricing#faq');
    expect(load).not.toHaveBeenCalled();
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.hash).toBe(''));
    await router.navigate('/legal');
    expect(load).toHaveBeenCalledExactlyOnceWith('/legal');
    router.dispose();
  });

  it('stops watching when told to', async () => {
    const router = screens();
    const load = vi.fn();
    const stop = reloadOnNavigationWhenUpdated(router, () => true, load);
    stop();
    await router.navigate('/legal');
    expect(load).not.toHaveBeenCalled();
    router.dispose();
  });
});
