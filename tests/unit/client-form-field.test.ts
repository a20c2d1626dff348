import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/**
 * The one form field of the client: whatever the form, a control is named by its label and read
 * with its hint and its error, a refused value is marked invalid, and a required one says so.
 * Rendered to HTML as React renders it, and read back by the ids that tie the texts together.
 */

interface FormControlProps {
  id: string;
  required?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}
interface FormFieldModule {
  FormField: (props: {
    label: ReactNode;
    id?: string;
    required?: boolean;
    hint?: ReactNode;
    error?: ReactNode;
    invalid?: boolean;
    describedBy?: ReadonlyArray<string | false | undefined>;
    children: (control: FormControlProps) => ReactNode;
  }) => ReactNode;
}
// A React component, which the Node typecheck of the tests does not compile: loaded by its path.
const formFieldPath = '../../client/components/form-field.tsx';
const { FormField } = (await import(formFieldPath)) as FormFieldModule;

type FieldProps = Omit<Parameters<FormFieldModule['FormField']>[0], 'children'>;

/** The field's markup, with an input as its control. */
function render(props: FieldProps): string {
  return renderToStaticMarkup(
    createElement(FormField as never, {
      ...props,
      children: (control: FormControlProps) => createElement('input', { ...control, type: 'text' }),
    }),
  );
}

function attribute(html: string, element: string, name: string): string | undefined {
  const tag = new RegExp(`<${element}\\b[^>]*>`).exec(html)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function textOfId(html: string, id: string): string | undefined {
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

function roleOfId(html: string, id: string): string | undefined {
  const tag = new RegExp(`<[a-z]+\\b[^>]*\\sid="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return /\srole="([^"]*)"/.exec(tag)?.[1];
}

describe('FormField', () => {
  it('names the control by its label and says nothing more when there is nothing to say', () => {
    const html = render({ label: 'Subject', id: 'subject' });
    expect(attribute(html, 'label', 'for')).toBe('subject');
    expect(attribute(html, 'input', 'id')).toBe('subject');
    expect(attribute(html, 'input', 'aria-invalid')).toBeUndefined();
    expect(attribute(html, 'input', 'aria-describedby')).toBeUndefined();
    expect(attribute(html, 'input', 'required')).toBeUndefined();
  });

  it('reads the hint, then the error, with the control, and marks it invalid and required', () => {
    const html = render({
      label: 'Message',
      id: 'message',
      required: true,
      hint: '10 to 5,000 characters.',
      error: 'Write a message of 10 to 5,000 characters.',
    });
    const describedBy = attribute(html, 'input', 'aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => textOfId(html, id))).toEqual([
      '10 to 5,000 characters.',
      'Write a message of 10 to 5,000 characters.',
    ]);
    expect(attribute(html, 'input', 'aria-invalid')).toBe('true');
    expect(attribute(html, 'input', 'required')).toBe('');
    // The error is announced as it appears; the hint is not.
    expect(describedBy.map((id) => roleOfId(html, id))).toEqual([undefined, 'alert']);
  });

  it('points at a message told elsewhere, in the order given, and marks the control invalid', () => {
    const html = render({
      label: 'Password',
      id: 'password',
      invalid: true,
      describedBy: ['password-requirements', false, 'login-error'],
    });
    expect(attribute(html, 'input', 'aria-describedby')).toBe('password-requirements login-error');
    expect(attribute(html, 'input', 'aria-invalid')).toBe('true');
  });

  it('gives every field an id of its own when none is fixed', () => {
    const first = render({ label: 'Name' });
    const id = attribute(first, 'input', 'id');
    expect(id).toBeTruthy();
    expect(attribute(first, 'label', 'for')).toBe(id);
  });
});
