import { describe, expect, it } from 'vitest';
import { containsMarkup, findMarkup } from '#shared/seo/text/markup.ts';

describe('markup in an SEO text', () => {
  it.each([
    ['<script>alert(1)</script> Plaid', '<script>'],
    ['Plaid <b>laine</b>', '<b>'],
    ['Plaid </b>', '</b>'],
    ['Plaid <img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['Plaid <!-- caché -->', '<!-- caché -->'],
    ['Plaid <?php echo 1 ?>', '<?php echo 1 ?>'],
    ['Plaid <a href="https://example.com">ici</a>', '<a href="https://example.com">'],
    ['Plaid <SCRIPT', '<SCRIPT'],
    ['Plaid </', '</'],
  ])('finds the markup in %j', (text, markup) => {
    expect(containsMarkup(text)).toBe(true);
    expect(findMarkup(text)).toBe(markup);
  });

  it.each([
    'Plaids < 50 €',
    'Prix <50 €',
    'I <3 merino',
    'Flèches << et >>',
    'a > b',
    'Écharpe <é>',
    'Plaid &lt;b&gt;',
    '',
    'Plaid en laine mérinos — Boutique',
  ])('leaves %j alone', (text) => {
    expect(containsMarkup(text)).toBe(false);
    expect(findMarkup(text)).toBeNull();
  });

  it('quotes at most 30 characters of markup that runs on without a closing bracket', () => {
    const quoted = findMarkup(`Plaid <span ${'x'.repeat(100)}`);
    expect(quoted).toBe(`<span ${'x'.repeat(24)}`);
  });
});
