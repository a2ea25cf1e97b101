import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AdminDb } from '../store/tables.js';
import { indianDayRange, likePattern, listQuery, optional, rupees } from './filters.js';

export const paymentsQuery = listQuery.extend({
  status: optional(z.enum(['success', 'pending', 'failed', 'processing', 'timeout'])),
  paymentType: optional(z.enum(['subscription', 'product_order', 'refund'])),
});
export type PaymentsQuery = z.output<typeof paymentsQuery>;

/** A timed-out payment: failed by the timeout workflow, or failed with a reason that says it timed out. */
export const TIMED_OUT = sql<boolean>`(p.status = 'failed' and (p.auto_failed or p.failure_reason ilike '%timed out%'))`;

export function filteredPayments(db: Kysely<AdminDb>, filters: Omit<PaymentsQuery, 'page' | 'limit'>, sinceDays?: number) {
  let query = db.selectFrom('payments as p').leftJoin('users as u', 'u.member_id', 'p.member_id');
  if (filters.status === 'timeout') query = query.where(TIMED_OUT);
  else if (filters.status) query = query.where('p.status', '=', filters.status);
  if (filters.paymentType) query = query.where('p.payment_type', '=', filters.paymentType);
  const { from, to } = indianDayRange(filters.startDate, filters.endDate);
  if (from) query = query.where('p.created_at', '>=', from);
  if (to) query = query.where('p.created_at', '<', to);
  if (sinceDays) query = query.where('p.created_at', '>=', new Date(Date.now() - sinceDays * 24 * 3600_000));
  if (filters.searchTerm) {
    const pattern = likePattern(filters.searchTerm);
    query = query.where((eb) =>
      eb.or([
        eb('p.payment_id', 'ilike', pattern),
        eb('p.order_id', 'ilike', pattern),
        eb(sql`p.member_id::text`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb(sql`u.firstname || ' ' || u.lastname`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export const paymentColumns = [
  'p.payment_id',
  'p.order_id',
  'p.member_id',
  'p.amount_paise',
  'p.currency',
  'p.payment_type',
  'p.status',
  'p.method',
  'p.gateway_payment_id',
  'p.failure_reason',
  'p.auto_failed',
  'p.timeout_minutes',
  'p.at_risk',
  'p.created_at',
  'p.processed_at',
  'u.firstname',
  'u.lastname',
  'u.email',
] as const;

type PaymentRow = { [K in (typeof paymentColumns)[number] as K extends `${string}.${infer C}` ? C : never]: any };

/** A payment row as the Payments page reads it (spec section 3, "Payment"). */
export function paymentView(row: PaymentRow, now = new Date()) {
  const minutesPending = Math.floor((now.getTime() - new Date(row.created_at).getTime()) / 60_000);
  return {
    paymentId: row.payment_id,
    orderId: row.order_id,
    userId: row.member_id,
    user: row.email ? { firstname: row.firstname, lastname: row.lastname, email: row.email } : null,
    amount: rupees(row.amount_paise),
    amount_paise: Number(row.amount_paise),
    currency: row.currency,
    paymentType: row.payment_type,
    status: row.status,
    paymentMethod: row.method,
    transactionId: row.gateway_payment_id,
    metadata: { auto_failed: row.auto_failed, timeout_minutes: row.timeout_minutes },
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at).toISOString(),
    processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
    minutes_pending: row.status === 'pending' || row.status === 'processing' ? minutesPending : null,
    at_risk: row.at_risk,
  };
}
