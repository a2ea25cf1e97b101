import { randomUUID } from 'node:crypto';
import { catalogEvents, identityEvents, ordersEvents, paymentsEvents, stepOperations } from '@elts/contracts';
import {
  listsUpdatedEvent,
  memberRegisteredEvent,
  orderCompletedEvent,
  orderFailedEvent,
  orderPlacedEvent,
  orderRefundedEvent,
  paymentFailedEvent,
  paymentInitiatedEvent,
  paymentProcessingEvent,
  paymentRefundedEvent,
  paymentSucceededEvent,
  paymentTimedOutEvent,
  personaChosenEvent,
  personalDetailsUpdatedEvent,
  shippingDetailsUpdatedEvent,
} from '@elts/contracts/testing';
import { AppError, failingStepRoutes, failureBody, notFound } from '@elts/platform';
import { type DatabaseKind, databaseAvailable, eventually, type ServiceHarness, startServiceHarness } from '@elts/platform/testing';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { adminBffService } from '../src/service.js';

/** What the stand-in payments service was asked to do with its scheduler (controls and steps with their actor). */
export interface SchedulerCalls {
  triggers: string[];
  controls: string[];
  steps: { action: string; type: string; key: string; actor: string }[];
  /** The same, asked of the stand-in orders service. */
  orderSteps: { action: string; type: string; key: string; actor: string }[];
}

/** The one step the stand-in payments service has failing. */
export const FAILING_STEP = {
  type: 'membership.expiry',
  key: 'MEM-1:c1',
  subject: 'MEM-1',
  attempts: 9,
  lastError: 'Cashfree answered 503',
  nextAttemptAt: '2026-11-20T05:15:00.000Z',
};

/** The one step the stand-in orders service has failing. */
export const ORDER_STEP = {
  type: 'order.refund-due',
  key: 'ORD-7',
  subject: 'ORD-7',
  attempts: 12,
  lastError: 'payments answered 503',
  nextAttemptAt: '2026-11-20T05:20:00.000Z',
};

/** The orders service's failing steps as admin-bff reaches them: the platform's own routes over a stand-in list. */
export function fakeOrdersSteps(calls: SchedulerCalls) {
  const act = (action: string) => async (type: string, key: string, actor: string) => {
    calls.orderSteps.push({ action, type, key, actor });
    if (type !== ORDER_STEP.type || key !== ORDER_STEP.key)
      throw notFound('That step is not waiting to run: it has succeeded, been given up, or does not exist.');
    return ORDER_STEP;
  };
  const app = new Hono().route(
    '/',
    failingStepRoutes(
      { failingSteps: async () => [ORDER_STEP], retryStep: act('retry'), giveUpStep: act('give-up') },
      stepOperations('orders'),
    ),
  );
  // As a service's app answers a refusal: its status and sentence.
  app.onError((error, c) =>
    error instanceof AppError
      ? c.json(failureBody(error.code, error.message, 'test'), error.status as 404)
      : c.json(failureBody('internal_error', error.message, 'test'), 500),
  );
  return app;
}

/** The payments service's scheduler controls as admin-bff reaches them (`/internal/cron/*`). */
export function fakeScheduler(calls: SchedulerCalls) {
  let running = true;
  // As payments' CronService: the embedded driver's counts, and the next run while running.
  const status = () => ({
    driver: 'embedded',
    isRunning: running,
    successCount: 8 + calls.triggers.length,
    errorCount: 2,
    lastRunTime: '2026-11-20T04:30:00.000Z',
    nextRunTime: running ? '2026-11-20T05:15:00.000Z' : null,
    jobs: ['paymentReconciliation', 'dealDropWindows'],
  });
  return new Hono()
    .get('/internal/cron/status', (c) =>
      c.json({
        is_success: true,
        data: {
          cron_service: status(),
          failing_steps: [FAILING_STEP],
          uptime: 7384,
          memory_usage: { heapUsed: 52_428_800, heapTotal: 104_857_600 },
          server_time: '2026-11-20T05:00:00.000Z',
        },
      }),
    )
    .post('/internal/cron/trigger', async (c) => {
      const { mode } = await c.req.json<{ mode: string }>();
      calls.triggers.push(mode);
      // As the embedded driver's run answers: what it checked and settled.
      return c.json({ is_success: true, data: { checked: 3, settled: mode === 'light' ? 1 : 0 } });
    })
    .post('/internal/cron/control', async (c) => {
      const { action, actor } = await c.req.json<{ action: string; actor: string }>();
      calls.controls.push(`${action} by ${actor}`);
      running = action === 'restart';
      return c.json({ is_success: true, data: status() });
    })
    .post('/internal/cron/steps/:action', async (c) => {
      const { type, key, actor } = await c.req.json<{ type: string; key: string; actor: string }>();
      calls.steps.push({ action: c.req.param('action'), type, key, actor });
      if (type !== FAILING_STEP.type || key !== FAILING_STEP.key) {
        const message = 'That step is not waiting to run: it has succeeded, been given up, or does not exist.';
        return c.json({ is_success: false, message, error: message, code: 'not_found' }, 404);
      }
      return c.json({ is_success: true, data: FAILING_STEP });
    });
}

/** Identity's admin accounts as admin-bff asks them (`GET /internal/admins`): the ones `accounts` holds when asked. */
export function fakeAdminAccounts(accounts: { id: string; username: string }[]) {
  return new Hono().get('/internal/admins', (c) => c.json({ is_success: true, data: { admins: accounts } }));
}

export async function startAdminBff(kind: DatabaseKind, env: Record<string, string> = {}) {
  const calls: SchedulerCalls = { triggers: [], controls: [], steps: [], orderSteps: [] };
  const accounts: { id: string; username: string }[] = [];
  const harness = await startServiceHarness(adminBffService, {
    kind,
    env,
    sources: [identityEvents, paymentsEvents, ordersEvents, catalogEvents],
    // No catalog: a service that does not answer is left off the Cron page's list, not a failure of the page.
    stubs: { payments: fakeScheduler(calls), orders: fakeOrdersSteps(calls), identity: fakeAdminAccounts(accounts) },
  });
  const admin = harness.adminSession(undefined, 'asha.ops');
  accounts.push({ id: admin.adminId, username: 'asha.ops' });
  return { harness, admin, calls, accounts };
}

/**
 * The service on `kind` for one describe block: started before its tests and closed after them. `available` says
 * whether `kind` runs on this machine; `bff.harness` and `bff.admin` are set once the block's tests run.
 */
export function useAdminBff(kind: DatabaseKind) {
  const available = databaseAvailable(kind);
  const bff = {} as Awaited<ReturnType<typeof startAdminBff>>;
  beforeAll(async () => {
    if (available) Object.assign(bff, await startAdminBff(kind));
  });
  afterAll(async () => bff.harness?.close());
  /** An operator's GET, answering its body. */
  const call = async (path: string) => (await bff.harness.json(path, { token: bff.admin.token })).body;
  return { available, bff, call };
}

type NewEvent = { type: string; data: unknown; metadata?: Record<string, unknown> };

/**
 * Appends events to a stood-in service's history as it would record them, optionally dated in the past (the
 * admin screens filter and count by the time an event was recorded).
 */
export async function record(harness: ServiceHarness, service: string, streamId: string, events: NewEvent[], at?: Date) {
  await harness.source(service).transact(async (unit) => {
    const stored = await unit.append(streamId, 'any', events);
    if (at) {
      const ids = stored.map((event) => event.eventId);
      await sql`update events set recorded_at = ${at} where event_id in (${sql.join(ids)})`.execute(unit.db);
    }
  });
}

/** Waits until admin-bff has applied every event appended so far. */
export async function settled(harness: ServiceHarness, admin: { token: string }, timeoutMs = 20_000) {
  await eventually(async () => {
    const { body } = await harness.json('/admin/projections/status', { token: admin.token });
    const pending = Object.values(body.data.pending as Record<string, number>);
    return !body.data.rebuilding && pending.every((n) => n === 0);
  }, timeoutMs);
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
export const daysAgo = (days: number) => minutesAgo(days * 24 * 60);

export interface MemberSpec {
  memberId?: string;
  memberNumber: number;
  firstname: string;
  lastname: string;
  email: string;
  /** Without a profile the member only registered (no details, persona, lists or shipping). */
  profile?: {
    gender?: 'male' | 'female' | 'others';
    dob?: string;
    mobile?: string;
    profession?: 'student' | 'professional' | 'startup' | 'business' | 'institution';
    persona?: 'Save' | 'Splurge';
    gst?: string;
    need?: string[];
    greed?: string[];
    pincode?: string;
    address?: string;
    professionAddress?: string;
  };
  at?: Date;
}

/** A member as identity records them through sign-up and the four onboarding steps. */
export async function registerMember(harness: ServiceHarness, spec: MemberSpec): Promise<string> {
  const memberId = spec.memberId ?? randomUUID();
  const { firstname, lastname, email, profile } = spec;
  const events: NewEvent[] = [memberRegisteredEvent(memberId, { memberNumber: spec.memberNumber, email, firstname, lastname })];
  if (profile) {
    events.push(
      personalDetailsUpdatedEvent(memberId, {
        firstname,
        lastname,
        email,
        gender: profile.gender ?? 'female',
        dob: profile.dob ?? '1995-06-15',
        mobile: profile.mobile ?? '9876543210',
      }),
      personaChosenEvent(memberId, {
        profession: profile.profession ?? 'student',
        subscriptionType: profile.persona ?? 'Save',
        gst: profile.gst ?? '',
      }),
      listsUpdatedEvent(memberId, { needList: profile.need ?? [], greedList: profile.greed ?? [] }),
      shippingDetailsUpdatedEvent(memberId, {
        pincode: profile.pincode ?? '560001',
        address: profile.address ?? '12 MG Road, Bengaluru',
        professionAddress: profile.professionAddress ?? '12 MG Road, Bengaluru',
      }),
    );
  }
  await record(harness, 'identity', `member-${memberId}`, events, spec.at);
  return memberId;
}

export type PaymentOutcome = 'success' | 'failed' | 'timeout' | 'timeout-reason' | 'pending' | 'processing';

export interface PaymentSpec {
  paymentId: string;
  memberId: string;
  orderId?: string;
  amountPaise: number;
  paymentType: 'subscription' | 'product_order' | 'refund';
  /** What the money is for; by default a membership's first payment, or the order's for a product order. */
  purpose?: 'membership' | 'renewal' | 'product_order';
  outcome: PaymentOutcome;
  method?: 'upi' | 'card' | 'netbanking';
  refundedPaise?: number;
  at: Date;
}

/** A payment's life in the payments service's history, created at `at` and settled a minute later. */
export async function recordPayment(harness: ServiceHarness, spec: PaymentSpec) {
  const { paymentId, memberId, amountPaise, paymentType } = spec;
  const orderId = spec.orderId ?? `order_${paymentId}`;
  const common = { orderId, memberId, paymentType };
  const purpose = spec.purpose ?? (paymentType === 'product_order' ? 'product_order' : 'membership');
  await record(
    harness,
    'payments',
    `payment-${paymentId}`,
    [paymentInitiatedEvent(paymentId, { ...common, amountPaise, purpose })],
    spec.at,
  );
  const settledAt = new Date(spec.at.getTime() + 60_000);
  const method = spec.method ?? 'upi';
  const outcome: Record<PaymentOutcome, NewEvent[]> = {
    success: [paymentSucceededEvent(paymentId, { ...common, amountPaise, method })],
    failed: [paymentFailedEvent(paymentId, { ...common, method })],
    timeout: [paymentTimedOutEvent(paymentId, common)],
    // Failed by a gateway reconciliation whose reason says it timed out, without the workflow's flag.
    'timeout-reason': [paymentFailedEvent(paymentId, { ...common, reason: 'Checkout session timed out at the gateway' })],
    pending: [],
    processing: [paymentProcessingEvent(paymentId)],
  };
  const later = outcome[spec.outcome];
  if (later.length > 0)
    await record(harness, 'payments', `payment-${paymentId}`, later, spec.outcome === 'processing' ? spec.at : settledAt);
  if (spec.refundedPaise)
    await record(
      harness,
      'payments',
      `payment-${paymentId}`,
      [paymentRefundedEvent(paymentId, { ...common, amountPaise: spec.refundedPaise })],
      settledAt,
    );
}

export interface OrderSpec {
  orderId: string;
  memberId: string;
  amountPaise: number;
  outcome: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
  product?: { name: string; brand: string; category: string; images: string[] };
  customer?: { email: string; firstName: string; lastName: string };
  at: Date;
}

/** A product order's life in the orders service's history. */
export async function recordOrder(harness: ServiceHarness, spec: OrderSpec) {
  const { orderId, memberId, amountPaise } = spec;
  const placed = orderPlacedEvent(orderId, {
    memberId,
    amountPaise,
    unitPricePaise: amountPaise,
    ...(spec.product ? { product: spec.product } : {}),
    ...(spec.customer ? { customer: { ...spec.customer, phone: '9876543210' } } : {}),
  });
  const after: Record<OrderSpec['outcome'], NewEvent[]> = {
    pending: [],
    processing: [{ type: 'OrderPaymentStarted', data: { orderId, memberId, paymentId: `pay_${orderId}` } }],
    completed: [orderCompletedEvent(orderId, { memberId, amountPaise })],
    failed: [orderFailedEvent(orderId, { memberId })],
    cancelled: [orderCompletedEvent(orderId, { memberId, amountPaise }), orderRefundedEvent(orderId, { memberId, amountPaise })],
  };
  await record(harness, 'orders', `order-${orderId}`, [placed, ...after[spec.outcome]], spec.at);
}

export const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Every read model, row for row, in a stable order (audit ids are renumbered by a rebuild, so left out). */
export async function snapshot(db: Kysely<any>) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows as Record<string, any>[];
  return {
    users: await rows(sql`select * from users order by member_id`),
    statuses: await rows(sql`select * from member_subscription_status order by member_id`),
    products: await rows(sql`select * from catalog_products order by product_id`),
    lists: await rows(sql`select * from user_list_items order by member_id, list, item`),
    payments: await rows(sql`select * from payments order by payment_id`),
    orders: await rows(sql`select * from product_orders order by order_id`),
    subscriptions: await rows(sql`select * from subscriptions order by subscription_id`),
    messages: await rows(sql`select * from contact_messages order by message_id`),
    audit: await rows(sql`select event_id, actor, action, target, before, after, at from audit_log order by at, action`),
    // The aggregates kept by triggers (rows brought back to zero add nothing and a rebuild drops them: left out).
    paymentStats: await rows(sql`select * from payment_day_stats where payments <> 0 order by day, payment_type, status, timed_out`),
    orderStats: await rows(sql`select * from product_order_day_stats where orders <> 0 order by day, status`),
    subscriptionStats: await rows(sql`select * from subscription_day_stats where subscriptions <> 0 order by day, status, started`),
    facets: await rows(sql`select * from user_facets where members <> 0 order by kind, profession, persona, value`),
    membershipChanges: await rows(sql`select * from membership_changes order by event_id`),
    signupStats: await rows(sql`select * from user_day_stats where users <> 0 order by day`),
    membershipStats: await rows(sql`select * from membership_day_stats where memberships <> 0 order by day, kind`),
    fulfilmentStats: await rows(sql`select * from fulfilment_day_stats where shipped <> 0 or delivered <> 0 order by day`),
    // Decision 0170's: refunds on their days, the Drops chart's stock moves, their hours and the drops.
    refunds: await rows(sql`select * from payment_refunds order by refund_id`),
    refundStats: await rows(sql`select * from refund_day_stats where refunds <> 0 order by day`),
    stockMoves: await rows(sql`select * from stock_moves order by event_id`),
    stockHours: await rows(sql`select * from stock_hour_stats where on_hand <> 0 or received <> 0 or sold <> 0 order by product_id, hour`),
    stockDays: await rows(sql`select * from stock_day_stats where on_hand <> 0 or sold <> 0 order by product_id, day`),
    drops: await rows(sql`select * from catalog_drops order by drop_id`),
  };
}

/** A product as catalog's events carry it (prices in paise). */
export function catalogProduct(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Sony WH-1000XM5 Wireless Headphones',
    images: ['/product/images/headphones.svg'],
    pricePaise: 2_699_000,
    amazonPricePaise: 3_499_000,
    category: 'Electronics',
    brand: 'Sony',
    descriptions: [{ title: 'Highlights', content: 'Noise cancelling.' }],
    sku: 'SONY-XM5',
    variantGroup: null,
    isVariantPrimary: false,
    saleStartAt: null,
    saleEndAt: null,
    isEnabled: true,
    exclusive: false,
    dropId: null,
    ...overrides,
  };
}

/** An operator, as the actor of the events an admin's action records. */
export const OPERATOR = 'admin:5f0c9c4e-6f1e-4f4b-9d0a-3c2b1a0000ad';
export const byOperator = <E extends object>(event: E) => ({ ...event, metadata: { actor: OPERATOR } });
