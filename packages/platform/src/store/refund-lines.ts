import type { RefundLineChange } from '@elts/contracts';
import type { Kysely } from 'kysely';

/**
 * One refund of a product order, as the services that show refunds keep it (orders for the member's pages, admin-bff
 * for the Orders page, decision 0075): each in a table of its own with these columns, filled from the orders
 * service's events as contracts' `refundLineChange` reads them. `kind`, `method` and the amount are null while only a
 * settlement has been heard (it can be recorded before its refund).
 */
export interface RefundLineRow {
  refund_id: string;
  order_id: string;
  kind: string | null;
  method: string | null;
  amount_paise: number | null;
  reason: string | null;
  state: string;
  retry: string | null;
  retry_of: string | null;
  asked_at: Date | null;
  settled_at: Date | null;
}

type LinesDb = Record<string, RefundLineRow>;

const EMPTY = { kind: null, method: null, amount_paise: null, reason: null, retry: null, retry_of: null, asked_at: null };

/**
 * Applies one change to the table's lines, in the consumer's or the appending transaction: asked (its kind decided by
 * `kindOf` when the event does not carry it), settled (a settlement heard first is not overwritten by the answer that
 * follows), or a failed refund's retry chosen.
 */
export async function applyRefundLine(
  db: Kysely<any>,
  table: string,
  change: RefundLineChange,
  at: Date,
  kindOf: (orderId: string, retryOf: string | null) => Promise<string>,
): Promise<void> {
  const lines = db as Kysely<LinesDb>;
  if (change.change === 'retry_chosen') {
    await lines.updateTable(table).set({ retry: change.retry }).where('refund_id', '=', change.refundId).execute();
    return;
  }
  if (change.change === 'settled') {
    await lines
      .insertInto(table)
      .values({ ...EMPTY, refund_id: change.refundId, order_id: change.orderId, state: change.state, settled_at: at })
      .onConflict((oc) => oc.column('refund_id').doUpdateSet({ state: change.state, settled_at: at }))
      .execute();
    return;
  }
  const kind = change.kind ?? (await kindOf(change.orderId, change.retryOf));
  const asked = {
    kind,
    method: change.method,
    amount_paise: change.amountPaise,
    reason: change.reason,
    retry_of: change.retryOf,
    asked_at: at,
  };
  await lines
    .insertInto(table)
    .values({
      ...EMPTY,
      ...asked,
      refund_id: change.refundId,
      order_id: change.orderId,
      state: change.state,
      settled_at: change.state === 'refunding' ? null : at,
    })
    .onConflict((oc) => oc.column('refund_id').doUpdateSet(asked))
    .execute();
}

/** The kind of the failed refund a retry makes good (a late payment's when it is not known). */
export async function kindOfRetried(db: Kysely<any>, table: string, retryOf: string): Promise<string> {
  const failed = await (db as Kysely<LinesDb>).selectFrom(table).select('kind').where('refund_id', '=', retryOf).executeTakeFirst();
  return failed?.kind ?? 'late_payment';
}

/** The lines of these orders whose refund has been recorded, oldest first, by order id. */
export async function refundLinesOf(db: Kysely<any>, table: string, orderIds: string[]): Promise<Map<string, RefundLineRow[]>> {
  const byOrder = new Map<string, RefundLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await (db as Kysely<LinesDb>)
    .selectFrom(table)
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('kind', 'is not', null)
    .orderBy('asked_at')
    .orderBy('refund_id')
    .execute();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}
