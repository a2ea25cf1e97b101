/**
 * Why a domain decision says no, in words for the person who asked. Domain code knows nothing of HTTP: it returns a
 * refusal (or throws one, where a decision is a validation deep in a fold), and the HTTP layer turns its kind into a
 * status through one table (`http/errors.ts`, `refusalError`).
 */
export type RefusalKind = 'invalid' | 'not_found' | 'conflict';

/** A field the refusal is about, for forms: `{ path: 'gst', message: 'GST number is required' }`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export interface Refusal {
  kind: RefusalKind;
  message: string;
  issues?: ValidationIssue[];
}

export const refusal = (kind: RefusalKind, message: string, issues?: ValidationIssue[]): Refusal => ({
  kind,
  message,
  ...(issues ? { issues } : {}),
});

/** A refusal thrown from domain code; the app's error handler answers it as `refusalError` says. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = 'Refused';
  }
}

/** Throws a refusal: for validations inside a decision whose callers expect events or nothing. */
export function refuse(kind: RefusalKind, message: string, issues?: ValidationIssue[]): never {
  throw new Refused(refusal(kind, message, issues));
}
