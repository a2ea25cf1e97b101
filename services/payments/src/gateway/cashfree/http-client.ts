import { randomUUID } from 'node:crypto';
import { GatewayError } from '../payment-gateway.js';
import { oneOffIdempotencyKey } from './idempotency-key.js';
import type { ResolvedCashfreeSettings } from './settings.js';
import type { ErrorBody } from './wire-types.js';

export interface CashfreeRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** Below the base URL, segments already encoded: `/orders/abc`. */
  path: string;
  body?: unknown;
  /**
   * A key derived from the caller's idempotency key: the write may then be repeated, because Cashfree answers a
   * repeat with the stored response. A write without one is sent once.
   */
  idempotencyKey?: string;
}

type Outcome = { ok: true; body: unknown } | { ok: false; error: GatewayError; retryAfterMs?: number };

/**
 * Cashfree's REST API over fetch: credentials and the pinned version on every call, an idempotency key on every
 * write, error bodies mapped to `GatewayError`, and repeats with backoff for the calls that are safe to repeat.
 */
export class CashfreeHttp {
  constructor(private readonly settings: ResolvedCashfreeSettings) {}

  async send<T>(request: CashfreeRequest): Promise<T> {
    const write = request.method !== 'GET';
    const idempotencyKey = write ? (request.idempotencyKey ?? oneOffIdempotencyKey()) : undefined;
    const repeatable = !write || request.idempotencyKey !== undefined;
    const attempts = repeatable ? 1 + this.settings.retries : 1;
    // One id for all attempts, so Cashfree's support can see them as one call.
    const requestId = randomUUID();
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(request, requestId, idempotencyKey);
      if (outcome.ok) return outcome.body as T;
      const { error } = outcome;
      if (!error.retryable || attempt >= attempts) throw error;
      if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > this.settings.maxRetryDelayMs) throw error;
      const delayMs = outcome.retryAfterMs ?? Math.min(this.backoff(attempt), this.settings.maxRetryDelayMs);
      this.settings.log?.warn(
        { method: request.method, path: request.path, status: error.status, code: error.code, attempt, delayMs, requestId },
        'Cashfree call failed, trying again',
      );
      await this.settings.sleep(delayMs);
    }
  }

  private async attempt(request: CashfreeRequest, requestId: string, idempotencyKey: string | undefined): Promise<Outcome> {
    const headers: Record<string, string> = {
      'x-client-id': this.settings.clientId,
      'x-client-secret': this.settings.clientSecret,
      'x-api-version': this.settings.apiVersion,
      'x-request-id': requestId,
      accept: 'application/json',
      'content-type': 'application/json',
    };
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(this.settings.timeoutMs);
      const sent = new Request(this.settings.baseUrl + request.path, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal,
      });
      // An app answering in the same process does not watch the signal, so the deadline is kept here as well.
      response = await untilAborted(this.settings.fetch(sent), signal);
      text = await untilAborted(response.text(), signal);
    } catch (error) {
      // Status 0: no answer from Cashfree at all, which the caller must not read as one of Cashfree's statuses.
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        ok: false,
        error: timedOut
          ? new GatewayError(
              0,
              'timeout',
              `Cashfree did not answer ${request.method} ${request.path} within ${this.settings.timeoutMs} ms`,
              true,
            )
          : new GatewayError(0, 'network_error', `Cashfree could not be reached for ${request.method} ${request.path}`, true),
      };
    }
    const body = parseJson(text);
    if (response.ok) {
      if (body === undefined) {
        return {
          ok: false,
          error: new GatewayError(
            response.status,
            'malformed_response',
            `Cashfree answered ${request.path} with a body that is not JSON`,
            true,
          ),
        };
      }
      return { ok: true, body };
    }
    const error = this.errorFrom(response.status, body as ErrorBody | undefined, request, requestId);
    const retrySeconds = Number(response.headers.get('x-ratelimit-retry'));
    const retryAfterMs = response.status === 429 && retrySeconds > 0 ? retrySeconds * 1000 : undefined;
    return { ok: false, error, retryAfterMs };
  }

  private errorFrom(status: number, body: ErrorBody | undefined, request: CashfreeRequest, requestId: string): GatewayError {
    const code = body?.code || body?.type || `http_${status}`;
    const detail = body?.message || 'no message';
    const message = `Cashfree ${status} on ${request.method} ${request.path}: ${detail} (${body?.type ?? 'unknown type'}, request ${requestId})`;
    return new GatewayError(status, code, this.scrub(message), status === 429 || status >= 500);
  }

  /** Cashfree has no reason to echo our secret, but a message that did must not carry it into logs. */
  private scrub(text: string): string {
    return text.replaceAll(this.settings.clientSecret, '[redacted]');
  }

  private backoff(attempt: number): number {
    const base = this.settings.retryBaseDelayMs * 2 ** (attempt - 1);
    // Jitter spreads the repeats of many callers that failed together.
    return Math.round(base + Math.random() * this.settings.retryBaseDelayMs);
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
