import { describe, expect, it } from 'vitest';
import { excerpt, excerptAround } from '#shared/seo/text/excerpt.ts';

describe('excerpt', () => {
  it('keeps a short text whole, whitespace collapsed, no-break spaces kept', () => {
    expect(excerpt('  Prix\u00a0:\n\n 20 €  ')).toBe('Prix\u00a0: 20 €');
  });

  it('cuts a long text at a word boundary to 120 characters with an ellipsis', () => {
    const long = 'merino '.repeat(40);
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut).toMatch(/^(merino )+merino…$/);
  });

  it('cuts a text without spaces where it must', () => {
    expect(excerpt('x'.repeat(200))).toBe(`${'x'.repeat(119)}…`);
  });

  it('keeps the last word whole when it ends right at the cut', () => {
    // 20 × "Linen", spaced, is 119 characters: the ellipsis makes 120.
    expect(excerpt('Linen '.repeat(40))).toBe(`${'Linen '.repeat(20).trimEnd()}…`);
  });

  it('counts characters as a reader does, never splitting an emoji', () => {
    const cut = excerpt(`${'🧣'.repeat(130)}`);
    expect([...cut]).toHaveLength(120);
    expect(cut).toBe(`${'🧣'.repeat(119)}…`);
  });
});

describe('excerptAround', () => {
  it('shows the text around a position, marking the cuts', () => {
    const text = `${'a '.repeat(50)}Prix : 20 €${' b'.repeat(50)}`;
    const around = excerptAround(text, text.indexOf(' :'));
    expect(around).toContain('Prix : 20 €');
    expect(around.startsWith('…')).toBe(true);
    expect(around.endsWith('…')).toBe(true);
    expect(around.length).toBeLessThanOrEqual(120);
  });

  it('does not mark a cut at the start of the text', () => {
    expect(excerptAround("L'été", 1)).toBe("L'été");
  });
});
