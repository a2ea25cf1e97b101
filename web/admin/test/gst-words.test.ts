import { describe, expect, it } from 'vitest';
import {
  documentKind,
  type EInvoiceRegistration,
  eInvoiceState,
  GST_SECTIONS,
  isNilMonth,
  lastWholeMonth,
  monthChoices,
  monthName,
  monthSpan,
  placeName,
  taxRupees,
  totalTax,
} from '../src/pages/gst/gst-words.js';

const none = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 };

describe('the GST page: its months', () => {
  it('opens on the last whole month in India, whatever the UTC date says', () => {
    // 1 December 2026 00:30 in India is still 30 November in UTC.
    expect(lastWholeMonth(new Date('2026-11-30T19:00:00Z'))).toBe('2026-11');
    expect(lastWholeMonth(new Date('2026-11-30T18:00:00Z'))).toBe('2026-10');
    expect(lastWholeMonth(new Date('2026-01-15T06:00:00Z'))).toBe('2025-12');
  });

  it('offers this month so far and the 24 before it, newest first, across years', () => {
    const choices = monthChoices(new Date('2026-02-10T06:00:00Z'));
    expect(choices).toHaveLength(25);
    expect(choices.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'February 2026 (so far)' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
    expect(choices.at(-1)).toEqual({ value: '2024-02', label: 'February 2024' });
  });

  it('names a month and its days, dd/mm/yyyy, leap years included', () => {
    expect(monthName('2026-10')).toBe('October 2026');
    expect(monthSpan('2026-11')).toBe('01/11/2026 to 30/11/2026');
    expect(monthSpan('2028-02')).toBe('01/02/2028 to 29/02/2028');
    expect(monthSpan('2026-12')).toBe('01/12/2026 to 31/12/2026');
  });
});

describe('the GST page: its figures', () => {
  it('writes a place of supply as the invoices print it', () => {
    expect(placeName('30-Goa')).toBe('Goa (30)');
    expect(placeName('29-Karnataka')).toBe('Karnataka (29)');
  });

  it('adds the three taxes and shows rupees to the paisa, en-IN', () => {
    expect(totalTax({ taxablePaise: 127_034, igstPaise: 0, cgstPaise: 11_433, sgstPaise: 11_433 })).toBe(22_866);
    expect(taxRupees(10_000_000)).toBe('₹1,00,000.00');
    expect(taxRupees(-22_866)).toBe('-₹228.66');
  });

  it('calls a month nil only when it has neither invoices nor credit notes', () => {
    const totals = { invoices: { ...none, count: 0 }, creditNotes: { ...none, count: 0 }, byRate: [], byState: [], b2b: none, b2c: none };
    expect(isNilMonth(totals)).toBe(true);
    expect(isNilMonth({ ...totals, creditNotes: { ...none, count: 1 } })).toBe(false);
    expect(isNilMonth({ ...totals, invoices: { ...none, count: 2 } })).toBe(false);
  });

  it("lists GSTR-1's six sections in the return's order", () => {
    expect(GST_SECTIONS.map((entry) => entry.section)).toEqual(['b2b', 'b2cl', 'b2cs', 'hsn', 'cdnr', 'cdnur']);
  });

  it("says what an e-invoice registration waits on: its invoice, the IRP's failures, or time (decision 0165)", () => {
    const pending: EInvoiceRegistration = {
      documentNumber: 'EG/2627/000001',
      docType: 'INV',
      orderId: 'ORD-1',
      status: 'pending',
      attempts: 0,
      lastError: null,
      waitingForInvoice: false,
      queuedAt: '2026-11-28T10:00:00.000Z',
      nextAttemptAt: '2026-11-28T10:00:00.000Z',
      irn: null,
    };
    expect(eInvoiceState(pending)).toBe('Not sent yet');
    expect(eInvoiceState({ ...pending, attempts: 1, lastError: 'the IRP answered 503' })).toBe('Failed once');
    expect(eInvoiceState({ ...pending, attempts: 4, lastError: 'the IRP answered 503' })).toBe('Failed 4 times');
    expect(eInvoiceState({ ...pending, attempts: 1 })).toBe('Being sent');
    const note = { ...pending, docType: 'CRN' as const, documentNumber: 'CN/2627/000001', waitingForInvoice: true };
    expect(eInvoiceState(note)).toBe("Waiting for its invoice's IRN");
    expect([documentKind(pending), documentKind(note)]).toEqual(['Tax invoice', 'Credit note']);
  });
});
