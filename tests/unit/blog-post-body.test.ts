import { describe, expect, it } from 'vitest';
import { cleanPostBody } from '#server/areas/blog/index.ts';

describe('cleanPostBody', () => {
  it('keeps what an article is made of', () => {
    const body =
      '<p>Un <strong>lin</strong> <em>lavé</em>, <u>souple</u>.</p>' +
      '<h2>Entretien</h2><h3>Lavage</h3><ul><li>40 °C</li></ul><ol start="2"><li>Séchage</li></ol>' +
      '<blockquote><p>Le lin dure.</p></blockquote>' +
      '<p><a href="/fr/products/nappe" title="Nappe">nos nappes</a>, ' +
      '<a href="https://example.org/lin">le lin</a>, <a href="mailto:bonjour@example.fr">écrire</a></p>' +
      '<img src="https://cdn.shopify.com/nappe.jpg" alt="Nappe en lin" width="800" height="600" />' +
      '<table><tbody><tr><th>Taille</th><td colspan="2">180 cm</td></tr></tbody></table><hr />';
    expect(cleanPostBody(body)).toBe(body);
  });

  it('drops scripts, styles and event handlers, with what they hold', () => {
    const cleaned = cleanPostBody(
      '<p onclick="steal()">Bonjour<script>steal()</script></p><style>p{color:red}</style>' +
        '<img src="https://cdn.example/a.jpg" onerror="steal()" alt="a">' +
        '<a href="javascript:steal()">lien</a><iframe src="https://evil.example"></iframe>',
    );
    expect(cleaned).toBe(
      '<p>Bonjour</p><img src="https://cdn.example/a.jpg" alt="a" /><a>lien</a>',
    );
    expect(cleaned).not.toMatch(/steal|color|evil/);
  });

  it('drops what Word, Google Docs and Shopify’s editor leave around the text, keeping the text', () => {
    const pasted =
      '<meta charset="utf-8"><p class="MsoNormal" style="margin:0"><span style="font-size:12pt" ' +
      'data-mce-style="font-size:12pt">Le <b>lin</b> lavé<o:p></o:p></span></p>' +
      '<div id="docs-internal-guid-1"><p data-mce-fragment="1"><font face="Arial"><i>souple</i></font></p></div>';
    expect(cleanPostBody(pasted)).toBe('<p>Le <strong>lin</strong> lavé</p><p><em>souple</em></p>');
  });

  it('makes a pasted h1 a subheading: the theme shows the title as the page’s h1', () => {
    expect(cleanPostBody('<h1>Nos nappes</h1><p>Texte.</p>')).toBe(
      '<h2>Nos nappes</h2><p>Texte.</p>',
    );
  });

  it('drops images that are not served over https', () => {
    expect(
      cleanPostBody(
        '<p>A<img src="http://cdn.example/a.jpg" alt="a">B<img alt="sans adresse"></p>',
      ),
    ).toBe('<p>AB</p>');
  });
});
