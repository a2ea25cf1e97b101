import { countOf, type Profession } from '@elts/contracts';
import { conflict } from '@elts/platform';
import type { Kysely } from 'kysely';
import { buysOneOfEach, KEPT_STATUSES, UNPAID_STATUSES } from '../domain/order.js';
import { hasOrderOfProduct, lockMemberBuyer, memberOrderFacts } from '../store/member-orders.js';
import type { OrdersDb } from '../store/tables.js';

export const NOT_A_SUBSCRIBER = 'Only active subscribers can place orders. Subscribe to unlock the deals board.';

export const ALREADY_ORDERED =
  'You already have an order for this product (or another version of it). Students and working professionals can buy one of each product.';

export const tooManyUnpaid = (limit: number) =>
  `You already have ${countOf(limit, 'order')} waiting for payment, the most you can have at once. ` +
  'Finish paying for one, or wait until an unpaid one closes, before you place another.';

export interface PurchaseRules {
  /** The member buys one of each product (domain/order.ts buysOneOfEach). */
  oneOfEach: boolean;
  /** Most orders the member may have waiting for payment (UNPAID_ORDERS_PER_MEMBER). */
  unpaidLimit: number;
}

/** A buyer's rules from what orders knows of them (their profession and GSTIN) and the settings. */
export function purchaseRulesOf(
  buyer: { profession: string | null; gst: string },
  settings: { UNPAID_ORDERS_PER_MEMBER: number },
): PurchaseRules {
  return { oneOfEach: buysOneOfEach(buyer.profession as Profession | null, buyer.gst), unpaidLimit: settings.UNPAID_ORDERS_PER_MEMBER };
}

export interface ProductKey {
  productId: string;
  variantGroup: string | null;
}

/**
 * Serialises one member's order placements (and late completions, settle-order.ts) until the transaction ends: the
 * counts below are then true when the order is recorded. Read Committed reads afresh after the wait, so a rival that
 * held the lock is seen with its order. Only that member waits; the row exists for anyone allowed to order.
 */
export async function lockMember(trx: Kysely<OrdersDb>, memberId: string): Promise<void> {
  await lockMemberBuyer(trx, memberId);
}

/**
 * Does the member have another order of this product, or of another version in its variant group, that is waiting
 * for payment or paid? Failed and cancelled orders (an expired hold fails its order) do not count.
 */
export async function holdsProductElsewhere(db: Kysely<OrdersDb>, memberId: string, product: ProductKey, exceptOrderId?: string) {
  return hasOrderOfProduct(db, memberId, product, KEPT_STATUSES, exceptOrderId);
}

/**
 * The member's limits for a new order: one of each product (for those it applies to), and at most `unpaidLimit`
 * orders waiting for payment. Called once before anything is held (a cheap early answer) and again under
 * `lockMember` in the transaction that records the order, which is the check that counts. Answers, from the same
 * read, whether members wait on the product's waitlist (units free then are theirs).
 */
export async function assertMayOrder(
  db: Kysely<OrdersDb>,
  memberId: string,
  product: ProductKey,
  rules: PurchaseRules,
): Promise<{ anyoneWaiting: boolean }> {
  const orders = await memberOrderFacts(db, memberId, product, { unpaid: UNPAID_STATUSES, kept: KEPT_STATUSES });
  if (rules.oneOfEach && orders.ofProduct > 0) throw conflict(ALREADY_ORDERED);
  if (orders.unpaid >= rules.unpaidLimit) throw conflict(tooManyUnpaid(rules.unpaidLimit));
  return { anyoneWaiting: orders.anyoneWaiting };
}
