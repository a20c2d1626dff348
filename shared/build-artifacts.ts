/**
 * The CSP hashes file: written by the client build (scripts/vite/build-artifacts-plugin.ts) next to
 * index.html, read by the BFF to extend its CSP `script-src` with the built page's inline scripts.
 */
export const cspHashesFileName = 'csp-hashes.json';

/** Its shape, checked by the BFF when it reads the file; zod stays out of the client's bundle. */
export type { CspHashesFile } from './schemas/build-artifacts.ts';

/**
 * The prerendered pages (scripts/vite/prerender-static-pages.ts): one HTML file per page and language
 * under `<clientDir>/prerendered/<language><path>/index.html`, never served as static files; the BFF
 * picks the language version for each request.
 */
export const prerenderedDirName = 'prerendered';

/** Where a page's prerendered HTML lies, relative to the build's output directory. */
export function prerenderedPageFile(path: string, language: string): string {
  const folder = path === '/' ? '' : path;
  return `${prerenderedDirName}/${language}${folder}/index.html`;
}

/**
 * Stands for the public address in prerendered pages (canonical, hreflang and og:url links): one
 * build serves every deployment, so the BFF puts PUBLIC_URL in its place when it starts.
 */
export const publicUrlPlaceholder = '%VITRINE_PUBLIC_URL%';

/** The id of the JSON block that carries a prerendered page's data (its `_payload.json`). */
export const pagePayloadElementId = 'vitrine-page-payload';

/**
 * JSON written into a `<script type="application/json">` block. `<` is escaped so that no value can
 * close the element or open a comment (`</script>`, `<!--`); the JSON parser reads `\u003c` back as
 * `<`. U+2028 and U+2029 are escaped too, so the text stays valid should it ever be read as script.
 */
export function jsonForScriptBlock(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** A JSON data block: browsers never execute it, so the CSP needs no hash for it. */
export function jsonScriptBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${jsonForScriptBlock(value)}</script>`;
}
