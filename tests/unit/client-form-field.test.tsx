// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField, type FormFieldProps } from '#client/components/form-field.tsx';

/**
 * The one form field of the client: whatever the form, a control is named by its label and read
 * with its hint and its error, a refused value is marked invalid, and a required one says so.
 * Rendered into a DOM as a browser holds it, and read back by the ids that tie the texts together.
 */

afterEach(cleanup);

/** The field with an input as its control, and that input. */
function renderField(props: Omit<FormFieldProps, 'children'>) {
  const { container } = render(
    <FormField {...props}>{(control) => <input {...control} type="text" />}</FormField>,
  );
  return { input: screen.getByRole('textbox'), label: container.querySelector('label')! };
}

const elementOfId = (id: string) => document.getElementById(id);

describe('FormField', () => {
  it('names the control by its label and says nothing more when there is nothing to say', () => {
    const { input, label } = renderField({ label: 'Subject', id: 'subject' });
    expect(label.getAttribute('for')).toBe('subject');
    expect(input.id).toBe('subject');
    expect(screen.getByLabelText('Subject')).toBe(input);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('required')).toBe(false);
  });

  it('reads the hint, then the error, with the control, and marks it invalid and required', () => {
    const { input } = renderField({
      label: 'Message',
      id: 'message',
      required: true,
      hint: '10 to 5,000 characters.',
      error: 'Write a message of 10 to 5,000 characters.',
    });
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => elementOfId(id)?.textContent)).toEqual([
      '10 to 5,000 characters.',
      'Write a message of 10 to 5,000 characters.',
    ]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('required')).toBe('');
    // The error is announced as it appears; the hint is not.
    expect(describedBy.map((id) => elementOfId(id)?.getAttribute('role') ?? undefined)).toEqual([
      undefined,
      'alert',
    ]);
  });

  it('points at a message told elsewhere, in the order given, and marks the control invalid', () => {
    const { input } = renderField({
      label: 'Password',
      id: 'password',
      invalid: true,
      describedBy: ['password-requirements', false, 'login-error'],
    });
    expect(input.getAttribute('aria-describedby')).toBe('password-requirements login-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('gives every field an id of its own when none is fixed', () => {
    const { input, label } = renderField({ label: 'Name' });
    expect(input.id).toBeTruthy();
    expect(label.getAttribute('for')).toBe(input.id);
  });
});
