import { randomUUID } from 'node:crypto';
import { SERVICE_NAMES } from '@elts/contracts';
import { busAvailable, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CallResult, orderBody, type ProductClient } from '../support/client.js';
import { startTopology, type Topology } from './topology.js';

/**
 * Suite 4 of the reliability issue: the distributed topology (two gateways and two instances of every service, each
 * its own process, on PostgreSQL and NATS) keeps every order and payment, exactly once, through crashes and outages.
 */

const available = databaseAvailable('postgres') && busAvailable('nats');
if (!available && process.env.CI) throw new Error('the fault suite needs PostgreSQL and NATS (set TEST_DATABASE_URL and TEST_NATS_URL)');

const TIMEOUT_SECONDS = 45;
const ENV = {
  SEED_DEMO_CATALOG: 'false',
  RATE_LIMITS: 'off',
  PAYMENT_AT_RISK_SECONDS: '25',
  PAYMENT_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
  WORKFLOW_POLL_MS: '250',
  // A payment whose webhook died with its process is settled by asking the gateway, as in production, only sooner.
  RECONCILE_EVERY_SECONDS: '10',
  RECONCILE_PENDING_AFTER_SECONDS: '5',
  // A hold whose order was never recorded (orders died before it could) is given back when it expires; here after
  // 66 s, still longer than the payment timeout, as in production.
  HOLD_MINUTES: '1.1',
  HOLD_SWEEP_SECONDS: '5',
  ORDER_HOLD_MINUTES: '1',
  // Each buyer here keeps buying, with unpaid orders left to time out besides: the cap on a member's unpaid orders
  // (2 by default) has its own tests (services/orders/test/purchase-limits.test.ts).
  UNPAID_ORDERS_PER_MEMBER: '1000',
};

/** The buyers order one product again and again: as businesses with a GSTIN, whom the one-of-each rule allows. */
const BUYER_PROFILE = { profession: 'business', gst: '27AAPFU0939F1ZV' };

/** Asks until `attempt` gives an answer; a thrown error (a connection the fault cut) counts as no answer yet. */
async function untilAnswered<T>(attempt: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await attempt().catch(() => undefined);
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

interface Purchase {
  token: string;
  orderId?: string;
  paid: boolean;
  /** A 4xx the member was given instead of an order. */
  refusal?: string;
}

/** A member buying as a careful app does: one idempotency key per purchase, kept through retries, then paying. */
async function buy(client: ProductClient, token: string, productId: string): Promise<Purchase> {
  const key = randomUUID();
  const placed = await untilAnswered<CallResult>(async () => {
    const res = await client.call('/product/order', { token, body: orderBody(productId), headers: { 'idempotency-key': key } });
    return res.status < 500 ? res : undefined;
  });
  if (placed.status !== 200) return { token, paid: false, refusal: `${placed.status} ${placed.body?.message}` };
  const orderId = placed.body.data.order_id as string;
  const paymentPage = new URL(placed.body.data.payment_link).pathname;
  let attempts = 0;
  const paid = await untilAnswered(async () => {
    attempts++;
    const res = await client.call(paymentPage, { form: { outcome: 'success', method: 'upi' } });
    return res.status < 500 ? res : undefined;
  });
  // A retry finds the payment already made when an earlier attempt got through but its answer was lost to a fault.
  const paidEarlier = attempts > 1 && paid.status === 409 && paid.text.includes('This payment is paid');
  if (paid.status !== 303 && !paidEarlier) throw new Error(`the simulator answered ${paid.status} for ${orderId}: ${paid.text}`);
  return { token, orderId, paid: true };
}

describe.runIf(available)('the distributed topology under faults', () => {
  let topology: Topology;
  let client: ProductClient;
  let adminToken: string;
  let members: string[];
  const placedForTimeout: { orderId: string; at: number }[] = [];
  let timeoutProductId: string;

  const createProduct = async (name: string, stock: number) => {
    const now = Date.now();
    const created = await client.call('/product/create', {
      token: adminToken,
      body: {
        name,
        price: 999,
        amazonPrice: 1999,
        category: 'Home & Garden',
        brand: 'Prestige',
        stock,
        images: ['/product/images/pressure-cooker.svg'],
        descriptions: [{ title: 'Highlights', content: 'Five litres.' }],
        sku: `FAULT-${randomUUID().slice(0, 8)}`,
        variantGroup: null,
        isVariantPrimary: false,
        saleStartAt: new Date(now - 3600_000).toISOString(),
        saleEndAt: new Date(now + 24 * 3600_000).toISOString(),
      },
    });
    expect(created.status, created.text).toBe(201);
    return created.body.data.id as string;
  };

  beforeAll(async () => {
    topology = await startTopology(inject('testPostgresUrl'), inject('testNatsUrl'), ENV);
    client = topology.client;
    await topology.ready().catch((error) => {
      throw new Error(`the topology did not become ready: ${error}\n${topology.output()}`);
    });
    adminToken = await client.adminToken();
    members = [];
    for (let n = 0; n < 4; n++) {
      members.push(
        await client.subscriber(`fault.buyer.${n}@example.in`, `Buyer ${n}`, BUYER_PROFILE).catch((error) => {
          throw new Error(`${error}\n${topology.output()}`);
        }),
      );
    }
    await eventually(async () => {
      const rows = await topology.query<{ count: number }>(
        'orders',
        "select count(*)::int as count from member_buyers where subscription_status = 'active'",
      );
      return rows[0]?.count === members.length;
    }, 30_000);

    // Orders left unpaid, to time out while the faults below happen.
    timeoutProductId = await createProduct('Timeout Kettle', 10);
    for (const token of members.slice(0, 2)) {
      for (let n = 0; n < 2; n++) {
        const res = await client.call('/product/order', { token, body: orderBody(timeoutProductId) });
        expect(res.status, res.text).toBe(200);
        placedForTimeout.push({ orderId: res.body.data.order_id, at: Date.now() });
      }
    }
  }, 300_000);

  afterAll(async () => {
    await topology?.stop();
  }, 60_000);

  it('keeps a session on every instance: signed in through one gateway, known to the other; signed out on one, refused by both', async () => {
    const [first, second] = topology.gateways.map((port) => topology.through([port])) as [ProductClient, ProductClient];
    const token = await first.signUp('fault.session@example.in');
    expect((await second.call('/user/invitations', { token })).status).toBe(200);
    expect((await second.call('/user/logout', { token, body: {} })).status).toBe(200);
    for (const gateway of [first, second]) {
      const refused = await gateway.call('/user/invitations', { token });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ is_success: false });
    }
  });

  it('spreads the work over both gateways and both instances of every service', async () => {
    const before = topology.served();
    const productId = await createProduct('Shared Pan', 20);
    const paid: string[] = [];
    for (const token of members) {
      const purchase = await buy(client, token, productId);
      expect(purchase.paid, purchase.refusal).toBe(true);
      paid.push(purchase.orderId!);
      expect((await client.call('/product/orders/user', { token })).status).toBe(200);
    }
    for (let n = 0; n < 4; n++) expect((await client.call('/admin/product-orders', { token: adminToken })).status).toBe(200);
    await expectConverged(productId, paid);
    const after = topology.served();
    const during = Object.fromEntries(topology.processes.map(({ label }) => [label, (after[label] ?? 0) - (before[label] ?? 0)]));
    // Each instance answered a fair part of its service's requests (calls are handed out in turn): a second
    // instance that was never called, or called only once, fails.
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      const labels = topology.processes.filter(({ label }) => label.startsWith(`${name}#`)).map(({ label }) => label);
      expect(labels).toHaveLength(2);
      const total = labels.reduce((sum, label) => sum + during[label]!, 0);
      for (const label of labels)
        expect(during[label], `${label} of ${JSON.stringify(during)}`).toBeGreaterThanOrEqual(Math.max(2, total / 5));
    }
  });

  it('loses and duplicates no order, payment or event when each service, then the gateways, are killed -9 during a stream of purchases', async () => {
    const productId = await createProduct('Stream Cooker', 1000);
    const purchases: Purchase[] = [];
    let streaming = true;
    const workers = members.map(async (token) => {
      while (streaming) purchases.push(await buy(client, token, productId));
    });

    const starts = Object.fromEntries(topology.processes.map(({ label }) => [label, topology.supervisor.starts(label)]));
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const labels = topology.processes.filter(({ label }) => label.startsWith(`${name}#`)).map(({ label }) => label);
      await Promise.all(labels.map((label) => topology.supervisor.kill(label, 'SIGKILL')));
      await topology.ready().catch((error) => {
        throw new Error(`${name} did not come back: ${error}\n${topology.output()}`);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    streaming = false;
    await Promise.all(workers);
    // Every process was killed once and restarted by its supervisor, and none died of anything else.
    for (const { label } of topology.processes) expect(topology.supervisor.starts(label), label).toBe(starts[label]! + 1);

    const paid = purchases.filter((p) => p.paid);
    expect(paid.length).toBeGreaterThan(10);
    // A purchase the faults interrupted was undone, and said so: never a refusal for any other reason.
    for (const refused of purchases.filter((p) => p.refusal)) expect(refused.refusal).toBe('409 This order is already failed.');
    await expectConverged(
      productId,
      paid.map((p) => p.orderId!),
    );
  }, 300_000);

  it('drains the outboxes and converges when NATS is away for 30 s', async () => {
    const productId = await createProduct('Outage Toaster', 100);
    await topology.nats.cut();
    const during = [];
    for (const token of members) during.push(await buy(client, token, productId));
    // Paid, but orders can only hear of it once the bus is back.
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    const paid = during.filter((p) => p.paid).map((p) => p.orderId!);
    expect(paid).toHaveLength(members.length);
    // The cut did cut: after 30 s no paid order is completed (orders never heard of its payment), and payments holds
    // events past its relay's checkpoint, waiting for the bus.
    const statuses = await topology.query<{ status: string }>('orders', 'select status from orders where order_id = any($1)', [paid]);
    expect(statuses.map((row) => row.status)).toEqual(paid.map(() => 'pending'));
    expect((await unpublished()).payments).toBeGreaterThan(0);
    await topology.nats.restore();
    await expectConverged(productId, paid);
    // Every service's outbox drained: nothing is left past any relay's checkpoint.
    let left: Record<string, number> = {};
    await eventually(async () => {
      left = await unpublished();
      return Object.values(left).every((count) => count === 0);
    }, 30_000).catch(() => {
      throw new Error(`the outboxes did not drain: ${JSON.stringify(left)}`);
    });
  }, 180_000);

  /** Each service's events its relay has not yet published to NATS (past its checkpoint). */
  async function unpublished(): Promise<Record<string, number>> {
    const counts = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        const rows = await topology.query<{ count: number }>(
          service,
          'select count(*)::int as count from events where position > coalesce((select min(position) from relay_checkpoints), 0)',
        );
        return [service, rows[0]?.count ?? 0] as const;
      }),
    );
    return Object.fromEntries(counts);
  }

  it('answers 503 in the envelope while PostgreSQL is away for 30 s, keeps nothing half-written, and resumes by itself', async () => {
    const productId = await createProduct('Outage Kettle', 100);
    const token = members[0]!;
    const startsBefore = startCounts();
    await topology.postgres.cut();
    const outageEnds = Date.now() + 30_000;
    const answers: CallResult[] = [];
    while (Date.now() < outageEnds) {
      answers.push(
        await client.call('/product/order', { token, body: orderBody(productId), headers: { 'idempotency-key': randomUUID() } }),
      );
      answers.push(await client.call('/product/orders/user', { token }));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await topology.postgres.restore();
    // Once the pools had noticed (the first calls may still be answered from a live connection), every call was a 503.
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(answers.length / 2);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ is_success: false, message: 'Service temporarily unavailable. Please try again shortly.' });
    }
    expect(answers.every((answer) => answer.status === 503 || answer.status === 200)).toBe(true);

    await topology.ready(60_000);
    // No process was restarted: each found its database again by itself.
    for (const { label } of topology.processes) expect(topology.supervisor.starts(label), label).toBe(startsBefore[label]);
    const after = await untilAnswered(async () => {
      const res = await buy(client, token, productId);
      return res.paid ? res : undefined;
    }, 30_000);
    // Whatever was accepted during the outage settled like any order; nothing is left pending or held.
    const accepted = answers.filter((a) => a.status === 200 && a.body.data?.order_id).map((a) => a.body.data.order_id as string);
    await expectConverged(productId, [after.orderId!], accepted);
  }, 180_000);

  it('fires each payment timeout once, with two payments instances, through everything above', async () => {
    const ids = placedForTimeout.map((p) => p.orderId);
    await eventually(
      async () => {
        const rows = await topology.query<{ status: string }>('orders', 'select status from orders where order_id = any($1)', [ids]);
        return rows.length === ids.length && rows.every((row) => row.status === 'failed');
      },
      Math.max(0, placedForTimeout[0]!.at + (TIMEOUT_SECONDS + 60) * 1000 - Date.now()) + 5_000,
      500,
    );
    const payments = await topology.query<{ payment_id: string; status: string; auto_failed: boolean }>(
      'payments',
      'select payment_id, status, auto_failed from payments where order_id = any($1)',
      [ids],
    );
    expect(payments).toHaveLength(ids.length);
    for (const payment of payments) expect(payment).toMatchObject({ status: 'failed', auto_failed: true });
    const fired = await topology.query<{ stream_id: string; type: string; count: number }>(
      'payments',
      `select stream_id, type, count(*)::int as count from events
       where type in ('PaymentAtRisk', 'PaymentFailed') and data->>'paymentId' = any($1) group by 1, 2`,
      [payments.map((p) => p.payment_id)],
    );
    expect(fired).toHaveLength(2 * ids.length);
    expect(fired.every((row) => row.count === 1)).toBe(true);
    await expectConverged(timeoutProductId, []);
  }, 240_000);

  /** How many times each process has been started so far. */
  function startCounts(): Record<string, number> {
    return Object.fromEntries(topology.processes.map(({ label }) => [label, topology.supervisor.starts(label)]));
  }

  /**
   * Where every service must agree, eventually: each order known to the members exists once and is completed if
   * it was paid; no order is left pending; each order and payment made each transition once; the catalogue counts
   * every completed unit as sold and holds nothing; the back office shows the same orders and payments.
   */
  async function expectConverged(productId: string, paidOrderIds: string[], otherKnownIds: string[] = []) {
    const known = new Set([...paidOrderIds, ...otherKnownIds]);
    type OrderRow = { order_id: string; status: string; quantity: number };
    let orders: OrderRow[] = [];
    const settled = async () => {
      orders = await topology.query<OrderRow>('orders', 'select order_id, status, quantity from orders where product_id = $1', [productId]);
      const byId = new Map(orders.map((o) => [o.order_id, o.status]));
      return paidOrderIds.every((id) => byId.get(id) === 'completed') && orders.every((o) => o.status !== 'pending');
    };
    await eventually(settled, 90_000, 500).catch(() => {
      throw new Error(`orders did not settle: ${JSON.stringify(orders.filter((o) => o.status !== 'completed'))}\n${topology.output()}`);
    });
    // An order nobody was told of may exist only as one undone (failed).
    for (const order of orders) if (!known.has(order.order_id)) expect(order.status, order.order_id).toBe('failed');
    const ids = orders.map((o) => o.order_id);

    const payments = await topology.query<{ order_id: string; payment_id: string; status: string }>(
      'payments',
      'select order_id, payment_id, status from payments where order_id = any($1)',
      [ids],
    );
    const paymentOf = new Map(payments.map((p) => [p.order_id, p]));
    for (const order of orders) {
      if (order.status === 'completed') expect(paymentOf.get(order.order_id)?.status, order.order_id).toBe('success');
      else expect(paymentOf.get(order.order_id)?.status ?? 'none', order.order_id).not.toBe('success');
    }

    const repeated = (service: 'orders' | 'payments', types: string[]) =>
      topology.query(service, 'select stream_id, type from events where type = any($1) group by 1, 2 having count(*) > 1', [types]);
    expect(await repeated('orders', ['OrderPlaced', 'OrderPaymentStarted', 'OrderCompleted', 'OrderFailed'])).toEqual([]);
    expect(await repeated('payments', ['PaymentInitiated', 'PaymentSucceeded', 'PaymentFailed', 'InvoiceIssued'])).toEqual([]);

    const sold = orders.filter((o) => o.status === 'completed').reduce((sum, o) => sum + o.quantity, 0);
    await eventually(
      async () => {
        const stock = await topology.query<{ held: number; sold: number }>(
          'catalog',
          'select held, sold from stock where product_id = $1',
          [productId],
        );
        return stock[0]?.held === 0 && stock[0]?.sold === sold;
      },
      120_000,
      500,
    ).catch(async () => {
      const stock = await topology.query('catalog', 'select * from stock where product_id = $1', [productId]);
      throw new Error(`the catalogue disagrees: ${JSON.stringify(stock)} for ${sold} sold`);
    });

    // The back office's read models hold the same orders and payments, in the same states.
    const lines = (rows: { id: string; status: string }[]) => rows.map((r) => `${r.id} ${r.status}`).sort();
    const truth = {
      orders: lines(orders.map((o) => ({ id: o.order_id, status: o.status }))),
      payments: lines(payments.map((p) => ({ id: p.payment_id, status: p.status }))),
    };
    let seen = { orders: [] as string[], payments: [] as string[] };
    await eventually(
      async () => {
        seen = {
          orders: lines(
            await topology.query('admin-bff', 'select order_id as id, status from product_orders where product_id = $1', [productId]),
          ),
          payments: lines(
            await topology.query('admin-bff', 'select payment_id as id, status from payments where order_id = any($1)', [ids]),
          ),
        };
        return JSON.stringify(seen) === JSON.stringify(truth);
      },
      60_000,
      500,
    ).catch(() => {
      const differences = (kind: 'orders' | 'payments') => ({
        missing: truth[kind].filter((line) => !seen[kind].includes(line)),
        extra: seen[kind].filter((line) => !truth[kind].includes(line)),
      });
      throw new Error(`the back office disagrees: ${JSON.stringify({ orders: differences('orders'), payments: differences('payments') })}`);
    });
  }
});
