import { useEffect, useRef } from 'react';

/**
 * Calls `onRestored` when the browser shows this page again from its back/forward cache (the
 * browser's Back from Stripe, for instance): the page comes back exactly as it was left, so a
 * screen that said "Taking you to checkout…" and disabled its buttons would stay frozen. React
 * state survives such a restore and no effect runs again: only `pageshow` tells.
 */
export function usePageRestored(onRestored: () => void): void {
  const latest = useRef(onRestored);
  useEffect(() => {
    latest.current = onRestored;
  });
  useEffect(() => {
    const listener = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', listener);
    return () => window.removeEventListener('pageshow', listener);
  }, []);
}
