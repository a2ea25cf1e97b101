import { type ReactNode, useId } from 'react';
import { cx } from '../cx.js';

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}

export interface FieldControlOptions {
  id?: string | undefined;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
  className?: string | undefined;
}

/**
 * What a labelled control needs: the props of its Field, and its own id, required flag and the aria attributes that
 * tie it to its hint and error texts.
 */
export function useFieldControl({ id, label, hint, error, required, className }: FieldControlOptions) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const described = [hint ? `${controlId}-hint` : '', error ? `${controlId}-error` : ''].filter(Boolean).join(' ');
  return {
    field: { id: controlId, label, hint, error, required, className },
    control: {
      id: controlId,
      required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    },
  };
}

/** A form control with its label above, an optional hint, and its error message below. */
export function Field({ id, label, hint, error, required, className, children }: FieldProps) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The shared look of text boxes and selects; red when invalid. */
export function controlClasses(invalid: boolean, className?: string): string {
  return cx(
    'w-full rounded-xl border bg-white px-4 text-base text-ink-900 shadow-xs transition-colors placeholder:text-ink-400',
    'disabled:bg-ink-50 disabled:text-ink-500',
    invalid ? 'border-red-600 bg-red-50/40' : 'border-ink-300 hover:border-ink-400',
    className,
  );
}
