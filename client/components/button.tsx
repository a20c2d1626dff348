import type { ButtonHTMLAttributes } from 'react';

/**
 * The app's button, in the looks the style sheet gives it (client/app/base.css,
 * client/components/form-controls.css): the main action, a secondary one beside it, a danger that
 * cannot be undone; small where it sits in a table or a header. A plain button by default, so that
 * it never submits a form by accident: a form's own action says `type="submit"`.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'normal' | 'small';

/** The classes of a button's look, for what must look like one without being one (a link). */
export function buttonClassName({
  variant = 'primary',
  size = 'normal',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
} = {}): string {
  return [
    'button',
    variant !== 'primary' && `button-${variant}`,
    size === 'small' && 'button-small',
    className,
  ]
    .filter((name) => typeof name === 'string' && name !== '')
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({
  variant = 'primary',
  size = 'normal',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button {...props} type={type} className={buttonClassName({ variant, size, className })} />
  );
}
