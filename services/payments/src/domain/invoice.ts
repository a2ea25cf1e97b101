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

/** Splits a GST-inclusive total: 117882 paise is 99900 taxable and 17982 tax. */
export function splitGst(totalPaise: number, intraState: boolean): TaxSplit {
  const taxablePaise = Math.round((totalPaise * 100) / (100 + GST_PERCENT));
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

/** EC/2627/000042: series, financial year and a six-digit serial; 14 characters. */
export function invoiceNumber(series: string, year: string, serial: number): string {
  const compactYear = `${year.slice(2, 4)}${year.slice(5, 7)}`;
  const number = `${series}/${compactYear}/${String(serial).padStart(6, '0')}`;
  if (number.length > 16) throw new Error(`invoice number ${number} is longer than 16 characters`);
  return number;
}

/** Credit notes run in a series of their own (CN/2627/000001), apart from the invoices, each financial year. */
export const CREDIT_NOTE_SERIES = 'CN';

/**
 * The tax a credit note takes back for a refund of an invoiced payment: the refund split by the invoice's own rate
 * and place of supply (CGST+SGST stays CGST+SGST). A full refund takes back exactly the invoice's figures.
 */
export function creditNoteSplit(invoice: TaxSplit, refundPaise: number): TaxSplit {
  if (refundPaise >= invoice.totalPaise) return { ...invoice };
  return splitGst(refundPaise, invoice.igstPaise === 0);
}
