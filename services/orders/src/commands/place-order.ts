import { randomBytes } from 'node:crypto';
import {
  formatRupees,
  MEMBERSHIP_CREDIT,
  MINIMUM_PAYMENT_PAISE,
  ORDER_ID_PREFIXES,
  type OrderPayload,
  type Profession,
  payableAfterCredit,
} from '@elts/contracts';
import { badRequest, conflict, forbidden, notFound } from '@elts/platform';
import { maxQuantity, orderStream } from '../domain/order.js';
import { reservedUntil, saleRefusal } from '../processes/order-saga/decider.js';
import { findBuyer } from '../store/member-buyers.js';
import { orderRow } from '../store/order-reads.js';
import { type OrdersContext, recordOrder } from './context.js';
import { assertClaimHeld, type Claim, ClaimLost, claimKey, letGo, requestDigest } from './idempotency-claims.js';
import type { Admission } from './placement-gate.js';
import { assertMayOrder, lockMember, NOT_A_SUBSCRIBER, purchaseRulesOf } from './purchase-limits.js';
import { reservationPlaced } from './reservation-placed.js';

const UNDER_MINIMUM_PAYMENT =
  `This order is too small to pay for: after up to ${MEMBERSHIP_CREDIT.maxShareOfOrderPercent}% membership credit it must ` +
  `still come to ${formatRupees(MINIMUM_PAYMENT_PAISE)}, the smallest payment we can take.`;

// The prefix is how /order tells a product order from a membership by its id alone (contracts order-ids.ts).
export const newOrderId = () => `${ORDER_ID_PREFIXES.product}${randomBytes(6).toString('hex').toUpperCase()}`;

/** A unit reserved for the member: the order, with the time it may be paid until (its price before any credit). */
export interface Reservation {
  orderId: string;
  reservedUntil: Date;
  pricePaise: number;
}

/**
 * The drop's decision (issue 33, docs/decisions/0076): does this member get a unit? In the order that keeps nothing
 * stranded: claim the idempotency key, check everything we can check for free, schedule the backstop, hold the stock
 * (the one atomic step on the catalog's ledger), record the reservation. The answer waits for nothing else: the
 * credit and the payment follow when the member's checkout opens (checkout.ts). A failure after the hold gives the
 * unit back; a crash between steps is covered by the backstop, scheduled before anything is held.
 */
export async function placeOrder(
  context: OrdersContext,
  memberId: string,
  payload: OrderPayload,
  idempotencyKey: string | undefined,
): Promise<Reservation> {
  const { gate } = context;
  const { product_id: productId, quantity } = payload;
  // Judged at arrival, not in a turn: a buyer who cannot get a unit is not kept waiting behind those who will.
  if (gate.refuses(productId, quantity)) await refuseUnlessRepeat(context, memberId, idempotencyKey);
  return gate.run(productId, quantity, async (admission) => {
    // And again at the turn: in a burst every buyer arrives before the first read is answered, so none is refused
    // at arrival; those queued behind the placement that took the last unit learn it here, from memory, instead of
    // through the saga's reads.
    if (gate.isSoldOut(productId)) await refuseUnlessRepeat(context, memberId, idempotencyKey);
    return placeInTurn(context, memberId, payload, idempotencyKey, admission);
  });
}

/** 'Out of Stock', unless this is a repeat of a request that was placed (its key has a claim): that gets its order. */
async function refuseUnlessRepeat(context: OrdersContext, memberId: string, idempotencyKey: string | undefined): Promise<void> {
  const repeat = idempotencyKey !== undefined && (await context.keyClaimed({ memberId, key: idempotencyKey }));
  if (!repeat) throw conflict('Out of Stock');
}

async function placeInTurn(
  context: OrdersContext,
  memberId: string,
  payload: OrderPayload,
  idempotencyKey: string | undefined,
  admission: Admission,
): Promise<Reservation> {
  const orderId = newOrderId();
  const claim: Claim | undefined = idempotencyKey ? { memberId, key: idempotencyKey, digest: requestDigest(payload) } : undefined;
  if (claim) {
    const earlier = await claimKey(context.db, context.clock, claim, orderId);
    if (earlier) return reservationOf(context, earlier);
  }
  try {
    return await placeNewOrder(context, memberId, payload, orderId, claim, admission);
  } catch (error) {
    if (!claim) throw error;
    await letGo(context.db, claim, orderId);
    // Another request with this key took over while this one was slow: answer with its order, as a repeat would.
    if (error instanceof ClaimLost) return placeInTurn(context, memberId, payload, idempotencyKey, admission);
    throw error;
  }
}

async function placeNewOrder(
  context: OrdersContext,
  memberId: string,
  payload: OrderPayload,
  orderId: string,
  claim: Claim | undefined,
  admission: Admission,
): Promise<Reservation> {
  const buyer = await findBuyer(context.db, memberId);
  if (buyer?.subscription_status !== 'active') throw forbidden(NOT_A_SUBSCRIBER);
  const limit = maxQuantity((buyer.profession as Profession | null) ?? null, buyer.gst, context.settings.ORDER_MAX_QUANTITY);
  const rules = purchaseRulesOf(buyer, context.settings);
  if (payload.quantity > limit) {
    throw badRequest(
      limit === 1
        ? 'Students and working professionals can buy one of each product. Startups, businesses and institutions with a valid GSTIN may buy more.'
        : `You can buy at most ${limit} of a product.`,
    );
  }
  const shipping = payload.shipping_address;
  const place = await context.serviceability.check(shipping.pincode);
  if (!place.serviceable) throw badRequest('Not serviceable currently');
  const product = await context.partners.product(payload.product_id);
  if (!product) throw notFound('Product not found');
  if (!product.isEnabled) throw badRequest('This product is not available.');
  context.gate.unitsLeft(product.id, product.available);
  const refusal = saleRefusal(product, context.clock.now());
  if (refusal) throw badRequest(refusal);
  // A drop's waiting room lets its members in by the draw's order; one whose turn has not come is told their place.
  await context.waitingRoom.admit(memberId, product);
  const productKey = { productId: product.id, variantGroup: product.variantGroup ?? null };
  // An early answer, before anything is held; the one that counts is taken again under the member's lock below.
  const { anyoneWaiting } = await assertMayOrder(context.db, memberId, productKey, rules);
  if (product.available < payload.quantity) {
    if (product.available <= 0) context.gate.markSoldOut(product.id);
    throw conflict('Out of Stock');
  }
  // Units free while members wait (a restock on its way to them, waitlist/hand-over.ts) are theirs, not this buyer's.
  if (anyoneWaiting) throw conflict('Out of Stock');
  // Judged before the backstop and the hold: a refusal here leaves nothing to undo.
  if (!payableAfterCredit(product.pricePaise * payload.quantity)) throw badRequest(UNDER_MINIMUM_PAYMENT);

  const now = context.clock.now();
  const payBy = reservedUntil(now, context.settings.ORDER_PAY_MINUTES);
  // The hold outlasts the time to pay and the payment's own timeout, so a payment that succeeds in time finds it.
  const holdUntil = new Date(now.getTime() + context.settings.ORDER_HOLD_MINUTES * 60_000);
  await context.expireLater(orderId, memberId, holdUntil);
  const asked = { productId: product.id, quantity: payload.quantity };
  const hold = await context.partners
    .hold(orderId, product.id, payload.quantity, holdUntil)
    .finally(admission.holdAnswered)
    .catch(async (error: unknown) => {
      // The hold's answer was lost (a timeout, a saturated catalog): it may have been taken, or may still be on its way.
      // Released now, with what was asked, it keeps no units from other buyers until the order's expiry. A refusal
      // (4xx) is an answer: nothing was held.
      const status = (error as { status?: number }).status;
      if (!status || status >= 500) await releaseHold(context, orderId, asked);
      throw error;
    });
  if (!hold.held) {
    if (hold.reason !== 'out_of_stock') throw badRequest('This product is not available.');
    // Refused one unit: none is left.
    if (payload.quantity === 1) context.gate.markSoldOut(product.id);
    throw conflict('Out of Stock');
  }
  // Took what the read found left: the buyers queued behind this one are told at their turn, without a read.
  if (product.available <= payload.quantity) context.gate.markSoldOut(product.id);

  const pricePaise = product.pricePaise * payload.quantity;
  try {
    await context.events.transact(async (unit) => {
      if (claim) await assertClaimHeld(unit.db, claim, orderId);
      // Two placements by one member at once both pass the early check: the second to take the lock sees the
      // first's order here and is refused, and its hold is given back below.
      await lockMember(unit.db, memberId);
      await assertMayOrder(unit.db, memberId, productKey, rules);
      await recordOrder(unit, orderStream(orderId), 0, [reservationPlaced({ orderId, memberId, product, payload, payBy })]);
      await context.reservationEndsAt(unit.db, orderId, payBy);
    });
  } catch (error) {
    context.logger.warn({ err: error, orderId }, 'the reservation could not be recorded; giving its unit back');
    await releaseHold(context, orderId, asked);
    throw error;
  }
  return { orderId, reservedUntil: payBy, pricePaise };
}

/** A repeat of a reservation's request (the same Idempotency-Key): the same order, while it is still open. */
async function reservationOf(context: OrdersContext, orderId: string): Promise<Reservation> {
  const order = await orderRow(context.db, orderId);
  if (order.status !== 'pending') throw conflict(`This order is already ${order.status}.`);
  const until = order.reserved_until ?? new Date(order.created_at.getTime() + context.settings.ORDER_PAY_MINUTES * 60_000);
  return { orderId, reservedUntil: until, pricePaise: Number(order.unit_price_paise) * order.quantity };
}

function releaseHold(context: OrdersContext, orderId: string, asked: { productId: string; quantity: number }) {
  return context.partners
    .release(orderId, asked)
    .then(() => undefined)
    .catch((error) => context.logger.error({ err: error, orderId }, 'could not release the hold; it will expire'));
}
