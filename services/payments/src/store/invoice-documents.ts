import type { Kysely } from 'kysely';
import type { PaymentsDb } from './tables.js';

// Invoices and credit notes are kept alike (a number, the member, the document as issued): one reader for both.

/**
 * One document by its key (an invoice by payment or by product order, a credit note by refund), a member's own only
 * when `memberId` is given.
 */
export function findDocument(
  db: Kysely<PaymentsDb>,
  table: 'invoices' | 'credit_notes',
  key: 'payment_id' | 'order_id' | 'refund_id',
  id: string,
  memberId?: string,
) {
  const documents = db as Kysely<any>;
  let query = documents.selectFrom(table).select('document').where(key, '=', id);
  if (memberId) query = query.where('member_id', '=', memberId);
  return query.executeTakeFirst() as Promise<{ document: unknown } | undefined>;
}

/** A member's latest 50 of one kind of document. */
export function latestDocuments<T extends 'invoices' | 'credit_notes'>(db: Kysely<PaymentsDb>, table: T, memberId: string) {
  const documents = db as Kysely<any>;
  return documents
    .selectFrom(table)
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('issued_at', 'desc')
    .limit(50)
    .execute() as Promise<PaymentsDb[T][]>;
}
