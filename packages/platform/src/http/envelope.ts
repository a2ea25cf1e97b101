import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ValidationIssue } from './errors.js';

/**
 * The spec's response envelope. Successful answers carry `is_success: true` and usually `data`; some spec calls put
 * their payload beside it (login's `token`, the admin users list's `users`), so extra top-level fields are allowed.
 * Failures carry a human message twice (`message` and `error`, since the spec's screens read either), a stable
 * machine `code`, and the request id to quote to support.
 */
export interface FailureBody {
  is_success: false;
  message: string;
  error: string;
  code: string;
  issues?: ValidationIssue[];
  /** Each refused top-level field's first message (`{gst: "This GSTIN's check digit is wrong. ..."}`), for forms. */
  fields?: Record<string, string>;
  request_id?: string;
}

export function ok<T>(c: Context, data: T, extra: Record<string, unknown> = {}, status: ContentfulStatusCode = 200): Response {
  return c.json({ is_success: true as const, ...extra, data }, status);
}

export function failureBody(code: string, message: string, requestId?: string, issues?: ValidationIssue[]): FailureBody {
  const fields = issues ? fieldMessages(issues) : {};
  return {
    is_success: false,
    message,
    error: message,
    code,
    ...(issues && issues.length > 0 ? { issues } : {}),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
}

/**
 * Issues keyed by the body field a form shows them on: the path's first part (a list item's `needList.2` is the
 * Need list's), the first message for each. Issues about the whole body (no path) name no field.
 */
export function fieldMessages(issues: readonly ValidationIssue[]): Record<string, string> {
  // A Map, then own properties: a path part is the caller's text, and "__proto__" must stay a plain key.
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.split('.')[0];
    if (field && !fields.has(field)) fields.set(field, issue.message);
  }
  return Object.fromEntries(fields);
}
