import type { ExpressionBuilder, Kysely } from 'kysely';
import type { OrdersDb } from './tables.js';

/** Locks the member's buyer row until the transaction ends (taken by placements and late completions). */
export async function lockMemberBuyer(db: Kysely<OrdersDb>, memberId: string): Promise<void> {
  await db.selectFrom('member_buyers').select('member_id').where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

type ProductKey = { productId: string; variantGroup: string | null };

/** The member's orders of this product, or of another version in its variant group. */
const ofProduct = (product: ProductKey) => (eb: ExpressionBuilder<OrdersDb, 'orders'>) =>
  product.variantGroup
    ? eb.or([eb('product_id', '=', product.productId), eb('variant_group', '=', product.variantGroup)])
    : eb('product_id', '=', product.productId);

/**
 * Has the member an order in one of `statuses` of this product, or of another version in its variant group (other
 * than `exceptOrderId`)?
 */
export async function hasOrderOfProduct(
  db: Kysely<OrdersDb>,
  memberId: string,
  product: ProductKey,
  statuses: readonly string[],
  exceptOrderId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('orders')
    .select('order_id')
    .where('member_id', '=', memberId)
    .where('status', 'in', [...statuses])
    .where(ofProduct(product));
  if (exceptOrderId) query = query.where('order_id', '!=', exceptOrderId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * In one read, what a new order's limits ask of the member's orders: how many are in one of `unpaid`, and whether
 * one in `kept` is of this product (a placement reads this twice, so one statement instead of two counts).
 */
export async function memberOrderFacts(
  db: Kysely<OrdersDb>,
  memberId: string,
  product: ProductKey,
  statuses: { unpaid: readonly string[]; kept: readonly string[] },
): Promise<{ unpaid: number; ofProduct: number; anyoneWaiting: boolean }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere('status', 'in', [...statuses.unpaid])
        .as('unpaid'),
      eb.fn
        .countAll<number>()
        .filterWhere((inner) => inner.and([inner('status', 'in', [...statuses.kept]), ofProduct(product)(inner)]))
        .as('of_product'),
      // Whether members wait on the product's waitlist: a placement needs it too, and asked here it costs no
      // statement of its own (one per buyer in a drop).
      eb
        .exists(eb.selectFrom('waitlist').select('member_id').where('product_id', '=', product.productId).where('state', '=', 'waiting'))
        .as('anyone_waiting'),
    ])
    .where('member_id', '=', memberId)
    .where('status', 'in', [...new Set([...statuses.unpaid, ...statuses.kept])])
    .executeTakeFirstOrThrow();
  return { unpaid: Number(row.unpaid), ofProduct: Number(row.of_product), anyoneWaiting: Boolean(row.anyone_waiting) };
}
