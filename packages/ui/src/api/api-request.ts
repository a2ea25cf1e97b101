/** The API's envelope (ARCHITECTURE "The public API"). */
export interface Envelope<Data> {
  is_success: boolean;
  data?: Data;
  message?: string;
  error?: string;
  issues?: Array<{ path: string; message: string }>;
}

/** A call that failed: the server's message when it gave one, and its field issues for forms. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as the raw Authorization value (spec section 6: no scheme prefix). */
  token?: string;
  signal?: AbortSignal;
  /** Further request headers (an order's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/**
 * Calls the API on the page's own origin. `Accept: application/json` is what tells the gateway (and the dev
 * server) that this is an API call and not a page navigation, since a path such as /admin/users is both.
 */
export async function apiRequest<Data = unknown>(path: string, options: ApiRequestOptions = {}): Promise<Envelope<Data>> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = options.token;
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    credentials: 'same-origin',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  let envelope: Envelope<Data> | undefined;
  try {
    envelope = (await response.json()) as Envelope<Data>;
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope || envelope.is_success === false) {
    throw new ApiError(
      envelope?.message ?? envelope?.error ?? `Request failed (${response.status})`,
      response.status,
      envelope?.issues ?? [],
    );
  }
  return envelope;
}
