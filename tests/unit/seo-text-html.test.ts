import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  headings,
  images,
  links,
  parseHtml,
  visibleText,
} from '#shared/seo/text/html.ts';

describe('visibleText', () => {
  it('breaks blocks at block elements and joins inline ones', () => {
    const html =
      '<p>Soft <strong>merino</strong> wool.</p><ul><li>Warm</li><li>Light<br>and thin</li></ul>';
    expect(parseHtml(html).blocks).toEqual(['Soft merino wool.', 'Warm', 'Light', 'and thin']);
    expect(visibleText(html)).toBe('Soft merino wool.\n\nWarm\n\nLight\n\nand thin');
  });

  it('skips comments, scripts, styles and templates, whatever their content', () => {
    const html =
      '<p>Before<!-- a <p>hidden</p> note --> after</p>' +
      '<script>if (a < b && c > d) { document.write("</p>nope") }</script>' +
      '<STYLE type="text/css">p > a { color: red }</STYLE><template><p>not shown</p></template>' +
      '<!DOCTYPE html><p>End</p>';
    expect(parseHtml(html).blocks).toEqual(['Before after', 'End']);
  });

  it('decodes entities and keeps no-break spaces, which collapsing must not eat', () => {
    const html = '<p>Prix&nbsp;: 12&#8239;€ &laquo;&#xA0;chic&nbsp;&raquo; &amp; l&rsquo;été</p>';
    expect(visibleText(html)).toBe('Prix\u00a0: 12\u202f€ «\u00a0chic\u00a0» & l’été');
  });

  it('keeps a lone < as text and drops an unterminated tag at the end', () => {
    expect(visibleText('<p>3 < 5 and 5 > 3</p>')).toBe('3 < 5 and 5 > 3');
    expect(visibleText('<p>Shown</p><img src="a.jpg')).toBe('Shown');
  });

  it('collapses HTML whitespace inside a block', () => {
    expect(visibleText('<p>\n  Hand   made\t\tin\r\nLyon  </p>')).toBe('Hand made in Lyon');
  });
});

describe('decodeEntities', () => {
  it('reads named, decimal and hexadecimal references, with or without semicolons where browsers do', () => {
    expect(decodeEntities('caf&eacute; &#233; &#xe9; &eacute &copy 2026')).toBe(
      'café é é é © 2026',
    );
    expect(decodeEntities('&unknown; &#0; &')).toBe('&unknown; \ufffd &');
  });

  it('leaves a query string in an attribute alone', () => {
    expect(decodeEntities('/search?q=1&copy=2&amp;x=3', true)).toBe('/search?q=1&copy=2&x=3');
  });
});

describe('images', () => {
  it('tells a missing alt from an empty one, in any quoting', () => {
    const html =
      '<img src="a.jpg"><IMG SRC=b.jpg ALT=""><img alt=\'Red scarf\' src=\'c.jpg\'/>' +
      '<img src=d.jpg alt=Blue>';
    expect(images(html)).toEqual([
      { src: 'a.jpg', alt: null, presentational: false },
      { src: 'b.jpg', alt: '', presentational: false },
      { src: 'c.jpg', alt: 'Red scarf', presentational: false },
      { src: 'd.jpg', alt: 'Blue', presentational: false },
    ]);
  });

  it('marks decorative images: role presentation or none, aria-hidden true', () => {
    const html =
      '<img src="a" role="presentation"><img src="b" role=" None "><img src="c" aria-hidden="TRUE">' +
      '<img src="d" aria-hidden="false">';
    expect(images(html).map((image) => image.presentational)).toEqual([true, true, true, false]);
  });

  it('reads quoted values holding > and entities, and keeps the first of two attributes', () => {
    expect(
      images(
        '<img alt="Size &gt; 40 &amp; &quot;XL&quot;" data-x=\'a > b\' alt="second" src=x.jpg/>',
      ),
    ).toEqual([{ src: 'x.jpg/', alt: 'Size > 40 & "XL"', presentational: false }]);
  });

  it('does not see an image inside a comment or a quoted attribute', () => {
    expect(images('<!-- <img src="x"> --><div title="<img src=y>">text</div>')).toEqual([]);
  });
});

describe('links', () => {
  it('reads href, text, rel and the alt of an image inside', () => {
    const html =
      '<p>See <a href="/collections/hats" rel="NoFollow  sponsored">our <em>hats</em></a> and ' +
      '<a href=\'https://example.com/?a=1&amp;b=2\'><img src="x.png" alt="Logo"></a> or <a name="top">top</a></p>';
    expect(links(html)).toEqual([
      {
        href: '/collections/hats',
        text: 'our hats',
        rel: ['nofollow', 'sponsored'],
        role: null,
        imageAlts: [],
      },
      { href: 'https://example.com/?a=1&b=2', text: '', rel: [], role: null, imageAlts: ['Logo'] },
      { href: null, text: 'top', rel: [], role: null, imageAlts: [] },
    ]);
  });

  it('closes an unclosed link at the next one or at the end', () => {
    expect(links('<a href="/a">one<a href="/b">two').map((link) => [link.href, link.text])).toEqual(
      [
        ['/a', 'one'],
        ['/b', 'two'],
      ],
    );
  });
});

describe('headings', () => {
  it('lists headings by level with their text', () => {
    const html =
      '<h1 class="x">Big <b>title</b></h1><p>Text</p><H2>Part&nbsp;one</H2><h3>A<br>B</h3>';
    expect(headings(html)).toEqual([
      { level: 1, text: 'Big title' },
      { level: 2, text: 'Part\u00a0one' },
      { level: 3, text: 'A B' },
    ]);
  });

  it('finds no heading in a comment or a script', () => {
    expect(headings('<!--<h1>old</h1>--><script>"<h1>x</h1>"</script><p>none</p>')).toEqual([]);
  });
});
