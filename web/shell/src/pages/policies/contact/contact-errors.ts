import type { ContactRequest } from '@elts/contracts';

export type ContactField = keyof ContactRequest;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: readonly ContactField[] = ['firstName', 'lastName', 'email', 'phone', 'option', 'message'];

// The schema's words for a bad option name the wire values; a person needs the choice they missed.
const FRIENDLIER: Partial<Record<ContactField, string>> = { option: 'Please choose what you are writing about' };

/**
 * One message per field, the first given: from the shared schema's issues in the browser, or from the server's
 * `issues` (path 'email' or ['email']) when it rejects what the browser let through.
 */
export function contactErrorsFrom(issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; message: string }>): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of issues) {
    const field = (typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0]) as ContactField;
    if (!CONTACT_FIELDS.includes(field) || errors[field]) continue;
    errors[field] = FRIENDLIER[field] ?? issue.message;
  }
  return errors;
}
