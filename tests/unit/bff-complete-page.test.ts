import { describe, expect, it } from 'vitest';
import { completePage } from '#server/bff/complete-page.ts';
import {
  jsonScriptBlock,
  pagePayloadElementId,
  publicUrlPlaceholder,
} from '#shared/build-artifacts.ts';

const runtimeConfigBlock = '<script id="runtime-config">{}</script>';

function page(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head>\n<body>${body}</body></html>\n`;
}

describe('completePage', () => {
  it('puts the public URL in place of every placeholder of the head', () => {
    const html = page(
      `<link rel="canonical" href="${publicUrlPlaceholder}/pricing">` +
        `<meta property="og:url" content="${publicUrlPlaceholder}/pricing">`,
      '<div id="root"></div>',
    );

    const completed = completePage(html, {
      publicUrl: 'https://vitrine.example',
      runtimeConfigBlock,
    });

    expect(completed).toBe(
      page(
        '<link rel="canonical" href="https://vitrine.example/pricing">' +
          '<meta property="og:url" content="https://vitrine.example/pricing">' +
          runtimeConfigBlock,
        '<div id="root"></div>',
      ),
    );
  });

  it('escapes the public URL for the attribute values it goes into', () => {
    const html = page(`<link rel="canonical" href="${publicUrlPlaceholder}/">`, '');

    const completed = completePage(html, {
      publicUrl: 'https://vitrine.example/a"b&c<d>',
      runtimeConfigBlock,
    });

    expect(completed).toContain(
      '<link rel="canonical" href="https://vitrine.example/a&quot;b&amp;c&lt;d&gt;/">',
    );
  });

  it('leaves the markup and the JSON payload as the build made them', () => {
    const body = `<div id="root"><p>Tom &amp; Jerry "quoted"</p></div>\n${jsonScriptBlock(
      pagePayloadElementId,
      { path: '/pricing', data: { note: 'a & "b"' } },
    )}`;
    const html = page(`<link rel="canonical" href="${publicUrlPlaceholder}/pricing">`, body);

    const completed = completePage(html, { publicUrl: 'https://x.example', runtimeConfigBlock });

    expect(completed.slice(completed.indexOf('</head>'))).toBe(html.slice(html.indexOf('</head>')));
  });

  it('refuses a page that carries the placeholder after its head', () => {
    const inPayload = page(
      '',
      jsonScriptBlock(pagePayloadElementId, { url: `${publicUrlPlaceholder}/pricing` }),
    );
    const inMarkup = page('', `<div id="root"><a href="${publicUrlPlaceholder}/">x</a></div>`);

    for (const html of [inPayload, inMarkup]) {
      expect(() =>
        completePage(html, { publicUrl: 'https://x.example', runtimeConfigBlock }),
      ).toThrow(/after its <\/head>/);
    }
  });

  it('puts the runtime configuration last in the head, once', () => {
    const completed = completePage(page('<title>T</title>', '</head>'), {
      publicUrl: 'https://x.example',
      runtimeConfigBlock,
    });

    expect(completed).toContain(`<title>T</title>${runtimeConfigBlock}</head>`);
    expect(completed.split(runtimeConfigBlock)).toHaveLength(2);
  });

  it('refuses a page without a head end', () => {
    expect(() =>
      completePage('<html><body></body></html>', {
        publicUrl: 'https://x.example',
        runtimeConfigBlock,
      }),
    ).toThrow(/no <\/head>/);
  });
});
