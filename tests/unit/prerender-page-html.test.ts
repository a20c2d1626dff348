import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../scripts/vite/inline-script-hashes.ts';
import {
  prerenderedPageHtml,
  withInlineStylesheets,
} from '../../scripts/vite/prerendered-page-html.ts';

/** Shaped like the built index.html: generic head tags, the inline theme script, an empty root. */
const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The generic description."
    />
    <meta name="color-scheme" content="light dark" />
    <script>
      document.querySelector('meta[name="color-scheme"]').setAttribute('content', 'dark');
    </script>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Vitrine</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const headHtml = [
  '<title>Tarifs · Vitrine</title>',
  '<meta name="description" content="Les offres." />',
  '<link rel="canonical" href="%VITRINE_PUBLIC_URL%/pricing?lang=fr" />',
  '<meta property="og:title" content="Tarifs · Vitrine" />',
].join('\n');

const parts = {
  language: 'fr',
  headHtml,
  markup: '<main><h1>Tarifs</h1></main>',
  payload: { path: '/pricing', data: { plans: [{ id: 'free' }] } },
};

describe('a prerendered page', () => {
  const page = prerenderedPageHtml(template, parts);

  it('names its language on <html>', () => {
    expect(page).toContain('<html lang="fr">');
    expect(page).not.toContain('lang="en"');
  });

  it('adds the language to an <html> that has none', () => {
    const html = prerenderedPageHtml(template.replace('<html lang="en">', '<html>'), parts);
    expect(html).toContain('<html lang="fr">');
  });

  it("has the page's head tags instead of the generic title and description", () => {
    const indented = headHtml
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n');
    expect(page).toContain(`${indented}\n  </head>`);
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).not.toContain('The generic description.');
    expect(page).not.toContain('<title>Vitrine</title>');
  });

  it('keeps the rest of the head as built: icon, module script, stylesheet', () => {
    expect(page).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(page).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    );
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(page).toContain('<meta name="color-scheme" content="light dark" />');
  });

  it('keeps the inline scripts byte for byte, so the CSP hashes of index.html hold', () => {
    expect(inlineScriptHashes(page)).toEqual(inlineScriptHashes(template));
    expect(inlineScriptHashes(page)).toHaveLength(1);
  });

  it('puts the markup inside #root and the payload in a JSON block after it', () => {
    expect(page).toContain(
      '<div id="root"><main><h1>Tarifs</h1></main></div>\n' +
        '<script type="application/json" id="vitrine-page-payload">' +
        '{"path":"/pricing","data":{"plans":[{"id":"free"}]}}</script>',
    );
  });

  it('escapes what could end the JSON block', () => {
    const html = prerenderedPageHtml(template, {
      ...parts,
      payload: { path: '/x', data: { text: '</script><script>alert(1)</script><!--' } },
    });
    const block = /<script type="application\/json" id="vitrine-page-payload">(.*?)<\/script>/.exec(
      html,
    );
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block![1]!)).toEqual({
      path: '/x',
      data: { text: '</script><script>alert(1)</script><!--' },
    });
  });

  it('takes `$` sequences in the inserted text literally', () => {
    const html = prerenderedPageHtml(template, {
      ...parts,
      headHtml: '<title>$& $1 $$</title>',
      markup: "<p>$' $`</p>",
    });
    expect(html).toContain('<title>$& $1 $$</title>');
    expect(html).toContain("<p>$' $`</p>");
  });

  it('removes generic canonical, alternate and Open Graph tags the template might carry', () => {
    const withSocial = template.replace(
      '<title>Vitrine</title>',
      '<title>Vitrine</title><link rel="canonical" href="/"><meta property="og:title" content="x">' +
        '<link rel="alternate" hreflang="en" href="/">',
    );
    const html = prerenderedPageHtml(withSocial, parts);
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).not.toContain('hreflang="en" href="/"');
  });

  it('refuses a template it cannot fill, and a language that is not a tag', () => {
    expect(() => prerenderedPageHtml(template.replace('<div id="root"></div>', ''), parts)).toThrow(
      /no empty <div id="root">/,
    );
    expect(() => prerenderedPageHtml(template.replace('</head>', ''), parts)).toThrow(/<\/head>/);
    expect(() => prerenderedPageHtml(template, { ...parts, language: 'fr" onload="x' })).toThrow(
      /Not a language tag/,
    );
  });
});

describe('withInlineStylesheets', () => {
  const page = [
    '<head>',
    '<link rel="stylesheet" crossorigin href="/assets/style-abc.css">',
    '<link rel="icon" href="/favicon.svg">',
    '<link rel="stylesheet" href="https://cdn.example/x.css">',
    '</head>',
  ].join('\n');

  it('puts a same-origin stylesheet into the page and leaves other links alone', () => {
    const read: string[] = [];
    const html = withInlineStylesheets(page, (href) => {
      read.push(href);
      return 'body{color:red}';
    });
    expect(read).toEqual(['/assets/style-abc.css']);
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('style-abc.css');
    expect(html).toContain('<link rel="icon" href="/favicon.svg">');
    expect(html).toContain('https://cdn.example/x.css');
  });

  it('refuses a stylesheet that would close its <style> element', () => {
    expect(() => withInlineStylesheets(page, () => 'a{}</style><script>x</script>')).toThrow(
      /cannot be inlined/,
    );
  });
});
