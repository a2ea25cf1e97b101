import { type ReactNode, useId } from 'react';
import { cx } from '../cx.js';
import { CheckIcon } from '../icons/icons.js';

export interface RadioCardOption<Value extends string> {
  value: Value;
  title: ReactNode;
  description?: ReactNode;
}

export interface RadioCardsProps<Value extends string> {
  legend: ReactNode;
  name: string;
  options: readonly RadioCardOption<Value>[];
  value: Value | undefined;
  onChange: (value: Value) => void;
  disabled?: boolean;
  error?: string | undefined;
  className?: string;
}

/** A choice between a few options shown as cards (Save or Splurge); real radio buttons underneath, so arrows work. */
export function RadioCards<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled,
  error,
  className,
}: RadioCardsProps<Value>) {
  const id = useId();
  return (
    <fieldset className={cx('min-w-0', className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-ink-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cx(
                'relative flex cursor-pointer flex-col gap-1 rounded-2xl border-2 bg-white p-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                checked ? 'border-brand-600 bg-brand-50' : 'border-ink-200 hover:border-brand-300',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.value)}
              />
              <span className="pr-8 font-semibold text-ink-900">{option.title}</span>
              {option.description && <span className="text-sm text-ink-600">{option.description}</span>}
              {checked && (
                <span className="absolute top-4 right-4 grid size-6 place-items-center rounded-full bg-brand-700 text-sm text-white">
                  <CheckIcon />
                </span>
              )}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
