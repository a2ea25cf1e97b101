import type { ExchangeRequest } from '@elts/contracts';
import { formatRupees } from '@elts/contracts';
import { type Refusal, refusal, type StoredEvent } from '@elts/platform';
import {
  decisionApplies,
  type ExchangeAsk,
  type ExchangeRecord,
  foldExchanges,
  type OrderedLine,
  replacementHoldKey,
  replacementRefusal,
  shipsBy,
} from '../domain/exchanges.js';
import { foldOrder, orderStream } from '../domain/order.js';
import type { RefundOutcome } from '../domain/refunds.js';
import { findOrderIdOfExchange, findOwnOrder, orderRow } from '../store/order-reads.js';
import type { OrdersTable } from '../store/tables.js';
import type { OrdersContext } from './context.js';
import { onOrder } from './on-order.js';

/** How long the replacement's units are held between the hold and its commit, a moment later. */
const REPLACEMENT_HOLD_MS = 10 * 60_000;

/** The timers-table step that finishes an approval whose process stopped after recording it (its backstop). */
export const FINISH_APPROVAL = 'exchange.finish-approval';
/** How long after an approval is recorded its backstop carries it on, if the approval itself has not finished. */
const FINISH_APPROVAL_AFTER_MS = 60_000;

const lineOf = (order: OrdersTable): OrderedLine => ({
  productId: order.product_id,
  variantGroup: order.variant_group,
  quantity: order.quantity,
  unitPricePaise: Number(order.unit_price_paise),
});

/**
 * The product the member wants in place of the one delivered: the same, or another version of it sold at the price
 * they paid a unit, released and in stock (`replacementRefusal`), with its price as the queue shows it.
 */
async function wantedProduct(
  context: OrdersContext,
  order: OrdersTable,
  productId: string | undefined,
): Promise<{ refusal: Refusal } | Pick<ExchangeAsk, 'productId' | 'product'>> {
  const product = await context.partners.product(productId ?? order.product_id);
  const refused = productId && productId !== order.product_id ? replacementRefusal(lineOf(order), product, context.clock.now()) : undefined;
  if (refused) return { refusal: refusal('invalid', refused) };
  const pricePaise = product?.id === order.product_id || !product ? Number(order.unit_price_paise) : product.pricePaise;
  const { name, brand, images } = product && product.id !== order.product_id ? product : order.product;
  return { productId: product?.id ?? order.product_id, product: { name, brand, images, pricePaise } };
}

const ORDER_NOT_FOUND = refusal('not_found', 'Order not found');
const EXCHANGE_NOT_FOUND = refusal('not_found', 'Exchange not found');

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
): Promise<{ exchangeId: string } | { refusal: Refusal }> {
  const order = await findOwnOrder(context.db, memberId, orderId);
  if (!order) return { refusal: ORDER_NOT_FOUND };
  const wanted = await wantedProduct(context, order, request.product_id);
  if ('refusal' in wanted) return wanted;
  const asked = await onOrder(
    context,
    orderId,
    {
      kind: 'request-exchange',
      ask: { reason: request.reason, note: request.note, ...wanted },
      now,
      exchangeWindowDays: context.settings.EXCHANGE_WINDOW_DAYS,
    },
    { metadata: { actor: `member:${memberId}` } },
  );
  if (asked.refusal) return { refusal: asked.refusal };
  const [requested] = asked.events;
  if (requested?.type !== 'ExchangeRequested') throw new Error(`The exchange request of ${orderId} recorded nothing`);
  return { exchangeId: requested.data.exchangeId };
}

/** `approving`: the approval is recorded, its stock step failed for now and its backstop step carries it on. */
export type ExchangeOutcome = 'approved' | 'approving' | 'refunded' | 'refused' | 'unchanged';

const exchangeIn = (history: readonly StoredEvent[], exchangeId: string) =>
  foldExchanges(history).find((each) => each.exchangeId === exchangeId);

/**
 * A replacement of another version whose price is not what the member paid a unit (asked for before that rule, or
 * repriced since) is not approved: the operator refuses it, and the member may ask for one at the same price.
 */
async function priceRefusal(context: OrdersContext, orderId: string, exchange: ExchangeRecord | undefined): Promise<Refusal | undefined> {
  const order = await orderRow(context.db, orderId);
  if (!exchange || exchange.productId === order.product_id) return undefined;
  const product = await context.partners.product(exchange.productId);
  const unitPricePaise = Number(order.unit_price_paise);
  if (!product || product.pricePaise === unitPricePaise) return undefined;
  return {
    kind: 'conflict',
    message:
      `This replacement costs ${formatRupees(product.pricePaise)} and the member paid ${formatRupees(unitPricePaise)} a unit, ` +
      'so it cannot be approved. Refuse it: the member may ask for a version at the same price.',
  };
}

/**
 * An operator approves (docs/decisions/0025). The decision is recorded first, before any stock moves
 * (`ExchangeApprovalStarted`, with a backstop step that carries the approval on should this process stop), so a
 * refusal at the same moment either wins before anything is taken or is refused. Then the replacement's stock is
 * taken (`finishApproval`). A repeat (a double click, two operators) records nothing twice and carries on an
 * approval left midway.
 */
export async function approveExchange(
  context: OrdersContext,
  actor: string,
  exchangeId: string,
  now = context.clock.now(),
): Promise<{ outcome: ExchangeOutcome } | { refusal: Refusal }> {
  const orderId = await findOrderIdOfExchange(context.db, exchangeId);
  if (!orderId) return { refusal: EXCHANGE_NOT_FOUND };
  const read = exchangeIn(await context.events.readStream(orderStream(orderId)), exchangeId);
  if (decisionApplies(read, 'approve') === 'apply') {
    const refused = await priceRefusal(context, orderId, read);
    if (refused) return { refusal: refused };
  }
  const started = await onOrder(
    context,
    orderId,
    { kind: 'approve-exchange', exchangeId },
    {
      metadata: { actor },
      alongside: async (unit, { events }) => {
        if (events.length > 0) await context.finishApprovalAt(unit.db, exchangeId, new Date(now.getTime() + FINISH_APPROVAL_AFTER_MS));
      },
    },
  );
  if (started.refusal) return { refusal: started.refusal };
  // Recorded now, or left midway before: its stock step carries it on. Anything else was decided already.
  if (exchangeIn(started.state, exchangeId)?.state !== 'approving') return { outcome: 'unchanged' };
  const outcome = await finishApproval(context, exchangeId, now).catch((error: unknown) => {
    // The decision stands; the catalog or payments did not answer. The backstop step retries until it does.
    context.logger.warn({ err: error, exchangeId }, 'an approved exchange could not take its stock now; its backstop step will');
    return 'approving' as const;
  });
  return { outcome };
}

/**
 * The approval's stock step, once its decision is recorded: the replacement's units are held and committed at the
 * catalog under the replacement's own hold key (the same key however often this runs), then `ExchangeApproved`
 * opens its shipment. No unit to be had (out of stock, or the product withdrawn) gives back any hold taken and
 * refunds the member instead. Run by the approval, and by its backstop step if the approval stopped midway; an
 * exchange no longer being approved is left as it is.
 */
export async function finishApproval(context: OrdersContext, exchangeId: string, now = context.clock.now()): Promise<ExchangeOutcome> {
  const orderId = await findOrderIdOfExchange(context.db, exchangeId);
  if (!orderId) return 'unchanged';
  const history = await context.events.readStream(orderStream(orderId));
  const order = foldOrder(history);
  const exchange = exchangeIn(history, exchangeId);
  if (!order || exchange?.state !== 'approving' || !exchange.replacementShipment) return 'unchanged';
  const actor = exchange.approvedBy ?? 'system:exchange-approval';
  const key = replacementHoldKey(orderId, exchange.replacementShipment);
  const hold = await context.partners.hold(key, exchange.productId, order.quantity, new Date(now.getTime() + REPLACEMENT_HOLD_MS), true);
  const taken = hold.held && (await context.partners.commit(key)).state === 'committed';
  if (!taken) {
    // A hold taken but not committed (it lapsed in between) goes back now rather than at its expiry.
    if (hold.held) await context.partners.release(key);
    return refundForExchange(context, actor, orderId, exchangeId);
  }
  const shipsWithin = context.settings.REPLACEMENT_SHIPS_WITHIN_DAYS;
  return finish(context, actor, orderId, { kind: 'finish-exchange', exchangeId, shipsBy: shipsBy(now, shipsWithin) }, 'approved');
}

/** An operator refuses, with the reason the member is mailed: only an exchange not yet decided. */
export async function refuseExchange(
  context: OrdersContext,
  actor: string,
  exchangeId: string,
  reason: string,
): Promise<{ outcome: ExchangeOutcome } | { refusal: Refusal }> {
  const orderId = await findOrderIdOfExchange(context.db, exchangeId);
  if (!orderId) return { refusal: EXCHANGE_NOT_FOUND };
  const refused = await onOrder(context, orderId, { kind: 'refuse-exchange', exchangeId, reason }, { metadata: { actor } });
  if (refused.refusal) return { refusal: refused.refusal };
  return { outcome: refused.events.length > 0 ? 'refused' : 'unchanged' };
}

/**
 * No replacement can be found: the member gets back what they paid for the order, through payments' refund call,
 * idempotent by the exchange (a retry after a crash asks for the same refund and is answered with it), and the
 * membership credit the order spent, as an out-of-stock refund gives it back (the ledger releases an order's spend
 * once, however often asked). The refund settles at payments, which says so on its own events.
 */
async function refundForExchange(context: OrdersContext, actor: string, orderId: string, exchangeId: string): Promise<ExchangeOutcome> {
  const order = await orderRow(context.db, orderId);
  const reason = `No replacement in stock for exchange ${exchangeId}`;
  const amountPaise = Number(order.amount_paise);
  if (Number(order.credit_paise) > 0) await context.partners.releaseCredit(order.member_id, orderId);
  const refund = await context.partners.refundOrder({ orderId, key: `exchange-${exchangeId}`, amountPaise, reason });
  return finish(context, actor, orderId, { kind: 'refund-exchange', exchangeId, amountPaise, reason, refund }, 'refunded');
}

/**
 * Payments settled a refund of the order (PaymentRefunded or RefundFailed): the order records the outcome, so a
 * refund that failed shows as failed, an exchange's (its state) or an out-of-stock one (its refund view). A refund of
 * anything but an order of ours (a membership's) is ignored.
 */
export async function recordRefundOutcome(context: OrdersContext, orderId: string, refundId: string, outcome: RefundOutcome) {
  const recorded = await onOrder(context, orderId, { kind: 'record-refund-outcome', refundId, outcome });
  if (recorded.refusal) throw new Error(`The refund ${refundId} of ${orderId} could not be recorded: ${recorded.refusal.message}`);
}

/** Records how an approval ended (approved, or refunded), once: only while the exchange is being approved. */
async function finish(
  context: OrdersContext,
  actor: string,
  orderId: string,
  command: { kind: 'finish-exchange' | 'refund-exchange' } & Parameters<typeof onOrder>[2],
  ended: 'approved' | 'refunded',
): Promise<ExchangeOutcome> {
  const finished = await onOrder(context, orderId, command, { metadata: { actor } });
  return !finished.refusal && finished.events.length > 0 ? ended : 'unchanged';
}
