import type { HsnRow, MonthReturn, ReturnInvoice, ReturnNote, TaxAmounts } from '../domain/gst-return.js';

/**
 * A month's GSTR-1 as the JSON file the GST portal's offline tool opens and the portal takes (decision 0158): the same
 * `monthReturn` the CSV files render, in the tool's field names. Amounts are rupees to the paisa, each made once from
 * whole paise (sums are taken in paise first), so no float sum ever drifts; cess is never charged on what we sell.
 */

/** The offline tool's JSON version the document declares (decision 0158 says where it was read). */
export const GSTR1_JSON_VERSION = 'GST3.2.1';

interface ItemDetail {
  txval: number;
  rt: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}
interface Item {
  num: number;
  itm_det: ItemDetail;
}
interface HsnLine {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
interface DocumentRange {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

/**
 * The file. A section (or an HSN half) the month has nothing for is left out rather than written empty: the portal
 * refuses a file with an empty array in it (a structure error, RET191106, as the offline tool's users report it),
 * and the offline tool writes only what it has.
 */
export interface Gstr1Document {
  gstin: string;
  fp: string;
  version: string;
  hash: string;
  b2b?: { ctin: string; inv: { inum: string; idt: string; val: number; pos: string; rchrg: 'N'; inv_typ: 'R'; itms: Item[] }[] }[];
  b2cl?: { pos: string; inv: { inum: string; idt: string; val: number; itms: Item[] }[] }[];
  b2cs?: {
    sply_ty: 'INTRA' | 'INTER';
    pos: string;
    typ: 'OE';
    rt: number;
    txval: number;
    iamt?: number;
    camt?: number;
    samt?: number;
    csamt: number;
  }[];
  cdnr?: {
    ctin: string;
    nt: { ntty: 'C'; nt_num: string; nt_dt: string; val: number; pos: string; rchrg: 'N'; inv_typ: 'R'; itms: Item[] }[];
  }[];
  cdnur?: { typ: 'B2CL'; ntty: 'C'; nt_num: string; nt_dt: string; val: number; pos: string; itms: Item[] }[];
  hsn?: { hsn_b2b?: HsnLine[]; hsn_b2c?: HsnLine[] };
  doc_issue?: { doc_det: { doc_num: number; doc_typ: string; docs: DocumentRange[] }[] };
}

/**
 * Whole paise as rupees to the paisa, written from the integer's digits (12345 → 123.45, -7 → -0.07): the number
 * JSON then prints is exactly that decimal, never 0.30000000000000004.
 */
export function rupeesOfPaise(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new Error(`not a whole number of paise: ${paise}`);
  const magnitude = Math.abs(paise);
  const text = `${paise < 0 ? '-' : ''}${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return Number(text);
}

/** 2026-11-20 → 20-11-2026. */
const portalDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
/** "29-Karnataka" → "29". */
const codeOf = (place: string) => place.slice(0, 2);

/** One rate's line of a document: IGST across states, CGST and SGST within one (the amounts say which). */
function detail(row: TaxAmounts & { ratePercent: number }, interState: boolean): ItemDetail {
  const taxes = interState
    ? { iamt: rupeesOfPaise(row.igstPaise) }
    : { camt: rupeesOfPaise(row.cgstPaise), samt: rupeesOfPaise(row.sgstPaise) };
  return { txval: rupeesOfPaise(row.taxablePaise), rt: row.ratePercent, ...taxes, csamt: 0 };
}

/** Our documents carry one rate each, so one item; inter-state when its place of supply is not the supplier's state. */
const items = (row: ReturnInvoice, home: string): Item[] => [{ num: 1, itm_det: detail(row, codeOf(row.placeOfSupply) !== home) }];

/** Rows grouped under a key, in first-seen order. */
function groupBy<Row, Out>(rows: readonly Row[], keyOf: (row: Row) => string, map: (row: Row) => Out): [string, Out[]][] {
  const groups = new Map<string, Out[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), map(row)]);
  return [...groups.entries()];
}

const invoiceOf = (row: ReturnInvoice) => ({ inum: row.number, idt: portalDate(row.date), val: rupeesOfPaise(row.valuePaise) });
const noteOf = (row: ReturnNote) => ({
  ntty: 'C' as const,
  nt_num: row.number,
  nt_dt: portalDate(row.date),
  val: rupeesOfPaise(row.valuePaise),
});

function hsnLines(rows: readonly HsnRow[]): HsnLine[] {
  return rows.map((row, index) => ({
    num: index + 1,
    hsn_sc: row.hsn,
    desc: row.description.slice(0, 30),
    uqc: row.uqc,
    qty: row.quantity,
    rt: row.ratePercent,
    txval: rupeesOfPaise(row.taxablePaise),
    iamt: rupeesOfPaise(row.igstPaise),
    camt: rupeesOfPaise(row.cgstPaise),
    samt: rupeesOfPaise(row.sgstPaise),
    csamt: 0,
  }));
}

/**
 * The documents-issued table: one range per series (the number less its serial), from its first to its last number
 * of the month. Our series have no gaps and nothing is cancelled (a wrong invoice is answered by a credit note).
 */
function ranges(numbers: readonly string[]): DocumentRange[] {
  const series = groupBy(
    [...numbers].sort(),
    (number) => number.replace(/\d+$/, ''),
    (number) => number,
  );
  return series.map(([, list], index) => ({
    num: index + 1,
    from: list[0] as string,
    to: list.at(-1) as string,
    totnum: list.length,
    cancel: 0,
    net_issue: list.length,
  }));
}

/** A section's rows, or nothing when there are none (the file then leaves the section out). */
const unlessEmpty = <Row>(rows: Row[]): Row[] | undefined => (rows.length > 0 ? rows : undefined);

/** The month's GSTR-1 JSON for a supplier's GSTIN; `month` is YYYY-MM, the period `fp` MMYYYY. */
export function gstr1Json(data: MonthReturn, supplier: { gstin: string; month: string }): Gstr1Document {
  const home = supplier.gstin.slice(0, 2);
  const docDet = [
    { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: ranges(data.documentNumbers.invoices) },
    { doc_num: 5, doc_typ: 'Credit Note', docs: ranges(data.documentNumbers.creditNotes) },
  ].filter((entry) => entry.docs.length > 0);
  /** A registered buyer's document: its place, no reverse charge, a regular supply, its one item. */
  const registered = (row: ReturnInvoice) => ({
    pos: codeOf(row.placeOfSupply),
    rchrg: row.reverseCharge,
    inv_typ: 'R' as const,
    itms: items(row, home),
  });
  const hsnB2b = unlessEmpty(hsnLines(data.hsnByRecipient.b2b));
  const hsnB2c = unlessEmpty(hsnLines(data.hsnByRecipient.b2c));
  // A section left out is undefined here, which the file (JSON.stringify) does not write.
  return {
    gstin: supplier.gstin,
    fp: `${supplier.month.slice(5, 7)}${supplier.month.slice(0, 4)}`,
    version: GSTR1_JSON_VERSION,
    hash: 'hash',
    b2b: unlessEmpty(
      groupBy(
        data.b2b,
        (row) => row.gstin ?? '',
        (row) => ({ ...invoiceOf(row), ...registered(row) }),
      ).map(([ctin, inv]) => ({ ctin, inv })),
    ),
    b2cl: unlessEmpty(
      groupBy(
        data.b2cl,
        (row) => codeOf(row.placeOfSupply),
        (row) => ({ ...invoiceOf(row), itms: items(row, home) }),
      ).map(([pos, inv]) => ({ pos, inv })),
    ),
    b2cs: unlessEmpty(
      data.b2cs.map((row) => {
        const inter = codeOf(row.placeOfSupply) !== home;
        const { txval, rt, csamt, ...taxes } = detail(row, inter);
        return {
          sply_ty: inter ? ('INTER' as const) : ('INTRA' as const),
          pos: codeOf(row.placeOfSupply),
          typ: 'OE' as const,
          rt,
          txval,
          ...taxes,
          csamt,
        };
      }),
    ),
    cdnr: unlessEmpty(
      groupBy(
        data.cdnr,
        (row) => row.gstin ?? '',
        (row) => ({ ...noteOf(row), ...registered(row) }),
      ).map(([ctin, nt]) => ({ ctin, nt })),
    ),
    cdnur: unlessEmpty(
      data.cdnur.map((row) => ({ typ: 'B2CL' as const, ...noteOf(row), pos: codeOf(row.placeOfSupply), itms: items(row, home) })),
    ),
    hsn: hsnB2b || hsnB2c ? { hsn_b2b: hsnB2b, hsn_b2c: hsnB2c } : undefined,
    doc_issue: docDet.length > 0 ? { doc_det: docDet } : undefined,
  };
}
