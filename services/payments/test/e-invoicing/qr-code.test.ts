import { pdfText } from '@elts/platform/testing';
import { describe, expect, it } from 'vitest';
import { invoicePdf } from '../../src/invoices/invoice-document.js';
import { qrModules } from '../../src/invoices/qr-code.js';
import { qrTextOfPdf } from '../pdf-qr.js';
import { b2bInvoice } from './fixtures.js';

/** A signed QR code's shape: a JWT of about 1,200 characters (the IRP's are of this order). */
const signedQr = `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(
  JSON.stringify({ data: JSON.stringify({ SellerGstin: '30AAACE1234F1Z5', Irn: 'f'.repeat(64), ItemCnt: 1, MainHsnCode: '85171300' }) }),
).toString('base64url')}.${'Q'.repeat(342)}`;

const invoice = b2bInvoice();
const mark = { irn: 'a'.repeat(64), ackNo: '112610000000001', ackAt: new Date('2026-11-20T07:00:00Z'), signedQrCode: signedQr };

// Rule 48(4): the invoice carries the IRP's signed QR code as a code (docs/decisions/0165), not its text.
describe('the signed QR code on the invoice PDF', () => {
  it('is drawn as a QR code that a reader decodes to the signed text, and its text is not printed', () => {
    const pdf = invoicePdf(invoice, mark);
    expect(qrTextOfPdf(pdf)).toBe(signedQr);
    const text = pdfText(pdf);
    expect(text).toContain(`IRN: ${mark.irn}`);
    expect(text).toContain('Signed QR code of the Invoice Registration Portal:');
    expect(text.replace(/\n/g, '')).not.toContain(signedQr.slice(0, 60));
  });

  it('is compressed (FlateDecode): the page with its code stays a few kilobytes, not about 60 kB (docs/decisions/0169)', () => {
    const pdf = invoicePdf(invoice, mark);
    expect(pdf.toString('latin1')).toMatch(/\/Filter \/FlateDecode >>\nstream\n/);
    expect(pdf.toString('latin1')).not.toContain(' re\n');
    expect(pdf.length).toBeLessThan(20_000);
  });

  it('draws nothing without a signed QR code, and no IRN block without a registration', () => {
    expect(qrTextOfPdf(invoicePdf(invoice, { ...mark, signedQrCode: null }))).toBeNull();
    expect(pdfText(invoicePdf(invoice))).not.toContain('IRN');
  });

  it('makes a square code of the smallest size that holds the text, up to what a QR code can hold', () => {
    const modules = qrModules(signedQr);
    expect(modules.length).toBeGreaterThanOrEqual(21);
    expect(modules.every((row) => row.length === modules.length)).toBe(true);
    expect(qrModules('short').length).toBe(21);
    expect(() => qrModules('x'.repeat(3000))).toThrow(/too long/);
  });
});
