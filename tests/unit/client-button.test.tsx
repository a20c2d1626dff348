// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName, type ButtonProps } from '#client/components/button.tsx';

/**
 * The app's button: each look the style sheet has (main, secondary, danger, small), a plain button
 * unless it is a form's own action, and the same look for a link that leads to an action. Rendered
 * into a DOM as a browser holds it, and found as a user finds it: a button named by its text.
 */

afterEach(cleanup);

/** The button, named Save, rendered with these props. */
function renderButton(props: Omit<ButtonProps, 'children'> = {}): HTMLElement {
  render(<Button {...props}>Save</Button>);
  return screen.getByRole('button', { name: 'Save' });
}

describe('Button', () => {
  it('is a plain button in the main look unless told otherwise', () => {
    const button = renderButton();
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('button');
  });

  it('takes the looks the style sheet has', () => {
    expect(renderButton({ variant: 'secondary' }).className).toBe('button button-secondary');
    cleanup();
    expect(renderButton({ variant: 'danger' }).className).toBe('button button-danger');
    cleanup();
    expect(renderButton({ variant: 'secondary', size: 'small' }).className).toBe(
      'button button-secondary button-small',
    );
  });

  it('submits its form only when it is the form’s action, and passes on what it is given', () => {
    const button = renderButton({ type: 'submit', disabled: true, 'aria-describedby': 'note' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('note');
  });

  it('acts on a click, and not while disabled', () => {
    const onClick = vi.fn();
    fireEvent.click(renderButton({ onClick }));
    expect(onClick).toHaveBeenCalledTimes(1);
    cleanup();
    fireEvent.click(renderButton({ onClick, disabled: true }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not submit the form it sits in unless it is the form’s action', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Preview</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('lends its look to a link', () => {
    expect(buttonClassName()).toBe('button');
    expect(buttonClassName({ variant: 'secondary', className: 'plan-card-action' })).toBe(
      'button button-secondary plan-card-action',
    );
  });
});
