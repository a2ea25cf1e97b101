import type { EventData, OrderPlaced } from '@elts/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { PaymentsDb } from './tables.js';

// What a product order's tax invoice needs from other services (docs/decisions/0093): each product's tax facts, from
// catalog's product events, and each order as placed, from orders' OrderPlaced.

export type PlacedOrder = EventData<typeof OrderPlaced>;

/** The product's tax facts as last saved (a later save replaces them; the invoice takes them when the goods ship). */
export async function saveProductTaxFacts(
  trx: Transaction<PaymentsDb>,
  productId: string,
  facts: { hsnCode: string | null; gstRatePercent: number | null },
) {
  const row = { hsn_code: facts.hsnCode, gst_rate_percent: facts.gstRatePercent };
  await trx
    .insertInto('product_tax_facts')
    .values({ product_id: productId, ...row })
    .onConflict((conflict) => conflict.column('product_id').doUpdateSet(row))
    .execute();
}

export async function saveProductOrder(trx: Transaction<PaymentsDb>, order: PlacedOrder) {
  await trx
    .insertInto('product_orders')
    .values({ order_id: order.orderId, member_id: order.memberId, product_id: order.productId, placed: JSON.stringify(order) })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

/** The stored order (a JSON column, which the embedded database may hand back as text). */
const placedOf = (stored: unknown): PlacedOrder => (typeof stored === 'string' ? JSON.parse(stored) : stored) as PlacedOrder;

/** The price a reserved order settled on when its checkout opened: the credit spent and what is left to pay. */
export async function saveProductOrderPrice(
  trx: Transaction<PaymentsDb>,
  orderId: string,
  price: { creditPaise: number; amountPaise: number },
) {
  const row = await trx.selectFrom('product_orders').select('placed').where('order_id', '=', orderId).executeTakeFirst();
  if (!row) return;
  const placed = placedOf(row.placed);
  await trx
    .updateTable('product_orders')
    .set({ placed: JSON.stringify({ ...placed, ...price }) })
    .where('order_id', '=', orderId)
    .execute();
}

/** The business an order's invoice names, as the member gave it on the order (docs/decisions/0158). */
export interface OrderBuyer {
  gstin: string;
  legalName: string;
}
const buyerOf = (stored: unknown): OrderBuyer | null =>
  stored ? ((typeof stored === 'string' ? JSON.parse(stored) : stored) as OrderBuyer) : null;

/** A member's own order's billing state and buyer, and whether its invoice is issued (it then names no other). */
export async function findOrderBuyer(db: Kysely<PaymentsDb>, orderId: string, memberId: string) {
  const row = await db
    .selectFrom('product_orders as o')
    .leftJoin('invoices as i', 'i.order_id', 'o.order_id')
    .select(['o.placed', 'o.buyer', 'i.invoice_number'])
    .where('o.order_id', '=', orderId)
    .where('o.member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { billingState: placedOf(row.placed).billingAddress.state, buyer: buyerOf(row.buyer), invoiced: row.invoice_number !== null };
}

/** Names the business on an order not yet invoiced; false when its invoice was issued first. */
export async function saveOrderBuyer(db: Kysely<PaymentsDb>, orderId: string, buyer: OrderBuyer): Promise<boolean> {
  const updated = await db
    .updateTable('product_orders')
    .set({ buyer: JSON.stringify(buyer) })
    .where('order_id', '=', orderId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('invoices').select('invoice_number').where('invoices.order_id', '=', orderId))),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** An order as placed, with its product's tax facts (null when the product has none) and the buyer named on it. */
export async function findOrderToInvoice(db: Kysely<PaymentsDb>, orderId: string) {
  const row = await db
    .selectFrom('product_orders as o')
    .leftJoin('product_tax_facts as t', 't.product_id', 'o.product_id')
    .select(['o.placed', 'o.buyer', 't.hsn_code', 't.gst_rate_percent'])
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  const placed = placedOf(row.placed);
  const tax = row.hsn_code && row.gst_rate_percent !== null ? { hsnCode: row.hsn_code, ratePercent: Number(row.gst_rate_percent) } : null;
  return { placed, tax, buyer: buyerOf(row.buyer) };
}
