import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { checkoutPages } from './checkout-pages.js';
import { CashfreeDriver } from './driver.js';
import { type NextChargeOutcome, RenewalBank } from './renewal-bank.js';
import {
  CashfreeRefusal,
  CREATE_ORDER,
  CREATE_PLAN,
  CREATE_REFUND,
  CREATE_SUBSCRIPTION,
  CREATE_SUBSCRIPTION_PAYMENT,
  CREATE_SUBSCRIPTION_REFUND,
  checkBody,
  invalid,
  MANAGE_SUBSCRIPTION,
  MANAGE_SUBSCRIPTION_PAYMENT,
} from './rules.js';
import {
  type AuthorisationField,
  type AuthorizationJson,
  type EmulatedSubscription,
  EmulatorState,
  ist,
  istDate,
  type OrderJson,
  type PlanJson,
  type RefundJson,
  type StateSnapshot,
  type SubscriptionPaymentJson,
  type SubscriptionRefundJson,
} from './state.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookFactory } from './webhooks.js';

export { CashfreeDriver } from './driver.js';
export type { NextChargeOutcome } from './renewal-bank.js';
export type { WebhookDelivery } from './webhooks.js';

export const EMULATED_API_VERSION = '2025-01-01';

export interface CashfreeEmulatorOptions {
  clientId?: string;
  clientSecret?: string;
  /** Requests per minute per client id before 429 (default 10,000). */
  rateLimitPerMinute?: number;
  /** What `x-ratelimit-retry` says when the limit is breached (default: seconds until the window frees a slot). */
  rateLimitRetrySeconds?: number;
  /** The name of the subscription's authorisation block: the document's `authorisation_details` by default. */
  authorisationField?: AuthorisationField;
  clock?: () => Date;
  /** Waits between a webhook's attempts (default Cashfree's: 2, 10 and 30 minutes). */
  webhookRetryDelaysMs?: readonly number[];
  /** How webhooks reach their endpoint (default the network; a test may post to an app in process). */
  webhookPost?: (request: Request) => Promise<Response>;
  /** The endpoint set in the dashboard: where webhooks go for an order that named no notify_url. */
  webhookEndpoint?: string;
  /**
   * For rigs where nobody drives the emulator, the bank acts on its own, with Cashfree's webhook: a renewal charge
   * whose date has come is debited when looked at (`bank`), a refund (an order's, or a subscription payment's) is
   * processed just after it is asked for. Off, a test moves each along with the driver.
   */
  bankOnItsOwn?: boolean;
  /**
   * For rigs whose membership year lasts seconds (a pre-debit notice shorter than a day): a UPI AutoPay charge may be
   * dated today, and its schedule is kept to the instant sent (the bank debits it from that instant on). Cashfree
   * takes only the date, T+1 (before 21:00 IST) to T+14.
   */
  sameDayCharges?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Below `/pg`, with the query string. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
  status?: number;
  replayed?: boolean;
}

export interface InjectedAnswer {
  status: number;
  /** A value is sent as JSON, a string as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching requests get it (default 1). */
  times?: number;
  method?: string;
  path?: RegExp;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface StoredResponse {
  fingerprint: string;
  answer: Answer;
}

/** The emulator's records and kept answers, as `snapshot` gives them and `restore` takes them. */
export interface EmulatorSnapshot {
  state: StateSnapshot;
  idempotency: [string, StoredResponse][];
}

const NEXT_CHARGE = z.strictObject({ outcome: z.enum(['SUCCESS', 'FAILED', 'PENDING']) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STRICT_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const notFound = (what: string, code: string) => new CashfreeRefusal(404, code, `${what} does not exist`);
const badUrl = () => new CashfreeRefusal(404, 'request_failed', 'bad URL, please check API documentation');

/**
 * Cashfree's PG and Subscriptions API (version 2025-01-01) at the wire, for the operations the product uses, behaving
 * as the OpenAPI document and the research notes describe: credentials, version header, body rules (rules.ts, held
 * to the document by the contract suite), duplicates, idempotency keys with replays, rate limiting with the
 * x-ratelimit-* headers, and in-memory records. One Hono app: mounted in process (`app`, `fetch`) or served on a
 * port of its own (`start`). `driver` moves the world along (a payment made, a mandate approved, a refund settled),
 * `webhooks` builds the signed deliveries Cashfree would send, and `failNext`, `delayNext` and `setRateLimit` switch
 * on the failures a test needs (a 429 with its wait, a 5xx, an answer too late).
 */
export class CashfreeEmulator {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly requests: RecordedRequest[] = [];
  readonly driver: CashfreeDriver;
  readonly webhooks: WebhookFactory;
  /** Sends the webhooks, retrying as Cashfree does; `setMode` makes them late or repeated. */
  readonly sender: WebhookSender;
  /** Its records (the hosted pages read them). */
  readonly state: EmulatorState;
  /** The member's bank on renewal debits, and the tester's switch for the next one (`setNextChargeOutcome`). */
  readonly bank: RenewalBank;
  private readonly bankOnItsOwn: boolean;
  private readonly sameDayCharges: boolean;
  private readonly idempotency = new Map<string, StoredResponse>();
  private readonly injected: InjectedAnswer[] = [];
  private readonly delays: { ms: number; times: number; path?: RegExp }[] = [];
  private hits: number[] = [];
  private rateLimit: number;
  private rateLimitRetrySeconds: number | undefined;
  private server: Server | undefined;
  private address = '';
  /** Every path below `/pg`, answered as Cashfree would. */
  // The pages' forms and style sheet are addressed under /pay/simulator (where payments mounts the emulator in
  // process), so a standalone emulator answers there too.
  readonly app = new Hono()
    .route('/', checkoutPages(this))
    .route('/pay/simulator', checkoutPages(this))
    // The tester's renewal switch, as the simulator had it, on the emulator's own port (development and tests only).
    .post('/pay/simulator/subscriptions/:subscriptionId/next-charge', async (c) => {
      const parsed = NEXT_CHARGE.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return c.json({ message: 'outcome must be SUCCESS, FAILED or PENDING', code: 'outcome_invalid' }, 400);
      if (!this.setNextChargeOutcome(c.req.param('subscriptionId'), parsed.data.outcome))
        return c.json({ message: 'subscription does not exist', code: 'subscription_not_found' }, 404);
      return c.json({ is_success: true, data: { outcome: parsed.data.outcome } });
    })
    .all('*', (c) => this.answer(c.req.raw));
  private readonly webhookEndpoint: string | undefined;

  constructor(options: CashfreeEmulatorOptions = {}) {
    this.clientId = options.clientId ?? 'TEST-CLIENT-ID';
    this.clientSecret = options.clientSecret ?? 'cfsk_ma_test_secret';
    this.rateLimit = options.rateLimitPerMinute ?? 10_000;
    this.rateLimitRetrySeconds = options.rateLimitRetrySeconds;
    this.state = new EmulatorState(options.clock ?? (() => new Date()), options.authorisationField ?? 'authorisation_details');
    this.driver = new CashfreeDriver(this.state);
    this.webhooks = new WebhookFactory(this.state, this.clientSecret);
    this.sender = new WebhookSender(options.webhookRetryDelaysMs, options.webhookPost);
    this.webhookEndpoint = options.webhookEndpoint;
    this.bankOnItsOwn = options.bankOnItsOwn ?? false;
    this.sameDayCharges = options.sameDayCharges ?? false;
    this.bank = new RenewalBank(this.state, this.driver, (subscriptionId, paymentId) => this.notifyCharge(subscriptionId, paymentId));
  }

  /**
   * What Cashfree would still know after a restart of ours: its records and the answers it keeps per idempotency key
   * (the failure switches and webhooks in flight are not records). Plain JSON.
   */
  snapshot(): EmulatorSnapshot {
    return { state: this.state.snapshot(), idempotency: [...this.idempotency] };
  }

  restore(snapshot: EmulatorSnapshot): void {
    this.state.restore(snapshot.state);
    this.idempotency.clear();
    for (const [key, stored] of snapshot.idempotency) this.idempotency.set(key, stored);
  }

  /** Cashfree's webhook for a renewal charge's new status, to the dashboard's endpoint. False when there is none. */
  notifyCharge(subscriptionId: string, paymentId: string): boolean {
    const url = this.webhookEndpoint;
    if (!url) return false;
    this.sender.send(url, (options) => this.webhooks.subscriptionPayment(subscriptionId, paymentId, options));
    return true;
  }

  /** The bank processes an order's refund still under way, and Cashfree tells the order's or dashboard's endpoint. */
  private processRefund(orderId: string, refundId: string): void {
    const refund = this.state.orders.get(orderId)?.refunds.find((r) => r.refund_id === refundId);
    if (refund?.refund_status !== 'PENDING') return;
    this.driver.settleRefund(orderId, refundId);
    const url = this.state.order(orderId)?.entity.order_meta.notify_url ?? this.webhookEndpoint;
    if (url) this.sender.send(url, (options) => this.webhooks.refund(orderId, refundId, options));
  }

  /** The bank processes a subscription payment's refund still INITIATED; Cashfree tells the dashboard's endpoint. */
  private processSubscriptionRefund(subscriptionId: string, refundId: string): void {
    const refund = this.state.subscriptions.get(subscriptionId)?.refunds.find((r) => r.refund_id === refundId);
    if (refund?.refund_status !== 'INITIATED') return;
    this.driver.settleSubscriptionRefund(subscriptionId, refundId);
    const url = this.webhookEndpoint;
    if (url) this.sender.send(url, (options) => this.webhooks.subscriptionRefund(subscriptionId, refundId, options));
  }

  /** How the mandate's next renewal debits end (a tester's switch); false when there is no such mandate. */
  setNextChargeOutcome(subscriptionId: string, outcome: NextChargeOutcome): boolean {
    return this.bank.setNextChargeOutcome(subscriptionId, outcome);
  }

  /**
   * What Cashfree does once an order's payment has an outcome: its payment webhook to the order's `notify_url`, or
   * else to the dashboard's endpoint. False when there is neither.
   */
  /**
   * What Cashfree sends once a mandate is decided: SUBSCRIPTION_AUTH_STATUS, then SUBSCRIPTION_STATUS_CHANGED, to the
   * dashboard's endpoint (subscriptions name no notify_url). False when there is none.
   */
  notifyMandate(subscriptionId: string): boolean {
    const url = this.webhookEndpoint;
    if (!url) return false;
    this.sender.send(url, (options) => this.webhooks.subscriptionAuth(subscriptionId, options));
    this.sender.send(url, (options) => this.webhooks.subscriptionStatus(subscriptionId, options));
    return true;
  }

  notifyPayment(orderId: string): boolean {
    const url = this.state.order(orderId)?.entity.order_meta.notify_url ?? this.webhookEndpoint;
    if (!url) return false;
    this.sender.send(url, (options) => this.webhooks.payment(orderId, undefined, options));
    return true;
  }

  /** The emulator on a port of its own (the distributed topology, and tests that call it over the network). */
  static async start(options: CashfreeEmulatorOptions & { port?: number; host?: string } = {}): Promise<CashfreeEmulator> {
    const emulator = new CashfreeEmulator(options);
    const host = options.host ?? '127.0.0.1';
    emulator.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
        emulator
          .fetch(new Request(new URL(req.url ?? '/', `http://${host}`), { method: req.method ?? 'GET', headers, body }))
          .then(async (response) => {
            res.writeHead(response.status, Object.fromEntries(response.headers));
            if (response.body) Readable.fromWeb(response.body as never).pipe(res);
            else res.end();
          })
          .catch((error: unknown) => {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ message: `emulator failed: ${String(error)}`, code: 'internal_error', type: 'api_error' }));
          });
      });
    });
    await new Promise<void>((resolve) => emulator.server!.listen(options.port ?? 0, host, () => resolve()));
    emulator.address = `http://${host}:${(emulator.server.address() as AddressInfo).port}`;
    return emulator;
  }

  /** Answers one request as Cashfree would: what an in-process caller's fetch is pointed at. */
  readonly fetch = (request: Request): Promise<Response> => Promise.resolve(this.app.fetch(request));

  /** The base URL an adapter is given, like `https://sandbox.cashfree.com/pg` (a started emulator's). */
  get url(): string {
    return `${this.address}/pg`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** The requests to one path (exact, below `/pg`) or matching a pattern. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  setRateLimit(perMinute: number, retrySeconds?: number): void {
    this.rateLimit = perMinute;
    this.rateLimitRetrySeconds = retrySeconds;
    this.hits = [];
  }

  /** The next matching request(s) get this answer instead of being processed (a 500, a proxy's HTML page...). */
  failNext(answer: InjectedAnswer): void {
    this.injected.push({ times: 1, ...answer });
  }

  /** The next matching request(s) are processed at once but answered late: a timeout after the work was done. */
  delayNext(ms: number, options: { times?: number; path?: RegExp } = {}): void {
    this.delays.push({ ms, times: options.times ?? 1, ...(options.path ? { path: options.path } : {}) });
  }

  private async answer(request: Request): Promise<Response> {
    try {
      const { answer, headers } = await this.handle(request);
      return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status, headers });
    } catch (error) {
      const body = { message: `emulator failed: ${String(error)}`, code: 'internal_error', type: 'api_error' };
      return Response.json(body, { status: 500 });
    }
  }

  private async handle(request: Request): Promise<{ answer: Answer; headers: Record<string, string> }> {
    const rawBody = await request.text();
    const method = request.method;
    const url = new URL(request.url);
    // Mounted under a prefix (in process), the path is read from its `/pg/` on.
    const at = url.pathname.indexOf('/pg/');
    const pathname = at >= 0 ? url.pathname.slice(at) : url.pathname;
    const path = pathname.startsWith('/pg/') ? pathname.slice(3) + url.search : pathname + url.search;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    let body: unknown;
    try {
      body = rawBody === '' ? undefined : JSON.parse(rawBody);
    } catch {
      body = rawBody;
    }
    const record: RecordedRequest = { method, path, headers, body, rawBody };
    this.requests.push(record);

    const limit = this.rateLimitHeaders();
    let answer: Answer;
    try {
      answer = this.injectedAnswer(method, path) ?? this.limited(limit) ?? (await this.process(method, pathname, headers, rawBody, record));
    } catch (error) {
      if (!(error instanceof CashfreeRefusal)) throw error;
      answer = { status: error.status, body: { message: error.message, code: error.code, type: error.type } };
    }
    record.status = answer.status;
    const delay = this.takeDelay(path);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));

    const responseHeaders: Record<string, string> = {
      'content-type': 'application/json',
      'x-api-version': headers['x-api-version'] ?? EMULATED_API_VERSION,
      'x-request-id': headers['x-request-id'] ?? '',
      ...limit,
      ...answer.headers,
    };
    const key = headers['x-idempotency-key'];
    if (key && method !== 'GET') {
      responseHeaders['x-idempotency-key'] = key;
      responseHeaders['x-idempotency-replayed'] = record.replayed ? 'true' : 'false';
    }
    return { answer, headers: responseHeaders };
  }

  private injectedAnswer(method: string, path: string): Answer | undefined {
    const index = this.injected.findIndex((a) => (!a.method || a.method === method) && (!a.path || a.path.test(path)));
    if (index < 0) return undefined;
    const injected = this.injected[index]!;
    injected.times = (injected.times ?? 1) - 1;
    if (injected.times <= 0) this.injected.splice(index, 1);
    return {
      status: injected.status,
      body: injected.body ?? { message: 'internal Server Error', code: 'internal_error', type: 'api_error' },
      ...(injected.headers ? { headers: injected.headers } : {}),
    };
  }

  private takeDelay(path: string): number | undefined {
    const index = this.delays.findIndex((d) => !d.path || d.path.test(path));
    if (index < 0) return undefined;
    const delay = this.delays[index]!;
    delay.times -= 1;
    if (delay.times <= 0) this.delays.splice(index, 1);
    return delay.ms;
  }

  /** A sliding minute, as the `x-ratelimit-remaining` description says; counts every request, answered or not. */
  private rateLimitHeaders(): Record<string, string> {
    const now = Date.now();
    this.hits = this.hits.filter((t) => t > now - MINUTE);
    const breached = this.hits.length >= this.rateLimit;
    if (!breached) this.hits.push(now);
    const waitSeconds = breached
      ? (this.rateLimitRetrySeconds ?? Math.min(59, Math.max(1, Math.ceil((this.hits[0]! + MINUTE - now) / 1000))))
      : 0;
    return {
      'x-ratelimit-limit': String(this.rateLimit),
      'x-ratelimit-remaining': String(Math.max(0, this.rateLimit - this.hits.length)),
      'x-ratelimit-retry': String(waitSeconds),
      'x-ratelimit-type': 'app_id',
    };
  }

  private limited(limit: Record<string, string>): Answer | undefined {
    if (limit['x-ratelimit-retry'] === '0') return undefined;
    return { status: 429, body: { message: 'Too many requests from IP. Check headers', code: 'request_failed', type: 'rate_limit_error' } };
  }

  private async process(
    method: string,
    pathname: string,
    headers: Record<string, string>,
    rawBody: string,
    record: RecordedRequest,
  ): Promise<Answer> {
    if (!pathname.startsWith('/pg/')) throw badUrl();
    if (headers['x-client-id'] !== this.clientId || headers['x-client-secret'] !== this.clientSecret)
      throw new CashfreeRefusal(401, 'request_failed', 'authentication Failed', 'authentication_error');
    const version = headers['x-api-version'];
    if (!version) throw new CashfreeRefusal(400, 'x-api-version_missing', 'x-api-version : header is missing in the request');
    if (version !== EMULATED_API_VERSION)
      throw new CashfreeRefusal(
        400,
        'x-api-version_invalid',
        `x-api-version : this emulator only speaks ${EMULATED_API_VERSION}, not ${version}`,
      );
    const route = pathname.slice(3);
    if (method === 'GET') return { status: 200, body: this.read(route) };
    if (method !== 'POST') throw badUrl();

    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new CashfreeRefusal(400, 'request_body_invalid', 'request body : should be valid JSON');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new CashfreeRefusal(400, 'request_body_invalid', 'request body : should be a JSON object');

    const key = headers['x-idempotency-key'];
    if (key === undefined) return this.write(route, body as Record<string, unknown>);
    if (!UUID.test(key)) throw invalid('x-idempotency-key', 'should be a UUID');
    const slot = `${this.clientId}:${key}`;
    const fingerprint = `${method} ${route} ${canonical(body)}`;
    const stored = this.idempotency.get(slot);
    if (stored) {
      if (stored.fingerprint !== fingerprint)
        throw new CashfreeRefusal(
          422,
          'request_invalid',
          'idempotency key has already been used with a different request',
          'idempotency_error',
        );
      record.replayed = true;
      return structuredClone(stored.answer);
    }
    let answer: Answer;
    try {
      answer = this.write(route, body as Record<string, unknown>);
    } catch (error) {
      if (!(error instanceof CashfreeRefusal)) throw error;
      answer = { status: error.status, body: { message: error.message, code: error.code, type: error.type } };
    }
    // Outcomes are kept, refusals included, so a repeat sees what the first attempt got; failures of ours are not.
    if (answer.status < 500) this.idempotency.set(slot, { fingerprint, answer: structuredClone(answer) });
    return answer;
  }

  private read(route: string): unknown {
    let match = route.match(/^\/orders\/([^/]+)$/);
    if (match) return this.orderOrThrow(param(match[1])).entity;
    match = route.match(/^\/orders\/([^/]+)\/payments$/);
    if (match) return this.orderOrThrow(param(match[1])).payments;
    // GetRefund (PGOrderFetchRefund) and the subscription's refund (SubsFetchSubscriptionRefund): 404 for an unknown id.
    match = route.match(/^\/orders\/([^/]+)\/refunds\/([^/]+)$/);
    if (match) {
      const refund = this.orderOrThrow(param(match[1])).refunds.find((r) => r.refund_id === param(match?.[2]));
      if (!refund) throw notFound('refund', 'refund_not_found');
      return refund;
    }
    match = route.match(/^\/subscriptions\/([^/]+)\/refunds\/([^/]+)$/);
    if (match) {
      const refund = this.subscriptionOrThrow(param(match[1])).refunds.find((r) => r.refund_id === param(match?.[2]));
      if (!refund) throw notFound('refund', 'refund_not_found');
      return refund;
    }
    match = route.match(/^\/plans\/([^/]+)$/);
    if (match) {
      const plan = this.state.plans.get(param(match[1]));
      if (!plan) throw notFound('plan', 'plan_not_found');
      return plan;
    }
    match = route.match(/^\/subscriptions\/([^/]+)$/);
    if (match) return this.state.subscriptionJson(this.subscriptionOrThrow(param(match[1])));
    match = route.match(/^\/subscriptions\/([^/]+)\/payments\/([^/]+)$/);
    if (match) {
      const subscription = this.subscriptionOrThrow(param(match[1]));
      const payment = subscription.payments.get(param(match[2]));
      if (!payment) throw notFound('subscription payment', 'payment_not_found');
      if (this.bankOnItsOwn) this.bank.debitIfDue(subscription, payment);
      return payment;
    }
    throw badUrl();
  }

  private write(route: string, body: Record<string, unknown>): Answer {
    if (route === '/orders') return { status: 200, body: this.createOrder(body) };
    if (route === '/plans') return { status: 200, body: this.createPlan(body) };
    if (route === '/subscriptions') return { status: 200, body: this.createSubscription(body) };
    if (route === '/subscriptions/pay') return { status: 200, body: this.createSubscriptionPayment(body) };
    let match = route.match(/^\/orders\/([^/]+)\/refunds$/);
    if (match) {
      const refund = this.createRefund(param(match[1]), body);
      // Answered as under way, as Cashfree answers; then processed by the bank, whose webhook tells payments.
      if (this.bankOnItsOwn) setTimeout(() => this.processRefund(refund.order_id, refund.refund_id), 0);
      return { status: 200, body: refund };
    }
    match = route.match(/^\/subscriptions\/([^/]+)\/manage$/);
    if (match) return { status: 200, body: this.manageSubscription(param(match[1]), body) };
    match = route.match(/^\/subscriptions\/([^/]+)\/refunds$/);
    if (match) {
      const refund = this.createSubscriptionRefund(param(match[1]), body);
      // INITIATED at first, as Cashfree answers; then processed by the bank like an order's refund, with its webhook.
      if (this.bankOnItsOwn) setTimeout(() => this.processSubscriptionRefund(param(match?.[1]), refund.refund_id), 0);
      return { status: 200, body: refund };
    }
    match = route.match(/^\/subscriptions\/([^/]+)\/payments\/([^/]+)\/manage$/);
    if (match) return { status: 200, body: this.manageSubscriptionPayment(param(match[1]), param(match[2]), body) };
    throw badUrl();
  }

  private createOrder(body: Record<string, unknown>): OrderJson {
    checkBody(body, CREATE_ORDER);
    const now = this.state.now();
    const expiresAt = this.orderExpiry(body.order_expiry_time, now);
    const tags = body.order_tags as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(tags ?? {}))
      if (typeof value !== 'string' || value.length < 1 || value.length > 255)
        throw invalid(`order_tags.${name}`, 'should be a string of 1 to 255 characters');
    const orderId = (body.order_id as string | undefined) ?? this.state.token('order_', 15);
    if (this.state.orders.has(orderId)) throw new CashfreeRefusal(409, 'order_already_exists', 'order with same id is already present');
    const customer = body.customer_details as Record<string, string | undefined>;
    const meta = (body.order_meta ?? {}) as Record<string, string | undefined>;
    const entity: OrderJson = {
      cf_order_id: this.state.nextId(),
      order_id: orderId,
      entity: 'order',
      order_currency: body.order_currency as string,
      order_amount: body.order_amount as number,
      order_status: 'ACTIVE',
      payment_session_id: this.state.token('session_', 72),
      order_expiry_time: ist(expiresAt),
      order_note: (body.order_note as string | undefined) ?? null,
      created_at: ist(now),
      order_splits: [],
      customer_details: {
        customer_id: customer.customer_id!,
        customer_name: customer.customer_name ?? null,
        customer_email: customer.customer_email ?? null,
        customer_phone: customer.customer_phone!,
        customer_uid: null,
      },
      order_meta: {
        return_url: meta.return_url ?? null,
        notify_url: meta.notify_url ?? null,
        payment_methods: meta.payment_methods ?? null,
      },
      order_tags: (tags as Record<string, string> | undefined) ?? null,
      cart_details: null,
      terminal_data: null,
    };
    this.state.orders.set(orderId, { entity, expiresAt, payments: [], refunds: [] });
    return entity;
  }

  /** "More than 15 minutes and less than 30 days" (observed on the sandbox; not in the document). */
  private orderExpiry(value: unknown, now: Date): Date {
    if (value === undefined) return new Date(now.getTime() + 30 * DAY);
    const problem = new CashfreeRefusal(
      400,
      'order_expiry_time_invalid',
      'order_expiry_time : Expiry time should be more than 15 min and less than 30 days',
    );
    if (typeof value !== 'string' || !STRICT_ISO.test(value)) throw problem;
    const expiresAt = new Date(value);
    const ahead = expiresAt.getTime() - now.getTime();
    if (Number.isNaN(ahead) || ahead <= 15 * MINUTE || ahead >= 30 * DAY) throw problem;
    return expiresAt;
  }

  private createRefund(orderId: string, body: Record<string, unknown>): RefundJson {
    const order = this.orderOrThrow(orderId);
    checkBody(body, CREATE_REFUND);
    if (order.refunds.some((r) => r.refund_id === body.refund_id))
      throw new CashfreeRefusal(409, 'refund_already_exists', 'refund with same id is already present');
    const paid = order.payments.find((p) => p.payment_status === 'SUCCESS');
    if (order.entity.order_status !== 'PAID' || !paid)
      throw new CashfreeRefusal(400, 'order_not_paid', 'order_id : refund can be initiated only for a paid order');
    const refunded = order.refunds
      .filter((r) => r.refund_status !== 'CANCELLED' && r.refund_status !== 'FAILED')
      .reduce((sum, r) => sum + Math.round(r.refund_amount * 100), 0);
    const amount = body.refund_amount as number;
    if (Math.round(amount * 100) + refunded > Math.round(paid.payment_amount * 100))
      throw invalid('refund_amount', 'should be less than or equal to the amount not yet refunded');
    const speed = (body.refund_speed as string | undefined) ?? 'STANDARD';
    const refund: RefundJson = {
      cf_payment_id: paid.cf_payment_id,
      cf_refund_id: this.state.nextId(),
      order_id: orderId,
      refund_id: body.refund_id as string,
      entity: 'refund',
      refund_amount: amount,
      refund_currency: 'INR',
      refund_note: (body.refund_note as string | undefined) ?? null,
      refund_status: 'PENDING',
      refund_arn: null,
      refund_charge: 0,
      status_description: 'In Progress',
      metadata: null,
      refund_splits: [],
      refund_type: 'MERCHANT_INITIATED',
      refund_mode: speed,
      created_at: ist(this.state.now()),
      processed_at: null,
      refund_speed: { requested: speed, accepted: speed, processed: null, message: null },
    };
    order.refunds.push(refund);
    return refund;
  }

  /** A refund of one successful payment of a subscription (its authorisation debit or a charge). */
  private createSubscriptionRefund(subscriptionId: string, body: Record<string, unknown>): SubscriptionRefundJson {
    const subscription = this.subscriptionOrThrow(subscriptionId);
    checkBody(body, CREATE_SUBSCRIPTION_REFUND);
    if (body.subscription_id !== subscriptionId) throw invalid('subscription_id', 'should be the subscription of the path');
    if (subscription.refunds.some((r) => r.refund_id === body.refund_id))
      throw new CashfreeRefusal(409, 'refund_already_exists', 'refund with same id is already present');
    const payment = subscription.payments.get(body.payment_id as string);
    if (payment?.payment_status !== 'SUCCESS')
      throw new CashfreeRefusal(400, 'payment_not_successful', 'payment_id : refund can be initiated only for a successful payment');
    const refunded = subscription.refunds
      .filter((r) => r.payment_id === payment.payment_id)
      .reduce((sum, r) => sum + Math.round(r.refund_amount * 100), 0);
    const amount = body.refund_amount as number;
    if (Math.round(amount * 100) + refunded > Math.round(payment.payment_amount * 100))
      throw invalid('refund_amount', 'should be less than or equal to the amount not yet refunded');
    const refund: SubscriptionRefundJson = {
      payment_id: payment.payment_id,
      cf_payment_id: payment.cf_payment_id,
      refund_id: body.refund_id as string,
      cf_refund_id: this.state.nextId(),
      refund_amount: amount,
      refund_note: (body.refund_note as string | undefined) ?? null,
      refund_speed: (body.refund_speed as string | undefined) ?? 'STANDARD',
      refund_status: 'INITIATED',
    };
    subscription.refunds.push(refund);
    return refund;
  }

  private createPlan(body: Record<string, unknown>): PlanJson {
    checkBody(body, CREATE_PLAN);
    const periodic = body.plan_type === 'PERIODIC';
    if (periodic) {
      for (const field of ['plan_recurring_amount', 'plan_intervals', 'plan_interval_type'])
        if (body[field] === undefined || body[field] === null)
          throw new CashfreeRefusal(400, `${field}_missing`, `${field} : is required for a PERIODIC plan`);
      if ((body.plan_recurring_amount as number) > (body.plan_max_amount as number))
        throw invalid('plan_recurring_amount', 'should not be more than plan_max_amount');
    }
    const planId = body.plan_id as string;
    // The document lists no 409 for plans; which 400 code Cashfree gives a duplicate is not known.
    if (this.state.plans.has(planId)) throw new CashfreeRefusal(400, 'plan_already_exists', 'plan with same id is already present');
    const plan = planJson(planId, body, body.plan_recurring_amount);
    this.state.plans.set(planId, plan);
    return plan;
  }

  private createSubscription(body: Record<string, unknown>): Record<string, unknown> {
    checkBody(body, CREATE_SUBSCRIPTION);
    const subscriptionId = body.subscription_id as string;
    if (this.state.subscriptions.has(subscriptionId))
      throw new CashfreeRefusal(400, 'subscription_already_exists', 'subscription with same id is already present');
    const plan = this.subscriptionPlan(body.plan_details as Record<string, unknown>, subscriptionId);
    const now = this.state.now();
    const expiry = body.subscription_expiry_time as string | undefined;
    const expiresAt = expiry === undefined ? new Date(now.getTime() + 365 * DAY * 30) : parseIso(expiry);
    if (!expiresAt || expiresAt <= now) throw invalid('subscription_expiry_time', 'should be a valid ISO 8601 time in the future');
    const auth = (body.authorization_details ?? {}) as Record<string, unknown>;
    const methods = (auth.payment_methods as string[] | undefined) ?? ['enach', 'pnach', 'upi', 'card'];
    // "Cannot be 0 for UPI/card: Rs 1 is taken if you pass 0" (Cashfree's FAQ).
    let authAmount = (auth.authorization_amount as number | undefined) ?? 0;
    if (authAmount === 0 && (methods.includes('upi') || methods.includes('card'))) authAmount = 1;
    const customer = body.customer_details as Record<string, string | undefined>;
    const meta = (body.subscription_meta ?? {}) as Record<string, unknown>;
    const authorization: AuthorizationJson = {
      authorization_amount: authAmount,
      authorization_amount_refund: (auth.authorization_amount_refund as boolean | undefined) ?? false,
      authorization_reference: null,
      authorization_time: null,
      authorization_status: 'INITIALIZED',
      payment_id: null,
      payment_method: null,
    };
    const subscription: EmulatedSubscription = {
      entity: {
        cf_subscription_id: this.state.nextId(),
        customer_details: {
          customer_name: customer.customer_name ?? null,
          customer_email: customer.customer_email!,
          customer_phone: customer.customer_phone!,
          customer_bank_account_holder_name: null,
          customer_bank_account_number: null,
          customer_bank_ifsc: null,
          customer_bank_code: null,
          customer_bank_account_type: null,
        },
        plan_details: { ...plan },
        subscription_expiry_time: ist(expiresAt),
        subscription_first_charge_time: null,
        subscription_id: subscriptionId,
        subscription_meta: { return_url: (meta.return_url as string | undefined) ?? null },
        subscription_note: (body.subscription_note as string | undefined) ?? null,
        subscription_session_id: this.state.token('sub_session_', 18),
        subscription_payment_splits: null,
        subscription_status: 'INITIALIZED',
        subscription_tags: (body.subscription_tags as Record<string, string> | undefined) ?? null,
      },
      authorization,
      payments: new Map(),
      refunds: [],
    };
    this.state.subscriptions.set(subscriptionId, subscription);
    return this.state.subscriptionJson(subscription);
  }

  /** An existing plan by id, or one described inline (the inline amount field is `plan_amount`). */
  private subscriptionPlan(details: Record<string, unknown>, subscriptionId: string): PlanJson {
    if (typeof details.plan_id === 'string') {
      const plan = this.state.plans.get(details.plan_id);
      if (!plan) throw notFound('plan', 'plan_not_found');
      return plan;
    }
    for (const field of ['plan_name', 'plan_type', 'plan_max_amount'])
      if (details[field] === undefined)
        throw new CashfreeRefusal(400, `plan_details.${field}_missing`, `plan_details.${field} : is missing in the request`);
    const periodic = details.plan_type === 'PERIODIC';
    if (periodic && details.plan_amount === undefined)
      throw new CashfreeRefusal(400, 'plan_details.plan_amount_missing', 'plan_details.plan_amount : is required for a PERIODIC plan');
    return planJson(`${subscriptionId}-plan`, { ...details, plan_intervals: details.plan_intervals ?? 1 }, details.plan_amount);
  }

  private manageSubscription(subscriptionId: string, body: Record<string, unknown>): Record<string, unknown> {
    const subscription = this.subscriptionOrThrow(subscriptionId);
    checkBody(body, MANAGE_SUBSCRIPTION);
    if (body.subscription_id !== subscriptionId) throw invalid('subscription_id', 'should be the subscription of the path');
    const details = (body.action_details ?? {}) as Record<string, unknown>;
    const entity = subscription.entity;
    const refuse = () =>
      new CashfreeRefusal(
        400,
        'action_invalid',
        `action : ${String(body.action)} is not allowed for a subscription in status ${entity.subscription_status}`,
      );
    switch (body.action) {
      case 'CANCEL': {
        const cancellable = ['INITIALIZED', 'BANK_APPROVAL_PENDING', 'ACTIVE', 'ON_HOLD', 'PAUSED', 'CUSTOMER_PAUSED'];
        if (!cancellable.includes(entity.subscription_status)) throw refuse();
        this.debitDueCharges(subscription);
        entity.subscription_status = 'CANCELLED';
        // Charges only scheduled are called off with the mandate; one already with the bank (PENDING) goes on.
        for (const payment of subscription.payments.values())
          if (payment.payment_type === 'CHARGE' && payment.payment_status === 'INITIALIZED') payment.payment_status = 'CANCELLED';
        break;
      }
      case 'PAUSE':
        if (entity.subscription_status !== 'ACTIVE' || entity.plan_details.plan_type !== 'PERIODIC') throw refuse();
        entity.subscription_status = 'PAUSED';
        break;
      case 'ACTIVATE':
        if (entity.subscription_status !== 'PAUSED') throw refuse();
        if (typeof details.next_scheduled_time !== 'string')
          throw new CashfreeRefusal(
            400,
            'action_details.next_scheduled_time_missing',
            'action_details.next_scheduled_time : is required to ACTIVATE',
          );
        entity.subscription_status = 'ACTIVE';
        break;
      case 'CHANGE_PLAN': {
        if (entity.subscription_status !== 'ACTIVE') throw refuse();
        const plan = typeof details.plan_id === 'string' ? this.state.plans.get(details.plan_id) : undefined;
        if (!plan) throw invalid('action_details.plan_id', 'should be an existing plan');
        entity.plan_details = { ...plan };
        break;
      }
    }
    return this.state.subscriptionJson(subscription);
  }

  /**
   * Cancels or retries one charge. A charge can be cancelled while it is only scheduled (INITIALIZED); once Cashfree
   * has presented it to the bank (PENDING) or it has ended, the document's 400 is the answer (which code Cashfree
   * gives is not documented). A FAILED charge can be retried at a new time.
   */
  private manageSubscriptionPayment(subscriptionId: string, paymentId: string, body: Record<string, unknown>): SubscriptionPaymentJson {
    const subscription = this.subscriptionOrThrow(subscriptionId);
    checkBody(body, MANAGE_SUBSCRIPTION_PAYMENT);
    if (body.subscription_id !== subscriptionId) throw invalid('subscription_id', 'should be the subscription of the path');
    if (body.payment_id !== paymentId) throw invalid('payment_id', 'should be the payment of the path');
    const payment = subscription.payments.get(paymentId);
    if (payment?.payment_type !== 'CHARGE') throw notFound('subscription payment', 'payment_not_found');
    const refuse = () =>
      new CashfreeRefusal(
        400,
        'action_invalid',
        `action : ${String(body.action)} is not allowed for a payment in status ${payment.payment_status}`,
      );
    if (body.action === 'CANCEL') {
      this.debitDueCharges(subscription);
      if (payment.payment_status !== 'INITIALIZED') throw refuse();
      payment.payment_status = 'CANCELLED';
    } else {
      if (payment.payment_status !== 'FAILED') throw refuse();
      const next = (body.action_details as Record<string, unknown> | undefined)?.next_scheduled_time;
      if (typeof next !== 'string')
        throw new CashfreeRefusal(
          400,
          'action_details.next_scheduled_time_missing',
          'action_details.next_scheduled_time : is required to RETRY',
        );
      payment.payment_status = 'INITIALIZED';
      payment.failure_details = null;
      payment.payment_schedule_date = this.scheduleDate(next, this.state.now(), subscription.authorization.payment_method);
    }
    return payment;
  }

  private createSubscriptionPayment(body: Record<string, unknown>): Record<string, unknown> {
    checkBody(body, CREATE_SUBSCRIPTION_PAYMENT);
    const subscription = this.subscriptionOrThrow(body.subscription_id as string);
    const paymentId = body.payment_id as string;
    if (subscription.payments.has(paymentId))
      throw new CashfreeRefusal(400, 'payment_id_already_exists', 'payment with same id is already present');
    const now = this.state.now();
    const entity = subscription.entity;
    let payment: SubscriptionPaymentJson;
    const base = {
      authorization_details: null,
      cf_payment_id: this.state.nextId(),
      cf_subscription_id: entity.cf_subscription_id,
      cf_txn_id: this.state.nextId(),
      cf_order_id: this.state.nextId(),
      failure_details: null,
      payment_id: paymentId,
      payment_initiated_date: ist(now),
      payment_remarks: (body.payment_remarks as string | undefined) ?? null,
      retry_attempts: 0,
      subscription_id: entity.subscription_id,
    };
    let extra: Record<string, unknown> = { action: null, channel: null, data: null };
    if (body.payment_type === 'CHARGE') {
      if (entity.subscription_status !== 'ACTIVE')
        throw new CashfreeRefusal(
          400,
          'subscription_status_invalid',
          `subscription_id : a charge needs an ACTIVE subscription, this one is ${entity.subscription_status}`,
        );
      if (typeof body.payment_amount !== 'number')
        throw new CashfreeRefusal(400, 'payment_amount_missing', 'payment_amount : is required for a CHARGE');
      if (body.payment_amount > entity.plan_details.plan_max_amount)
        throw invalid('payment_amount', 'should not be more than the plan_max_amount');
      const method = subscription.authorization.payment_method;
      const schedule = body.payment_schedule_date as string | undefined;
      if (schedule === undefined && (method === 'upi' || method === 'card'))
        throw new CashfreeRefusal(400, 'payment_schedule_date_missing', 'payment_schedule_date : is required for UPI and card mandates');
      const scheduled = schedule === undefined ? undefined : this.scheduleDate(schedule, now, method);
      payment = {
        ...base,
        payment_amount: body.payment_amount,
        payment_schedule_date: scheduled ?? null,
        payment_status: 'INITIALIZED',
        payment_type: 'CHARGE',
      };
    } else {
      if (entity.subscription_status !== 'INITIALIZED')
        throw new CashfreeRefusal(400, 'subscription_status_invalid', 'subscription_id : only one authorisation per mandate');
      if (body.subscription_session_id !== entity.subscription_session_id)
        throw invalid('subscription_session_id', 'should be the session of this subscription');
      const method = body.payment_method as Record<string, unknown> | undefined;
      if (!method || !['upi', 'enach', 'pnach', 'card'].some((name) => name in method))
        throw new CashfreeRefusal(400, 'payment_method_missing', 'payment_method : one of upi, enach, pnach, card is required for AUTH');
      payment = {
        ...base,
        payment_amount: subscription.authorization.authorization_amount,
        payment_schedule_date: null,
        payment_status: 'PENDING',
        payment_type: 'AUTH',
      };
      extra = {
        action: 'custom',
        channel: 'link',
        data: { url: `${this.url}/view/gateway/${this.state.token('', 18)}`, payload: null, content_type: null, method: null },
      };
    }
    subscription.payments.set(paymentId, payment);
    return {
      cf_payment_id: payment.cf_payment_id,
      failure_details: null,
      payment_amount: payment.payment_amount,
      payment_id: payment.payment_id,
      payment_initiated_date: payment.payment_initiated_date,
      payment_status: payment.payment_status,
      payment_type: payment.payment_type,
      subscription_id: payment.subscription_id,
      payment_method:
        body.payment_type === 'CHARGE' ? subscription.authorization.payment_method : Object.keys(body.payment_method as object)[0],
      ...extra,
    };
  }

  /**
   * Cashfree uses only the date. For UPI AutoPay: not today (unless `sameDayCharges`); tomorrow only when raised
   * before 21:00 IST; at most 14 days ahead (Cashfree's cut-off table).
   */
  private scheduleDate(value: string, now: Date, method: string | null): string {
    const when = parseIso(value);
    const date = when ? istDate(when) : /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
    if (!date) throw invalid('payment_schedule_date', 'should be a date in ISO 8601');
    const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${istDate(now)}T00:00:00Z`)) / DAY);
    if (this.sameDayCharges && when) {
      if (days < 0 || days > 14) throw invalid('payment_schedule_date', `should be between T+0 and T+14 (got T+${days})`);
      return ist(when);
    }
    if (method === 'upi') {
      const istHour = Number(ist(now).slice(11, 13));
      const earliest = istHour < 21 ? 1 : 2;
      if (days < earliest || days > 14)
        throw invalid('payment_schedule_date', `should be between T+${earliest} and T+14 for UPI AutoPay (got T+${days})`);
    }
    return `${date}T00:00:00+05:30`;
  }

  /** The bank debits on the date whoever asks: a charge whose date has come is debited before it could be called off. */
  private debitDueCharges(subscription: EmulatedSubscription): void {
    if (!this.bankOnItsOwn) return;
    for (const payment of subscription.payments.values()) this.bank.debitIfDue(subscription, payment);
  }

  private orderOrThrow(orderId: string) {
    const order = this.state.order(orderId);
    if (!order) throw notFound('order', 'order_not_found');
    return order;
  }

  private subscriptionOrThrow(subscriptionId: string): EmulatedSubscription {
    const subscription = this.state.subscriptions.get(subscriptionId);
    if (!subscription) throw notFound('subscription', 'subscription_not_found');
    return subscription;
  }
}

const param = (value: string | undefined) => decodeURIComponent(value ?? '');

/** Cashfree's ISO 8601 inputs: `Z`, `+05:30`, or none (IST). */
function parseIso(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}+05:30`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Key order does not make two bodies different requests. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * A plan as Cashfree answers it, from a Create Plan body or a subscription's inline plan details (whose amount field is
 * `plan_amount`, passed as `recurringAmount`). A periodic plan keeps its interval; any other has none and charges 0.
 */
function planJson(planId: string, fields: Record<string, unknown>, recurringAmount: unknown): PlanJson {
  const periodic = fields.plan_type === 'PERIODIC';
  return {
    plan_currency: (fields.plan_currency as string | undefined) ?? 'INR',
    plan_id: planId,
    plan_interval_type: periodic ? ((fields.plan_interval_type as string | undefined) ?? null) : null,
    plan_intervals: periodic ? ((fields.plan_intervals as number | undefined) ?? null) : null,
    plan_max_amount: fields.plan_max_amount as number,
    plan_max_cycles: (fields.plan_max_cycles as number | undefined) ?? null,
    plan_name: fields.plan_name as string,
    plan_note: (fields.plan_note as string | undefined) ?? null,
    plan_recurring_amount: periodic ? (recurringAmount as number) : 0,
    plan_status: 'ACTIVE',
    plan_type: fields.plan_type as PlanJson['plan_type'],
  };
}
