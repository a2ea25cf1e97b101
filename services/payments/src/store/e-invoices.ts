import { type Kysely, sql } from 'kysely';
import type { IrnRegistration } from '../e-invoicing/irp-client.js';
import type { InvoiceRecord } from '../invoices/invoice-document.js';
import type { PlacedOrder } from './product-orders.js';
import type { PaymentsDb } from './tables.js';

// E-invoicing's rows (docs/decisions/0162): one per B2B product invoice, from queued to registered.

/** Queues an invoice's registration, in the transaction that issues it; a second queueing of the order does nothing. */
export async function queueEInvoice(db: Kysely<PaymentsDb>, orderId: string, invoiceNumber: string): Promise<void> {
  await db
    .insertInto('e_invoices')
    .values({
      order_id: orderId,
      invoice_number: invoiceNumber,
      status: 'pending',
      attempts: 0,
      next_attempt_at: sql<Date>`now()`,
      duplicate: false,
      created_at: sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

export interface DueEInvoice {
  order_id: string;
  invoice_number: string;
  attempts: number;
}

/**
 * Takes up to `batch` registrations that are due and held by no one, each for `leaseSeconds`: one instance sends an
 * invoice at a time (others skip the locked rows, and a holder that died lets go when its lease ends).
 */
export async function claimDueEInvoices(db: Kysely<PaymentsDb>, leaseSeconds: number, batch: number): Promise<DueEInvoice[]> {
  const claimed = await sql<DueEInvoice>`update e_invoices set claimed_until = now() + make_interval(secs => ${leaseSeconds}),
      attempts = attempts + 1
    where order_id in (
      select order_id from e_invoices
      where status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
      order by next_attempt_at limit ${batch} for update skip locked)
    returning order_id, invoice_number, attempts`.execute(db);
  return claimed.rows;
}

const parsed = <T>(stored: unknown): T => (typeof stored === 'string' ? JSON.parse(stored) : stored) as T;

/** The invoice as issued and the order's addresses: what the e-invoice is made of. */
export async function eInvoiceSource(db: Kysely<PaymentsDb>, orderId: string) {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('product_orders', 'product_orders.order_id', 'invoices.order_id')
    .select(['invoices.document', 'product_orders.placed'])
    .where('invoices.order_id', '=', orderId)
    .executeTakeFirst();
  return row ? { invoice: parsed<InvoiceRecord>(row.document), order: parsed<PlacedOrder>(row.placed) } : undefined;
}

/** Records the IRP's answer once: a row already registered keeps its first IRN. Returns whether this one was stored. */
export async function saveRegistration(db: Kysely<PaymentsDb>, orderId: string, answer: IrnRegistration): Promise<boolean> {
  const updated = await db
    .updateTable('e_invoices')
    .set({
      status: 'registered',
      irn: answer.irn,
      ack_no: answer.ackNo,
      ack_date: answer.ackDate,
      signed_qr_code: answer.signedQrCode,
      signed_invoice: answer.signedInvoice,
      duplicate: answer.duplicate,
      registered_at: sql<Date>`now()`,
      claimed_until: null,
      last_error: null,
    })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A failed attempt: why, and when to try again; the row is let go. */
export async function noteEInvoiceFailure(db: Kysely<PaymentsDb>, orderId: string, error: string, retryInSeconds: number): Promise<void> {
  await db
    .updateTable('e_invoices')
    .set({
      last_error: error.slice(0, 1000),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})`,
      claimed_until: null,
    })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

/** An order's registration, for its invoice PDF and for operators. */
export function findEInvoice(db: Kysely<PaymentsDb>, orderId: string) {
  return db.selectFrom('e_invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}
