import type { DeliveryOptions, WebhookDelivery } from './webhooks.js';

/**
 * Cashfree retries a webhook its endpoint did not answer with a 2xx: by default 3 more times, 2, 10 and 30 minutes
 * later (research notes, "Retry when the endpoint doesn't return HTTP 200"), each delivery signed anew with its
 * `x-webhook-attempt`. Tests shorten the waits.
 */
export const CASHFREE_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [2 * 60_000, 10 * 60_000, 30 * 60_000];

/** What a test switches on for the deliveries sent: late, repeated (the same event delivered again). */
export interface WebhookMode {
  /** Wait this long before the first attempt: a webhook that arrives after the caller has asked for itself. */
  delayMs?: number;
  /** Deliver each event this many times in all (each a delivery of its own, as Cashfree's resends are). */
  times?: number;
}

export interface SentAttempt {
  type: string;
  url: string;
  attempt: number;
  /** The endpoint's status, or 0 when it could not be reached. */
  status: number;
}

type Post = (request: Request) => Promise<Response>;

/**
 * Sends signed webhooks as Cashfree does: a POST of the raw body with its signature headers, repeated after the
 * retry delays until the endpoint answers 2xx or the retries run out. Out of order is the caller's: it sends the
 * later event first.
 */
export class WebhookSender {
  readonly attempts: SentAttempt[] = [];
  private mode: WebhookMode = {};
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly retryDelaysMs: readonly number[] = CASHFREE_WEBHOOK_RETRY_DELAYS_MS,
    private readonly post: Post = (request) => fetch(request),
  ) {}

  /** The mode for what is sent from now on; `{}` is Cashfree's usual behaviour. */
  setMode(mode: WebhookMode): void {
    this.mode = mode;
  }

  /** Sends one event (`build` makes its delivery for an attempt) to `url`, in the background. */
  send(url: string, build: (options: DeliveryOptions) => WebhookDelivery): void {
    const { delayMs = 0, times = 1 } = this.mode;
    for (let copy = 0; copy < times; copy++) {
      const sending = this.deliver(url, build, delayMs).finally(() => this.pending.delete(sending));
      this.pending.add(sending);
    }
  }

  /** Until every delivery under way has been answered 2xx or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(url: string, build: (options: DeliveryOptions) => WebhookDelivery, delayMs: number): Promise<void> {
    if (delayMs > 0) await sleep(delayMs);
    for (let attempt = 1; attempt <= this.retryDelaysMs.length + 1; attempt++) {
      const delivery = build({ attempt });
      let status = 0;
      try {
        const response = await this.post(delivery.toRequest(url));
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 0;
      }
      this.attempts.push({ type: delivery.type, url, attempt, status });
      if (status >= 200 && status < 300) return;
      const wait = this.retryDelaysMs[attempt - 1];
      if (wait === undefined) return;
      await sleep(wait);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
