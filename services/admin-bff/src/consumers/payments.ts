import {
  AutoRenewalChanged,
  PaymentFailed,
  PaymentInitiated,
  PaymentProcessing,
  PaymentRefunded,
  PaymentSucceeded,
  paymentsEvents,
  RefundFailed,
  RefundRequested,
  SubscriptionActivated,
  SubscriptionCancelled,
  SubscriptionExpired,
  SubscriptionFailed,
  SubscriptionRenewed,
  SubscriptionRequested,
  SubscriptionStatusChanged,
} from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { lockMember } from '../store/member-lock.js';
import {
  addPayment,
  addRefundToPayment,
  addSubscription,
  recordMemberSubscriptionStatus,
  recordMembershipChange,
  recordRefund,
  setPayment,
  setSubscription,
} from '../store/payments-projection.js';
import type { AdminDb } from '../store/tables.js';

/** A membership change dated when its event was recorded, keyed by that event. */
const change = (
  event: { eventId: string; recordedAt: Date },
  subscriptionId: string,
  kind: 'started' | 'renewed' | 'expired' | 'revoked',
) => ({
  event_id: event.eventId,
  subscription_id: subscriptionId,
  kind,
  at: event.recordedAt,
});

/** Payments and subscriptions as the back office lists them, from the payments service's events. */
export function paymentsProjection(db: Kysely<AdminDb>) {
  return (
    new EventConsumer('admin-bff.payments', paymentsEvents, db)
      .on(PaymentInitiated, async (data, event, trx) =>
        addPayment(trx, {
          payment_id: data.paymentId,
          order_id: data.orderId,
          member_id: data.memberId,
          amount_paise: data.amountPaise,
          payment_type: data.paymentType,
          purpose: data.purpose,
          created_at: event.recordedAt,
        }),
      )
      .on(PaymentProcessing, async (data, _event, trx) => setPayment(trx, data.paymentId, { status: 'processing' }).then(() => undefined))
      .on(PaymentSucceeded, async (data, event, trx) => {
        await setPayment(trx, data.paymentId, {
          status: 'success',
          method: data.method,
          gateway_payment_id: data.gatewayPaymentId,
          failure_reason: null,
          processed_at: event.recordedAt,
        });
      })
      .on(PaymentFailed, async (data, event, trx) => {
        await setPayment(trx, data.paymentId, {
          status: 'failed',
          method: data.method,
          failure_reason: data.reason,
          auto_failed: data.autoFailed,
          timeout_minutes: data.timeoutMinutes,
          processed_at: event.recordedAt,
        });
      })
      // A refund is a payment of its own (type and purpose 'refund', its refund id), for the order and member of the
      // payment it gives back. It keeps no revenue: what it gives back comes off that payment's (refunded_paise).
      .on(RefundRequested, async (data, event, trx) =>
        addPayment(trx, {
          payment_id: data.refundId,
          order_id: data.orderId,
          member_id: data.memberId,
          amount_paise: data.amountPaise,
          payment_type: 'refund',
          purpose: 'refund',
          created_at: event.recordedAt,
        }),
      )
      .on(PaymentRefunded, async (data, event, trx) => {
        // Money given back in full was never kept: the payment leaves the successful ones (and the revenue) as
        // 'refunded'. Its auto_failed flag stays, so a late success refunded after its timeout still shows why. A part
        // refund stays a success whose revenue is what was kept. Each refund adds to what was given back.
        await addRefundToPayment(trx, data.paymentId, data.amountPaise);
        // The revenue chart nets it on the day it was made (decision 0170).
        await recordRefund(trx, { refund_id: data.refundId, amount_paise: data.amountPaise, refunded_at: event.recordedAt });
        // The refund's own row, from its RefundRequested (a refund recorded before refunds had records has none).
        await setPayment(trx, data.refundId, { status: 'success', failure_reason: null, processed_at: event.recordedAt });
      })
      .on(RefundFailed, async (data, event, trx) => {
        await setPayment(trx, data.refundId, { status: 'failed', failure_reason: data.reason, processed_at: event.recordedAt });
      })
      .on(SubscriptionRequested, async (data, event, trx) => {
        await addSubscription(trx, {
          subscription_id: data.subscriptionId,
          member_id: data.memberId,
          plan_type: data.planType,
          frequency: data.frequency,
          amount_paise: data.amountPaise,
          currency: data.currency,
          auto_renewal: data.autoRenewal,
          created_at: event.recordedAt,
        });
      })
      .on(SubscriptionActivated, async (data, event, trx) => {
        await setSubscription(trx, data.subscriptionId, {
          status: 'active',
          start_date: new Date(data.startDate),
          end_date: new Date(data.endDate),
        });
        await recordMembershipChange(trx, change(event, data.subscriptionId, 'started'));
      })
      .on(SubscriptionRenewed, async (data, event, trx) => {
        await setSubscription(trx, data.subscriptionId, { status: 'active', end_date: new Date(data.endDate) });
        await recordMembershipChange(trx, change(event, data.subscriptionId, 'renewed'));
      })
      .on(SubscriptionFailed, async (data, _event, trx) =>
        setSubscription(trx, data.subscriptionId, { status: 'failed' }).then(() => undefined),
      )
      .on(SubscriptionExpired, async (data, event, trx) => {
        await setSubscription(trx, data.subscriptionId, { status: 'expired' });
        await recordMembershipChange(trx, change(event, data.subscriptionId, 'expired'));
      })
      .on(SubscriptionCancelled, async (data, event, trx) => {
        await setSubscription(trx, data.subscriptionId, { status: data.revoked ? 'revoked' : 'cancelled', auto_renewal: false });
        // A cancelled renewal is not a change the Members chart counts: the membership runs to its end and expires.
        if (data.revoked) await recordMembershipChange(trx, change(event, data.subscriptionId, 'revoked'));
      })
      .on(AutoRenewalChanged, async (data, _event, trx) =>
        setSubscription(trx, data.subscriptionId, { auto_renewal: data.autoRenewal }).then(() => undefined),
      )
      .on(SubscriptionStatusChanged, async (data, _event, trx) => {
        // Kept apart too: identity's registration of this member may not have been applied yet.
        await lockMember(trx, data.memberId);
        await recordMemberSubscriptionStatus(trx, data.memberId, data.status);
      })
  );
}
