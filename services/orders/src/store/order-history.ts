import { type Kysely, sql } from 'kysely';
import { ORDER_SHIPMENT } from '../domain/fulfilment.js';
import type { OrderRefundsTable, OrderShipmentsTable, OrdersDb, OrdersTable } from './tables.js';

/** A table's every column, checked against its row type: a column added to the table must be added here too. */
const columnsOf = <Row>(columns: Record<keyof Row & string, true>) => Object.keys(columns) as (keyof Row & string)[];

const ORDER_COLUMNS = columnsOf<OrdersTable>({
  order_id: true,
  member_id: true,
  product_id: true,
  product: true,
  quantity: true,
  unit_price_paise: true,
  credit_paise: true,
  amount_paise: true,
  status: true,
  payment_id: true,
  transaction_id: true,
  payment_method: true,
  failure_reason: true,
  variant_group: true,
  customer: true,
  shipping_address: true,
  billing_address: true,
  created_at: true,
  updated_at: true,
});
const SHIPMENT_COLUMNS = columnsOf<OrderShipmentsTable>({
  order_id: true,
  shipment: true,
  step: true,
  opened_at: true,
  processing_at: true,
  shipped_at: true,
  courier: true,
  awb_number: true,
  tracking_url: true,
  delivered_on: true,
  delivered_at: true,
});
const REFUND_COLUMNS = columnsOf<OrderRefundsTable>({
  order_id: true,
  member_id: true,
  amount_paise: true,
  credit_paise: true,
  reason: true,
  cancelled_at: true,
  cancelled_by: true,
  choice_by: true,
  choice: true,
  chosen_by: true,
  refund_id: true,
  refunded_at: true,
  refund_outcome: true,
});

const TABLES = [
  ['o', ORDER_COLUMNS],
  ['s', SHIPMENT_COLUMNS],
  ['r', REFUND_COLUMNS],
] as const;

/** One table's row out of a joined row whose columns are `<alias>_<column>`; none when the join found nothing. */
function rowOf<Row>(joined: Record<string, unknown>, alias: string, columns: readonly string[]): Row | undefined {
  if (joined[`${alias}_order_id`] === null) return undefined;
  return Object.fromEntries(columns.map((column) => [column, joined[`${alias}_${column}`]])) as Row;
}

export interface OrderHistoryEntry {
  order: OrdersTable;
  /** The order's own shipment (paid orders have one). */
  shipment?: OrderShipmentsTable;
  /** Its out-of-stock refund, when it was cancelled so. */
  refund?: OrderRefundsTable;
}

/**
 * One page of the member's orders, newest first, each with its own shipment and refund, and how many orders match:
 * one read (the order history is asked for on every visit to the orders page). `failed` also lists cancelled orders;
 * `all` (or none) lists every status. Only a page past the last needs a second read, for the count.
 */
export async function memberOrderHistory(
  db: Kysely<OrdersDb>,
  memberId: string,
  status: string | undefined,
  page: number,
  limit: number,
): Promise<{ entries: OrderHistoryEntry[]; total: number }> {
  let query = db.selectFrom('orders as o').where('o.member_id', '=', memberId);
  if (status === 'failed') query = query.where('o.status', 'in', ['failed', 'cancelled']);
  else if (status && status !== 'all') query = query.where('o.status', '=', status);
  const rows = (await query
    .leftJoin('order_shipments as s', (join) => join.onRef('s.order_id', '=', 'o.order_id').on('s.shipment', '=', ORDER_SHIPMENT))
    .leftJoin('order_refunds as r', 'r.order_id', 'o.order_id')
    .select(TABLES.flatMap(([alias, columns]) => columns.map((column) => sql.ref(`${alias}.${column}`).as(`${alias}_${column}`))))
    // Counted before the page is cut: the whole match, as a count of its own would give.
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()) as Record<string, unknown>[];
  const entries = rows.map((row) => ({
    order: rowOf<OrdersTable>(row, 'o', ORDER_COLUMNS) as OrdersTable,
    shipment: rowOf<OrderShipmentsTable>(row, 's', SHIPMENT_COLUMNS),
    refund: rowOf<OrderRefundsTable>(row, 'r', REFUND_COLUMNS),
  }));
  if (rows.length > 0) return { entries, total: Number(rows[0]?.total) };
  if (page === 1) return { entries, total: 0 };
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { entries, total: Number(counted.n) };
}
