import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AdminDb } from './tables.js';

export type Fulfilment = Pick<
  AdminDb['product_orders'],
  'fulfilment_step' | 'courier' | 'awb_number' | 'tracking_url' | 'shipped_at' | 'delivered_on'
>;

/** A placed order as the Orders page first lists it, once per order id. */
export async function addProductOrder(db: Kysely<AdminDb>, row: Insertable<AdminDb['product_orders']>): Promise<void> {
  await db
    .insertInto('product_orders')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

export async function setProductOrder(db: Kysely<AdminDb>, orderId: string, values: Updateable<AdminDb['product_orders']>): Promise<void> {
  await db.updateTable('product_orders').set(values).where('order_id', '=', orderId).execute();
}

/** The order's fulfilment as it stands, if the order is listed. */
export function productOrderFulfilment(db: Kysely<AdminDb>, orderId: string) {
  const columns = ['fulfilment_step', 'courier', 'awb_number', 'tracking_url', 'shipped_at', 'delivered_on'] as const;
  return db.selectFrom('product_orders').select(columns).where('order_id', '=', orderId).executeTakeFirst();
}
