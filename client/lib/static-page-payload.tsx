import { useLoaderData } from 'react-router';
import { pagePayloadElementId } from '#shared/build-artifacts.ts';
import {
  isPrerenderedPath,
  payloadPathFor,
  staticPagePayload,
  type PrerenderedPath,
  type StaticPagePayload,
} from '#shared/static-pages.ts';

/**
 * The data of a prerendered page (its `{path}/_payload.json`, shared/static-pages.ts). The page's
 * route loader
 * supplies it: in the prerender straight from staticPagePayload, on the first load in the browser
 * from the JSON block the prerendered HTML carries (no second request), and on in-app navigations
 * by fetching the payload file, the way a crawler-visible page and the app share one source.
 */

/** The loader data of a screen route; `payload` is set on prerendered paths only. */
export interface ScreenLoaderData {
  payload?: StaticPagePayload;
}

function isPayloadOf(path: PrerenderedPath, value: unknown): value is StaticPagePayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { path?: unknown }).path === path &&
    typeof (value as { data?: unknown }).data === 'object'
  );
}

/** The inline block is used once: after the first page, the document no longer describes the URL. */
let inlinePayloadUsed = false;

function readInlinePayload(path: PrerenderedPath): StaticPagePayload | undefined {
  if (inlinePayloadUsed) return undefined;
  inlinePayloadUsed = true;
  const text = document.getElementById(pagePayloadElementId)?.textContent;
  if (text === undefined || text === null || text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isPayloadOf(path, value) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function fetchPayload(
  path: PrerenderedPath,
  signal: AbortSignal,
): Promise<StaticPagePayload> {
  try {
    const response = await fetch(payloadPathFor(path), {
      signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (response.ok) {
      const value: unknown = await response.json();
      if (isPayloadOf(path, value)) return value;
    }
  } catch (error) {
    if (signal.aborted) throw error;
  }
  // The payload is built from the same code as this bundle: without the file (an older server, the
  // dev server, a dropped connection) the page is made from what the bundle knows.
  return staticPagePayload(path);
}

/** The payload of `pathname`, or undefined for a page that is not prerendered. */
export async function loadStaticPagePayload(
  pathname: string,
  signal: AbortSignal,
): Promise<StaticPagePayload | undefined> {
  if (!isPrerenderedPath(pathname)) return undefined;
  if (typeof document === 'undefined') return staticPagePayload(pathname);
  return readInlinePayload(pathname) ?? fetchPayload(pathname, signal);
}

/**
 * The payload of the prerendered page being shown. Only the screens of prerendered paths call it;
 * it throws elsewhere, which is a programming error.
 */
export function useStaticPagePayload(): StaticPagePayload {
  // The screen's component is rendered by its own route, whose loader supplied the payload.
  const { payload } = useLoaderData<ScreenLoaderData | undefined>() ?? {};
  if (payload === undefined) throw new Error('useStaticPagePayload outside a prerendered page');
  return payload;
}
