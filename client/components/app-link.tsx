import {
  createContext,
  useContext,
  useEffect,
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
} from 'react';
import { Link, NavLink } from 'react-router';
import { whenIdle } from '#client/lib/route-preload.ts';

/**
 * A link to another screen of the app that fetches the screen's code before it is needed: when the
 * browser is idle after the link appears, and at once when it is hovered or focused, so that the
 * navigation rarely waits for the network.
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

interface PreloadHandlers {
  onMouseEnter?: (event: MouseEvent<HTMLAnchorElement>) => void;
  onFocus?: (event: FocusEvent<HTMLAnchorElement>) => void;
}

/**
 * Preloads the screen at `to` when the browser is idle, and returns the link's hover and focus
 * handlers with the preload put in front of the caller's own.
 */
function usePreloadHandlers(
  to: string,
  { onMouseEnter, onFocus }: PreloadHandlers,
): Required<PreloadHandlers> {
  const preloadRoute = useContext(RoutePreloadContext);
  const path = pathOf(to);
  useEffect(() => whenIdle(() => preloadRoute(path)), [preloadRoute, path]);
  return {
    onMouseEnter: (event) => {
      preloadRoute(path);
      onMouseEnter?.(event);
    },
    onFocus: (event) => {
      preloadRoute(path);
      onFocus?.(event);
    },
  };
}

export function AppLink({ to, onMouseEnter, onFocus, ...props }: LinkProps) {
  const handlers = usePreloadHandlers(to, { onMouseEnter, onFocus });
  return <Link to={to} {...handlers} {...props} />;
}

/** The same for navigation menus: the link to the current page gets `aria-current="page"`. */
export function AppNavLink({ to, onMouseEnter, onFocus, ...props }: NavLinkProps) {
  const handlers = usePreloadHandlers(to, { onMouseEnter, onFocus });
  return <NavLink to={to} {...handlers} {...props} />;
}
