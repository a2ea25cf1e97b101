import { type Kysely, sql } from 'kysely';
import type { PaymentsDb } from './tables.js';

/**
 * One member's credit moves (spends, releases, grants) take turns, to the end of the transaction: two at once could
 * otherwise both pass a check and overspend, or release twice (the ledger's once-per-order key would then refuse the
 * second with an error instead of the answer the first gave).
 */
export async function lockMemberCredit(db: Kysely<PaymentsDb>, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`credit:${memberId}`}))`.execute(db);
}

/** The credit spent on an order, if any was. */
export function findCreditSpend(db: Kysely<PaymentsDb>, orderId: string) {
  return db
    .selectFrom('credit_ledger')
    .select('amount_paise')
    .where('kind', '=', 'spend')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The member's credit moves on an order: kind and amount. */
export function orderCreditMoves(db: Kysely<PaymentsDb>, memberId: string, orderId: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_paise'])
    .where('order_id', '=', orderId)
    .where('member_id', '=', memberId)
    .execute();
}

/** The credit granted to the member instead of an order's refund, if it was. */
export function findRefundCreditGrant(db: Kysely<PaymentsDb>, memberId: string, orderId: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['amount_paise', 'expires_at'])
    .where('kind', '=', 'grant')
    .where('order_id', '=', orderId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}
