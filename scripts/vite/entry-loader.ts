/**
 * The built index.html loads the app through one inline script instead of the `<script src>` and
 * `<link rel=modulepreload>` tags Vite writes. The BFF's CSP is `'strict-dynamic'` with the hashes of
 * the page's inline scripts (csp-hashes.json): a browser that supports it runs only those scripts and
 * what they load, and blocks tags the parser met. The loader, allowed by its hash, asks for the entry
 * and the modules it imports at once, as the preload tags did, and starts the entry once the document
 * is parsed, as a module script tag would have.
 */

const moduleScriptTag =
  /[ \t]*<script\b(?=[^>]*\btype\s*=\s*["']?module\b)[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)[^>]*>\s*<\/script\s*>\n?/gi;
const modulePreloadTag =
  /[ \t]*<link\b(?=[^>]*\brel\s*=\s*["']?modulepreload\b)[^>]*\bhref\s*=\s*["']?([^"'\s>]+)[^>]*>\n?/gi;

/**
 * The loader's text. Written as a browser runs it: no module syntax (it runs at once, in the head,
 * before the parser goes on), `crossOrigin` as Vite's tags had it, so that the entry's request finds
 * the preloaded response.
 */
export function entryLoaderScript(entry: string, imports: readonly string[]): string {
  const urls = [entry, ...imports];
  if (urls.some((url) => !/^\/[\w./-]+$/.test(url)))
    throw new Error(`Unexpected module URL among ${urls.join(', ')}`);
  // In a block: a classic script's top-level names would be globals of the page.
  return [
    `{`,
    `  for (const href of ${JSON.stringify(urls)}) {`,
    `    const link = document.createElement('link');`,
    `    link.rel = 'modulepreload';`,
    `    link.crossOrigin = '';`,
    `    link.href = href;`,
    `    document.head.append(link);`,
    `  }`,
    `  const start = () => {`,
    `    const script = document.createElement('script');`,
    `    script.type = 'module';`,
    `    script.crossOrigin = '';`,
    `    script.src = ${JSON.stringify(entry)};`,
    `    document.head.append(script);`,
    `  };`,
    `  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);`,
    `  else start();`,
    `}`,
  ].join('\n');
}

/** An entry module and the modules it imports, by URL: what a loader asks for. */
export interface EntryModules {
  entry: string;
  imports: readonly string[];
}

/**
 * The page with its entry module script and module preloads replaced by the loader, put where the
 * entry's tag was: the loader of the page's own entry, or of `instead` (the prerendered pages start
 * from an entry of their own, in place of the app's). A page without a module script is returned
 * as it is; one with several is refused, since the loader starts one entry.
 */
export function withEntryLoader(html: string, instead?: EntryModules): string {
  const entries = [...html.matchAll(moduleScriptTag)];
  if (entries.length === 0) return html;
  if (entries.length > 1) throw new Error('index.html has more than one module script');
  const [entryTag, ownEntry] = entries[0]! as unknown as [string, string];
  const ownImports = [...html.matchAll(modulePreloadTag)].map((match) => match[1]!);
  const { entry, imports } = instead ?? { entry: ownEntry, imports: ownImports };
  const indent = /^[ \t]*/.exec(entryTag)![0];
  const script = entryLoaderScript(entry, imports)
    .split('\n')
    .map((line) => `${indent}  ${line}`)
    .join('\n');
  return html
    .replace(modulePreloadTag, '')
    .replace(moduleScriptTag, () => `${indent}<script>\n${script}\n${indent}</script>\n`);
}
