import { advanceMembership, movePayment } from '../processes/membership/process-manager.js';
import { loadPayment } from '../processes/payment-timeout/payment-flow.js';
import { overduePayments, pendingRefundsBefore, unfinishedMembershipPayments, unsettledPaymentsBefore } from '../store/payment-reads.js';
import type { PaymentsContext } from './context.js';
import { issueOwedInvoices } from './invoices.js';
import { advanceRefund } from './refunds.js';

export type ReconcileMode = 'normal' | 'light';

/**
 * The scheduled safety net. Light: fail checkout payments past their deadline whose timeout step was lost. Normal:
 * that, and ask the gateway about every payment pending for more than a couple of minutes, in case a webhook never
 * came, and finish membership payments that succeeded without their outcome applied. Both then issue the invoices
 * that waited for a member's place of supply. Works in bounded batches so one run never takes long.
 */
export async function reconcile(context: PaymentsContext, mode: ReconcileMode, batch = 200): Promise<{ checked: number; settled: number }> {
  const overdue = await overduePayments(context.db, context.clock.now(), batch);
  let settled = 0;
  for (const { payment_id } of overdue) if ((await movePayment(context, payment_id, 'deadline')) !== 'unchanged') settled++;
  let checked = overdue.length;
  if (mode === 'normal') {
    const pending = await unsettledPaymentsBefore(
      context.db,
      new Date(context.clock.now().getTime() - context.settings.RECONCILE_PENDING_AFTER_SECONDS * 1000),
      batch,
    );
    for (const { payment_id } of pending) {
      try {
        if ((await movePayment(context, payment_id, 'gateway')) !== 'unchanged') settled++;
      } catch (error) {
        context.logger.warn({ err: error, paymentId: payment_id }, 'reconciliation could not ask the gateway');
      }
    }
    checked += pending.length;
    await finishSettledMemberships(context, batch);
    settled += await settlePendingRefunds(context, batch);
  }
  const invoiced = await issueOwedInvoices(context, batch);
  if (invoiced > 0) context.logger.info({ invoiced }, 'issued invoices that waited for the place of supply');
  return { checked, settled };
}

/**
 * Reconciliation's net for first payments and renewal charges that succeeded but whose outcome was never applied (a
 * crash between the two, or a refund the gateway would not make yet): applies it again, which is idempotent: the
 * membership starts or renews, or the money goes back. Looks back three days; a refund still refused after that
 * needs an operator (logged).
 */
async function finishSettledMemberships(context: PaymentsContext, batch: number): Promise<number> {
  const settledBefore = new Date(context.clock.now().getTime() - context.settings.RECONCILE_PENDING_AFTER_SECONDS * 1000);
  const unfinished = await unfinishedMembershipPayments(context.db, settledBefore, context.clock.now(), batch);
  let finished = 0;
  for (const { payment_id } of unfinished) {
    const payment = await loadPayment(context, payment_id);
    if (!payment?.subscriptionId) continue;
    try {
      await advanceMembership(context, payment.subscriptionId, { on: 'payment-settled', payment });
      finished++;
    } catch (error) {
      context.logger.warn({ err: error, paymentId: payment_id }, 'reconciliation could not finish a membership payment');
    }
  }
  return finished;
}

/**
 * Refunds still pending a while after they were asked for (a webhook lost, or the gateway away or refusing when
 * asked): asks again, for three days; a refund still pending after that is left to an operator (logged each time).
 */
async function settlePendingRefunds(context: PaymentsContext, batch: number): Promise<number> {
  const pending = await pendingRefundsBefore(
    context.db,
    new Date(context.clock.now().getTime() - context.settings.RECONCILE_PENDING_AFTER_SECONDS * 1000),
    context.clock.now(),
    batch,
  );
  let settled = 0;
  for (const { payment_id, refund_of } of pending) {
    if (!refund_of) continue;
    try {
      if ((await advanceRefund(context, refund_of, payment_id))?.status !== 'pending') settled++;
    } catch (error) {
      context.logger.warn({ err: error, refundId: payment_id }, 'reconciliation could not ask the gateway about a refund');
    }
  }
  return settled;
}
