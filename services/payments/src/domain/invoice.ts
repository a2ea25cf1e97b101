import { indianCalendar } from '@elts/contracts';

/**
 * GST on the membership (a service, 18%): CGST 9% + SGST 9% when the place of supply is the supplier's own state,
 * IGST 18% otherwise. The place of supply is the member's state when we know their address, else the supplier's
 * (IGST Act s.12(2) for unregistered recipients). Invoice numbers run per financial year (April-March, India) and
 * stay within CGST Rule 46's 16 characters.
 */

export const GST_PERCENT = 18;

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** The value before tax of a GST-inclusive amount, to the paisa: 117882 at 18% is 99900. */
export const taxableOf = (inclusivePaise: number, ratePercent: number) => Math.round((inclusivePaise * 100) / (100 + ratePercent));

/**
 * Splits a GST-inclusive total at a rate (the membership's 18% unless given): 117882 paise at 18% is 99900 taxable
 * and 17982 tax; within the supplier's state the tax is halved into CGST and SGST (SGST takes an odd paisa).
 */
export function splitGst(totalPaise: number, intraState: boolean, ratePercent: number = GST_PERCENT): TaxSplit {
  const taxablePaise = taxableOf(totalPaise, ratePercent);
  const tax = totalPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax, totalPaise };
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0, totalPaise };
}

/** "2026-27" for any instant from 1 April 2026 to 31 March 2027, India time. */
export function financialYear(at: Date): string {
  const { year, month } = indianCalendar(at);
  const startYear = month >= 4 ? year : year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** EC/2627/000042 (or EG/… for goods): series, financial year and a six-digit serial; 14 characters. */
export function invoiceNumber(series: string, year: string, serial: number): string {
  const compactYear = `${year.slice(2, 4)}${year.slice(5, 7)}`;
  const number = `${series}/${compactYear}/${String(serial).padStart(6, '0')}`;
  if (number.length > 16) throw new Error(`invoice number ${number} is longer than 16 characters`);
  return number;
}

/** Credit notes run in a series of their own (CN/2627/000001), apart from the invoices, each financial year. */
export const CREDIT_NOTE_SERIES = 'CN';

/**
 * The tax a credit note takes back for a refund of an invoiced payment, at the invoice's own rate and place of supply
 * (CGST+SGST stays CGST+SGST): the split of everything refunded with this refund less the split of what the earlier
 * credit notes of the same invoice took back (`earlierPaise`, their totals). Rounding each refund on its own could
 * take a paisa more of taxable value (or of a tax) than the invoice had over several partial refunds; taken this way
 * the credit notes of one invoice add up, figure by figure, to the split of their sum, and the refund that reaches the
 * invoice's total takes back exactly what is left of the invoice's own figures, never above it. Every split is
 * non-decreasing in the amount (a paisa more moves the rounded taxable value or the tax by at most that paisa), so no
 * figure of a credit note is negative.
 */
export function creditNoteSplit(invoice: TaxSplit & { ratePercent?: number }, refundPaise: number, earlierPaise = 0): TaxSplit {
  const intraState = invoice.igstPaise === 0 && invoice.cgstPaise + invoice.sgstPaise > 0;
  const upTo = (paise: number): TaxSplit =>
    paise >= invoice.totalPaise ? invoice : splitGst(paise, intraState, invoice.ratePercent ?? GST_PERCENT);
  const before = upTo(earlierPaise);
  const after = upTo(earlierPaise + refundPaise);
  return {
    taxablePaise: after.taxablePaise - before.taxablePaise,
    cgstPaise: after.cgstPaise - before.cgstPaise,
    sgstPaise: after.sgstPaise - before.sgstPaise,
    igstPaise: after.igstPaise - before.igstPaise,
    totalPaise: after.totalPaise - before.totalPaise,
  };
}

/**
 * The units a credit note takes back from an invoice line of `quantity` units: the units the refunds so far have
 * wholly paid back (each unit an equal share of the invoice's total), less those the earlier credit notes took. A
 * refund of part of a unit's price (a reduction, not a return) takes none back; the refund that reaches the total
 * takes back what is left, so the credit notes of a line never take more units than it had, nor fewer than none.
 */
export function unitsTakenBack(quantity: number, invoiceTotalPaise: number, refundPaise: number, earlierPaise = 0): number {
  const paidBack = (paise: number) => (paise >= invoiceTotalPaise ? quantity : Math.floor((paise * quantity) / invoiceTotalPaise));
  return paidBack(earlierPaise + refundPaise) - paidBack(earlierPaise);
}

/** What a goods invoice is made from: one product order's line, as placed. */
export interface GoodsSale {
  /** The price per unit members see, GST included. */
  unitPricePaise: number;
  quantity: number;
  /** Membership credit spent on the order. */
  creditPaise: number;
  ratePercent: number;
  intraState: boolean;
  /**
   * The membership credit as a discount that lowers the taxable value (docs/decisions/0094, the default), or as a
   * means of payment the tax is charged through (`INVOICE_CREDIT_AS_DISCOUNT=false`).
   */
  creditAsDiscount: boolean;
}

export interface GoodsFigures extends TaxSplit {
  /** The line's value before tax and before any discount. */
  grossValuePaise: number;
  /** The discount before tax: the credit's share of the value, when the credit is a discount. */
  discountPaise: number;
  /** Credit spent that paid part of the total (when it is not a discount), shown apart from the tax. */
  paidByCreditPaise: number;
}

/**
 * A goods invoice's figures from its tax-inclusive price: the gross value before tax, the discount, the taxable value
 * and the tax at the product's rate. With the credit as a discount the total is what the member paid; otherwise the
 * total is the full price, part of it paid by credit.
 */
export function goodsFigures(sale: GoodsSale): GoodsFigures {
  const grossPaise = sale.unitPricePaise * sale.quantity;
  const credit = Math.min(sale.creditPaise, grossPaise);
  const charged = sale.creditAsDiscount ? grossPaise - credit : grossPaise;
  const split = splitGst(charged, sale.intraState, sale.ratePercent);
  const grossValuePaise = taxableOf(grossPaise, sale.ratePercent);
  return {
    ...split,
    grossValuePaise,
    discountPaise: grossValuePaise - split.taxablePaise,
    paidByCreditPaise: sale.creditAsDiscount ? 0 : credit,
  };
}
