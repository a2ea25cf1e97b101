import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from '../cx.js';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ label, description, id, className, ...rest }: CheckboxProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className={cx('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={description ? `${inputId}-description` : undefined}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
        {...rest}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="cursor-pointer font-semibold text-ink-800">
          {label}
        </label>
        {description && (
          <p id={`${inputId}-description`} className="text-ink-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
