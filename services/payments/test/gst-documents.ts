import { goodsFigures } from '../src/domain/invoice.js';
import type { InvoiceRecord } from '../src/invoices/invoice-document.js';

/** Invoices and credit notes as payments issues them, for the month's return tests (gst-return, gstr1-json). */
export const supplier = { name: 'ELTS Club', address: 'Panaji, Goa 403001', gstin: '30AABCE1234F1ZI', state: 'Goa' };
export const places = { Goa: '30', Karnataka: '29', Maharashtra: '27' } as const;

/** A goods invoice as payments issues it, for one order. */
export function goods(
  number: string,
  options: { price: number; rate: number; state: keyof typeof places; gstin?: string; hsn?: string },
): InvoiceRecord {
  const figures = goodsFigures({
    unitPricePaise: options.price,
    quantity: 1,
    creditPaise: 0,
    ratePercent: options.rate,
    intraState: options.state === 'Goa',
    creditAsDiscount: true,
  });
  const { grossValuePaise, discountPaise, paidByCreditPaise, ...split } = figures;
  return {
    invoiceNumber: number,
    issuedAt: '2026-11-20T06:00:00.000Z',
    paymentId: `PAY-${number}`,
    description: 'Goods',
    sac: options.hsn ?? '85171300',
    ...split,
    ratePercent: options.rate,
    placeOfSupply: { state: options.state, code: places[options.state] },
    recipient: { name: 'Asha Rao', address: null, gstin: options.gstin ?? null, state: options.state },
    supplier,
    goods: {
      orderId: `ORD-${number}`,
      deliveryAddress: 'somewhere',
      lines: [
        {
          description: 'Goods',
          hsnCode: options.hsn ?? '85171300',
          quantity: 1,
          unitPricePaise: options.price,
          grossValuePaise,
          discountPaise,
          taxablePaise: split.taxablePaise,
          ratePercent: options.rate,
        },
      ],
      paidByCreditPaise,
    },
  };
}

/** A full credit note against an invoice. */
export const creditNote = (invoice: InvoiceRecord, number: string) => ({
  ...invoice,
  invoiceNumber: number,
  issuedAt: '2026-11-25T06:00:00.000Z',
  against: { invoiceNumber: invoice.invoiceNumber, issuedAt: invoice.issuedAt, reason: 'Returned' },
  againstValuePaise: invoice.totalPaise,
});
