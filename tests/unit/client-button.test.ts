import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/**
 * The app's button: each look the style sheet has (main, secondary, danger, small), a plain button
 * unless it is a form's own action, and the same look for a link that leads to an action.
 */

interface ButtonModule {
  Button: (props: Record<string, unknown>) => ReactNode;
  buttonClassName: (options?: {
    variant?: 'primary' | 'secondary' | 'danger';
    size?: 'normal' | 'small';
    className?: string;
  }) => string;
}
// A React component, which the Node typecheck of the tests does not compile: loaded by its path.
const buttonPath = '../../client/components/button.tsx';
const { Button, buttonClassName } = (await import(buttonPath)) as ButtonModule;

function render(props: Record<string, unknown>): string {
  return renderToStaticMarkup(createElement(Button as never, { children: 'Save', ...props }));
}

function attribute(html: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(html)?.[1];
}

describe('Button', () => {
  it('is a plain button in the main look unless told otherwise', () => {
    const html = render({});
    expect(attribute(html, 'type')).toBe('button');
    expect(attribute(html, 'class')).toBe('button');
  });

  it('takes the looks the style sheet has', () => {
    expect(attribute(render({ variant: 'secondary' }), 'class')).toBe('button button-secondary');
    expect(attribute(render({ variant: 'danger' }), 'class')).toBe('button button-danger');
    expect(attribute(render({ variant: 'secondary', size: 'small' }), 'class')).toBe(
      'button button-secondary button-small',
    );
  });

  it('submits its form only when it is the form’s action, and passes on what it is given', () => {
    const html = render({ type: 'submit', disabled: true, 'aria-describedby': 'note' });
    expect(attribute(html, 'type')).toBe('submit');
    expect(html).toContain(' disabled=""');
    expect(attribute(html, 'aria-describedby')).toBe('note');
  });

  it('lends its look to a link', () => {
    expect(buttonClassName()).toBe('button');
    expect(buttonClassName({ variant: 'secondary', className: 'plan-card-action' })).toBe(
      'button button-secondary plan-card-action',
    );
  });
});
