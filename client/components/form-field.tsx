import { useId, type ReactNode } from 'react';

/**
 * One labelled form control with its hint and its error, wired the same way in every form: the
 * label names the control, the hint and the error are read with it (`aria-describedby`), a refused
 * value marks it `aria-invalid`, and a required field says so to assistive technology. The control
 * itself (input, textarea, select) is the caller's: it spreads the props it is given, and keeps its
 * own type, autocomplete hints, value and handlers.
 */

/** What the control must carry: spread them onto the input, textarea or select. */
export interface FormControlProps {
  id: string;
  required?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  /** A fixed id, where something else finds the control by it; a generated one otherwise. */
  id?: string;
  required?: boolean;
  /** Guidance under the control: what the field is for, its limits. */
  hint?: ReactNode;
  /** The field's own error, shown under it; the control is then marked invalid. */
  error?: ReactNode;
  /**
   * A failure told elsewhere (the form's message) that concerns this field: the control is marked
   * invalid, and `describedBy` should name that message.
   */
  invalid?: boolean;
  /** Ids of other texts that describe the control (a form's message, a list of requirements). */
  describedBy?: ReadonlyArray<string | false | undefined>;
  /** The wrapper's class: `form-field` by default; the preference switchers have their own look. */
  className?: string;
  labelClassName?: string;
  children: (control: FormControlProps) => ReactNode;
}

export function FormField({
  label,
  id,
  required = false,
  hint,
  error,
  invalid = false,
  describedBy = [],
  className = 'form-field',
  labelClassName,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== false;
  const hasError = error !== undefined && error !== null && error !== false;
  const descriptions = [hasHint && hintId, ...describedBy, hasError && errorId].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );

  const control: FormControlProps = {
    id: controlId,
    ...(required && { required: true }),
    ...((hasError || invalid) && { 'aria-invalid': true }),
    ...(descriptions.length > 0 && { 'aria-describedby': descriptions.join(' ') }),
  };

  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {children(control)}
      {hasHint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
