import { COPY } from '@elts/contracts';
import { ConcurrencyError, conflict, notFound } from '@elts/platform';
import { foldOrder, orderStream } from '../domain/order.js';
import { payUntil } from '../processes/order-saga/decider.js';
import { findOwnOrder } from '../store/order-reads.js';
import type { OrdersTable } from '../store/tables.js';
import { type OrdersContext, recordOrder } from './context.js';
import { failOrder } from './settle-order.js';

export interface OpenedCheckout {
  orderId: string;
  paymentSessionId: string;
  paymentLink: string | null;
  gateway: string;
  /** Cashfree's environment, when the payment is at Cashfree itself (the shop opens its checkout there). */
  cashfreeMode?: 'sandbox' | 'production';
  amountPaise: number;
  creditPaise: number;
}

/**
 * Pay now: what follows a reservation (issue 33, docs/decisions/0076), off the drop's decision. It spends the
 * member's membership credit on the order and opens its payment; asked again (the member left checkout and came
 * back), it answers the same payment. Payments keys both calls by the order id, so two at once open one payment.
 */
export async function openCheckout(context: OrdersContext, memberId: string, orderId: string): Promise<OpenedCheckout> {
  const order = await ownOpenOrder(context, memberId, orderId);
  const pricePaise = Number(order.unit_price_paise) * order.quantity;
  // Spent once per order at payments (a repeat answers the same credit); an order whose payment began keeps its own.
  const creditPaise = order.payment_id ? Number(order.credit_paise) : await context.partners.reserveCredit(memberId, orderId, pricePaise);
  const amountPaise = order.payment_id ? Number(order.amount_paise) : pricePaise - creditPaise;
  const customer = order.customer;
  const checkout = await context.partners.checkout({
    orderId,
    memberId,
    amountPaise,
    customer: { name: `${customer.firstName} ${customer.lastName}`, email: customer.email, phone: customer.phone },
    note: `${order.product.name} x ${order.quantity}`.slice(0, 200),
  });
  if (!order.payment_id && !(await recordStart(context, memberId, orderId, checkout.paymentId, creditPaise, amountPaise))) {
    // The reservation ended (or was cancelled) while the checkout opened: its credit goes back with it, and a payment
    // that still succeeds is refunded (settle-order.ts).
    await context.partners.releaseCredit(memberId, orderId);
    throw conflict(COPY.orderPage.payTimeOver);
  }
  return {
    orderId,
    paymentSessionId: checkout.paymentSessionId,
    paymentLink: checkout.paymentLink,
    gateway: checkout.gateway,
    cashfreeMode: checkout.cashfreeMode,
    amountPaise,
    creditPaise,
  };
}

/** Records that the order's payment began, with the credit spent; false when the order is no longer open. */
async function recordStart(
  context: OrdersContext,
  memberId: string,
  orderId: string,
  paymentId: string,
  creditPaise: number,
  amountPaise: number,
): Promise<boolean> {
  const record = () =>
    context.events.transact(async (unit) => {
      const history = await unit.readStream(orderStream(orderId));
      const state = foldOrder(history);
      if (state?.status !== 'pending') return false;
      if (state.paymentId) return true;
      await recordOrder(unit, orderStream(orderId), history.length, [
        { type: 'OrderPaymentStarted', data: { orderId, memberId, paymentId, creditPaise, amountPaise } },
      ]);
      return true;
    });
  // A second Pay now may record the same start at the same moment: read again, and find it there.
  return record().catch((error) => {
    if (error instanceof ConcurrencyError) return record();
    throw error;
  });
}

/** Cancel: an unpaid reservation's unit and credit go back at once; a payment that still succeeds is refunded. */
export async function cancelOrder(context: OrdersContext, memberId: string, orderId: string): Promise<string> {
  await ownOpenOrder(context, memberId, orderId);
  await failOrder(context, orderId, 'cancelled', COPY.orderPage.cancelledByMember);
  const after = await findOwnOrder(context.db, memberId, orderId);
  return after?.status ?? 'cancelled';
}

/** The member's own order, while it may still be paid for (an unpaid reservation within its time to pay). */
async function ownOpenOrder(context: OrdersContext, memberId: string, orderId: string): Promise<OrdersTable> {
  const order = await findOwnOrder(context.db, memberId, orderId);
  if (!order) throw notFound('Order not found');
  if (order.status !== 'pending') throw conflict(`This order is already ${order.status}.`);
  if (!payUntil({ status: order.status, reservedUntil: order.reserved_until }, context.clock.now()))
    throw conflict(COPY.orderPage.payTimeOver);
  return order;
}
