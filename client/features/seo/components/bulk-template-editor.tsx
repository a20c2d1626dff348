import { useLayoutEffect, useRef } from 'react';
import type { Language } from '#shared/constants.ts';
import {
  templatePlaceholders,
  type BulkField,
  type TemplatePlaceholder,
} from '#shared/schemas/seo-bulk.ts';
import { FormField, type FormControlProps } from '#client/components/form-field.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { fillTemplate, insertPlaceholder, placeholderToken } from '../bulk-edit.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { ValueText } from './value-text.tsx';

/**
 * One language's template: the text, the placeholders as buttons that put theirs where the caret
 * is (and give the caret back just after it), and the template filled for an example page as the
 * owner types. `error` is what is wrong with it (an unknown placeholder, or the API's refusal).
 */
export function BulkTemplateEditor({
  language,
  field,
  template,
  example,
  error,
  placeholdersId,
  format,
  onChange,
}: {
  language: Language;
  field: BulkField;
  template: string;
  /** The values the example is filled with. */
  example: Record<TemplatePlaceholder, string>;
  error: string | null;
  /** The explanation of the placeholders, which each button is described by. */
  placeholdersId: string;
  format: SeoFormat;
  onChange: (template: string) => void;
}) {
  const { t } = useTranslation('seo');
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // Where the caret goes once an inserted placeholder is in the text.
  const caretRef = useRef<number | null>(null);
  const filled = fillTemplate(template, example);

  useLayoutEffect(() => {
    const caret = caretRef.current;
    const input = inputRef.current;
    if (caret === null || input === null) return;
    caretRef.current = null;
    input.focus();
    input.setSelectionRange(caret, caret);
  }, [template]);

  const insert = (name: TemplatePlaceholder) => {
    const input = inputRef.current;
    const selection = {
      start: input?.selectionStart ?? template.length,
      end: input?.selectionEnd ?? template.length,
    };
    const next = insertPlaceholder(template, selection, name);
    caretRef.current = next.caret;
    onChange(next.template);
  };

  const inputProps = (control: FormControlProps) => ({
    ...control,
    ref: inputRef,
    value: template,
    lang: language,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  });

  return (
    <div className="seo-field seo-bulk-template">
      <FormField
        label={t('bulk.templateLabel', { language: format.languageInSentence(language) })}
        hint={t('bulk.templateHint')}
        error={error}
        className="seo-field-control"
      >
        {(control) =>
          field === 'seoDescription' ? (
            <textarea {...inputProps(control)} rows={3} maxLength={500} />
          ) : (
            <input {...inputProps(control)} type="text" maxLength={500} />
          )
        }
      </FormField>
      <div
        className="button-row seo-bulk-placeholders"
        role="group"
        aria-label={t('bulk.insert', { language: format.languageInSentence(language) })}
      >
        {templatePlaceholders.map((name) => (
          <button
            key={name}
            type="button"
            className="button button-secondary button-small"
            aria-describedby={`${placeholdersId}-${name}`}
            onClick={() => insert(name)}
          >
            {placeholderToken(name)}
          </button>
        ))}
      </div>
      {filled !== '' && (
        <p className="seo-bulk-example">
          {t('bulk.example', { title: example.title })} <ValueText value={filled} lang={language} />
        </p>
      )}
    </div>
  );
}
