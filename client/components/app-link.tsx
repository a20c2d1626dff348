import {
  createContext,
  useContext,
  useEffect,
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
} from 'react';
import { Link, NavLink } from 'react-router';
import { whenIdle } from '../lib/route-preload.ts';

/**
 * A link to another screen of the app that fetches the screen's code before it is needed: when the
 * browser is idle after the link appears, and at once when it is hovered or focused (issue 3 §4).
 */

/**
 * How to fetch the code of the screen at a path. The app provides it (it knows the screens); shared
 * components only ask, so that they never import the app.
 */
export const RoutePreloadContext = createContext<(pathname: string) => void>(() => {});

type LinkProps = Omit<ComponentProps<typeof Link>, 'to'> & { to: string };
type NavLinkProps = Omit<ComponentProps<typeof NavLink>, 'to'> & { to: string };

function pathOf(to: string): string {
  return to.split(/[?#]/)[0] ?? to;
}

function usePreload(to: string) {
  const preloadRoute = useContext(RoutePreloadContext);
  const path = pathOf(to);
  useEffect(() => whenIdle(() => preloadRoute(path)), [preloadRoute, path]);
  return {
    onMouseEnter: () => preloadRoute(path),
    onFocus: () => preloadRoute(path),
  };
}

export function AppLink({ to, onMouseEnter, onFocus, ...props }: LinkProps) {
  const preload = usePreload(to);
  return (
    <Link
      to={to}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        preload.onMouseEnter();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        preload.onFocus();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}

/** The same for navigation menus: the link to the current page gets `aria-current="page"`. */
export function AppNavLink({ to, onMouseEnter, onFocus, ...props }: NavLinkProps) {
  const preload = usePreload(to);
  return (
    <NavLink
      to={to}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        preload.onMouseEnter();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        preload.onFocus();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
