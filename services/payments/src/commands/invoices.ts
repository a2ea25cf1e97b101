import { gstStateCode, type IndianStateName, indianStateNamed, ordersOperations } from '@elts/contracts';
import { InternalCallError, type UnitOfWork } from '@elts/platform';
import {
  CREDIT_NOTE_SERIES,
  creditNoteSplit,
  financialYear,
  GST_PERCENT,
  invoiceNumber,
  splitGst,
  unitsTakenBack,
} from '../domain/invoice.js';
import type { PaymentState } from '../domain/payment.js';
import type { RefundState } from '../domain/refund.js';
import type { InvoiceRecord } from '../invoices/invoice-document.js';
import { loadPayment } from '../processes/payment-timeout/payment-flow.js';
import {
  creditedOfPayment,
  findInvoiceOfPayment,
  paymentsOwedInvoices,
  takeCreditNoteNumber,
  takeInvoiceNumber,
} from '../store/invoices.js';
import { findMemberProfile } from '../store/member-profiles.js';
import type { PaymentsDb } from '../store/tables.js';
import { createPaymentsStream, type PaymentsContext } from './context.js';

export interface Recipient {
  name: string;
  address: string | null;
  gstin: string | null;
  state: IndianStateName | null;
}

/**
 * Who the invoice is for, from what identity told us of the member. Their state (the place of supply) comes from
 * their pincode through the orders service's directory; read before the invoice's transaction, never inside it.
 * When the directory cannot be asked now (away, timing out, failing), the answer is `undefined`: the invoice waits
 * for reconciliation rather than guess the supplier's state, which would charge CGST+SGST where IGST may be due. A
 * directory that answers but knows no state for the pincode is final: the place of supply is then the supplier's
 * (IGST Act s.12(2)(b), the recipient's location not being known).
 */
export async function resolveRecipient(context: PaymentsContext, memberId: string): Promise<Recipient | undefined> {
  const profile = await findMemberProfile(context.db, memberId);
  if (!profile) return { name: 'Member', address: null, gstin: null, state: null };
  let state: IndianStateName | null = null;
  if (profile.pincode) {
    try {
      const place = await context.orders().operation(ordersOperations.checkPincode, { params: { pincode: profile.pincode } });
      state = indianStateNamed(place.state) ?? null;
    } catch (error) {
      if (!(error instanceof InternalCallError) || error.status >= 500) {
        context.logger.warn({ err: error, memberId }, 'the member state cannot be looked up now; their invoice waits');
        return undefined;
      }
      context.logger.warn({ err: error, memberId }, 'the directory knows no state for the member pincode');
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

/** What a membership invoice is for: the year its payment pays. */
export const membershipInvoiceDescription = (cycle: number) => `Annual membership, ${cycle === 1 ? 'first year' : `year ${cycle}`}`;

/**
 * Issues the invoices that waited for the member's place of supply: every membership year started (activated or
 * renewed) in the last 30 days whose payment has no invoice yet (CGST Rule 47 gives 30 days to invoice a service).
 * Run by reconciliation; stops at the first member whose state still cannot be looked up. Returns how many it issued.
 */
export async function issueOwedInvoices(context: PaymentsContext, batch = 100): Promise<number> {
  const owed = await paymentsOwedInvoices(context.db, context.clock.now(), batch);
  let issued = 0;
  for (const { payment_id, cycle } of owed) {
    const payment = await loadPayment(context, payment_id);
    if (!payment) continue;
    const recipient = await resolveRecipient(context, payment.memberId);
    if (!recipient) break;
    await context.events.transact((unit) => issueInvoiceFor(context, unit, payment, recipient, membershipInvoiceDescription(cycle)));
    issued++;
  }
  return issued;
}

/**
 * Where a supply is made from and to, as an invoice names it: the supplier (our settings) and the place of supply,
 * which is the recipient's state when known, else the supplier's; a supply within one state is taxed CGST + SGST.
 */
export function supplyOf(settings: PaymentsContext['settings'], to: IndianStateName | null) {
  const supplierState = settings.SUPPLIER_STATE as IndianStateName;
  const placeOfSupply = to ?? supplierState;
  return {
    intraState: placeOfSupply === supplierState,
    placeOfSupply: { state: placeOfSupply, code: gstStateCode(placeOfSupply) },
    supplier: { name: settings.SUPPLIER_NAME, address: settings.SUPPLIER_ADDRESS, gstin: settings.SUPPLIER_GSTIN, state: supplierState },
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
  const { settings } = context;
  // The number is taken only while the payment has no invoice.
  await createPaymentsStream(unit, `invoice-${payment.paymentId}`, async () => {
    const issuedAt = context.clock.now();
    const year = financialYear(issuedAt);
    const number = await takeInvoiceNumber(unit.db, year);
    const { intraState, ...supply } = supplyOf(settings, recipient.state);
    const split = splitGst(payment.amountPaise, intraState);
    return [
      {
        type: 'InvoiceIssued',
        data: {
          invoiceNumber: invoiceNumber(settings.INVOICE_SERIES, year, number),
          paymentId: payment.paymentId,
          memberId: payment.memberId,
          financialYear: year,
          issuedAt: issuedAt.toISOString(),
          description,
          sac: settings.SAC_CODE,
          ...split,
          // The schema's default, written out now that the event is typed: a membership is taxed at the one rate.
          ratePercent: GST_PERCENT,
          placeOfSupply: supply.placeOfSupply,
          recipient,
          supplier: supply.supplier,
        },
      },
    ];
  });
}

/**
 * A goods credit note's line: the invoice's goods, valued at what the refund takes back (no discount on it), with the
 * units it takes back (the HSN summary counts them off the month's quantity).
 */
function goodsTakenBack(
  goods: NonNullable<InvoiceRecord['goods']>,
  taxablePaise: number,
  unitsOf: (quantity: number) => number,
): NonNullable<InvoiceRecord['goods']> {
  const lines = goods.lines.map((line) => ({
    ...line,
    quantity: unitsOf(line.quantity),
    grossValuePaise: taxablePaise,
    discountPaise: 0,
    taxablePaise,
  }));
  return { ...goods, lines, paidByCreditPaise: 0 };
}

/**
 * Issues the GST credit note of a refund whose payment had a tax invoice, in the transaction that records the
 * refund's success, once per refund: its own serial per financial year, the invoice's parties and place of supply,
 * and the tax of the amount refunded at the invoice's rate, never above the invoice, even over several refunds (each
 * takes back what its refund adds to the earlier credit notes, docs/decisions/0169). A payment without an invoice
 * (a product order refunded before it shipped) needs none. Memberships and goods share the one credit note series.
 * Membership credit given instead of a refund (`CR-<orderId>`) is credited the same way.
 */
export async function issueCreditNoteFor(
  unit: UnitOfWork<PaymentsDb>,
  refund: Pick<RefundState, 'refundId' | 'paymentId' | 'memberId' | 'amountPaise' | 'reason'>,
  issuedAt: Date,
) {
  const invoice = await findInvoiceOfPayment(unit.db, refund.paymentId);
  if (!invoice) return;
  const original = (typeof invoice.document === 'string' ? JSON.parse(invoice.document) : invoice.document) as InvoiceRecord & {
    memberId: string;
  };
  // The serial is taken only while the refund has no credit note.
  await createPaymentsStream(unit, `credit-note-${refund.refundId}`, async () => {
    const year = financialYear(issuedAt);
    const number = await takeCreditNoteNumber(unit.db, year);
    const earlier = await creditedOfPayment(unit.db, refund.paymentId);
    const split = creditNoteSplit(original, refund.amountPaise, earlier);
    const unitsOf = (quantity: number) => unitsTakenBack(quantity, original.totalPaise, refund.amountPaise, earlier);
    return [
      {
        type: 'CreditNoteIssued',
        data: {
          invoiceNumber: invoiceNumber(CREDIT_NOTE_SERIES, year, number),
          paymentId: refund.paymentId,
          refundId: refund.refundId,
          memberId: refund.memberId,
          financialYear: year,
          issuedAt: issuedAt.toISOString(),
          description: original.description,
          sac: original.sac,
          ...split,
          ratePercent: original.ratePercent ?? GST_PERCENT,
          ...(original.goods ? { goods: goodsTakenBack(original.goods, split.taxablePaise, unitsOf) } : {}),
          placeOfSupply: original.placeOfSupply,
          recipient: original.recipient,
          supplier: original.supplier,
          against: { invoiceNumber: original.invoiceNumber, issuedAt: original.issuedAt, reason: refund.reason },
        },
      },
    ];
  });
}
