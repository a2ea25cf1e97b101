import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { controlClasses, Field, useFieldControl } from './Field.js';

interface Labelled {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

export type TextInputProps = Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

export function TextInput({ label, hint, error, id, required, className, ...rest }: TextInputProps) {
  const { field, control } = useFieldControl({ id, label, hint, error, required, className });
  return (
    <Field {...field}>
      <input {...control} className={controlClasses(Boolean(error), 'h-12')} {...rest} />
    </Field>
  );
}

export type TextAreaProps = Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

export function TextArea({ label, hint, error, id, required, className, rows = 5, ...rest }: TextAreaProps) {
  const { field, control } = useFieldControl({ id, label, hint, error, required, className });
  return (
    <Field {...field}>
      <textarea {...control} rows={rows} className={controlClasses(Boolean(error), 'py-3 leading-relaxed')} {...rest} />
    </Field>
  );
}
