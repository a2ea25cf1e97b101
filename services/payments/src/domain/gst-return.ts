import { todayInIndia } from '@elts/contracts';
import type { InvoiceRecord } from '../invoices/invoice-document.js';

/**
 * A month's outward supplies as GSTR-1 reports them (issue 38 item 5), from the month's tax invoices and credit
 * notes as issued (memberships' and goods'): B2B invoice by invoice; B2C large (inter-state to an unregistered
 * recipient above the B2CL limit) invoice by invoice; other B2C summed by place of supply and rate (net of their
 * credit notes); an HSN (or SAC) summary; credit notes to registered recipients (CDNR) and large unregistered ones
 * (CDNUR); and the month's totals by rate and by state. Pure: the documents in, the return's data out.
 */

/** GSTR-1's B2CL limit: an invoice value above Rs 1,00,000 (from August 2024; Rs 2,50,000 before). */
export const B2CL_LIMIT_PAISE = 10_000_000;

export interface TaxAmounts {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface ReturnInvoice extends TaxAmounts {
  number: string;
  date: string;
  gstin: string | null;
  name: string;
  valuePaise: number;
  placeOfSupply: string;
  ratePercent: number;
  reverseCharge: 'N';
}

export interface ReturnNote extends ReturnInvoice {
  invoiceNumber: string;
  invoiceDate: string;
}

/**
 * A line of Table 12, the HSN summary. Goods are counted in numbers (unit NOS); a service (a SAC of chapter 99: the
 * membership) has no unit or quantity there, so its unit is NA and its quantity 0, as the portal takes a service.
 */
export type HsnRow = TaxAmounts & {
  hsn: string;
  description: string;
  uqc: 'NOS' | 'NA';
  quantity: number;
  valuePaise: number;
  ratePercent: number;
};

export interface MonthReturn {
  b2b: ReturnInvoice[];
  b2cl: ReturnInvoice[];
  b2cs: (TaxAmounts & { placeOfSupply: string; ratePercent: number })[];
  hsn: HsnRow[];
  /** The HSN summary again, split by recipient (registered or not), as the portal's JSON files it (decision 0158). */
  hsnByRecipient: { b2b: HsnRow[]; b2c: HsnRow[] };
  /** The numbers of the month's invoices and credit notes, for the documents-issued table (decision 0158). */
  documentNumbers: { invoices: string[]; creditNotes: string[] };
  cdnr: ReturnNote[];
  cdnur: ReturnNote[];
  totals: {
    invoices: TaxAmounts & { count: number };
    creditNotes: TaxAmounts & { count: number };
    byRate: (TaxAmounts & { ratePercent: number })[];
    byState: (TaxAmounts & { placeOfSupply: string })[];
    b2b: TaxAmounts;
    b2c: TaxAmounts;
  };
}

const zero = (): TaxAmounts => ({ taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });

/** Adds (or, with sign -1, takes away) a document's amounts. */
function add(into: TaxAmounts, from: TaxAmounts, sign = 1): void {
  into.taxablePaise += sign * from.taxablePaise;
  into.igstPaise += sign * from.igstPaise;
  into.cgstPaise += sign * from.cgstPaise;
  into.sgstPaise += sign * from.sgstPaise;
}

/** Sums into one row per key, in key order. */
class Sums<Row extends TaxAmounts> {
  private readonly rows = new Map<string, Row>();
  constructor(private readonly start: (key: string) => Row) {}
  row(key: string): Row {
    const row = this.rows.get(key) ?? this.start(key);
    this.rows.set(key, row);
    return row;
  }
  list(): Row[] {
    return [...this.rows.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([, row]) => row);
  }
}

/** A document's date is its day in India (an invoice issued at 00:30 IST is of that day, not the UTC day before). */
const day = (iso: string) => todayInIndia(new Date(iso));
const rateOf = (document: InvoiceRecord) => document.ratePercent ?? 18;
const placeOf = (document: InvoiceRecord) => `${document.placeOfSupply.code}-${document.placeOfSupply.state}`;

function returnRow(document: InvoiceRecord): ReturnInvoice {
  return {
    number: document.invoiceNumber,
    date: day(document.issuedAt),
    gstin: document.recipient.gstin,
    name: document.recipient.name,
    valuePaise: document.totalPaise,
    placeOfSupply: placeOf(document),
    ratePercent: rateOf(document),
    reverseCharge: 'N',
    taxablePaise: document.taxablePaise,
    igstPaise: document.igstPaise,
    cgstPaise: document.cgstPaise,
    sgstPaise: document.sgstPaise,
  };
}

/** Large B2C: unregistered, inter-state, above the limit (a credit note goes where its invoice went). */
const isLarge = (document: InvoiceRecord, value: number) =>
  !document.recipient.gstin && document.placeOfSupply.state !== document.supplier.state && value > B2CL_LIMIT_PAISE;

export function monthReturn(
  invoices: readonly InvoiceRecord[],
  creditNotes: readonly (InvoiceRecord & { againstValuePaise?: number })[],
): MonthReturn {
  const b2cs = new Sums((key) => ({ ...zero(), placeOfSupply: key.split('|')[0] as string, ratePercent: Number(key.split('|')[1]) }));
  const hsnSums = () =>
    new Sums<HsnRow>((key) => ({
      ...zero(),
      hsn: key.split('|')[0] as string,
      ratePercent: Number(key.split('|')[1]),
      description: '',
      uqc: 'NA',
      quantity: 0,
      valuePaise: 0,
    }));
  const hsn = hsnSums();
  const hsnOf = { b2b: hsnSums(), b2c: hsnSums() };
  const byRate = new Sums((key) => ({ ...zero(), ratePercent: Number(key) }));
  const byState = new Sums((key) => ({ ...zero(), placeOfSupply: key }));
  const totals = { invoices: { ...zero(), count: 0 }, creditNotes: { ...zero(), count: 0 }, b2b: zero(), b2c: zero() };
  const result: MonthReturn = {
    b2b: [],
    b2cl: [],
    b2cs: [],
    hsn: [],
    hsnByRecipient: { b2b: [], b2c: [] },
    documentNumbers: {
      invoices: invoices.map((invoice) => invoice.invoiceNumber),
      creditNotes: creditNotes.map((note) => note.invoiceNumber),
    },
    cdnr: [],
    cdnur: [],
    totals: { ...totals, byRate: [], byState: [] },
  };

  const each = (document: InvoiceRecord, sign: 1 | -1) => {
    const rate = rateOf(document);
    add(byRate.row(String(rate)), document, sign);
    add(byState.row(placeOf(document)), document, sign);
    add(document.recipient.gstin ? totals.b2b : totals.b2c, document, sign);
    // Our documents have one line each: the goods' (HSN code), or the membership's (its SAC).
    const line = document.goods?.lines[0];
    const key = `${line?.hsnCode ?? document.sac}|${rate}`;
    for (const summary of [hsn.row(key), hsnOf[document.recipient.gstin ? 'b2b' : 'b2c'].row(key)]) {
      summary.description ||= line?.description ?? document.description;
      if (line) {
        summary.uqc = 'NOS';
        summary.quantity += sign * line.quantity;
      }
      summary.valuePaise += sign * document.totalPaise;
      add(summary, document, sign);
    }
  };

  for (const invoice of invoices) {
    each(invoice, 1);
    add(totals.invoices, invoice);
    totals.invoices.count++;
    if (invoice.recipient.gstin) result.b2b.push(returnRow(invoice));
    else if (isLarge(invoice, invoice.totalPaise)) result.b2cl.push(returnRow(invoice));
    else add(b2cs.row(`${placeOf(invoice)}|${rateOf(invoice)}`), invoice);
  }
  for (const note of creditNotes) {
    each(note, -1);
    add(totals.creditNotes, note);
    totals.creditNotes.count++;
    const row: ReturnNote = {
      ...returnRow(note),
      invoiceNumber: note.against?.invoiceNumber ?? '',
      invoiceDate: day(note.against?.issuedAt ?? note.issuedAt),
    };
    if (note.recipient.gstin) result.cdnr.push(row);
    else if (isLarge(note, note.againstValuePaise ?? note.totalPaise)) result.cdnur.push(row);
    // A small B2C credit note lowers its place and rate's B2CS figures.
    else add(b2cs.row(`${placeOf(note)}|${rateOf(note)}`), note, -1);
  }
  result.b2cs = b2cs.list();
  result.hsn = hsn.list();
  result.hsnByRecipient = { b2b: hsnOf.b2b.list(), b2c: hsnOf.b2c.list() };
  result.totals.byRate = byRate.list();
  result.totals.byState = byState.list();
  return result;
}
