import { type Kysely, sql } from 'kysely';
import type { IrnRegistration } from '../e-invoicing/irp-client.js';
import type { InvoiceRecord } from '../invoices/invoice-document.js';
import type { PlacedOrder } from './product-orders.js';
import type { PaymentsDb } from './tables.js';

// E-invoicing's rows (docs/decisions/0162, 0165): one per B2B product invoice and one per credit note against it,
// each from queued to registered.

/** Queues a document's registration; a second queueing of the same document does nothing. */
async function queue(
  db: Kysely<PaymentsDb>,
  row: Pick<PaymentsDb['e_invoices'], 'order_id' | 'invoice_number' | 'doc_type' | 'refund_id'>,
) {
  await db
    .insertInto('e_invoices')
    .values({ ...row, status: 'pending', attempts: 0, next_attempt_at: sql<Date>`now()`, duplicate: false, created_at: sql<Date>`now()` })
    .onConflict((conflict) => conflict.column('invoice_number').doNothing())
    .execute();
}

/** Queues an invoice's registration, in the transaction that issues it. */
export function queueEInvoice(db: Kysely<PaymentsDb>, orderId: string, invoiceNumber: string): Promise<void> {
  return queue(db, { order_id: orderId, invoice_number: invoiceNumber, doc_type: 'INV', refund_id: null });
}

/**
 * Queues a credit note's registration as a CRN (docs/decisions/0165), in the transaction that issues it (its
 * projection), when the invoice it reduces was queued for e-invoicing: a credit note of a B2C invoice, a membership's,
 * or of an invoice issued while e-invoicing was off is left alone, as its invoice was.
 */
export async function queueCreditNoteEInvoice(
  db: Kysely<PaymentsDb>,
  note: { orderId: string; creditNoteNumber: string; refundId: string; invoiceNumber: string },
): Promise<void> {
  const invoice = await db
    .selectFrom('e_invoices')
    .select('order_id')
    .where('invoice_number', '=', note.invoiceNumber)
    .where('doc_type', '=', 'INV')
    .executeTakeFirst();
  if (!invoice) return;
  await queue(db, { order_id: note.orderId, invoice_number: note.creditNoteNumber, doc_type: 'CRN', refund_id: note.refundId });
}

export interface DueEInvoice {
  order_id: string;
  invoice_number: string;
  doc_type: 'INV' | 'CRN';
  attempts: number;
}

/**
 * Takes up to `batch` registrations that are due and held by no one, each for `leaseSeconds`: one instance sends an
 * invoice at a time (others skip the locked rows, and a holder that died lets go when its lease ends). A credit note
 * waits until the invoice it reduces has its IRN: the IRP is told of the invoice before what reduces it.
 */
export async function claimDueEInvoices(db: Kysely<PaymentsDb>, leaseSeconds: number, batch: number): Promise<DueEInvoice[]> {
  const claimed = await sql<DueEInvoice>`update e_invoices set claimed_until = now() + make_interval(secs => ${leaseSeconds}),
      attempts = attempts + 1
    where invoice_number in (
      select due.invoice_number from e_invoices due
      where due.status = 'pending' and due.next_attempt_at <= now() and (due.claimed_until is null or due.claimed_until < now())
        and (due.doc_type = 'INV' or exists (select 1 from e_invoices invoice
          where invoice.order_id = due.order_id and invoice.doc_type = 'INV' and invoice.status = 'registered'))
      order by due.next_attempt_at limit ${batch} for update of due skip locked)
    returning order_id, invoice_number, doc_type, attempts`.execute(db);
  return claimed.rows;
}

const parsed = <T>(stored: unknown): T => (typeof stored === 'string' ? JSON.parse(stored) : stored) as T;

/** The invoice or credit note as issued and the order's addresses: what the e-invoice is made of. */
export async function eInvoiceSource(db: Kysely<PaymentsDb>, due: Pick<DueEInvoice, 'order_id' | 'invoice_number' | 'doc_type'>) {
  const document =
    due.doc_type === 'INV'
      ? await db.selectFrom('invoices').select('document').where('invoice_number', '=', due.invoice_number).executeTakeFirst()
      : await db.selectFrom('credit_notes').select('document').where('credit_note_number', '=', due.invoice_number).executeTakeFirst();
  const order = await db.selectFrom('product_orders').select('placed').where('order_id', '=', due.order_id).executeTakeFirst();
  return document && order ? { invoice: parsed<InvoiceRecord>(document.document), order: parsed<PlacedOrder>(order.placed) } : undefined;
}

/** Records the IRP's answer once: a row already registered keeps its first IRN. Returns whether this one was stored. */
export async function saveRegistration(db: Kysely<PaymentsDb>, invoiceNumber: string, answer: IrnRegistration): Promise<boolean> {
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
    .where('invoice_number', '=', invoiceNumber)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A failed attempt: why, and when to try again; the row is let go. */
export async function noteEInvoiceFailure(
  db: Kysely<PaymentsDb>,
  invoiceNumber: string,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await db
    .updateTable('e_invoices')
    .set({
      last_error: error.slice(0, 1000),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds})`,
      claimed_until: null,
    })
    .where('invoice_number', '=', invoiceNumber)
    .where('status', '=', 'pending')
    .execute();
}

/** A document's registration (by its number: an invoice's or a credit note's), for its PDF and for operators. */
export function findEInvoice(db: Kysely<PaymentsDb>, documentNumber: string) {
  return db.selectFrom('e_invoices').selectAll().where('invoice_number', '=', documentNumber).executeTakeFirst();
}

/** A registration as operators see it: its row, and whether a credit note still waits for its invoice's IRN. */
const operatorView = (db: Kysely<PaymentsDb>) =>
  db
    .selectFrom('e_invoices as due')
    .selectAll('due')
    .select(
      sql<boolean>`(due.doc_type = 'CRN' and not exists (select 1 from e_invoices invoice
        where invoice.order_id = due.order_id and invoice.doc_type = 'INV' and invoice.status = 'registered'))`.as('waiting_for_invoice'),
    );

/**
 * The registrations that need a look (docs/decisions/0165): pending, and either refused or failed at least once, or
 * queued more than `lateMinutes` ago; oldest first.
 */
export function troubledEInvoices(db: Kysely<PaymentsDb>, lateMinutes: number) {
  return operatorView(db)
    .where('due.status', '=', 'pending')
    .where((where) =>
      where.or([
        where('due.last_error', 'is not', null),
        where('due.created_at', '<', sql<Date>`now() - make_interval(mins => ${lateMinutes})`),
      ]),
    )
    .orderBy('due.created_at')
    .limit(200)
    .execute();
}

/** One registration as operators see it. */
export function eInvoiceForOperators(db: Kysely<PaymentsDb>, documentNumber: string) {
  return operatorView(db).where('due.invoice_number', '=', documentNumber).executeTakeFirst();
}

/**
 * An operator's retry: a pending registration becomes due now (its count and last error kept); a registered one is
 * left as it is, so asking twice does what asking once does.
 */
export async function retryEInvoiceNow(db: Kysely<PaymentsDb>, documentNumber: string): Promise<void> {
  await db
    .updateTable('e_invoices')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('invoice_number', '=', documentNumber)
    .where('status', '=', 'pending')
    .execute();
}
