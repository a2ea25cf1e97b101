import type { Database } from '@elts/platform';
import { sql } from '@elts/platform';

export interface PaymentPropagation {
  /** When the payments service appended PaymentSucceeded (its recorded_at), epoch ms. */
  appendedAt: number;
  /** Milliseconds after that when the back office's payment row, and the member's order, first showed it. */
  adminMs: number;
  orderMs: number;
}

const POLL_MS = 2;
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Watches, inside the product's process, for a product order's payment success to reach the admin-bff projection
 * and the order itself. Polling every 2 ms bounds the resolution; both reads are one indexed row each.
 */
export async function watchPayment(database: Database, { orderId, timeoutMs }: { orderId: string; timeoutMs: number }) {
  const id = quote(orderId);
  const adminSeen = sql.raw(`select 1 from payments where order_id = ${id} and status = 'success'`);
  const orderSeen = sql.raw(`select 1 from orders where order_id = ${id} and status = 'completed'`);
  const appended = sql.raw(
    `select (extract(epoch from recorded_at) * 1000)::float8 as at from events where type = 'PaymentSucceeded' and data->>'orderId' = ${id}`,
  );
  let adminAt: number | undefined;
  let orderAt: number | undefined;
  const deadline = Date.now() + timeoutMs;
  while ((adminAt === undefined || orderAt === undefined) && Date.now() < deadline) {
    if (adminAt === undefined && (await adminSeen.execute(database.forSchema('admin_bff'))).rows.length) adminAt = Date.now();
    if (orderAt === undefined && (await orderSeen.execute(database.forSchema('orders'))).rows.length) orderAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const row = (await appended.execute(database.forSchema('payments'))).rows[0] as { at: number } | undefined;
  if (!row || adminAt === undefined || orderAt === undefined) return undefined;
  return { appendedAt: row.at, adminMs: adminAt - row.at, orderMs: orderAt - row.at } satisfies PaymentPropagation;
}
