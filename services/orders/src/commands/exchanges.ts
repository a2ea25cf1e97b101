import type { ExchangeRequest } from '@elts/contracts';
import { badRequest, notFound, refusalError, retryOnConcurrency, type StoredEvent } from '@elts/platform';
import { decideExchangeRequest, decisionApplies, foldExchanges, nextShipment, replacementHoldKey, shipsBy } from '../domain/exchanges.js';
import { foldShipments } from '../domain/fulfilment.js';
import { foldOrder, orderStream } from '../domain/order.js';
import { decideRefundSettled, type RefundOutcome, refundOutcome } from '../domain/refunds.js';
import { findOrderIdOfExchange, findOwnOrder, orderRow } from '../store/order-reads.js';
import type { OrdersTable } from '../store/tables.js';
import { type OrdersContext, recordOrder } from './context.js';

/** How long the replacement's units are held between the hold and its commit, a moment later. */
const REPLACEMENT_HOLD_MS = 10 * 60_000;

/**
 * The product the member wants in place of the one delivered: the same, or another version of it (the same variant
 * group in the catalog, as the order recorded it).
 */
async function wantedProduct(context: OrdersContext, order: OrdersTable, productId: string | undefined) {
  const same = {
    productId: order.product_id,
    product: { name: order.product.name, brand: order.product.brand, images: order.product.images },
  };
  if (!productId || productId === order.product_id) return same;
  const product = await context.partners.product(productId);
  if (!product || !order.variant_group || product.variantGroup !== order.variant_group)
    throw badRequest('Choose the product you ordered or another version of it.');
  return { productId: product.id, product: { name: product.name, brand: product.brand, images: product.images } };
}

/**
 * The member asks for an exchange of their own delivered order (docs/decisions/0025): decided on the order's stream
 * inside the appending transaction, so two requests at once record one.
 */
export async function requestExchange(
  context: OrdersContext,
  memberId: string,
  orderId: string,
  request: ExchangeRequest,
  now = context.clock.now(),
): Promise<string> {
  const order = await findOwnOrder(context.db, memberId, orderId);
  if (!order) throw notFound('Order not found');
  const wanted = await wantedProduct(context, order, request.product_id);
  return retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(orderStream(orderId));
      const state = foldOrder(history);
      if (!state) throw notFound('Order not found');
      const ask = { reason: request.reason, note: request.note, ...wanted };
      const decision = decideExchangeRequest(
        state,
        foldShipments(history),
        foldExchanges(history),
        ask,
        now,
        context.settings.EXCHANGE_WINDOW_DAYS,
      );
      if ('refusal' in decision) throw refusalError(decision.refusal);
      await recordOrder(unit, orderStream(orderId), history.length, decision.events);
      return decision.exchangeId;
    }),
  );
}

export type ExchangeOutcome = 'approved' | 'refunded' | 'refused' | 'unchanged';

const orderOfExchange = async (context: OrdersContext, exchangeId: string) => {
  const orderId = await findOrderIdOfExchange(context.db, exchangeId);
  if (!orderId) throw notFound('Exchange not found');
  return orderId;
};

/** Reads the order's stream and the exchange in it, and whether `decision` applies to it now. */
async function current(context: OrdersContext, orderId: string, exchangeId: string, decision: 'approve' | 'refuse', reason?: string) {
  const history = await context.events.readStream(orderStream(orderId));
  const order = foldOrder(history);
  const exchange = foldExchanges(history).find((each) => each.exchangeId === exchangeId);
  if (!order) throw notFound('Order not found');
  return { history, order, exchange, applies: decisionApplies(exchange, decision, reason) };
}

/**
 * An operator approves: the replacement's units are held and committed at the catalog (the same product or the
 * version the member picked, under a hold key of its own), then the approval opens the replacement's shipment. No
 * unit to be had (out of stock, or the product withdrawn) refunds the member instead. A repeat (a double click, two
 * operators) finds the same hold key and records nothing twice.
 */
export async function approveExchange(
  context: OrdersContext,
  actor: string,
  exchangeId: string,
  now = context.clock.now(),
): Promise<ExchangeOutcome> {
  const orderId = await orderOfExchange(context, exchangeId);
  const { history, order, exchange, applies } = await current(context, orderId, exchangeId, 'approve');
  if (applies === 'done') return 'unchanged';
  if (applies !== 'apply' || !exchange) throw applies === 'apply' ? notFound('Exchange not found') : refusalError(applies);

  const shipment = nextShipment(foldShipments(history));
  const key = replacementHoldKey(orderId, shipment);
  const hold = await context.partners.hold(key, exchange.productId, order.quantity, new Date(now.getTime() + REPLACEMENT_HOLD_MS), true);
  const taken = hold.held && (await context.partners.commit(key)).state === 'committed';
  if (!taken) return refundForExchange(context, actor, orderId, exchangeId);

  const data = { orderId, memberId: order.memberId, exchangeId, shipment, productId: exchange.productId };
  return record(context, actor, orderId, exchangeId, 'approve', {
    type: 'ExchangeApproved',
    data: { ...data, shipsBy: shipsBy(now, context.settings.REPLACEMENT_SHIPS_WITHIN_DAYS) },
  }).catch((error: unknown) => {
    // Refused by another operator between our read and our write: the unit stays sold at the catalog (a commit
    // cannot be undone there), as with a late payment's lost race (docs/decisions/0021); it is put back by hand.
    context.logger.error({ err: error, orderId, exchangeId, hold: key }, 'replacement stock committed for an exchange decided otherwise');
    throw error;
  });
}

/** An operator refuses, with the reason the member is mailed. */
export async function refuseExchange(context: OrdersContext, actor: string, exchangeId: string, reason: string): Promise<ExchangeOutcome> {
  const orderId = await orderOfExchange(context, exchangeId);
  const order = (await current(context, orderId, exchangeId, 'refuse', reason)).order;
  return record(context, actor, orderId, exchangeId, 'refuse', {
    type: 'ExchangeRefused',
    data: { orderId, memberId: order.memberId, exchangeId, reason },
  });
}

/**
 * No replacement can be found: the member gets back what they paid for the order, through payments' refund call,
 * idempotent by the exchange (a retry after a crash asks for the same refund and is answered with it), and the
 * membership credit the order spent, as an out-of-stock refund gives it back (the ledger releases an order's spend
 * once, however often asked). The refund settles at payments, which says so on its own events.
 */
export async function refundForExchange(
  context: OrdersContext,
  actor: string,
  orderId: string,
  exchangeId: string,
): Promise<ExchangeOutcome> {
  const order = await orderRow(context.db, orderId);
  const reason = `No replacement in stock for exchange ${exchangeId}`;
  const amountPaise = Number(order.amount_paise);
  if (Number(order.credit_paise) > 0) await context.partners.releaseCredit(order.member_id, orderId);
  const refund = await context.partners.refundOrder({ orderId, key: `exchange-${exchangeId}`, amountPaise, reason });
  return record(context, actor, orderId, exchangeId, 'approve', (history) => ({
    type: 'ExchangeRefunded',
    data: {
      orderId,
      memberId: order.member_id,
      exchangeId,
      refundId: refund.refundId,
      amountPaise,
      reason,
      // Payments' answer, unless its settlement was already heard (the gateway settled before we recorded this).
      refundStatus: refundOutcome(history, refund.refundId) ?? refund.status,
    },
  }));
}

/**
 * Payments settled a refund of the order (PaymentRefunded or RefundFailed): the order records the outcome, so a
 * refund that failed shows as failed, an exchange's (its state) or an out-of-stock one (its refund view). A refund of
 * anything but an order of ours (a membership's) is ignored.
 */
export async function recordRefundOutcome(context: OrdersContext, orderId: string, refundId: string, outcome: RefundOutcome) {
  await retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(orderStream(orderId));
      const order = foldOrder(history);
      if (!order) return;
      await recordOrder(unit, orderStream(orderId), history.length, decideRefundSettled(order, history, refundId, outcome));
    }),
  );
}

type OrderEvent = { type: string; data: Record<string, unknown> };

/** Records a decision on the order's stream if it still applies there, the operator as its actor. */
async function record(
  context: OrdersContext,
  actor: string,
  orderId: string,
  exchangeId: string,
  decision: 'approve' | 'refuse',
  eventOf: OrderEvent | ((history: StoredEvent[]) => OrderEvent),
): Promise<ExchangeOutcome> {
  return retryOnConcurrency(() =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(orderStream(orderId));
      const event = typeof eventOf === 'function' ? eventOf(history) : eventOf;
      const exchange = foldExchanges(history).find((each) => each.exchangeId === exchangeId);
      const applies = decisionApplies(exchange, decision, event.data.reason as string | undefined);
      if (applies === 'done') return 'unchanged';
      if (applies !== 'apply') throw refusalError(applies);
      await recordOrder(unit, orderStream(orderId), history.length, [{ ...event, metadata: { actor } }]);
      return event.type === 'ExchangeApproved' ? 'approved' : event.type === 'ExchangeRefunded' ? 'refunded' : 'refused';
    }),
  );
}
