import { ApiError } from '@elts/ui';

/** A refused save's sentence for each field it names, keyed by the body's field names (`{gst: '...'}`). */
export type FieldErrors = Readonly<Record<string, string | undefined>>;

/**
 * What a form shows under its fields after the server refused the body (400, docs/decisions/0007): the server's
 * sentence about each field it names. Any other failure names no field.
 */
export function refusedFields(error: unknown): FieldErrors {
  return error instanceof ApiError && error.status === 400 ? { ...error.fields } : {};
}

/** The errors without `field`'s, for a field the member has just changed (its old sentence no longer applies). */
export function withoutField(errors: FieldErrors, field: string): FieldErrors {
  if (errors[field] === undefined) return errors;
  const { [field]: _, ...rest } = errors;
  return rest;
}
