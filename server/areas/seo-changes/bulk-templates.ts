import type { Language } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { templatePlaceholders, type TemplatePlaceholder } from '#shared/schemas/seo-bulk.ts';
import { findMarkup } from '#shared/seo/text/markup.ts';
import { collapseWhitespace } from '#shared/seo/text/normalize.ts';

/**
 * A bulk edit's template (shared/schemas/seo-bulk.ts): text with placeholders in braces, read once
 * and filled for every page. Pure: tested in Node (tests/unit/seo-bulk-templates.test.ts).
 */

/** A template read: literal text and placeholders, in order. */
export type TemplatePart = { text: string } | { placeholder: TemplatePlaceholder };

/** Why a template cannot be read, with the offending placeholder when there is one. */
export type TemplateProblem =
  { reason: 'unknown_placeholder'; placeholder: string } | { reason: 'unclosed_brace' };

const isPlaceholder = (name: string): name is TemplatePlaceholder =>
  (templatePlaceholders as readonly string[]).includes(name);

/**
 * The template's parts, or the first problem found: a brace opened and never closed, or a name in
 * braces that is no placeholder (`{price}`, `{}`, `{Title}`). A closing brace alone is text.
 */
export function parseTemplate(
  template: string,
): { parts: TemplatePart[] } | { problem: TemplateProblem } {
  const parts: TemplatePart[] = [];
  let rest = template;
  while (rest !== '') {
    const open = rest.indexOf('{');
    if (open === -1) {
      parts.push({ text: rest });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open) });
    const close = rest.indexOf('}', open + 1);
    const nextOpen = rest.indexOf('{', open + 1);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      return { problem: { reason: 'unclosed_brace' } };
    }
    const name = rest.slice(open + 1, close);
    if (!isPlaceholder(name))
      return { problem: { reason: 'unknown_placeholder', placeholder: name } };
    parts.push({ placeholder: name });
    rest = rest.slice(close + 1);
  }
  return { parts };
}

/** What a page gives each placeholder in one language. */
export type PlaceholderValues = Record<TemplatePlaceholder, string>;

/**
 * The value a template gives a page: its placeholders filled, then runs of spaces and line breaks
 * made one space and the ends trimmed, as a search result shows it. A placeholder with nothing to
 * give (a collection's vendor) leaves no double space behind; one that leaves nothing at all gives
 * '' (which the preview skips as `empty`).
 */
export function fillTemplate(parts: readonly TemplatePart[], values: PlaceholderValues): string {
  return collapseWhitespace(
    parts.map((part) => ('text' in part ? part.text : values[part.placeholder])).join(''),
  );
}

/**
 * Reads the templates of each language given, or throws 400 `invalid_template` naming the language
 * whose template is at fault (`field`), with what is wrong in the message, or 400
 * `markup_not_allowed` naming the language whose template holds markup: the values are plain text
 * (shared/seo/text/markup.ts). Markup a placeholder brings from the store skips that page's value
 * instead (bulk-values.ts).
 */
export function parseTemplates(
  templates: Partial<Record<Language, string>>,
): Map<Language, TemplatePart[]> {
  const parsed = new Map<Language, TemplatePart[]>();
  for (const [language, template] of Object.entries(templates) as Array<[Language, string]>) {
    if (template === undefined) continue;
    const markup = findMarkup(template);
    if (markup !== null) {
      throw new AppError('markup_not_allowed', 400, {
        field: language,
        message: `The ${language} template holds ${markup}: SEO texts are plain text`,
      });
    }
    const result = parseTemplate(template);
    if ('problem' in result) {
      const { problem } = result;
      throw new AppError('invalid_template', 400, {
        field: language,
        message:
          problem.reason === 'unclosed_brace'
            ? `The ${language} template opens a brace it does not close`
            : `The ${language} template names {${problem.placeholder}}, which is no placeholder (${templatePlaceholders.map((name) => `{${name}}`).join(', ')})`,
      });
    }
    parsed.set(language, result.parts);
  }
  return parsed;
}
