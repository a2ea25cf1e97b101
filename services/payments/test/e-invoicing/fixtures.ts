import type { InvoiceRecord } from '../../src/invoices/invoice-document.js';

/** A phone sold to a business in Karnataka from Goa: Rs 24,999 less Rs 2,499.90 of credit, IGST at 18%. */
export function b2bInvoice(overrides: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    invoiceNumber: 'EG/2627/000042',
    issuedAt: '2026-11-27T19:00:00.000Z', // 28/11/2026 in India
    paymentId: 'pay_1',
    description: 'Samsung Galaxy S24 5G (256 GB)',
    sac: '85171300',
    taxablePaise: 1_906_703,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 343_207,
    totalPaise: 2_249_910,
    ratePercent: 18,
    placeOfSupply: { state: 'Karnataka', code: '29' },
    recipient: { name: 'Rao Traders Private Limited', address: '12 MG Road, Bengaluru', gstin: '29AAGCR4375J1ZU', state: 'Karnataka' },
    supplier: { name: 'ELTS Club', address: 'Panaji, Goa 403001', gstin: '30AABCE1234F1ZI', state: 'Goa' },
    goods: {
      orderId: 'ORD-1',
      deliveryAddress: 'Asha Rao, 12 MG Road, Bengaluru, Karnataka 560001',
      lines: [
        {
          description: 'Samsung Galaxy S24 5G (256 GB)',
          hsnCode: '85171300',
          quantity: 1,
          unitPricePaise: 2_499_900,
          grossValuePaise: 2_118_559,
          discountPaise: 211_856,
          taxablePaise: 1_906_703,
          ratePercent: 18,
        },
      ],
      paidByCreditPaise: 0,
    },
    ...overrides,
  };
}

export const address = {
  name: 'Asha Rao',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};
export const order = { billingAddress: address, shippingAddress: address };
export const place = { location: 'Panaji', pincode: '403001' };
