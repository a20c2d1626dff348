import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  parseTemplate,
  parseTemplates,
  type PlaceholderValues,
  type TemplatePart,
} from '#server/areas/seo-changes/bulk-templates.ts';
import { AppError } from '#shared/errors.ts';

/**
 * A bulk edit's templates: read once (placeholders known, braces closed), then filled for each page
 * as a search result would show the value.
 */

const shirt: PlaceholderValues = {
  title: 'Linen shirt',
  shop: 'Maison Exemple',
  vendor: 'Atelier Nord',
  type: 'Shirts',
};

function parts(template: string): TemplatePart[] {
  const result = parseTemplate(template);
  if ('problem' in result) throw new Error(`${template}: ${result.problem.reason}`);
  return result.parts;
}

describe('reading a template', () => {
  it('splits text and placeholders in order', () => {
    expect(parseTemplate('{title} by {vendor} | {shop}')).toEqual({
      parts: [
        { placeholder: 'title' },
        { text: ' by ' },
        { placeholder: 'vendor' },
        { text: ' | ' },
        { placeholder: 'shop' },
      ],
    });
    expect(parseTemplate('Free shipping')).toEqual({ parts: [{ text: 'Free shipping' }] });
    expect(parseTemplate('')).toEqual({ parts: [] });
  });

  it('names a placeholder it does not know, spelled differently or empty', () => {
    expect(parseTemplate('{title} at {price}')).toEqual({
      problem: { reason: 'unknown_placeholder', placeholder: 'price' },
    });
    expect(parseTemplate('{Title}')).toEqual({
      problem: { reason: 'unknown_placeholder', placeholder: 'Title' },
    });
    expect(parseTemplate('{}')).toEqual({
      problem: { reason: 'unknown_placeholder', placeholder: '' },
    });
  });

  it('refuses a brace opened and never closed, even when a later one closes', () => {
    expect(parseTemplate('{title | {shop}')).toEqual({ problem: { reason: 'unclosed_brace' } });
    expect(parseTemplate('{title} | {shop')).toEqual({ problem: { reason: 'unclosed_brace' } });
  });

  it('keeps a closing brace alone as text', () => {
    expect(fillTemplate(parts('{title} :}'), shirt)).toBe('Linen shirt :}');
  });
});

describe('filling a template', () => {
  it("puts the page's texts in the placeholders", () => {
    expect(fillTemplate(parts('{title} by {vendor} – {type} | {shop}'), shirt)).toBe(
      'Linen shirt by Atelier Nord – Shirts | Maison Exemple',
    );
  });

  it('leaves no double space where a placeholder gives nothing, and trims the ends', () => {
    const collection = { ...shirt, vendor: '', type: '' };
    expect(fillTemplate(parts('{vendor} {title}  {type} | {shop}'), collection)).toBe(
      'Linen shirt | Maison Exemple',
    );
    expect(fillTemplate(parts('{vendor} {type}'), collection)).toBe('');
  });

  it('keeps no-break spaces, which French typography puts before a colon', () => {
    expect(fillTemplate(parts('{title}\u00a0: {shop}'), shirt)).toBe(
      'Linen shirt\u00a0: Maison Exemple',
    );
  });
});

describe('the templates of a request', () => {
  it('reads each language given and skips one left out', () => {
    const parsed = parseTemplates({ en: '{title} | {shop}', fr: undefined });
    expect([...parsed.keys()]).toEqual(['en']);
  });

  it('answers 400 invalid_template naming the language at fault', () => {
    let error: unknown;
    try {
      parseTemplates({ en: '{title}', fr: '{titre} | {shop}' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_template', statusCode: 400, field: 'fr' });
    expect((error as Error).message).toContain('{titre}');
  });
});
