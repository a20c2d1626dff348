import { describe, expect, it } from 'vitest';
import { entryLoaderScript, withEntryLoader } from '../../scripts/vite/entry-loader.ts';

/** index.html as `vite build` writes it: the entry's module script, its preloads, the stylesheet. */
const builtPage = `<!doctype html>
<html lang="en">
  <head>
    <script>document.documentElement.dataset.theme = 'light';</script>
    <title>Vitrine</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-def.js">
    <link rel="modulepreload" crossorigin href="/assets/constants-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/style-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('withEntryLoader', () => {
  it('replaces the entry script and its preloads with one inline script, in the entry’s place', () => {
    const html = withEntryLoader(builtPage);

    expect(html).not.toMatch(/<script[^>]*\bsrc=|<link[^>]*modulepreload/);
    const loader = entryLoaderScript('/assets/index-abc.js', [
      '/assets/framework-def.js',
      '/assets/constants-ghi.js',
    ]);
    const indented = loader
      .split('\n')
      .map((line) => `      ${line}`)
      .join('\n');
    expect(html).toContain(
      `<title>Vitrine</title>\n    <script>\n${indented}\n    </script>\n    <link rel="stylesheet"`,
    );
    // The rest of the page is left as it was.
    expect(html).toContain("<script>document.documentElement.dataset.theme = 'light';</script>");
    expect(html).toContain('<div id="root"></div>');
  });

  it('leaves a page without a module script as it is', () => {
    const page = '<html><head><script>1</script></head><body></body></html>';
    expect(withEntryLoader(page)).toBe(page);
  });

  it('refuses a page with two entries, since the loader starts one', () => {
    const page =
      '<script type="module" src="/assets/a.js"></script><script type="module" src="/assets/b.js"></script>';
    expect(() => withEntryLoader(page)).toThrow(/more than one module script/);
  });
});

describe('entryLoaderScript', () => {
  it('preloads the entry and its imports and starts the entry once the page is parsed', () => {
    const script = entryLoaderScript('/assets/index-abc.js', ['/assets/framework-def.js']);

    expect(script).toContain('["/assets/index-abc.js","/assets/framework-def.js"]');
    expect(script).toContain("link.rel = 'modulepreload';");
    expect(script).toContain('script.src = "/assets/index-abc.js";');
    expect(script).toContain("document.addEventListener('DOMContentLoaded', start)");
  });

  it('refuses a URL that could break out of the script', () => {
    expect(() => entryLoaderScript('/assets/a.js', ['/assets/</script><script>x.js'])).toThrow(
      /Unexpected module URL/,
    );
  });
});
