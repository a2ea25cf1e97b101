export const CASHFREE_SANDBOX_URL = 'https://sandbox.cashfree.com/pg';
export const CASHFREE_PRODUCTION_URL = 'https://api.cashfree.com/pg';
/** The version every request and every parser here is written against (docs/decisions/0015-cashfree-adapter.md). */
export const CASHFREE_API_VERSION = '2025-01-01';

/** What the adapter may tell operators about a retry; shaped so a pino logger fits. */
export interface CashfreeLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface CashfreeSettings {
  /** Sandbox or production host with the `/pg` prefix, or a local stand-in in tests. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Pinned: a newer version is a deliberate change of this adapter, never a setting flipped in production. */
  apiVersion?: typeof CASHFREE_API_VERSION;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Further attempts after the first for calls that are safe to repeat (default 2). */
  retries?: number;
  /** First backoff step, doubled each retry (default 300 ms). */
  retryBaseDelayMs?: number;
  /**
   * The longest wait between attempts (default 5 s). When Cashfree's `x-ratelimit-retry` asks for more, the call
   * fails at once as retryable, so a request thread is not held for up to a minute.
   */
  maxRetryDelayMs?: number;
  /** The key webhooks are signed with; Cashfree uses the client secret unless told otherwise. */
  webhookSecret?: string;
  log?: CashfreeLog;
  /** Tests replace the wait between attempts to observe it without spending it. */
  sleep?: (ms: number) => Promise<void>;
  /** How requests reach Cashfree (default the network); an emulator in the same process answers them directly. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Where the Cashfree emulator serves its hosted checkout and mandate pages (`<url>/sessions/{payment_session_id}`,
   * `<url>/mandates/{subscription_session_id}`). Set only against the emulator: the adapter then answers those pages
   * as the payment links and calls itself `emulator`, so the shop sends the member there rather than loading
   * Cashfree's JS SDK, which knows only Cashfree's own sessions.
   */
  hostedPagesUrl?: string;
}

export interface ResolvedCashfreeSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  apiVersion: string;
  timeoutMs: number;
  retries: number;
  retryBaseDelayMs: number;
  maxRetryDelayMs: number;
  webhookSecret: string;
  log: CashfreeLog | undefined;
  sleep: (ms: number) => Promise<void>;
  fetch: (request: Request) => Promise<Response>;
  hostedPagesUrl: string | undefined;
}

export function resolveSettings(settings: CashfreeSettings): ResolvedCashfreeSettings {
  if (!settings.baseUrl) throw new Error('Cashfree base URL is required');
  if (!settings.clientId || !settings.clientSecret) throw new Error('Cashfree client id and client secret are required');
  return {
    // A trailing slash would double up with the paths, which all start with one.
    baseUrl: settings.baseUrl.replace(/\/+$/, ''),
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    apiVersion: settings.apiVersion ?? CASHFREE_API_VERSION,
    timeoutMs: settings.timeoutMs ?? 10_000,
    retries: Math.max(0, settings.retries ?? 2),
    retryBaseDelayMs: settings.retryBaseDelayMs ?? 300,
    maxRetryDelayMs: settings.maxRetryDelayMs ?? 5_000,
    webhookSecret: settings.webhookSecret ?? settings.clientSecret,
    log: settings.log,
    sleep: settings.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    fetch: settings.fetch ?? ((request) => fetch(request)),
    hostedPagesUrl: settings.hostedPagesUrl?.replace(/\/+$/, ''),
  };
}
