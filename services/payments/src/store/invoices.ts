import { type Kysely, sql } from 'kysely';
import type { PaymentsDb } from './tables.js';

/**
 * Membership years started (activated or renewed) in the 30 days before `now` whose payment has no invoice yet, oldest
 * first: each payment with its cycle.
 */
export async function paymentsOwedInvoices(
  db: Kysely<PaymentsDb>,
  now: Date,
  batch: number,
): Promise<{ payment_id: string; cycle: number }[]> {
  const owed = await sql<{ payment_id: string; cycle: number }>`select e.data->>'paymentId' as payment_id, (e.data->>'cycle')::int as cycle
    from events e
    where e.type in ('SubscriptionActivated', 'SubscriptionRenewed') and e.recorded_at > ${new Date(now.getTime() - 30 * 24 * 60 * 60_000)}
      and not exists (select 1 from invoices i where i.payment_id = e.data->>'paymentId')
    order by e.position limit ${batch}`.execute(db);
  return owed.rows;
}

/**
 * Takes the financial year's next invoice number of a series ('' the membership's, 'goods' the product orders'),
 * gapless: the counter row is locked until the transaction ends, and a rolled-back invoice gives its number back.
 */
export async function takeInvoiceNumber(db: Kysely<PaymentsDb>, year: string, series: '' | 'goods' = ''): Promise<number> {
  const counter = await sql<{ last_number: number }>`insert into invoice_counters (series, financial_year, last_number)
    values (${series}, ${year}, 1)
    on conflict (series, financial_year) do update set last_number = invoice_counters.last_number + 1 returning last_number`.execute(db);
  return Number(counter.rows[0]?.last_number);
}

/** Takes the financial year's next credit note number (gapless, as invoice numbers). */
export async function takeCreditNoteNumber(db: Kysely<PaymentsDb>, year: string): Promise<number> {
  const counter = await sql<{ last_number: number }>`insert into credit_note_counters (financial_year, last_number) values (${year}, 1)
    on conflict (financial_year) do update set last_number = credit_note_counters.last_number + 1 returning last_number`.execute(db);
  return Number(counter.rows[0]?.last_number);
}

/** The invoice document of a payment, if the payment was invoiced. */
export function findInvoiceOfPayment(db: Kysely<PaymentsDb>, paymentId: string) {
  return db.selectFrom('invoices').select('document').where('payment_id', '=', paymentId).executeTakeFirst();
}

/**
 * What the credit notes already issued against a payment's invoice took back, in paise (0 when none): read in the
 * transaction that issues the next one, which the refund's outcome on the payment's stream serialises with them.
 */
export async function creditedOfPayment(db: Kysely<PaymentsDb>, paymentId: string): Promise<number> {
  const credited = await db
    .selectFrom('credit_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('total_paise'), sql<number>`0`).as('paise'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(credited.paise);
}
