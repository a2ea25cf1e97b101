import type { Refusal, RefusalKind, ValidationIssue } from '../domain/refusal.js';

export type { ValidationIssue };

/**
 * The one error type API code throws (domain code refuses with `Refusal`, domain/refusal.ts). It knows its HTTP status and a message fit for the person who made
 * the request; the app factory turns it into the envelope. Anything else thrown is an internal error and answers
 * 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { issues?: ValidationIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The one table from a domain refusal to its HTTP status and code. */
const REFUSAL_ANSWERS: Record<RefusalKind, { status: number; code: string }> = {
  invalid: { status: 400, code: 'bad_request' },
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
};

export function refusalError({ kind, message, issues }: Refusal): AppError {
  const { status, code } = REFUSAL_ANSWERS[kind];
  return new AppError(status, code, message, issues ? { issues } : {});
}

/**
 * At the edge: a command's outcome, or its refusal (domain code returns them, docs/decisions/0161) thrown as the
 * answer the refusal table gives it.
 */
export function unlessRefused<T>(outcome: T): Exclude<T, { refusal: Refusal }> {
  const refused = (outcome as { refusal?: Refusal } | undefined)?.refusal;
  if (refused) throw refusalError(refused);
  return outcome as Exclude<T, { refusal: Refusal }>;
}

export const badRequest = (message: string, issues?: ValidationIssue[]) =>
  refusalError({ kind: 'invalid', message, ...(issues ? { issues } : {}) });
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => refusalError({ kind: 'not_found', message });
export const conflict = (message: string) => refusalError({ kind: 'conflict', message });
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Please try again later.') =>
  new AppError(429, 'rate_limited', message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
/** What a caller reads when a dependency is away for now (a 503). */
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again shortly.';
export const serviceUnavailable = (message = UNAVAILABLE_MESSAGE) => new AppError(503, 'unavailable', message);

/** Errors from the database driver that mean "the server is not reachable right now", not "your request is bad". */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause, name } = error as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown };
  // fetch() wraps the socket's error; an aborted call is a timeout.
  if (cause && cause !== error && isConnectionError(cause)) return true;
  if (name === 'TimeoutError') return true;
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
    // undici's own: a socket closed under a call, a connection or an answer that took too long.
    if (['UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CLOSED'].includes(code))
      return true;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (server shutting down or not accepting connections)
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  // node-postgres's pool says 'timeout exceeded when trying to connect' when no connection frees up in time: the
  // database is saturated for now (a drop's rush), which is a 503 to retry, not a 500.
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
      message,
    )
  );
}
