import { languageQueryParameter, type Language } from './constants.ts';
import type { AppRoutePath } from './routes.ts';
import { plans, type Plan } from './plans.ts';

/**
 * The pages rendered to HTML at build time, in both languages, so that crawlers and first visits see
 * their content before any script runs: the static layout's pages and the sign-in page.
 */
export const prerenderedPaths = [
  '/',
  '/pricing',
  '/legal',
  '/privacy',
  '/privacy-policy',
  '/login',
] as const satisfies readonly AppRoutePath[];
export type PrerenderedPath = (typeof prerenderedPaths)[number];

export function isPrerenderedPath(path: string): path is PrerenderedPath {
  return (prerenderedPaths as readonly string[]).includes(path);
}

/** `{path}/_payload.json`: `/_payload.json` for the home page, `/pricing/_payload.json`… */
export function payloadPathFor(path: PrerenderedPath): string {
  return path === '/' ? '/_payload.json' : `${path}/_payload.json`;
}

/** The prerendered page whose payload `payloadPath` is, if any. */
export function pageOfPayloadPath(payloadPath: string): PrerenderedPath | undefined {
  return prerenderedPaths.find((path) => payloadPathFor(path) === payloadPath);
}

/**
 * The address of one language version of a page: English at the plain path, French with `?lang=fr`.
 * These are the canonical and hreflang URLs; `publicUrl` has no trailing slash.
 */
export function languageVersionUrl(publicUrl: string, path: string, language: Language): string {
  return language === 'en'
    ? `${publicUrl}${path}`
    : `${publicUrl}${path}?${languageQueryParameter}=${language}`;
}

/** The data a prerendered page is made from; it travels with the page as its `_payload.json`. */
export type StaticPagePayload =
  | { path: '/pricing'; data: { plans: readonly Plan[] } }
  | { path: Exclude<PrerenderedPath, '/pricing'>; data: Record<string, never> };

export function staticPagePayload(path: PrerenderedPath): StaticPagePayload {
  return path === '/pricing' ? { path, data: { plans } } : { path, data: {} };
}
