import { supportedThemes, type Theme } from '#shared/constants.ts';

/**
 * The theme on the page: `html[data-theme]` holds the resolved theme (`light` or `dark`), which the
 * stylesheet reads, and `html[data-theme-preference]` the visitor's choice. The inline script of
 * index.html does the same before the first paint from the theme cookie, so that no wrong theme
 * flashes; this module takes over once the app runs.
 */

export type ResolvedTheme = 'light' | 'dark';

export const prefersDarkQuery = '(prefers-color-scheme: dark)';

export function isSupportedTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (supportedThemes as readonly string[]).includes(value);
}

export function resolveTheme(preference: Theme, prefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}

/** What of `document` applyThemeTo uses. */
export interface ThemeDocument {
  documentElement: Pick<Element, 'setAttribute'>;
  querySelector(selector: string): Pick<Element, 'setAttribute'> | null;
}

export function applyThemeTo(
  target: ThemeDocument,
  preference: Theme,
  prefersDark: boolean,
): ResolvedTheme {
  const resolved = resolveTheme(preference, prefersDark);
  target.documentElement.setAttribute('data-theme', resolved);
  target.documentElement.setAttribute('data-theme-preference', preference);
  // Form controls, scrollbars and the canvas behind the page follow the resolved theme too.
  target.querySelector('meta[name="color-scheme"]')?.setAttribute('content', resolved);
  return resolved;
}

/** Whether the system asks for dark colours; false where it cannot be asked (Node, old browsers). */
export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(prefersDarkQuery).matches;
}

/** Calls the listener whenever the system's colour scheme changes; returns how to stop. */
export function onSystemColorSchemeChange(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(prefersDarkQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function applyTheme(preference: Theme): void {
  if (typeof document === 'undefined') return;
  applyThemeTo(document, preference, systemPrefersDark());
}
