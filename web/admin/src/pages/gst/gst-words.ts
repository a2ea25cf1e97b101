import {
  formatIndianDay,
  formatRupees,
  INDIAN_STATES,
  indianCalendar,
  type OperationTable,
  type RequestOf,
  type ResponseOf,
} from '@elts/contracts';

/** The month's GSTR-1 data as the page reads it (decision 0095): the sections' rows and the totals, amounts in paise. */
export type GstReturn = ResponseOf<OperationTable['adminGstReturn']>['data'];
export type GstTotals = GstReturn['totals'];
export type TaxAmounts = GstTotals['b2b'];
export type GstSection = RequestOf<OperationTable['adminGstReturnCsv']>['params']['section'];

/** GSTR-1's sections as the offline tool names them, in the return's order, with what each holds. */
export const GST_SECTIONS: readonly { section: GstSection; label: string; holds: string }[] = [
  { section: 'b2b', label: 'B2B', holds: 'Invoices to registered buyers, one by one' },
  { section: 'b2cl', label: 'B2CL', holds: 'Inter-state invoices above ₹1,00,000 to unregistered buyers, one by one' },
  { section: 'b2cs', label: 'B2CS', holds: 'Other sales to unregistered buyers, by state and rate' },
  { section: 'hsn', label: 'HSN', holds: 'HSN summary: quantities and values by HSN or SAC code and rate' },
  { section: 'cdnr', label: 'CDNR', holds: 'Credit notes to registered buyers' },
  { section: 'cdnur', label: 'CDNUR', holds: 'Credit notes against B2CL invoices' },
];

const MONTH_NAME = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** How far back the picker goes: two years of returns (late filings and amendments stay within that). */
const MONTHS_BACK = 24;

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** `2026-10` → 'October 2026'. */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return MONTH_NAME.format(Date.UTC(year, number - 1, 1));
}

/** The months an operator can choose, newest first: this month so far (India time), then the 24 before it. */
export function monthChoices(now = new Date()): { value: string; label: string }[] {
  const { year, month } = indianCalendar(now);
  return Array.from({ length: MONTHS_BACK + 1 }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    const value = monthKey(Math.floor(index / 12), (index % 12) + 1);
    return { value, label: back === 0 ? `${monthName(value)} (so far)` : monthName(value) };
  });
}

/** The last whole month in India: the one whose return is due next (the page opens on it). */
export const lastWholeMonth = (now = new Date()): string => (monthChoices(now)[1] as { value: string }).value;

/** The month's first and last days, dd/mm/yyyy: '01/10/2026 to 31/10/2026'. */
export function monthSpan(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${formatIndianDay(`${month}-01`)} to ${formatIndianDay(`${month}-${lastDay}`)}`;
}

/** A place of supply as the return writes it ('30-Goa') the way the invoices print it: 'Goa (30)'. */
export function placeName(placeOfSupply: string): string {
  const code = placeOfSupply.slice(0, 2);
  const state = INDIAN_STATES.find((candidate) => candidate.code === code)?.name ?? placeOfSupply.slice(3);
  return `${state} (${code})`;
}

export const totalTax = (amounts: TaxAmounts): number => amounts.igstPaise + amounts.cgstPaise + amounts.sgstPaise;

/** Tax figures go to the paisa: they are compared with the return and the payments, not glanced at. */
export const taxRupees = (paise: number): string => formatRupees(paise);

/** Nothing was invoiced or credited in the month: its return is nil. */
export const isNilMonth = (totals: GstTotals): boolean => totals.invoices.count === 0 && totals.creditNotes.count === 0;

/** The CSV's name if the server gives none: the server's own pattern, `GSTR1_b2b_2026-10`. */
export const sectionFilePrefix = (section: GstSection, month: string) => `GSTR1_${section}_${month}`;

/** The registrations with the IRP that need a look, as the page reads them (docs/decisions/0165). */
export type EInvoiceProblems = ResponseOf<OperationTable['adminEInvoiceProblems']>['data'];
export type EInvoiceRegistration = EInvoiceProblems['registrations'][number];

/** What a registration is waiting on, in a few words: the IRP's error, its invoice, or only time. */
export function eInvoiceState(registration: EInvoiceRegistration): string {
  if (registration.waitingForInvoice) return "Waiting for its invoice's IRN";
  if (registration.lastError) return `Failed ${registration.attempts === 1 ? 'once' : `${registration.attempts} times`}`;
  return registration.attempts === 0 ? 'Not sent yet' : 'Being sent';
}

/** The document's kind as the return names it. */
export const documentKind = (registration: EInvoiceRegistration): string =>
  registration.docType === 'CRN' ? 'Credit note' : 'Tax invoice';
