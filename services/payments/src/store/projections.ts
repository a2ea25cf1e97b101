import type { StoredEvent } from '@elts/platform';
import { sql, type Transaction } from 'kysely';
import { queueCreditNoteEInvoice } from './e-invoices.js';
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
        .values(
          paymentRow({
            payment_id: data.paymentId,
            order_id: data.orderId,
            member_id: data.memberId,
            amount_paise: data.amountPaise,
            currency: data.currency,
            payment_type: data.paymentType,
            purpose: data.purpose,
            subscription_id: data.subscriptionId,
            gateway: data.gateway,
            timeout_at: data.timeoutAt ? new Date(data.timeoutAt) : null,
            created_at: at,
          }),
        )
        .execute();
      return;
    case 'RefundRequested':
      await trx
        .insertInto('payments')
        .values(refundRow(data, at, 'pending'))
        .execute();
      return;
    case 'PaymentRefunded':
    case 'RefundFailed': {
      // A refund recorded before refunds had records has no row yet: it is written whole here.
      const row = refundRow(data, at, event.type === 'PaymentRefunded' ? 'success' : 'failed');
      await trx
        .insertInto('payments')
        .values(row)
        .onConflict((oc) =>
          oc.column('payment_id').doUpdateSet({ status: row.status, failure_reason: row.failure_reason, processed_at: at, updated_at: at }),
        )
        .execute();
      return;
    }
    case 'PaymentProcessing':
      await payment({ status: 'processing' });
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
      // The mandate of an expired membership is cancelled at the gateway (processes/membership/decider.ts, cycleEnded).
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
    // The credit ledger: grants (a membership's fee credit, or credits chosen instead of a refund), spends and the
    // releases of spends whose order did not go through.
    case 'MembershipCreditGranted':
    case 'RefundCreditGranted':
    case 'MembershipCreditSpent':
    case 'MembershipCreditReleased':
      await trx
        .insertInto('credit_ledger')
        .values({
          member_id: data.memberId,
          kind: event.type === 'MembershipCreditSpent' ? 'spend' : event.type === 'MembershipCreditReleased' ? 'release' : 'grant',
          amount_paise: data.amountPaise,
          subscription_id: data.subscriptionId ?? null,
          order_id: data.orderId ?? null,
          expires_at: data.expiresAt ? new Date(data.expiresAt) : null,
          created_at: at,
        } as never)
        .execute();
      return;
    case 'CreditNoteIssued':
      await trx
        .insertInto('credit_notes')
        .values({
          ...issued(data),
          credit_note_number: data.invoiceNumber,
          refund_id: data.refundId,
          invoice_number: data.against.invoiceNumber,
        })
        .execute();
      // A credit note of an e-invoiced goods invoice is registered too, as a CRN (docs/decisions/0165).
      if (data.goods?.orderId) {
        await queueCreditNoteEInvoice(trx, {
          orderId: data.goods.orderId,
          creditNoteNumber: data.invoiceNumber,
          refundId: data.refundId,
          invoiceNumber: data.against.invoiceNumber,
        });
      }
      return;
    case 'InvoiceIssued':
      await trx
        .insertInto('invoices')
        .values({ ...issued(data), invoice_number: data.invoiceNumber, order_id: data.goods?.orderId ?? null })
        .execute();
      return;
  }
}

type NewPayment = Pick<
  PaymentsTable,
  'payment_id' | 'order_id' | 'member_id' | 'amount_paise' | 'payment_type' | 'purpose' | 'subscription_id' | 'gateway' | 'created_at'
> &
  Partial<PaymentsTable>;

/** A payments row as it starts: pending, nothing settled yet, unless `row` says otherwise. */
function paymentRow(row: NewPayment): PaymentsTable {
  return {
    currency: 'INR',
    status: 'pending',
    method: null,
    gateway_payment_id: null,
    bank_reference: null,
    failure_reason: null,
    auto_failed: false,
    cancelled: false,
    timeout_minutes: null,
    timeout_at: null,
    processed_at: null,
    updated_at: row.created_at,
    refund_of: null,
    ...row,
  };
}

/**
 * A refund's row: a payment of its own (type and purpose 'refund', its refund id) for the order and member of the
 * payment it gives back, through the same gateway.
 */
function refundRow(data: Record<string, any>, at: Date, status: 'pending' | 'success' | 'failed'): PaymentsTable {
  return paymentRow({
    payment_id: data.refundId,
    order_id: data.orderId,
    member_id: data.memberId,
    amount_paise: data.amountPaise,
    payment_type: 'refund',
    purpose: 'refund',
    subscription_id: data.subscriptionPayment?.subscriptionId ?? null,
    gateway: sql<string>`(select gateway from payments where payment_id = ${data.paymentId})` as never,
    status,
    failure_reason: status === 'failed' ? data.reason : null,
    created_at: at,
    processed_at: status === 'pending' ? null : at,
    refund_of: data.paymentId,
  });
}

/** What an invoice's row and a credit note's have alike: whose, when, how much, and the document as issued. */
function issued(data: Record<string, any>) {
  return {
    payment_id: data.paymentId as string,
    member_id: data.memberId as string,
    financial_year: data.financialYear as string,
    issued_at: new Date(data.issuedAt),
    total_paise: data.totalPaise as number,
    document: JSON.stringify(data),
  };
}
