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
  request_id?: string;
}

export function ok<T>(c: Context, data: T, extra: Record<string, unknown> = {}, status: ContentfulStatusCode = 200): Response {
  return c.json({ is_success: true as const, ...extra, data }, status);
}

export function failureBody(code: string, message: string, requestId?: string, issues?: ValidationIssue[]): FailureBody {
  return {
    is_success: false,
    message,
    error: message,
    code,
    ...(issues && issues.length > 0 ? { issues } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
}
