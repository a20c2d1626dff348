/**
 * A post's summary is HTML for Shopify (`summary_html`) and plain paragraphs for the owner: written
 * as text, one paragraph per blank-line-separated block, and shown back as that text.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function summaryHtmlOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map(
      (block) =>
        `<p>${block.replace(/[&<>"]/g, (character) => escapes[character]!).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}

export function summaryTextOf(html: string): string {
  if (html.trim() === '') return '';
  const document = new DOMParser().parseFromString(html, 'text/html');
  const blocks = [...document.body.querySelectorAll('p, li, h2, h3, h4, blockquote')];
  const paragraphs = (blocks.length > 0 ? blocks : [document.body]).map((block) => {
    for (const lineBreak of block.querySelectorAll('br')) lineBreak.replaceWith('\n');
    return (block.textContent ?? '').trim();
  });
  return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n');
}
