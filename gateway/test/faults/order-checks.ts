import { eventually } from '@elts/platform/testing';
import { expect } from 'vitest';
import type { Topology } from './topology.js';

/**
 * Where every service must agree, eventually: each order known to the members exists once and is completed if
 * it was paid; no order is left pending; each order and payment made each transition once; the catalogue counts
 * every completed unit as sold and holds nothing; the back office shows the same orders and payments.
 */
export async function expectConverged(topology: Topology, productId: string, paidOrderIds: string[], otherKnownIds: string[] = []) {
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
      const stock = await topology.query<{ held: number; sold: number }>('catalog', 'select held, sold from stock where product_id = $1', [
        productId,
      ]);
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
        payments: lines(await topology.query('admin-bff', 'select payment_id as id, status from payments where order_id = any($1)', [ids])),
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

/** The checkout payments of these orders or memberships (by order id), with their status and timeout. */
export function checkoutPayments(topology: Topology, orderIds: string[]) {
  return topology.query<{ payment_id: string; order_id: string; status: string; auto_failed: boolean }>(
    'payments',
    "select payment_id, order_id, status, auto_failed from payments where order_id = any($1) and purpose <> 'renewal'",
    [orderIds],
  );
}

/** Each of these unpaid orders' (or memberships') payments failed by its timeout, once: one PaymentFailed each. */
export async function expectTimedOutOnce(topology: Topology, orderIds: string[]) {
  const payments = await checkoutPayments(topology, orderIds);
  expect(payments).toHaveLength(orderIds.length);
  for (const payment of payments) expect(payment, payment.order_id).toMatchObject({ status: 'failed', auto_failed: true });
  const fired = await topology.query<{ payment_id: string; count: number }>(
    'payments',
    `select data->>'paymentId' as payment_id, count(*)::int as count from events
     where type = 'PaymentFailed' and data->>'paymentId' = any($1) group by 1`,
    [payments.map((p) => p.payment_id)],
  );
  for (const { payment_id } of payments) {
    expect(fired.find((row) => row.payment_id === payment_id)?.count ?? 0, `PaymentFailed of ${payment_id}`).toBe(1);
  }
}
