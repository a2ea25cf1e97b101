import { randomUUID } from 'node:crypto';
import { SERVICE_NAMES } from '@elts/contracts';
import { busAvailable, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CallResult, orderBody, type ProductClient } from '../support/client.js';
import { buy, createProduct as createProductAs, type Purchase, subscribedBuyers, untilAnswered } from './members.js';
import { expectConverged, expectTimedOutOnce } from './order-checks.js';
import { FAULT_SETTINGS, startTopology, TIMEOUT_SECONDS, type Topology } from './topology.js';

/**
 * Suite 4 of the reliability issue: the distributed topology (two gateways and two instances of every service, each
 * its own process, on PostgreSQL and NATS) keeps every order and payment, exactly once, through crashes and outages.
 */

const available = databaseAvailable('postgres') && busAvailable('nats');
if (!available && process.env.CI) throw new Error('the fault suite needs PostgreSQL and NATS (set TEST_DATABASE_URL and TEST_NATS_URL)');

describe.runIf(available)('the distributed topology under faults', () => {
  let topology: Topology;
  let client: ProductClient;
  let adminToken: string;
  let members: string[];
  const placedForTimeout: { orderId: string; at: number }[] = [];
  let timeoutProductId: string;

  const createProduct = (name: string, stock: number) => createProductAs(client, adminToken, name, stock);

  beforeAll(async () => {
    topology = await startTopology(inject('testPostgresUrl'), inject('testNatsUrl'), FAULT_SETTINGS);
    client = topology.client;
    await topology.ready().catch((error) => {
      throw new Error(`the topology did not become ready: ${error}\n${topology.output()}`);
    });
    adminToken = await client.adminToken();
    members = await subscribedBuyers(topology, 'fault.buyer', 4);

    // Orders left unpaid, to time out while the faults below happen.
    timeoutProductId = await createProduct('Timeout Kettle', 10);
    for (const token of members.slice(0, 2)) {
      for (let n = 0; n < 2; n++) {
        const res = await client.call('/product/order', { token, body: orderBody(timeoutProductId) });
        expect(res.status, res.text).toBe(200);
        // Checkout opened and left: its payment's own timeout fails the order (before the reservation's end).
        const checkout = await client.call(`/product/order/${res.body.data.order_id}/checkout`, { token, body: {} });
        expect(checkout.status, checkout.text).toBe(200);
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
    await expectConverged(topology, productId, paid);
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

  // Issue 33 item 6: whichever gateway (and so whichever orders and catalog instance) a member's request reaches, the
  // drop's answers are the same, because each is decided in the shared database, never in one instance's memory.
  it('gives the same drop answers through either gateway: a reservation and its repeat, sold out, the waitlist, the unit passed on', async () => {
    const [first, second] = topology.gateways.map((port) => topology.through([port])) as [ProductClient, ProductClient];
    const [buyer, waiting] = [members[2]!, members[3]!];
    const productId = await createProduct('Twin Gateway Lamp', 1);
    const place = (gateway: ProductClient, token: string, headers: Record<string, string> = {}) =>
      untilAnswered<CallResult>(async () => {
        const res = await gateway.call('/product/order', { token, body: orderBody(productId), headers });
        return res.status < 500 ? res : undefined;
      });
    const key = randomUUID();
    const reserved = await place(first, buyer, { 'idempotency-key': key });
    expect(reserved.status, reserved.text).toBe(200);
    const orderId = reserved.body.data.order_id as string;
    const repeated = await place(second, buyer, { 'idempotency-key': key });
    expect([repeated.status, repeated.body.data.order_id, repeated.body.data.status]).toEqual([200, orderId, 'reserved']);
    const order = async (token: string, id: string) =>
      Promise.all([first, second].map(async (gateway) => (await gateway.call(`/product/order/${id}`, { token })).body));
    const [viaFirst, viaSecond] = await order(buyer, orderId);
    // An order reserved and not paid yet: pending, with until when it may be paid.
    expect([viaFirst.data.status, typeof viaFirst.data.pay_until]).toEqual(['pending', 'string']);
    expect(viaSecond).toEqual(viaFirst);

    for (const gateway of [first, second]) {
      const refused = await place(gateway, waiting);
      expect([refused.status, refused.body.message]).toEqual([409, 'Out of Stock']);
    }
    const joined = await first.call('/product/waitlist', { token: waiting, body: orderBody(productId) });
    expect(joined.status, joined.text).toBe(200);
    const places = await second.call('/product/waitlist', { token: waiting });
    expect(places.body.data.places.filter((place: { product_id: string }) => place.product_id === productId)).toMatchObject([
      { product_id: productId, position: 1 },
    ]);

    // Cancelled through the other gateway: the unit becomes the waiting member's reservation, the same through both.
    expect((await second.call(`/product/order/${orderId}/cancel`, { token: buyer, body: {} })).status).toBe(200);
    const handedId = await untilAnswered(async () => {
      const history = await first.call('/product/orders/user', { token: waiting });
      return history.body?.data?.orders?.find((row: { product: { id: string } }) => row.product.id === productId)?.order_id as
        | string
        | undefined;
    }, 30_000);
    const [handedFirst, handedSecond] = await order(waiting, handedId);
    expect([handedFirst.data.status, typeof handedFirst.data.pay_until]).toEqual(['pending', 'string']);
    expect(handedSecond).toEqual(handedFirst);
    // Nothing left waiting to pay for the suites below.
    expect((await first.call(`/product/order/${handedId}/cancel`, { token: waiting, body: {} })).status).toBe(200);
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
      topology,
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
    await expectConverged(topology, productId, paid);
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
    await expectConverged(topology, productId, [after.orderId!], accepted);
  }, 180_000);

  it('hands each unit released while both orders instances are killed -9 to one waiting member, exactly once, and keeps a reservation answered just before', async () => {
    const productId = await createProduct('Waitlist Flask', 2);
    const keptProductId = await createProduct('Kept Lamp', 1);
    const [holder, ...waiting] = members as [string, ...string[]];
    const reserved = await client.call('/product/order', { token: holder, body: { ...orderBody(productId), quantity: 2 } });
    expect(reserved.status, reserved.text).toBe(200);
    const orderId = reserved.body.data.order_id as string;
    for (const token of waiting) {
      const joined = await untilAnswered(async () => {
        const res = await client.call('/product/waitlist', { token, body: orderBody(productId) });
        return res.status === 200 ? res : undefined;
      });
      expect(joined.body.data.product_id).toBe(productId);
    }
    // Another member's reservation, answered just before the kill: once answered it is committed, and survives it.
    const keeper = waiting[2]!;
    const kept = await client.call('/product/order', { token: keeper, body: orderBody(keptProductId) });
    expect(kept.status, kept.text).toBe(200);
    // The holder cancels and both orders instances die under the hand-over; the member asks again until answered,
    // and a Cancel that got through before the kill is answered as done.
    const first = client.call(`/product/order/${orderId}/cancel`, { token: holder, body: {} }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 15));
    const orders = topology.processes.filter(({ label }) => label.startsWith('orders#')).map(({ label }) => label);
    await Promise.all(orders.map((label) => topology.supervisor.kill(label, 'SIGKILL')));
    await first;
    await topology.ready();
    const again = await untilAnswered(async () => {
      const res = await client.call(`/product/order/${orderId}/cancel`, { token: holder, body: {} });
      return res.status < 500 ? res : undefined;
    });
    expect([200, 409], again.text).toContain(again.status);

    // The two units went to the first two waiting, one each; the third still waits, first in line; no unit is free.
    const handed = await topology.query<{ member: string; orders: number }>(
      'orders',
      `select w.member_id as member, (select count(*)::int from orders o where o.product_id = $1 and o.member_id::text = w.member_id) as orders
       from waitlist w where w.product_id = $1 order by w.joined_at`,
      [productId],
    );
    expect(handed.map((row) => row.orders)).toEqual([1, 1, 0]);
    const held = await topology.query<{ state: string; quantity: number }>(
      'catalog',
      'select state, quantity from stock_holds where product_id = $1 order by created_at',
      [productId],
    );
    expect(held).toEqual([
      { state: 'handed', quantity: 0 },
      { state: 'held', quantity: 1 },
      { state: 'held', quantity: 1 },
    ]);
    const stock = await topology.query<{ available: number }>(
      'catalog',
      'select on_hand - held - sold as available from stock where product_id = $1',
      [productId],
    );
    expect(stock[0]?.available).toBe(0);
    // The reservations made across the kills are whole: the first waiting member's Pay now opens its checkout.
    const [mine] = await topology.query<{ order_id: string }>(
      'orders',
      'select order_id from orders where product_id = $1 and member_id::text = $2',
      [productId, handed[0]!.member],
    );
    const token = waiting[0]!;
    const payNow = await untilAnswered(async () => {
      const res = await client.call(`/product/order/${mine!.order_id}/checkout`, { token, body: {} });
      return res.status < 500 ? res : undefined;
    });
    expect(payNow.status, payNow.text).toBe(200);
    expect(payNow.body.data.payment_link).toEqual(expect.any(String));

    // The reservation answered before the kill is whole: still the member's to pay, its unit held, and Pay now opens.
    const keptId = kept.body.data.order_id as string;
    const keptPage = await untilAnswered(async () => {
      const res = await client.call(`/product/order/${keptId}`, { token: keeper });
      return res.status < 500 ? res : undefined;
    });
    expect(keptPage.body.data, keptPage.text).toMatchObject({ status: 'pending', pay_until: kept.body.data.reserved_until });
    const keptHold = await topology.query<{ state: string }>('catalog', 'select state from stock_holds where order_id = $1', [keptId]);
    expect(keptHold).toEqual([{ state: 'held' }]);
    const keptPayNow = await untilAnswered(async () => {
      const res = await client.call(`/product/order/${keptId}/checkout`, { token: keeper, body: {} });
      return res.status < 500 ? res : undefined;
    });
    expect(keptPayNow.status, keptPayNow.text).toBe(200);
    expect(keptPayNow.body.data.payment_link).toEqual(expect.any(String));
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
    await expectTimedOutOnce(topology, ids);
    await expectConverged(topology, timeoutProductId, []);
  }, 240_000);

  /** How many times each process has been started so far. */
  function startCounts(): Record<string, number> {
    return Object.fromEntries(topology.processes.map(({ label }) => [label, topology.supervisor.starts(label)]));
  }
});
