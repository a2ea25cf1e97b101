import type { ReactNode, SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from '../icons/icons.js';
import { controlClasses, Field, useFieldControl } from './Field.js';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice such as 'Choose one'; the field then starts unanswered. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
}

export function Select({ label, options, placeholder, hint, error, id, required, className, ...rest }: SelectProps) {
  const { field, control } = useFieldControl({ id, label, hint, error, required, className });
  return (
    <Field {...field}>
      <div className="relative">
        <select {...control} className={controlClasses(Boolean(error), 'h-12 cursor-pointer appearance-none pr-11')} {...rest}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-lg text-ink-500" />
      </div>
    </Field>
  );
}
