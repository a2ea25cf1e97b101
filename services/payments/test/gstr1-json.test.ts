import { describe, expect, it } from 'vitest';
import { monthReturn, type TaxAmounts } from '../src/domain/gst-return.js';
import { GSTR1_JSON_VERSION, type Gstr1Document, gstr1Json, rupeesOfPaise } from '../src/invoices/gstr1-json.js';
import type { InvoiceRecord } from '../src/invoices/invoice-document.js';
import { creditNote, goods, supplier } from './gst-documents.js';

/** Rupees (as the file writes them) back to whole paise. */
const paiseOf = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);
type Detail = { txval: number; iamt?: number; camt?: number; samt?: number };
/** Sums a list of the file's amounts in paise, by tax. */
function sum(details: readonly Detail[]): TaxAmounts {
  const total = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 };
  for (const detail of details) {
    total.taxablePaise += paiseOf(detail.txval);
    total.igstPaise += paiseOf(detail.iamt);
    total.cgstPaise += paiseOf(detail.camt);
    total.sgstPaise += paiseOf(detail.samt);
  }
  return total;
}
const minus = (a: TaxAmounts, b: TaxAmounts): TaxAmounts => ({
  taxablePaise: a.taxablePaise - b.taxablePaise,
  igstPaise: a.igstPaise - b.igstPaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
});

describe("a month's GSTR-1 as the offline tool's JSON (decision 0158)", () => {
  const buyer = '29AABCT1332L1ZA';
  const b2b = goods('EG/2627/000001', { price: 2_499_900, rate: 18, state: 'Karnataka', gstin: buyer });
  const b2bToo = goods('EG/2627/000002', { price: 1_234_567, rate: 18, state: 'Karnataka', gstin: buyer });
  const local = goods('EG/2627/000003', { price: 149_001, rate: 5, state: 'Goa', hsn: '621142' });
  const away = goods('EG/2627/000004', { price: 99_999, rate: 18, state: 'Maharashtra', hsn: '84713010' });
  const large = goods('EG/2627/000005', { price: 10_499_001, rate: 18, state: 'Maharashtra', hsn: '84713010' });
  const largeToo = goods('EG/2627/000006', { price: 12_000_000, rate: 18, state: 'Karnataka', hsn: '84713010' });
  // Ten small Goa sales of awkward paise: their B2CS figure is summed in paise, then written once.
  const awkward = Array.from({ length: 10 }, (_, index) =>
    goods(`EG/2627/0000${10 + index}`, { price: 1_111 + index * 7, rate: 18, state: 'Goa', hsn: '85171300' }),
  );
  const invoices = [b2b, b2bToo, local, away, large, largeToo, ...awkward];
  const notes = [creditNote(b2b, 'CN/2627/000001'), creditNote(large, 'CN/2627/000002'), creditNote(local, 'CN/2627/000003')];
  const data = monthReturn(invoices, notes);
  const file = gstr1Json(data, { gstin: supplier.gstin, month: '2026-11' });
  const text = JSON.stringify(file);

  it('names the supplier, the period as MMYYYY and the tool version', () => {
    expect([file.gstin, file.fp, file.version]).toEqual(['30AABCE1234F1ZI', '112026', GSTR1_JSON_VERSION]);
  });

  it('files B2B under the buyer GSTIN, invoice by invoice, with IGST across states', () => {
    expect(file.b2b!).toHaveLength(1);
    expect(file.b2b![0]?.ctin).toBe(buyer);
    expect(file.b2b![0]?.inv[0]).toEqual({
      inum: 'EG/2627/000001',
      idt: '20-11-2026',
      val: 24999,
      pos: '29',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [{ num: 1, itm_det: { txval: 21185.59, rt: 18, iamt: 3813.41, csamt: 0 } }],
    });
    expect(file.b2b![0]?.inv.map((invoice) => invoice.inum)).toEqual(['EG/2627/000001', 'EG/2627/000002']);
    expect(file.b2b![0]?.inv[1]?.val).toBe(12345.67);
  });

  it('files large inter-state B2C by place of supply, and other B2C by place, rate and INTRA or INTER supply', () => {
    expect(file.b2cl!.map((group) => [group.pos, group.inv.map((invoice) => [invoice.inum, invoice.val])])).toEqual([
      ['27', [['EG/2627/000005', 104990.01]]],
      ['29', [['EG/2627/000006', 120000]]],
    ]);
    expect(file.b2cl![0]?.inv[0]?.itms[0]?.itm_det).toEqual({
      txval: rupeesOfPaise(large.taxablePaise),
      rt: 18,
      iamt: rupeesOfPaise(large.igstPaise),
      csamt: 0,
    });
    expect(file.b2cs!.map((row) => [row.sply_ty, row.pos, row.typ, row.rt])).toEqual([
      ['INTER', '27', 'OE', 18],
      ['INTRA', '30', 'OE', 5],
      ['INTRA', '30', 'OE', 18],
    ]);
    expect(file.b2cs![0]).toEqual({
      sply_ty: 'INTER',
      pos: '27',
      typ: 'OE',
      rt: 18,
      txval: rupeesOfPaise(away.taxablePaise),
      iamt: rupeesOfPaise(away.igstPaise),
      csamt: 0,
    });
    // The Goa 5% sale was refunded in full: its B2CS line nets to nothing.
    expect(file.b2cs![1]).toMatchObject({ txval: 0, camt: 0, samt: 0 });
    const tens = awkward.reduce((total, invoice) => total + invoice.taxablePaise, 0);
    expect(file.b2cs![2]?.txval).toBe(rupeesOfPaise(tens));
  });

  it('files credit notes to registered buyers in CDNR under their GSTIN, and against large B2C in CDNUR', () => {
    expect(file.cdnr!).toEqual([
      {
        ctin: buyer,
        nt: [
          {
            ntty: 'C',
            nt_num: 'CN/2627/000001',
            nt_dt: '25-11-2026',
            val: 24999,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { txval: 21185.59, rt: 18, iamt: 3813.41, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(file.cdnur!.map((note) => [note.typ, note.ntty, note.nt_num, note.nt_dt, note.pos, note.val])).toEqual([
      ['B2CL', 'C', 'CN/2627/000002', '25-11-2026', '27', 104990.01],
    ]);
  });

  it('summarises HSN for registered and unregistered buyers apart, and lists the documents issued by series', () => {
    expect(file.hsn!.hsn_b2b!.map((row) => [row.num, row.hsn_sc, row.rt, row.qty, row.uqc])).toEqual([[1, '85171300', 18, 1, 'NOS']]);
    expect(file.hsn!.hsn_b2c!.map((row) => [row.hsn_sc, row.rt, row.qty])).toEqual([
      ['621142', 5, 0],
      ['84713010', 18, 2],
      ['85171300', 18, 10],
    ]);
    expect(file.doc_issue!.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'EG/2627/000001', to: 'EG/2627/000019', totnum: 16, cancel: 0, net_issue: 16 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'CN/2627/000001', to: 'CN/2627/000003', totnum: 3, cancel: 0, net_issue: 3 }],
      },
    ]);
  });

  it("totals to the paisa what the month's return and its CSV total", () => {
    const invoiced = sum([
      ...file.b2b!.flatMap((group) => group.inv.flatMap((invoice) => invoice.itms.map((item) => item.itm_det))),
      ...file.b2cl!.flatMap((group) => group.inv.flatMap((invoice) => invoice.itms.map((item) => item.itm_det))),
      ...file.b2cs!,
    ]);
    const credited = sum([
      ...file.cdnr!.flatMap((group) => group.nt.flatMap((note) => note.itms.map((item) => item.itm_det))),
      ...file.cdnur!.flatMap((note) => note.itms.map((item) => item.itm_det)),
    ]);
    const net = minus(data.totals.invoices, data.totals.creditNotes);
    expect(minus(invoiced, credited)).toEqual(net);
    expect(sum([...file.hsn!.hsn_b2b!, ...file.hsn!.hsn_b2c!])).toEqual(net);
    expect(sum(file.hsn!.hsn_b2b!)).toEqual(data.totals.b2b);
    expect(sum(file.hsn!.hsn_b2c!)).toEqual(data.totals.b2c);
  });

  it('leaves out what a month has nothing for, never writing an empty list', () => {
    // Only a small local sale: no B2B, B2CL or credit notes, no HSN rows for registered buyers.
    // As the file is written: a section left out is not there at all.
    const written = (invoices: InvoiceRecord[]) =>
      JSON.parse(JSON.stringify(gstr1Json(monthReturn(invoices, []), { gstin: supplier.gstin, month: '2026-11' }))) as Gstr1Document;
    const quiet = written([local]);
    expect(Object.keys(quiet)).toEqual(['gstin', 'fp', 'version', 'hash', 'b2cs', 'hsn', 'doc_issue']);
    expect(Object.keys(quiet.hsn!)).toEqual(['hsn_b2c']);
    expect(JSON.stringify(quiet)).not.toContain('[]');
    expect(JSON.stringify(file)).not.toContain('[]');
    // A nil month is its identity alone.
    expect(written([])).toEqual({
      gstin: supplier.gstin,
      fp: '112026',
      version: GSTR1_JSON_VERSION,
      hash: 'hash',
    });
  });

  it('writes a service (the membership, a SAC of chapter 99) in the HSN summary with unit NA and no quantity', () => {
    const { goods: _line, ...membership } = goods('EC/2627/000001', { price: 117_882, rate: 18, state: 'Goa', hsn: '999599' });
    const summary = gstr1Json(monthReturn([membership, local], []), { gstin: supplier.gstin, month: '2026-11' });
    expect(summary.hsn!.hsn_b2c!.map((row) => [row.hsn_sc, row.uqc, row.qty, row.txval])).toEqual([
      ['621142', 'NOS', 1, rupeesOfPaise(local.taxablePaise)],
      ['999599', 'NA', 0, 999],
    ]);
  });

  it('writes every amount with at most two decimals, built from whole paise', () => {
    expect(text).not.toMatch(/\d\.\d{3,}/);
    expect(text).not.toMatch(/e-?\d/);
    expect([1, 10, 30, 99, 100, 12_345, -7, -1_230, 123_456_789].map(rupeesOfPaise)).toEqual([
      0.01, 0.1, 0.3, 0.99, 1, 123.45, -0.07, -12.3, 1_234_567.89,
    ]);
    // Dividing a float sum drifts where adding paise does not: ten tenths of a rupee are one rupee.
    expect(JSON.stringify({ txval: rupeesOfPaise(Array.from({ length: 10 }, () => 10).reduce((a, b) => a + b)) })).toBe('{"txval":1}');
    expect(JSON.stringify({ txval: rupeesOfPaise(10) + rupeesOfPaise(20) })).not.toBe('{"txval":0.3}');
    expect(JSON.stringify({ txval: rupeesOfPaise(10 + 20) })).toBe('{"txval":0.3}');
    expect(() => rupeesOfPaise(0.5)).toThrow(/whole number of paise/);
  });
});
