import { gstStateCode, type IndianStateName, indianStateNamed } from '@elts/contracts';
import type { UnitOfWork } from '@elts/platform';
import { sql } from 'kysely';
import { financialYear, invoiceNumber, splitGst } from '../domain/invoice.js';
import type { PaymentState } from '../domain/payment.js';
import type { PaymentsDb } from '../store/tables.js';
import { type PaymentsContext, record } from './context.js';

export interface Recipient {
  name: string;
  address: string | null;
  gstin: string | null;
  state: IndianStateName | null;
}

/**
 * Who the invoice is for, from what identity told us of the member. Their state (the place of supply) comes from
 * their pincode through the orders service's directory; read before the invoice's transaction, never inside it.
 */
export async function resolveRecipient(context: PaymentsContext, memberId: string): Promise<Recipient> {
  const profile = await context.db.selectFrom('member_profiles').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  if (!profile) return { name: 'Member', address: null, gstin: null, state: null };
  let state: IndianStateName | null = null;
  if (profile.pincode) {
    try {
      const place = await context.orders().get<{ state: string }>(`/shipping/bluedart/pincode/${profile.pincode}`);
      state = indianStateNamed(place.state) ?? null;
    } catch (error) {
      context.logger.warn({ err: error, memberId }, 'could not look up the member state for an invoice');
    }
  }
  const address = [profile.profession_address ?? profile.address, profile.pincode].filter(Boolean).join(' ') || null;
  return {
    name: `${profile.firstname} ${profile.lastname}`.trim() || profile.email,
    address,
    gstin: profile.gst || null,
    state,
  };
}

/** Issues the tax invoice of a successful payment, once: the invoice's stream per payment makes a repeat a no-op. */
export async function issueInvoiceFor(
  context: PaymentsContext,
  unit: UnitOfWork<PaymentsDb>,
  payment: PaymentState,
  recipient: Recipient,
  description: string,
) {
  const stream = `invoice-${payment.paymentId}`;
  if ((await unit.readStream(stream)).length > 0) return;
  const { settings } = context;
  const issuedAt = new Date();
  const year = financialYear(issuedAt);
  const counter = await sql<{ last_number: number }>`insert into invoice_counters (financial_year, last_number) values (${year}, 1)
    on conflict (financial_year) do update set last_number = invoice_counters.last_number + 1 returning last_number`.execute(unit.db);
  const supplierState = settings.SUPPLIER_STATE as IndianStateName;
  const placeOfSupply = recipient.state ?? supplierState;
  const split = splitGst(payment.amountPaise, placeOfSupply === supplierState);
  await record(unit, stream, 0, [
    {
      type: 'InvoiceIssued',
      data: {
        invoiceNumber: invoiceNumber(settings.INVOICE_SERIES, year, Number(counter.rows[0]?.last_number)),
        paymentId: payment.paymentId,
        memberId: payment.memberId,
        financialYear: year,
        issuedAt: issuedAt.toISOString(),
        description,
        sac: settings.SAC_CODE,
        ...split,
        placeOfSupply: { state: placeOfSupply, code: gstStateCode(placeOfSupply) },
        recipient,
        supplier: {
          name: settings.SUPPLIER_NAME,
          address: settings.SUPPLIER_ADDRESS,
          gstin: settings.SUPPLIER_GSTIN,
          state: supplierState,
        },
      },
    },
  ]);
}
