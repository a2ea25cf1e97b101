import { sql } from 'kysely';
import type { PaymentsContext } from './context.js';
import { issueOwedInvoices } from './invoices.js';
import { finishSettledMemberships } from './memberships.js';
import { settleFromGateway, timeOutPayment } from './payments.js';

export type ReconcileMode = 'normal' | 'light';

/**
 * The scheduled safety net. Light: fail checkout payments past their deadline whose timeout step was lost. Normal:
 * that, and ask the gateway about every payment pending for more than a couple of minutes, in case a webhook never
 * came, and finish membership payments that succeeded without their outcome applied. Both then issue the invoices
 * that waited for a member's place of supply. Works in bounded batches so one run never takes long.
 */
export async function reconcile(context: PaymentsContext, mode: ReconcileMode, batch = 200): Promise<{ checked: number; settled: number }> {
  const overdue = await context.db
    .selectFrom('payments')
    .select('payment_id')
    .where('status', 'in', ['pending', 'processing'])
    .where('timeout_at', '<', sql<Date>`now()`)
    .orderBy('timeout_at')
    .limit(batch)
    .execute();
  let settled = 0;
  for (const { payment_id } of overdue) if ((await timeOutPayment(context, payment_id)) !== 'unchanged') settled++;
  let checked = overdue.length;
  if (mode === 'normal') {
    const pending = await context.db
      .selectFrom('payments')
      .select('payment_id')
      .where('status', 'in', ['pending', 'processing'])
      .where('created_at', '<', new Date(Date.now() - context.settings.RECONCILE_PENDING_AFTER_SECONDS * 1000))
      .where('purpose', '<>', 'renewal')
      .orderBy('created_at')
      .limit(batch)
      .execute();
    for (const { payment_id } of pending) {
      try {
        if ((await settleFromGateway(context, payment_id)) !== 'unchanged') settled++;
      } catch (error) {
        context.logger.warn({ err: error, paymentId: payment_id }, 'reconciliation could not ask the gateway');
      }
    }
    checked += pending.length;
    await finishSettledMemberships(context, batch);
  }
  const invoiced = await issueOwedInvoices(context, batch);
  if (invoiced > 0) context.logger.info({ invoiced }, 'issued invoices that waited for the place of supply');
  return { checked, settled };
}
