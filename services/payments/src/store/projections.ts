import type { StoredEvent } from '@elts/platform';
import type { Transaction } from 'kysely';
import type { PaymentsDb, PaymentsTable, SubscriptionsTable } from './tables.js';

/** Applies one of the service's own events to its read tables, in the transaction that appended it. */
export async function project(trx: Transaction<PaymentsDb>, event: StoredEvent): Promise<void> {
  const data = event.data as Record<string, any>;
  const at = event.recordedAt;
  const payment = (values: Partial<PaymentsTable>) =>
    trx
      .updateTable('payments')
      .set({ ...values, updated_at: at })
      .where('payment_id', '=', data.paymentId)
      .execute();
  const subscription = (values: Partial<SubscriptionsTable>) =>
    trx
      .updateTable('subscriptions')
      .set({ ...values, updated_at: at })
      .where('subscription_id', '=', data.subscriptionId)
      .execute();

  switch (event.type) {
    case 'PaymentInitiated':
      await trx
        .insertInto('payments')
        .values({
          payment_id: data.paymentId,
          order_id: data.orderId,
          member_id: data.memberId,
          amount_paise: data.amountPaise,
          currency: data.currency,
          payment_type: data.paymentType,
          purpose: data.purpose,
          subscription_id: data.subscriptionId,
          gateway: data.gateway,
          status: 'pending',
          method: null,
          gateway_payment_id: null,
          bank_reference: null,
          failure_reason: null,
          auto_failed: false,
          cancelled: false,
          timeout_minutes: null,
          at_risk: false,
          at_risk_at: data.atRiskAt ? new Date(data.atRiskAt) : null,
          timeout_at: data.timeoutAt ? new Date(data.timeoutAt) : null,
          created_at: at,
          processed_at: null,
          updated_at: at,
        })
        .execute();
      return;
    case 'PaymentProcessing':
      await payment({ status: 'processing' });
      return;
    case 'PaymentAtRisk':
      await payment({ at_risk: true });
      return;
    case 'PaymentSucceeded':
      // A late success replaces a timeout's failure: the money was taken.
      await payment({
        status: 'success',
        method: data.method,
        gateway_payment_id: data.gatewayPaymentId,
        bank_reference: data.bankReference,
        failure_reason: null,
        processed_at: at,
      });
      return;
    case 'PaymentFailed':
      await payment({
        status: 'failed',
        method: data.method,
        failure_reason: data.reason,
        auto_failed: data.autoFailed,
        cancelled: data.cancelled ?? false,
        timeout_minutes: data.timeoutMinutes,
        processed_at: at,
      });
      return;
    case 'SubscriptionRequested':
      await trx
        .insertInto('subscriptions')
        .values({
          subscription_id: data.subscriptionId,
          member_id: data.memberId,
          status: 'pending',
          plan_type: data.planType,
          frequency: data.frequency,
          amount_paise: data.amountPaise,
          currency: data.currency,
          auto_renewal: data.autoRenewal,
          cycle: 0,
          start_date: null,
          end_date: null,
          gateway: data.gateway,
          session_id: data.sessionId,
          authorization_link: data.authorizationLink,
          mandate_id: null,
          mandate_status: 'pending',
          mandate_max_paise: null,
          next_execution_date: null,
          latest_payment_id: data.paymentId,
          failure_reason: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return;
    case 'MandateAuthorized':
      await subscription({ mandate_id: data.mandateId, mandate_status: 'active', mandate_max_paise: data.maxAmountPaise });
      return;
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed':
      await subscription({
        status: 'active',
        cycle: data.cycle,
        start_date: new Date(data.startDate),
        end_date: new Date(data.endDate),
        latest_payment_id: data.paymentId,
        next_execution_date: null,
      });
      return;
    case 'RenewalNoticeSent':
      await subscription({ next_execution_date: new Date(data.chargeOn), latest_payment_id: data.paymentId });
      return;
    case 'RenewalChargeFailed':
      await subscription({ failure_reason: data.reason, next_execution_date: null });
      return;
    case 'SubscriptionFailed':
      await subscription({ status: 'failed', mandate_status: 'failed', failure_reason: data.reason });
      return;
    case 'SubscriptionExpired':
      // The mandate of an expired membership is cancelled at the gateway (flows/membership-cycle.ts, expireCycle).
      await subscription({ status: 'expired', mandate_status: 'cancelled', next_execution_date: null });
      return;
    case 'SubscriptionCancelled':
      await subscription({
        status: data.revoked ? 'revoked' : 'cancelled',
        mandate_status: 'cancelled',
        auto_renewal: false,
        next_execution_date: null,
        failure_reason: data.reason,
      });
      return;
    case 'AutoRenewalChanged':
      await subscription({ auto_renewal: data.autoRenewal, ...(data.autoRenewal ? {} : { next_execution_date: null }) });
      return;
    case 'MembershipCreditGranted':
      await trx
        .insertInto('credit_ledger')
        .values({
          member_id: data.memberId,
          kind: 'grant',
          amount_paise: data.amountPaise,
          subscription_id: data.subscriptionId,
          order_id: null,
          expires_at: new Date(data.expiresAt),
          created_at: at,
        } as never)
        .execute();
      return;
    case 'MembershipCreditSpent':
    case 'MembershipCreditReleased':
      await trx
        .insertInto('credit_ledger')
        .values({
          member_id: data.memberId,
          kind: event.type === 'MembershipCreditSpent' ? 'spend' : 'release',
          amount_paise: data.amountPaise,
          subscription_id: null,
          order_id: data.orderId,
          expires_at: null,
          created_at: at,
        } as never)
        .execute();
      return;
    case 'InvoiceIssued':
      await trx
        .insertInto('invoices')
        .values({
          invoice_number: data.invoiceNumber,
          payment_id: data.paymentId,
          member_id: data.memberId,
          financial_year: data.financialYear,
          issued_at: new Date(data.issuedAt),
          total_paise: data.totalPaise,
          document: JSON.stringify(data),
        })
        .execute();
      return;
  }
}
