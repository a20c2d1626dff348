import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RoutePreloadContext } from '#client/components/app-link.tsx';
import { ConsentBanner } from '#client/components/consent-banner.tsx';
import { preloadRoute } from './screens.ts';

/**
 * What every page has whatever its layout: the consent banner, the screens' preloading for links,
 * and a new page starting at its top (the browser does that for full loads, not for in-app ones).
 * Not react-router's <ScrollRestoration>: it keeps positions in sessionStorage, and the product
 * stores nothing in the browser beyond its short list
 * (docs/decisions/0008-consent-and-browser-storage.md).
 */
export function RootFrame() {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <RoutePreloadContext value={preloadRoute}>
      <Outlet />
      <ConsentBanner />
    </RoutePreloadContext>
  );
}
