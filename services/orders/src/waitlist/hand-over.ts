import type { ProductForOrder } from '@elts/contracts';
import type { OrdersContext } from '../commands/context.js';
import { recordOrder } from '../commands/context.js';
import { newOrderId } from '../commands/place-order.js';
import { assertMayOrder, purchaseRulesOf } from '../commands/purchase-limits.js';
import { reservationPlaced } from '../commands/reservation-placed.js';
import { orderStream } from '../domain/order.js';
import { reservedUntil } from '../processes/order-saga/decider.js';
import { findBuyer } from '../store/member-buyers.js';
import { chooseForUnit, settlePlace, type WaitlistPlace } from '../store/waitlist.js';

/** How a unit becomes the chosen member's hold at the catalog, under their new order's id (idempotent per order). */
type TakeUnit = (orderId: string, holdUntil: Date) => Promise<{ held: boolean }>;

/**
 * A released order's units go to its product's waitlist before anyone else (issue 33 item 3, docs/decisions/0076):
 * each becomes a reservation of the first member waiting, with their own time to pay, and a mail (identity, on
 * the reservation's event). Called by failOrder before it releases the order's hold, so what is not handed over
 * is released as before. The unit moves hold to hold at the catalog: it is never free in between.
 */
export function handOverUnits(context: OrdersContext, order: { orderId: string; productId: string; quantity: number }) {
  return serveWaitlist(context, order.productId, order.quantity, order.orderId, (orderId, holdUntil) =>
    context.partners.handOver(order.orderId, orderId, holdUntil),
  );
}

/**
 * Units an operator added to a product that members wait for go to them first, in turn (a restock is a unit that
 * comes back too): each is held from the free stock for the member as a Buy Now holds it. Buy Now refuses the product
 * while anyone waits (place-order.ts), so no one who did not wait takes them in between. `key` names the restock
 * (its event), so a delivery again finds the same members and orders.
 */
export function serveWaitlistFromRestock(context: OrdersContext, restock: { key: string; productId: string; units: number }) {
  return serveWaitlist(context, restock.productId, restock.units, restock.key, (orderId, holdUntil) =>
    context.partners.hold(orderId, restock.productId, 1, holdUntil),
  );
}

/**
 * Exactly once per unit, across crashes: the member chosen for a unit is recorded with it (`handed_from`) before
 * the unit moves, the catalog's hold is keyed by the new order, and the reservation is recorded with the place
 * marked offered. A run stopped anywhere is finished by the next one (failOrder runs again from the reservation's
 * end or its backstop; a restock's event is delivered again), which finds the same member and the same order.
 */
async function serveWaitlist(context: OrdersContext, productId: string, units: number, source: string, take: TakeUnit) {
  let product: ProductForOrder | undefined;
  for (let unit = 0; unit < units; unit++) {
    const handedFrom = `${source}#${unit}`;
    for (;;) {
      const place = await chooseForUnit(context.db, { productId, handedFrom, orderId: newOrderId(), now: context.clock.now() });
      if (!place) return;
      if (place.state === 'offered') break;
      product ??= await context.partners.product(productId);
      if (!product) return settlePlace(context.db, place, 'waiting', context.clock.now());
      const outcome = await offer(context, take, place, product);
      if (outcome === 'unit_gone') return;
      if (outcome === 'offered') break;
    }
  }
}

/** Makes the chosen member's reservation of the unit, or says why not: they may no longer buy it, or the unit is gone. */
async function offer(
  context: OrdersContext,
  take: TakeUnit,
  place: WaitlistPlace,
  product: ProductForOrder,
): Promise<'offered' | 'passed' | 'unit_gone'> {
  const orderId = place.order_id as string;
  const memberId = place.member_id;
  if (!(await mayStillBuy(context, memberId, product))) {
    await settlePlace(context.db, place, 'passed', context.clock.now());
    return 'passed';
  }
  const now = context.clock.now();
  const payBy = reservedUntil(now, context.settings.ORDER_PAY_MINUTES);
  const holdUntil = new Date(now.getTime() + context.settings.ORDER_HOLD_MINUTES * 60_000);
  // As for a Buy Now: the backstop before the unit moves, so a crash after it leaves nothing stranded.
  await context.expireLater(orderId, memberId, holdUntil);
  const hold = await take(orderId, holdUntil);
  if (!hold.held) {
    // No unit after all (the released order's hold expired meanwhile, the restocked units were sold before the
    // restock reached us, the sale closed): the member keeps their place.
    await settlePlace(context.db, place, 'waiting', context.clock.now());
    return 'unit_gone';
  }
  await context.events.transact(async (unit) => {
    const recorded = await unit.readStream(orderStream(orderId));
    if (recorded.length === 0) {
      await recordOrder(unit, orderStream(orderId), 0, [
        reservationPlaced({ orderId, memberId, product, payload: { ...place.request, quantity: 1 }, payBy, fromWaitlist: true }),
      ]);
      await context.reservationEndsAt(unit.db, orderId, payBy);
    }
    await settlePlace(unit.db, place, 'offered', now);
  });
  return 'offered';
}

/**
 * The rules of a Buy Now, asked again when the member's turn comes: an active membership, one of each, the unpaid
 * cap. A member who fails them is passed over (their place ends) and the unit goes to the next.
 */
async function mayStillBuy(context: OrdersContext, memberId: string, product: ProductForOrder): Promise<boolean> {
  const buyer = await findBuyer(context.db, memberId);
  if (buyer?.subscription_status !== 'active') return false;
  const rules = purchaseRulesOf(buyer, context.settings);
  return assertMayOrder(context.db, memberId, { productId: product.id, variantGroup: product.variantGroup }, rules).then(
    () => true,
    () => false,
  );
}
