import { COPY, type OrderPayload } from '@elts/contracts';
import { badRequest, conflict, forbidden, notFound } from '@elts/platform';
import type { OrdersContext } from '../commands/context.js';
import { assertMayOrder, NOT_A_SUBSCRIBER, purchaseRulesOf } from '../commands/purchase-limits.js';
import { saleRefusal } from '../processes/order-saga/decider.js';
import { findBuyer } from '../store/member-buyers.js';
import { anyoneWaiting, joinWaitlist, placesOf, type WaitingPlace } from '../store/waitlist.js';

/**
 * Puts the member on a sold-out product's waitlist with the order details their reservation will carry (issue 33
 * item 3). Asked as a Buy Now is (an active membership, one of each, a serviceable pincode, the sale open), and only
 * for a product with no unit left: a unit that is there is bought, not waited for. Nothing is charged or held.
 */
export async function joinProductWaitlist(
  context: OrdersContext,
  memberId: string,
  payload: OrderPayload,
): Promise<WaitingPlace | undefined> {
  if (payload.quantity !== 1) throw badRequest(COPY.waitlist.oneUnit);
  const buyer = await findBuyer(context.db, memberId);
  if (buyer?.subscription_status !== 'active') throw forbidden(NOT_A_SUBSCRIBER);
  const place = await context.serviceability.check(payload.shipping_address.pincode);
  if (!place.serviceable) throw badRequest('Not serviceable currently');
  const product = await context.partners.product(payload.product_id);
  if (!product) throw notFound('Product not found');
  if (!product.isEnabled) throw badRequest('This product is not available.');
  const refusal = saleRefusal(product, context.clock.now());
  if (refusal) throw badRequest(refusal);
  // Units free while others wait (a restock being handed to them) are not for sale: the member may queue for them.
  if (product.available > 0 && !(await anyoneWaiting(context.db, product.id))) throw conflict(COPY.waitlist.notSoldOut);
  // Waiting holds nothing, so the unpaid cap is asked when the member's turn comes, not now (hand-over.ts).
  const rules = { ...purchaseRulesOf(buyer, context.settings), unpaidLimit: Number.POSITIVE_INFINITY };
  await assertMayOrder(context.db, memberId, { productId: product.id, variantGroup: product.variantGroup }, rules);
  await joinWaitlist(context.db, { productId: product.id, memberId, request: payload, now: context.clock.now() });
  // A sale that ends with members still waiting tells them so (sale-end.ts).
  if (product.saleEndAt) await context.waitlistClosesAt(product.id, new Date(product.saleEndAt));
  // None when a unit was handed to them between the two statements: their reservation is made, and its mail says so.
  return (await placesOf(context.db, memberId, product.id))[0];
}
