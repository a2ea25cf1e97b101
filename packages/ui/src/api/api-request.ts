/** The API's envelope (ARCHITECTURE "The public API"). */
export interface Envelope<Data> {
  is_success: boolean;
  data?: Data;
  message?: string;
  error?: string;
  issues?: Array<{ path: string; message: string }>;
  /** A refusal's message for each top-level field it names (docs/decisions/0007). */
  fields?: Record<string, string>;
}

/**
 * A call that failed: the server's message when it gave one, and its field issues for forms. `fields` holds one
 * sentence per refused field (`{gst: '...'}`), for a form to show under the field it concerns.
 */
export class ApiError extends Error {
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    message: string,
    readonly status: number,
    readonly issues: Array<{ path: string; message: string }> = [],
    fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.fields = fields ?? fieldsFromIssues(issues);
  }
}

// A server that sent issues but no `fields` map still tells a form which field each one is about.
function fieldsFromIssues(issues: ReadonlyArray<{ path: string; message: string }>): Record<string, string> {
  const fields = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.split('.')[0];
    if (field && !fields.has(field)) fields.set(field, issue.message);
  }
  return Object.fromEntries(fields);
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
      envelope?.fields,
    );
  }
  return envelope;
}
