import { createHash } from 'node:crypto';
import type { CspHashesFile } from '#shared/build-artifacts.ts';

/**
 * CSP `script-src` hashes for the inline scripts of a built HTML page: the BFF adds them to its
 * policy so that the page may run its own inline code and nothing injected. Scripts with `src` are
 * covered by `'self'`, and data blocks (JSON, JSON-LD) are never executed, so neither needs one.
 */

const scriptElement = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const typeAttribute = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const srcAttribute = /\bsrc\s*=/i;

/** The `type` values a browser executes as a classic or module script (HTML spec). */
const executableTypes = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/** `sha256-<base64>`: the SHA-256 of the script text exactly as it appears between the tags. */
export function scriptHash(scriptText: string): string {
  return `sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}`;
}

/** The hash of every executable inline script of the page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(scriptElement)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (srcAttribute.test(attributes)) continue;
    const typeMatch = typeAttribute.exec(attributes);
    const type = (typeMatch?.[1] ?? typeMatch?.[2] ?? typeMatch?.[3] ?? '').trim().toLowerCase();
    if (!executableTypes.has(type)) continue;
    hashes.add(scriptHash(text));
  }
  return [...hashes];
}

/** The contents of the CSP hashes file (shared/build-artifacts.ts) for the built pages, in order. */
export function cspHashesFile(...pages: readonly string[]): CspHashesFile {
  return { scriptSrc: [...new Set(pages.flatMap((html) => inlineScriptHashes(html)))] };
}
