import sanitizeHtml from 'sanitize-html';

/**
 * The body of a post as it may reach Shopify's `body_html`: what an article needs to read well
 * (paragraphs, subheadings, lists, quotes, links, images, simple tables, emphasis) and nothing
 * else.
 * Owners paste from Word, Google Docs and Shopify's own editor; what they bring besides the text is
 * dropped here, on the server, whatever the browser sent:
 * - scripts, styles, frames and text areas with everything inside them; event-handler attributes
 *   (`onclick`…) and `javascript:` addresses;
 * - inline styles, classes, ids, `data-*` attributes (TinyMCE's `data-mce-*` among them) and
 *   `<meta>`, `<span>`, `<font>`, `<div>` and Word's `<o:p>` wrappers, whose text is kept;
 * - images whose address is not https (a storefront served over https would refuse them).
 * The storefront's theme shows the article's title as its `<h1>`: a pasted `<h1>` becomes an
 * `<h2>`, as `<b>` and `<i>` become `<strong>` and `<em>`.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
  },
  // Discarded with their content, not only their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xml', 'iframe'],
  // An image left without an address (it had none, or not an https one) shows nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function cleanPostBody(html: string): string {
  return sanitizeHtml(html, options);
}
