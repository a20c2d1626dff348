import type { DataRouter, Location, Path } from 'react-router';

/**
 * The other half of the build-update check (client/lib/build-update-check.ts): once a newer build is
 * waiting, the next in-app navigation leaves the router and loads the page from the server, so the
 * visitor moves to the new build at a moment they chose to change pages anyway.
 */

/**
 * Where a navigation from `current` to `next` should load the page from, or undefined when it is not
 * a change of page: the same path and query (a hash-only change scrolls, it loads nothing).
 */
export function fullLoadTarget(
  current: Pick<Path, 'pathname' | 'search'>,
  next: Pick<Path, 'pathname' | 'search' | 'hash'>,
): string | undefined {
  if (next.pathname === current.pathname && next.search === current.search) return undefined;
  return `${next.pathname}${next.search}${next.hash}`;
}

type RouterSubscription = Pick<DataRouter, 'state' | 'subscribe'>;

/**
 * Watches the router: the first navigation that starts (or, without a loading phase, completes)
 * while `isUpdateWaiting()` is true is handed to `load` instead, once. Returns how to stop watching.
 */
export function reloadOnNavigationWhenUpdated(
  router: RouterSubscription,
  isUpdateWaiting: () => boolean,
  load: (href: string) => void = loadPage,
): () => void {
  let committed: Location = router.state.location;
  let done = false;
  const unsubscribe = router.subscribe((state) => {
    if (done) return;
    const next = state.navigation.location ?? state.location;
    const href = isUpdateWaiting() ? fullLoadTarget(committed, next) : undefined;
    if (href === undefined) {
      committed = state.location;
      return;
    }
    done = true;
    unsubscribe();
    load(href);
  });
  return () => {
    done = true;
    unsubscribe();
  };
}

/**
 * A full page load of `href`. When the address bar already shows it (a back or forward navigation,
 * or a push the router has already committed), the page is reloaded instead, so that no second
 * history entry is added.
 */
export function loadPage(href: string): void {
  const [pathAndSearch] = href.split('#');
  if (pathAndSearch === `${window.location.pathname}${window.location.search}`) {
    window.location.reload();
  } else {
    window.location.assign(href);
  }
}
