import { addressOf, type DataOf, type OperationSpec, type RequestOf } from '@elts/contracts';
import { currentRequestId } from '../logging/request-context.js';
import { AppError, isConnectionError } from './errors.js';
import { httpCall } from './http-call.js';
import { SERVICE_TOKEN_HEADER } from './service-token.js';

export type FetchLike = (request: Request) => Response | Promise<Response>;

export interface InternalClientOptions {
  /** The called service's name, for messages. */
  target: string;
  /** Either the service's instances (distributed topology; called in turn) or its app's fetch (all-in-one). */
  baseUrls?: string[];
  fetch?: FetchLike;
  token: string;
  timeoutMs?: number;
  /** Further attempts after the first, for idempotent calls only. */
  retries?: number;
  retryBaseMs?: number;
}

export class InternalCallError extends Error {
  constructor(
    readonly target: string,
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'InternalCallError';
  }
}

export interface CallOptions {
  /** Safe to repeat (reads, or writes keyed by an idempotency key). Only these are retried. */
  idempotent?: boolean;
  headers?: Record<string, string>;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const IN_PROCESS_ORIGIN = 'http://in-process';

/** Calls another service's `/internal/*` endpoints with the shared service token. */
export class InternalClient {
  private next = 0;

  constructor(private readonly options: InternalClientOptions) {
    if (!options.fetch && !options.baseUrls?.length) throw new Error(`InternalClient(${options.target}) needs baseUrls or fetch`);
  }

  /**
   * Calls one internal operation of the contract table: its address from the parameters and query, its body, and its
   * answer's `data` typed from the operation's response schema. Reads are idempotent; a write is when its options say so.
   */
  operation<O extends OperationSpec>(op: O, request: RequestOf<O>, options: CallOptions = {}): Promise<DataOf<O>> {
    const { body } = request as { body?: unknown };
    return this.call<DataOf<O>>(op.method, addressOf(op, request), body, { idempotent: op.method === 'GET', ...options });
  }

  async call<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<T> {
    const attempts = options.idempotent ? 1 + (this.options.retries ?? 2) : 1;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await this.once(method, path, body, options);
        if (RETRYABLE_STATUS.has(response.status) && attempt < attempts) {
          lastError = new InternalCallError(
            this.options.target,
            response.status,
            undefined,
            `${this.options.target} answered ${response.status}`,
          );
        } else {
          return await this.unwrap<T>(response, method, path);
        }
      } catch (error) {
        if (error instanceof InternalCallError) throw error;
        lastError = error;
      }
      if (attempt < attempts) await sleep((this.options.retryBaseMs ?? 100) * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
    throw lastError;
  }

  private async once(method: string, path: string, body: unknown, options: CallOptions): Promise<Response> {
    const headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: this.options.token, ...options.headers };
    const requestId = currentRequestId();
    if (requestId) headers['x-request-id'] = requestId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const json = body !== undefined ? JSON.stringify(body) : undefined;
    const timeoutMs = this.options.timeoutMs ?? 3000;
    if (!this.options.fetch) {
      const base = this.options.baseUrls?.[this.next++ % this.options.baseUrls.length] as string;
      return httpCall({ method, url: new URL(path, base), headers, body: json, timeoutMs });
    }
    const signal = AbortSignal.timeout(timeoutMs);
    const request = new Request(new URL(path, IN_PROCESS_ORIGIN), {
      method,
      headers,
      ...(json !== undefined ? { body: json } : {}),
      signal,
    });
    // An in-process app does not watch the request's signal, so the deadline is enforced here.
    let onAbort: (() => void) | undefined;
    const deadline = new Promise<never>((_, reject) => {
      onAbort = () => reject(new Error(`${this.options.target} did not answer within ${timeoutMs} ms`));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([Promise.resolve(this.options.fetch(request)), deadline]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  private async unwrap<T>(response: Response, method: string, path: string): Promise<T> {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    if (!response.ok) {
      const message = (parsed as { message?: string } | undefined)?.message ?? `HTTP ${response.status}`;
      throw new InternalCallError(this.options.target, response.status, parsed, `${method} ${this.options.target}${path}: ${message}`);
    }
    return (parsed as { data?: T } | undefined)?.data as T;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A failure because something this process depends on is away (its database, the bus, another service that refused,
 * timed out or answered 5xx), not because of what was asked: worth waiting out and trying again.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (isConnectionError(error)) return true;
  if (error instanceof InternalCallError) return error.status >= 500 || error.status === 0;
  return error instanceof AppError && error.status === 503;
}
