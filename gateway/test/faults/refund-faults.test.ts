import { todayInIndia } from '@elts/contracts';
import { busAvailable, databaseAvailable, eventually } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallResult, ProductClient } from '../support/client.js';
import { buy, createProduct, subscribedBuyers, untilAnswered } from './members.js';
import { expectConverged } from './order-checks.js';
import { FAULT_SETTINGS, startTopology, type Topology } from './topology.js';

/**
 * Issue 20's part of the fault suite: purchases that end in refunds. Paid orders are cancelled as out of stock (the
 * member chooses a fund transfer or credits, or the deadline chooses the transfer) and delivered orders are exchanged
 * with no replacement in stock (refunded), while payments and orders are killed -9 mid-refund, orders once in the
 * middle of a refund step (issue 32: made soon after the restart, not after the claim's five-minute lease). Every refund must then
 * have happened once per request (one success, never a second refund at the gateway), never more than was paid,
 * with nothing left pending, and the credit each order spent given back once (docs/decisions/0024, 0025, 0060).
 */

const available = databaseAvailable('postgres') && busAvailable('nats');
if (!available && process.env.CI) throw new Error('the fault suite needs PostgreSQL and NATS (set TEST_DATABASE_URL and TEST_NATS_URL)');

/**
 * The member's time to choose: long enough for every member's choice to get through the kills below (each restart
 * takes seconds on a loaded machine), short enough for the deadline's transfers to fall due in the run.
 */
const CHOICE_SECONDS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/**
 * How soon after orders is killed mid-refund the refunds it was making are made: its restart (seconds), payments'
 * own kill and restart after it, and the step's retries in between; a third of the five-minute lease a restarted
 * instance used to wait out on its own claims.
 */
const REFUNDED_AFTER_KILL_MS = 100_000;

/** Until the call is answered (a 5xx or a cut connection is no answer yet); a refusal fails the test. */
async function untilOk(call: () => Promise<CallResult>, what: string) {
  const res = await untilAnswered(async () => {
    const answer = await call();
    return answer.status < 500 ? answer : undefined;
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what} was refused: ${res.status} ${res.text}`);
  return res;
}

/** How each cancelled or exchanged order gets its money back. */
type Way = 'fund_transfer' | 'credits' | 'deadline' | 'exchange';

describe.runIf(available)('refunds in the distributed topology under faults', () => {
  let topology: Topology;
  let client: ProductClient;
  let adminToken: string;
  let members: string[];

  beforeAll(async () => {
    topology = await startTopology(inject('testPostgresUrl'), inject('testNatsUrl'), {
      ...FAULT_SETTINGS,
      REFUND_CHOICE_SECONDS: String(CHOICE_SECONDS),
    });
    client = topology.client;
    await topology.ready().catch((error) => {
      throw new Error(`the topology did not become ready: ${error}\n${topology.output()}`);
    });
    adminToken = await client.adminToken();
    members = await subscribedBuyers(topology, 'refund.buyer', 3);
  }, 300_000);

  afterAll(async () => {
    await topology?.stop();
  }, 60_000);

  /** A paid order of each member, `perMember` times over, once every service agrees it is completed. */
  async function paidOrders(productId: string, perMember: number) {
    const orders: { token: string; orderId: string }[] = [];
    await Promise.all(
      members.map(async (token) => {
        for (let n = 0; n < perMember; n++) {
          const purchase = await buy(client, token, productId);
          expect(purchase.paid, purchase.refusal).toBe(true);
          orders.push({ token, orderId: purchase.orderId! });
        }
      }),
    );
    await expectConverged(
      topology,
      productId,
      orders.map((o) => o.orderId),
    );
    return orders;
  }

  const admin = (path: string, body: unknown = {}) => untilOk(() => client.call(path, { token: adminToken, body }), path);

  /** An operator processes, ships and delivers the order today; the member asks for an exchange. */
  async function deliverAndAsk({ token, orderId }: { token: string; orderId: string }): Promise<string> {
    await admin(`/admin/fulfilment/${orderId}`, { step: 'processing' });
    await admin(`/admin/fulfilment/${orderId}`, {
      step: 'shipped',
      courier: 'Blue Dart',
      awb_number: '12345678901',
      tracking_url: 'https://www.bluedart.com/tracking?awb=12345678901',
    });
    await admin(`/admin/fulfilment/${orderId}`, { step: 'delivered', delivered_on: todayInIndia() });
    const asked = await untilOk(
      () =>
        client.call(`/product/order/${orderId}/exchange`, {
          token,
          body: { reason: 'damaged', note: 'The lid arrived cracked in two.' },
        }),
      `the exchange of ${orderId}`,
    );
    return asked.body.data.exchange_id as string;
  }

  it('refunds each cancelled or exchanged order once, within what was paid, when payments and orders are killed mid-refund', async () => {
    const cancelProduct = await createProduct(client, adminToken, 'Refund Cooker', 100);
    // As many units as are bought: none is left for a replacement, so each exchange approved is refunded.
    const exchangeProduct = await createProduct(client, adminToken, 'Last Kettle', members.length);
    const cancelled = await paidOrders(cancelProduct, 4);
    const exchanged = await paidOrders(exchangeProduct, 1);
    const exchangeIds = await Promise.all(exchanged.map(deliverAndAsk));

    const ways = new Map<string, Way>();
    const choices: Way[] = ['fund_transfer', 'credits', 'deadline'];
    for (const [n, { orderId }] of cancelled.entries()) ways.set(orderId, choices[n % choices.length]!);
    for (const { orderId } of exchanged) ways.set(orderId, 'exchange');

    const starts = Object.fromEntries(topology.processes.map(({ label }) => [label, topology.supervisor.starts(label)]));
    const labelsOf = (name: string) => topology.processes.filter(({ label }) => label.startsWith(`${name}#`)).map(({ label }) => label);
    const kill = async (name: string) => {
      await Promise.all(labelsOf(name).map((label) => topology.supervisor.kill(label, 'SIGKILL')));
    };
    const deadlineOrders = () => [...ways].filter(([, way]) => way === 'deadline').map(([id]) => id);

    // The operator cancels every order (the deadline's timers start now), the members choose and the operator
    // approves the exchanges, while payments, then orders, then payments again (as the deadline's transfers fall
    // due) are killed under them.
    const cancelledAt = Date.now();
    const work = (async () => {
      for (const { orderId } of cancelled) await admin(`/admin/order-cancellations/${orderId}`);
      await Promise.all([
        ...cancelled
          .filter(({ orderId }) => ways.get(orderId) !== 'deadline')
          .map(({ token, orderId }) =>
            untilOk(
              () => client.call(`/product/order/${orderId}/refund`, { token, body: { choice: ways.get(orderId) } }),
              `the choice for ${orderId}`,
            ),
          ),
        ...exchangeIds.map((id) => admin(`/admin/exchanges/${id}/approve`)),
      ]);
    })();
    // Each payments kill lands as the first of a batch of refunds is asked for, so the others are on their way: the
    // members' and the exchanges' at once, the deadline's (its timers polled every 250 ms) after CHOICE_SECONDS.
    const firstRefundOf = (way: Way[]) =>
      eventually(
        async () => {
          const ids = [...ways].filter(([, each]) => way.includes(each)).map(([id]) => id);
          const rows = await topology.query<{ count: number }>(
            'payments',
            "select count(*)::int as count from events where type = 'RefundRequested' and data->>'orderId' = any($1)",
            [ids],
          );
          return rows[0]!.count > 0;
        },
        CHOICE_SECONDS * 1000 + 30_000,
        25,
      );
    await firstRefundOf(['fund_transfer', 'exchange']);
    await kill('payments');
    await sleep(1500);
    await kill('orders');
    // Orders dies again, this time in the middle of the deadline's refund steps: payments is frozen just before they
    // fall due, so a step that starts one is held mid-way (claimed, running, its call to payments unanswered), and
    // orders is killed under it. Each orders instance comes back under its name and takes its own claims back at
    // once, instead of waiting out the five-minute lease on them (issue 32).
    await sleep(cancelledAt + (CHOICE_SECONDS - 3) * 1000 - Date.now());
    for (const label of labelsOf('payments')) topology.supervisor.signal(label, 'SIGSTOP');
    let held: { key: string; claimed_by: string }[] = [];
    await eventually(
      async () => {
        held = await topology.query(
          'orders',
          "select key, claimed_by from scheduled_jobs where type = 'order.refund-due' and status = 'running' and key = any($1)",
          [deadlineOrders()],
        );
        return held.length > 0;
      },
      30_000,
      25,
    );
    await kill('orders');
    const ordersKilledAt = Date.now();
    for (const label of labelsOf('payments')) topology.supervisor.signal(label, 'SIGCONT');
    // The claims were the killed instances' own, under the names their restarts keep.
    for (const { claimed_by } of held) expect(labelsOf('orders')).toContain(claimed_by);
    await firstRefundOf(['deadline']);
    expect(Date.now() - cancelledAt).toBeGreaterThanOrEqual(CHOICE_SECONDS * 1000);
    await kill('payments');
    await work;
    await topology.ready().catch((error) => {
      throw new Error(`a service did not come back: ${error}\n${topology.output()}`);
    });
    // Payments and orders were killed twice each; nothing else died.
    for (const { label } of topology.processes) {
      const kills = label.startsWith('payments#') || label.startsWith('orders#') ? 2 : 0;
      expect(topology.supervisor.starts(label), label).toBe(starts[label]! + kills);
    }
    // The refunds held across the kill are made soon after the restart, well within the lease they no longer wait.
    await eventually(
      async () => {
        const done = await topology.query<{ order_id: string }>(
          'orders',
          'select order_id from order_refunds where order_id = any($1) and refunded_at is not null',
          [held.map((row) => row.key)],
        );
        return done.length === held.length;
      },
      REFUNDED_AFTER_KILL_MS - (Date.now() - ordersKilledAt),
      250,
    ).catch(() => {
      throw new Error(`refunds held across the kill were not made within ${REFUNDED_AFTER_KILL_MS} ms\n${topology.output('orders#1')}`);
    });

    await expectRefundedOnce(ways);
  }, 300_000);

  it('decides each exchange once when an approval and a refusal reach two instances of orders at the same moment', async () => {
    // Enough units for every replacement: an approval that wins takes one.
    const product = await createProduct(client, adminToken, 'Twice Kettle', members.length * 2);
    const exchanged = await paidOrders(product, 1);
    const exchangeIds = await Promise.all(exchanged.map(deliverAndAsk));
    const answered = (call: () => Promise<CallResult>) =>
      untilAnswered(async () => {
        const answer = await call();
        return answer.status < 500 ? answer : undefined;
      });
    const decisions = await Promise.all(
      exchangeIds.map((id) =>
        Promise.all([
          answered(() => client.call(`/admin/exchanges/${id}/approve`, { token: adminToken, body: {} })),
          answered(() =>
            client.call(`/admin/exchanges/${id}/refuse`, { token: adminToken, body: { reason: 'Refused at the same moment.' } }),
          ),
        ]),
      ),
    );
    const approved: string[] = [];
    for (const [n, [approval, refusal]] of decisions.entries()) {
      // One decision wins, the other is told what happened (decision 0025).
      expect([approval.status, refusal.status].sort(), exchangeIds[n]).toEqual([200, 409]);
      if (approval.status === 200) approved.push(exchanged[n]!.orderId);
    }
    const decided = await topology.query<{ stream_id: string; type: string }>(
      'orders',
      "select stream_id, type from events where stream_id = any($1) and type in ('ExchangeApprovalStarted', 'ExchangeRefused')",
      [exchanged.map(({ orderId }) => `order-${orderId}`)],
    );
    expect(decided).toHaveLength(exchanged.length);
    // Stock moved for the approvals alone: one committed replacement unit each, none held or taken for a refusal.
    let replacements: { order_id: string; state: string }[] = [];
    await eventually(
      async () => {
        replacements = await topology.query('catalog', 'select order_id, state from stock_holds where order_id = any($1)', [
          exchanged.map(({ orderId }) => `${orderId}-R2`),
        ]);
        return replacements.length === approved.length && replacements.every((hold) => hold.state === 'committed');
      },
      90_000,
      500,
    ).catch(() => undefined);
    expect(replacements.map((hold) => hold.order_id).sort()).toEqual(approved.map((id) => `${id}-R2`).sort());
    expect(
      replacements.every((hold) => hold.state === 'committed'),
      JSON.stringify(replacements),
    ).toBe(true);
  }, 240_000);

  /**
   * Every order ends refunded as chosen, once: orders recorded it once; payments holds one refund per refunded order,
   * requested and succeeded once, never failed, none pending; Cashfree (its emulator) made one refund per order and never more
   * than it took; credits were granted once instead; the credit each order spent came back once; and the back office
   * lists the same refunds as successes.
   */
  async function expectRefundedOnce(ways: Map<string, Way>) {
    const orderIds = [...ways.keys()];
    const byWay = (...wanted: Way[]) => orderIds.filter((id) => wanted.includes(ways.get(id)!));
    const transfers = byWay('fund_transfer', 'deadline', 'exchange');

    let rows: { order_id: string; refunded: boolean }[] = [];
    await eventually(
      async () => {
        rows = await topology.query(
          'orders',
          'select order_id, refunded_at is not null as refunded from order_refunds where order_id = any($1)',
          [byWay('fund_transfer', 'credits', 'deadline')],
        );
        return rows.length === byWay('fund_transfer', 'credits', 'deadline').length && rows.every((row) => row.refunded);
      },
      90_000,
      500,
    ).catch(() => {
      throw new Error(`cancelled orders not refunded: ${JSON.stringify(rows.filter((row) => !row.refunded))}\n${topology.output()}`);
    });
    // An exchange approved while payments was down is finished by its backstop step, a minute later (decision 0025).
    let orderEvents: { stream_id: string; type: string; count: number }[] = [];
    await eventually(
      async () => {
        orderEvents = await topology.query(
          'orders',
          `select stream_id, type, count(*)::int as count from events
           where stream_id = any($1) and type in ('OrderCancelledOutOfStock', 'OrderRefundChosen', 'OrderRefunded', 'ExchangeRefunded')
           group by 1, 2`,
          [orderIds.map((id) => `order-${id}`)],
        );
        const refunded = new Set(orderEvents.filter((row) => row.type.endsWith('Refunded')).map((row) => row.stream_id));
        return refunded.size === orderIds.length;
      },
      90_000,
      500,
    ).catch(() => undefined);
    for (const id of orderIds) {
      const counted = Object.fromEntries(orderEvents.filter((row) => row.stream_id === `order-${id}`).map((row) => [row.type, row.count]));
      const expected =
        ways.get(id) === 'exchange' ? { ExchangeRefunded: 1 } : { OrderCancelledOutOfStock: 1, OrderRefundChosen: 1, OrderRefunded: 1 };
      expect(counted, `${id} (${ways.get(id)})`).toEqual(expected);
    }

    // The checkout payment of each order, and its refunds at payments, settled from the gateway's word.
    const checkouts = await topology.query<{ order_id: string; payment_id: string; amount_paise: string }>(
      'payments',
      "select order_id, payment_id, amount_paise from payments where order_id = any($1) and purpose <> 'refund'",
      [orderIds],
    );
    expect(checkouts).toHaveLength(orderIds.length);
    let refunds: { refund_of: string; order_id: string; payment_id: string; amount_paise: string; status: string }[] = [];
    await eventually(
      async () => {
        refunds = await topology.query(
          'payments',
          "select refund_of, order_id, payment_id, amount_paise, status from payments where purpose = 'refund' and order_id = any($1)",
          [orderIds],
        );
        return refunds.length === transfers.length && refunds.every((refund) => refund.status !== 'pending');
      },
      90_000,
      500,
    ).catch(() => {
      throw new Error(`refunds not settled: ${JSON.stringify(refunds)}\n${topology.output('payments#1')}`);
    });
    for (const checkout of checkouts) {
      const mine = refunds.filter((refund) => refund.refund_of === checkout.payment_id);
      expect(
        mine.map((refund) => refund.status),
        checkout.order_id,
      ).toEqual(transfers.includes(checkout.order_id) ? ['success'] : []);
      const total = mine.reduce((sum, refund) => sum + Number(refund.amount_paise), 0);
      expect(total, checkout.order_id).toBeLessThanOrEqual(Number(checkout.amount_paise));
      if (mine.length > 0) expect(total, checkout.order_id).toBe(Number(checkout.amount_paise));
    }
    const refundEvents = await topology.query<{ refund_id: string; type: string; count: number }>(
      'payments',
      `select data->>'refundId' as refund_id, type, count(*)::int as count from events
       where type in ('RefundRequested', 'PaymentRefunded', 'RefundFailed') and data->>'orderId' = any($1) group by 1, 2`,
      [orderIds],
    );
    for (const { payment_id: refundId } of refunds) {
      const counted = Object.fromEntries(refundEvents.filter((row) => row.refund_id === refundId).map((row) => [row.type, row.count]));
      expect(counted, refundId).toEqual({ RefundRequested: 1, PaymentRefunded: 1 });
    }

    // The Cashfree emulator (the gateway) was asked for one refund per order, made it, and never gave back more than
    // it took. Its records are kept a moment after they change: read once they show every refund made.
    type Made = { order_id: string; refund_id: string; amount_paise: number; status: string };
    let made: Made[] = [];
    await eventually(
      async () => {
        made = (await topology.cashfreeRecords()).orders
          .filter((order) => orderIds.includes(order.order_id))
          .flatMap((order) =>
            order.refunds.map((refund) => ({
              order_id: order.order_id,
              refund_id: refund.refund_id,
              amount_paise: Math.round(refund.refund_amount * 100),
              status: refund.refund_status,
            })),
          );
        return made.length >= transfers.length && made.every((row) => row.status !== 'PENDING');
      },
      30_000,
      500,
    ).catch(() => undefined);
    expect(made.map((row) => row.order_id).sort()).toEqual([...transfers].sort());
    for (const row of made) {
      const refund = refunds.find((each) => each.payment_id === row.refund_id);
      expect(row, row.order_id).toMatchObject({ status: 'SUCCESS', amount_paise: Number(refund?.amount_paise) });
    }

    // Credits instead: one grant each. The credit an order spent: released once, for every order refunded any way.
    const ledger = await topology.query<{ order_id: string; kind: string; count: number }>(
      'payments',
      'select order_id, kind, count(*)::int as count from credit_ledger where order_id = any($1) group by 1, 2',
      [orderIds],
    );
    const entries = (id: string) => Object.fromEntries(ledger.filter((row) => row.order_id === id).map((row) => [row.kind, row.count]));
    expect(ledger.some((row) => row.kind === 'spend')).toBe(true);
    for (const id of orderIds) {
      const { spend, release, grant } = entries(id);
      expect({ release, grant }, `${id} (${ways.get(id)})`).toEqual({
        release: spend,
        grant: ways.get(id) === 'credits' ? 1 : undefined,
      });
    }

    // The back office lists the same refunds, settled the same way.
    const lines = (list: { payment_id: string; status: string }[]) => list.map((row) => `${row.payment_id} ${row.status}`).sort();
    let seen: string[] = [];
    await eventually(
      async () => {
        seen = lines(
          await topology.query(
            'admin-bff',
            "select payment_id, status from payments where payment_type = 'refund' and order_id = any($1)",
            [orderIds],
          ),
        );
        return JSON.stringify(seen) === JSON.stringify(lines(refunds));
      },
      60_000,
      500,
    ).catch(() => {
      throw new Error(`the back office disagrees: ${JSON.stringify({ seen, truth: lines(refunds) })}`);
    });
  }
});
