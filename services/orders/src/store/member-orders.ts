import type { Kysely } from 'kysely';
import type { OrdersDb } from './tables.js';

/** Locks the member's buyer row until the transaction ends (taken by placements and late completions). */
export async function lockMemberBuyer(db: Kysely<OrdersDb>, memberId: string): Promise<void> {
  await db.selectFrom('member_buyers').select('member_id').where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

/**
 * Has the member an order in one of `statuses` of this product, or of another version in its variant group (other
 * than `exceptOrderId`)?
 */
export async function hasOrderOfProduct(
  db: Kysely<OrdersDb>,
  memberId: string,
  product: { productId: string; variantGroup: string | null },
  statuses: readonly string[],
  exceptOrderId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('orders')
    .select('order_id')
    .where('member_id', '=', memberId)
    .where('status', 'in', [...statuses])
    .where((eb) =>
      product.variantGroup
        ? eb.or([eb('product_id', '=', product.productId), eb('variant_group', '=', product.variantGroup)])
        : eb('product_id', '=', product.productId),
    );
  if (exceptOrderId) query = query.where('order_id', '!=', exceptOrderId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** How many of the member's orders are in one of `statuses`. */
export async function countMemberOrders(db: Kysely<OrdersDb>, memberId: string, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
