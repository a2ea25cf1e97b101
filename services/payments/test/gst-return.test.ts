import { describe, expect, it } from 'vitest';
import { monthReturn } from '../src/domain/gst-return.js';
import { splitGst } from '../src/domain/invoice.js';
import { gstr1Csv } from '../src/invoices/gstr1-csv.js';
import type { InvoiceRecord } from '../src/invoices/invoice-document.js';
import { creditNote, goods, supplier } from './gst-documents.js';

describe("a month's GSTR-1 data", () => {
  const b2b = goods('EG/2627/000001', { price: 2_499_900, rate: 18, state: 'Karnataka', gstin: '29AABCT1332L1ZA' });
  const small = goods('EG/2627/000002', { price: 149_000, rate: 5, state: 'Goa', hsn: '621142' });
  const smallToo = goods('EG/2627/000003', { price: 99_900, rate: 5, state: 'Goa', hsn: '621142' });
  const large = goods('EG/2627/000004', { price: 10_499_000, rate: 18, state: 'Maharashtra', hsn: '84713010' });
  const membership: InvoiceRecord = {
    invoiceNumber: 'EC/2627/000009',
    issuedAt: '2026-11-02T06:00:00.000Z',
    paymentId: 'PAY-MEM',
    description: 'Annual membership, first year',
    sac: '999599',
    ...splitGst(117_882, true),
    placeOfSupply: { state: 'Goa', code: '30' },
    recipient: { name: 'Asha Rao', address: null, gstin: null, state: 'Goa' },
    supplier,
  };
  const data = monthReturn(
    [membership, b2b, small, smallToo, large],
    [creditNote(smallToo, 'CN/2627/000001'), creditNote(b2b, 'CN/2627/000002')],
  );

  it('lists B2B and large inter-state B2C invoice by invoice, and sums other B2C by place and rate net of credit notes', () => {
    expect(data.b2b.map((row) => [row.number, row.gstin, row.placeOfSupply, row.ratePercent, row.igstPaise])).toEqual([
      ['EG/2627/000001', '29AABCT1332L1ZA', '29-Karnataka', 18, b2b.igstPaise],
    ]);
    expect(data.b2cl.map((row) => [row.number, row.placeOfSupply, row.valuePaise])).toEqual([
      ['EG/2627/000004', '27-Maharashtra', 10_499_000],
    ]);
    expect(data.b2cs).toEqual([
      {
        placeOfSupply: '30-Goa',
        ratePercent: 5,
        taxablePaise: small.taxablePaise,
        igstPaise: 0,
        cgstPaise: small.cgstPaise,
        sgstPaise: small.sgstPaise,
      },
      { placeOfSupply: '30-Goa', ratePercent: 18, taxablePaise: 99_900, igstPaise: 0, cgstPaise: 8_991, sgstPaise: 8_991 },
    ]);
    expect(data.cdnr.map((row) => [row.number, row.invoiceNumber, row.gstin])).toEqual([
      ['CN/2627/000002', 'EG/2627/000001', '29AABCT1332L1ZA'],
    ]);
    expect(data.cdnur).toEqual([]);
  });

  it('summarises by HSN or SAC and rate, and its totals reconcile with the documents', () => {
    expect(data.hsn.map((row) => [row.hsn, row.ratePercent, row.uqc, row.quantity])).toEqual([
      ['621142', 5, 'NOS', 1],
      // A service: no unit, no quantity, however many memberships the month sold.
      ['999599', 18, 'NA', 0],
      ['84713010', 18, 'NOS', 1],
      // Sold and taken back in the month (its credit note).
      ['85171300', 18, 'NOS', 0],
    ]);
    const invoices = [membership, b2b, small, smallToo, large];
    const sum = (documents: InvoiceRecord[], key: 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise') =>
      documents.reduce((total, document) => total + document[key], 0);
    for (const key of ['taxablePaise', 'igstPaise', 'cgstPaise', 'sgstPaise'] as const) {
      expect(data.totals.invoices[key]).toBe(sum(invoices, key));
      expect(data.totals.creditNotes[key]).toBe(sum([smallToo, b2b], key));
      const net = sum(invoices, key) - sum([smallToo, b2b], key);
      expect(data.totals.byRate.reduce((total, row) => total + row[key], 0)).toBe(net);
      expect(data.totals.byState.reduce((total, row) => total + row[key], 0)).toBe(net);
      expect(data.totals.b2b[key] + data.totals.b2c[key]).toBe(net);
      expect(data.hsn.reduce((total, row) => total + row[key], 0)).toBe(net);
    }
    expect(data.totals.byState.map((row) => row.placeOfSupply)).toEqual(['27-Maharashtra', '29-Karnataka', '30-Goa']);
  });

  it("writes each section as the offline tool's CSV, in rupees with its dates", () => {
    expect(gstr1Csv('b2cs', data).split('\r\n')).toEqual([
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      `OE,30-Goa,,5,${(small.taxablePaise / 100).toFixed(2)},0.00,`,
      'OE,30-Goa,,18,999.00,0.00,',
      '',
    ]);
    const b2b = gstr1Csv('b2b', data).split('\r\n');
    expect(b2b[1]).toBe(`29AABCT1332L1ZA,Asha Rao,EG/2627/000001,20-Nov-2026,24999.00,29-Karnataka,N,,Regular B2B,,18,21185.59,0.00`);
    expect(gstr1Csv('cdnr', data).split('\r\n')[1]).toMatch(
      /^29AABCT1332L1ZA,Asha Rao,CN\/2627\/000002,25-Nov-2026,C,29-Karnataka,N,Regular B2B,24999.00,/,
    );
    expect(gstr1Csv('hsn', data).split('\r\n')[2]).toBe(
      '999599,"Annual membership, first year",NA,0,1178.82,18,999.00,0.00,89.91,89.91,0.00',
    );
  });
});
