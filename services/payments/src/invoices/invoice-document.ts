import { formatRupees, indianDate, indianDateTime } from '@elts/contracts';
import { PdfPage } from './pdf-writer.js';
import { qrModules } from './qr-code.js';

/** The QR code's side on the page, in points (about 5.3 cm): a signed QR code of ~1,200 characters has 133 modules. */
const QR_SIZE = 150;

export interface InvoiceRecord {
  invoiceNumber: string;
  issuedAt: string;
  paymentId: string;
  description: string;
  sac: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  placeOfSupply: { state: string; code: string };
  recipient: { name: string; address: string | null; gstin: string | null; state: string | null };
  supplier: { name: string; address: string; gstin: string; state: string };
  /**
   * Set for a credit note (a refund of an invoiced payment, CGST s.34 and Rule 53): the invoice it reduces, and why.
   * Its number (`invoiceNumber`) is of the credit notes' own series; its amounts are the refund's.
   */
  against?: { invoiceNumber: string; issuedAt: string; reason: string };
  /** The document's GST rate (18% for memberships invoiced before the rate was recorded). */
  ratePercent?: number;
  /** A product order's invoice or credit note (docs/decisions/0093): its order, delivery address and line. */
  goods?: {
    orderId: string;
    deliveryAddress: string;
    lines: {
      description: string;
      hsnCode: string;
      quantity: number;
      unitPricePaise: number;
      grossValuePaise: number;
      discountPaise: number;
      taxablePaise: number;
      ratePercent: number;
    }[];
    paidByCreditPaise: number;
  };
}

/** Breaks a text at spaces into lines of at most `width` characters (a longer word stands on its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** "9%", "2.5%": a rate as the invoice prints it. */
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

const dateOf = (iso: string) => indianDate(new Date(iso));

/**
 * The tax invoice as a PDF, with the particulars CGST Rule 46 asks for; or a credit note against one (Rule 53: its
 * own serial, the original invoice's number and date, the value and tax taken back).
 */
/** An invoice's registration with the IRP (docs/decisions/0162), printed when it has one. */
export interface EInvoiceMark {
  irn: string;
  ackNo: string;
  /** When the IRP acknowledged it. */
  ackAt: Date;
  /** The IRP's signed QR code (a JWT), drawn as a QR code (docs/decisions/0165). */
  signedQrCode: string | null;
}

export function invoicePdf(invoice: InvoiceRecord, eInvoice?: EInvoiceMark): Buffer {
  const page = new PdfPage();
  const left = 50;
  const right = 545;
  const credit = invoice.against;
  let y = 60;
  page.text(left, y, credit ? 'CREDIT NOTE' : 'TAX INVOICE', { size: 18, bold: true });
  page.text(right, y, `${credit ? 'Credit note' : 'Invoice'} No. ${invoice.invoiceNumber}`, { bold: true, align: 'right' });
  y += 18;
  page.text(right, y, `Date ${dateOf(invoice.issuedAt)}`, { align: 'right' });
  if (credit) {
    y += 18;
    page.text(right, y, `Against tax invoice ${credit.invoiceNumber} of ${dateOf(credit.issuedAt)}`, { align: 'right' });
  }
  y += 30;
  page.text(left, y, 'Supplier', { bold: true });
  page.text(300, y, 'Recipient', { bold: true });
  y += 16;
  const supplier = [
    invoice.supplier.name,
    invoice.supplier.address,
    `State: ${invoice.supplier.state}`,
    `GSTIN: ${invoice.supplier.gstin}`,
  ];
  const recipient = [
    invoice.recipient.name,
    ...wrap(invoice.recipient.address ?? 'Address not given', 44),
    `State: ${invoice.recipient.state ?? 'not given'}`,
    `GSTIN: ${invoice.recipient.gstin ?? 'Unregistered'}`,
  ];
  for (let i = 0; i < Math.max(supplier.length, recipient.length); i++) {
    page.text(left, y, supplier[i] ?? '');
    page.text(300, y, recipient[i] ?? '');
    y += 14;
  }
  y += 10;
  page.text(left, y, `Place of supply: ${invoice.placeOfSupply.state} (${invoice.placeOfSupply.code})`);
  page.text(right, y, 'Reverse charge: No', { align: 'right' });
  const goods = invoice.goods;
  if (goods) {
    y += 14;
    page.text(left, y, `Delivery address: ${goods.deliveryAddress}`);
  }
  y += 28;
  page.line(left, y, right, y);
  y += 16;
  const rate = invoice.ratePercent ?? 18;
  page.text(left, y, 'Description', { bold: true });
  page.text(goods ? 290 : 330, y, goods ? 'HSN' : 'SAC', { bold: true });
  if (goods) {
    page.text(350, y, 'Qty', { bold: true });
    page.text(390, y, 'Rate', { bold: true });
  }
  page.text(right, y, 'Taxable value', { bold: true, align: 'right' });
  y += 8;
  page.line(left, y, right, y);
  y += 16;
  if (goods) {
    for (const line of goods.lines) {
      page.text(left, y, line.description.length > 44 ? `${line.description.slice(0, 43)}...` : line.description);
      page.text(290, y, line.hsnCode);
      page.text(350, y, `${line.quantity} Nos`);
      page.text(390, y, percent(line.ratePercent));
      page.text(right, y, formatRupees(line.grossValuePaise), { align: 'right' });
      y += 16;
      if (line.discountPaise > 0) {
        page.text(left, y, 'Less discount (membership credit)');
        page.text(right, y, `-${formatRupees(line.discountPaise)}`, { align: 'right' });
        y += 16;
      }
    }
    page.text(330, y, 'Taxable value', { bold: true });
  } else {
    page.text(left, y, invoice.description);
    page.text(330, y, invoice.sac);
  }
  page.text(right, y, formatRupees(invoice.taxablePaise), { align: 'right' });
  y += 24;
  const rows: [string, number][] =
    invoice.placeOfSupply.state !== invoice.supplier.state
      ? [[`IGST ${percent(rate)}`, invoice.igstPaise]]
      : [
          [`CGST ${percent(rate / 2)}`, invoice.cgstPaise],
          [`SGST ${percent(rate / 2)}`, invoice.sgstPaise],
        ];
  for (const [label, amount] of rows) {
    page.text(330, y, label);
    page.text(right, y, formatRupees(amount), { align: 'right' });
    y += 16;
  }
  page.line(330, y, right, y);
  y += 16;
  page.text(330, y, 'Total', { bold: true });
  page.text(right, y, formatRupees(invoice.totalPaise), { bold: true, align: 'right' });
  if (goods && goods.paidByCreditPaise > 0) {
    y += 16;
    page.text(330, y, 'Paid by membership credit');
    page.text(right, y, formatRupees(goods.paidByCreditPaise), { align: 'right' });
  }
  y += 40;
  if (credit) {
    page.text(left, y, `Reason: ${credit.reason}`, { size: 9 });
    y += 14;
  }
  page.text(left, y, `${goods ? `Order ${goods.orderId}, payment` : 'Payment'} reference: ${invoice.paymentId}`, { size: 9 });
  y += 14;
  page.text(left, y, `This is a computer-generated ${credit ? 'credit note' : 'invoice'} and needs no signature.`, { size: 9 });
  if (eInvoice) {
    y += 24;
    page.text(left, y, `IRN: ${eInvoice.irn}`, { size: 8, bold: true });
    y += 12;
    page.text(left, y, `Ack No. ${eInvoice.ackNo}    Ack Date ${indianDateTime(eInvoice.ackAt)}`, { size: 8 });
    if (eInvoice.signedQrCode) {
      // Rule 48(4): the IRP's signed QR code itself, drawn; a reader scanning it gets the signed text.
      y += 16;
      page.text(left, y, 'Signed QR code of the Invoice Registration Portal:', { size: 8 });
      y += 6;
      page.cells(left, y, QR_SIZE, qrModules(eInvoice.signedQrCode));
    }
  }
  return page.toBuffer({ title: `${credit ? 'Credit note' : 'Tax invoice'} ${invoice.invoiceNumber}` });
}
