import { rupeesOf } from '@elts/contracts';
import type { PaymentsContext } from '../commands/context.js';
import { creditBalance } from '../domain/credit.js';
import type { PaymentsTable, SubscriptionsTable } from './tables.js';

const DAY_MS = 24 * 60 * 60_000;

export async function latestSubscription(context: PaymentsContext, memberId: string) {
  return context.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function memberCredit(context: PaymentsContext, memberId: string, now = context.clock.now()): Promise<number> {
  const rows = await context.db.selectFrom('credit_ledger').selectAll().where('member_id', '=', memberId).execute();
  return creditBalance(
    rows.map((row) => ({
      kind: row.kind,
      amountPaise: Number(row.amount_paise),
      orderId: row.order_id,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
    })),
    now,
  );
}

/** `GET /subscription/current`'s subscription object (spec section 3), amounts in rupees with paise beside. */
export function currentSubscriptionView(row: SubscriptionsTable, payment: PaymentsTable | undefined, now: Date) {
  const active = row.status === 'active' && row.end_date;
  return {
    subscription_id: row.subscription_id,
    order_id: row.subscription_id,
    status: row.status,
    plan_type: row.plan_type,
    amount: rupeesOf(Number(row.amount_paise)),
    amount_paise: Number(row.amount_paise),
    currency: row.currency,
    frequency: row.frequency,
    start_date: row.start_date?.toISOString() ?? null,
    end_date: row.end_date?.toISOString() ?? null,
    days_until_expiry: active ? Math.max(0, Math.ceil(((row.end_date as Date).getTime() - now.getTime()) / DAY_MS)) : null,
    renewal_date: active && row.auto_renewal ? (row.end_date as Date).toISOString() : null,
    auto_renewal: row.auto_renewal,
    latest_payment: payment
      ? { payment_id: payment.payment_id, transaction_id: payment.gateway_payment_id, status: payment.status, order_id: payment.order_id }
      : null,
    mandate: row.mandate_id
      ? {
          mandate_id: row.mandate_id,
          status: row.mandate_status,
          max_amount: rupeesOf(Number(row.mandate_max_paise ?? row.amount_paise)),
          next_execution_date:
            row.next_execution_date?.toISOString() ?? (active && row.auto_renewal ? (row.end_date as Date).toISOString() : null),
        }
      : null,
  };
}

/** The shopper's short view (`GET /api/subscription/details` and the toggle and cancel answers). */
export function subscriptionDetailsView(row: SubscriptionsTable) {
  return {
    subscriptionId: row.subscription_id,
    status: row.status,
    planType: row.plan_type,
    frequency: row.frequency,
    amount: rupeesOf(Number(row.amount_paise)),
    currency: row.currency,
    startDate: row.start_date?.toISOString() ?? null,
    endDate: row.end_date?.toISOString() ?? null,
    autoRenewal: row.auto_renewal,
  };
}
