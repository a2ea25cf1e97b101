import { type BodyOf, creditForOrder, formatRupees, MINIMUM_PAYMENT_PAISE, type paymentsOperations, REFUND_CREDIT } from '@elts/contracts';
import { type Refusal, refusal } from '@elts/platform';
import { advancePayment, newPaymentId, startPayment } from '../processes/payment-timeout/payment-flow.js';
import { findCreditSpend, findRefundCreditGrant, lockMemberCredit, orderCreditMoves } from '../store/credit-ledger.js';
import { findProductOrderPayment } from '../store/payment-reads.js';
import { memberCredit } from '../store/subscription-views.js';
import type { PaymentsTable } from '../store/tables.js';
import { cashfreeModeOf, type PaymentsContext, record } from './context.js';
import { issueCreditNoteFor } from './invoices.js';
import { refundIdFor, refundPayment } from './refunds.js';

// Cashfree refuses orders that expire in 15 minutes or less; the payment's own timeout (15 minutes) ends it first.
const GATEWAY_ORDER_MINUTES = 16;

/** A product order's payment at the gateway, one per order id: a repeated call returns the first. */
export async function startProductCheckout(context: PaymentsContext, checkout: BodyOf<typeof paymentsOperations.startProductCheckout>) {
  // Orders refuses such an order before anything is held; this guards the gateway from any other caller.
  if (checkout.amountPaise < MINIMUM_PAYMENT_PAISE)
    return { refusal: refusal('invalid', `An order must cost at least ${formatRupees(MINIMUM_PAYMENT_PAISE)}.`) };
  const existing = await findProductOrderPayment(context.db, checkout.orderId);
  const paymentId = existing?.payment_id ?? newPaymentId();
  const base = context.settings.PUBLIC_URL.replace(/\/$/, '');
  // A repeat reads the order made the first time: asked again, its expiry (from now) would differ, and Cashfree
  // refuses a second use of an idempotency key with another body.
  const order = existing
    ? await context.gateway.getOrder(checkout.orderId)
    : await context.gateway.createOrder(
        {
          orderId: checkout.orderId,
          amountPaise: checkout.amountPaise,
          customer: { id: checkout.memberId.replace(/-/g, ''), ...checkout.customer },
          returnUrl: `${base}/order?order_id={order_id}`,
          // Cashfree only calls https endpoints; in development the emulator posts to the dashboard's endpoint.
          ...(base.startsWith('https://') ? { notifyUrl: `${base}/webhooks/cashfree` } : {}),
          expiresAt: new Date(context.clock.now().getTime() + GATEWAY_ORDER_MINUTES * 60_000),
          note: checkout.note,
          tags: { member: checkout.memberId },
        },
        `order:${checkout.orderId}`,
      );
  if (!existing) {
    await context.events.transact((unit) =>
      startPayment(context, unit, {
        paymentId,
        orderId: checkout.orderId,
        memberId: checkout.memberId,
        amountPaise: checkout.amountPaise,
        paymentType: 'product_order',
        purpose: 'product_order',
        subscriptionId: null,
        withTimeout: true,
      }),
    );
  }
  return {
    paymentId,
    paymentSessionId: order.paymentSessionId,
    paymentLink: order.paymentLink ?? null,
    gateway: context.gateway.kind,
    cashfreeMode: cashfreeModeOf(context),
  };
}

export function paymentOfOrderView(row: PaymentsTable) {
  return {
    paymentId: row.payment_id,
    orderId: row.order_id,
    status: row.status,
    amountPaise: Number(row.amount_paise),
    method: row.method,
    transactionId: row.gateway_payment_id,
    failureReason: row.failure_reason,
    autoFailed: row.auto_failed,
    cancelled: row.cancelled,
    createdAt: row.created_at.toISOString(),
    processedAt: row.processed_at?.toISOString() ?? null,
  };
}

/** An order's payment, or the refusal that there is none. */
export async function paymentOfOrder(context: PaymentsContext, orderId: string): Promise<PaymentsTable | { refusal: Refusal }> {
  return (await findProductOrderPayment(context.db, orderId)) ?? { refusal: refusal('not_found', 'No payment for this order') };
}

/**
 * Asks the gateway about an order's payment now (the member's "Check Latest Status"), unless it was asked a moment
 * ago: then what we know is the answer, as fresh as the last check or any webhook since.
 */
export async function refreshOrderPayment(context: PaymentsContext, orderId: string) {
  const row = await paymentOfOrder(context, orderId);
  if ('refusal' in row || !context.gatewayChecks.tryCheck(row.payment_id)) return row;
  await advancePayment(context, row.payment_id, 'gateway');
  return paymentOfOrder(context, orderId);
}

/** Gives the money back in full for an order we could not fulfil (its stock was gone when a late payment arrived). */
export async function refundOrderPayment(context: PaymentsContext, orderId: string, reason: string) {
  const row = await paymentOfOrder(context, orderId);
  if ('refusal' in row) return row;
  return refundPayment(context, row.payment_id, { refundId: `RF-${orderId}`.slice(0, 40), amountPaise: Number(row.amount_paise), reason });
}

/**
 * Gives back part or all of an order's payment, under the caller's key: the same key is the same refund, and
 * the refunds of an order never add up to more than it paid (decided on the payment's stream).
 */
export async function refundOrder(
  context: PaymentsContext,
  orderId: string,
  request: { key: string; amountPaise: number; reason: string },
) {
  const row = await paymentOfOrder(context, orderId);
  if ('refusal' in row) return row;
  return refundPayment(context, row.payment_id, {
    refundId: refundIdFor(orderId, request.key),
    amountPaise: request.amountPaise,
    reason: request.reason,
  });
}

/**
 * Spends membership credit on an order: at most a share of its price, at most what the member has. One spend per
 * order (a repeat returns it); one member's orders take turns so two at once cannot overspend.
 */
export async function reserveCredit(context: PaymentsContext, memberId: string, orderId: string, orderPricePaise: number): Promise<number> {
  return context.events.transact(async (unit) => {
    await lockMemberCredit(unit.db, memberId);
    const spent = await findCreditSpend(unit.db, orderId);
    if (spent) return Number(spent.amount_paise);
    const balance = await memberCredit({ ...context, db: unit.db }, memberId);
    const amount = creditForOrder(orderPricePaise, balance);
    if (amount === 0) return 0;
    await record(unit, `credit-${memberId}`, 'any', [{ type: 'MembershipCreditSpent', data: { memberId, orderId, amountPaise: amount } }]);
    return amount;
  });
}

/** Gives an order's credit back when the order fails. Idempotent, also when asked twice at once. */
export async function releaseCredit(context: PaymentsContext, memberId: string, orderId: string): Promise<number> {
  return context.events.transact(async (unit) => {
    await lockMemberCredit(unit.db, memberId);
    const rows = await orderCreditMoves(unit.db, memberId, orderId);
    const spend = rows.find((row) => row.kind === 'spend');
    if (!spend || rows.some((row) => row.kind === 'release')) return 0;
    await record(unit, `credit-${memberId}`, 'any', [
      { type: 'MembershipCreditReleased', data: { memberId, orderId, amountPaise: Number(spend.amount_paise) } },
    ]);
    return Number(spend.amount_paise);
  });
}

/**
 * Gives an order's amount back as membership credit instead of a refund (the member chose credits): one grant per
 * order, however often asked (grants of one member take turns, as spends do).
 */
export async function grantRefundCredit(
  context: PaymentsContext,
  memberId: string,
  orderId: string,
  amountPaise: number,
  now = context.clock.now(),
) {
  return context.events.transact(async (unit) => {
    await lockMemberCredit(unit.db, memberId);
    const granted = await findRefundCreditGrant(unit.db, memberId, orderId);
    if (granted) return { creditId: `CR-${orderId}`, amountPaise: Number(granted.amount_paise) };
    // Spendable for a year, as long as a membership year's credit (the member's page names the same day).
    const expiresAt = new Date(now.getTime() + REFUND_CREDIT.validDays * 24 * 3600_000).toISOString();
    await record(unit, `credit-${memberId}`, 'any', [{ type: 'RefundCreditGranted', data: { memberId, orderId, amountPaise, expiresAt } }]);
    // Credit instead of money still lowers what was paid for goods already invoiced (shipped): a credit note, as a
    // refund's, in the same transaction (rule 53; docs/decisions/0169). An order not invoiced yet needs none.
    const payment = await findProductOrderPayment(unit.db, orderId);
    if (payment) {
      const reason = 'Given back as membership credit instead of a refund';
      await issueCreditNoteFor(unit, { refundId: `CR-${orderId}`, paymentId: payment.payment_id, memberId, amountPaise, reason }, now);
    }
    return { creditId: `CR-${orderId}`, amountPaise };
  });
}
