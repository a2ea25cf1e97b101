import { indianDate } from '@elts/contracts';
import type { InvoiceRecord } from '../invoices/invoice-document.js';
import type { PlacedOrder } from '../store/product-orders.js';
import type { EInvoice } from './schema.js';

type Address = PlacedOrder['billingAddress'];

/** What the invoice does not carry about the supplier's place of business: its town and pincode (settings). */
export interface SupplierPlace {
  location: string;
  pincode: string;
}

/** Rupees with two decimals from whole paise (1906703 to 19067.03). */
const rupees = (paise: number) => paise / 100;
/** Text cut to the schema's longest, without the double quote it refuses. */
const clip = (value: string, max: number) => value.replace(/"/g, "'").trim().slice(0, max);
/** A schema text of at least three characters (a town written "Goa" passes; "Ua" is padded rather than refused). */
const atLeast3 = (value: string, max: number) => clip(value, max).padEnd(3, '.');

/**
 * The e-invoice (schema 1.1) of a product order's tax invoice to a registered business (docs/decisions/0162), or of a
 * credit note against one (type CRN, naming the invoice; docs/decisions/0165), or null for a document to an
 * unregistered member: B2C documents are not e-invoiced. The document is the invoice as
 * issued (docs/decisions/0093); the order gives the addresses in parts (town, pincode) that the document prints as
 * one line. The result is checked against `eInvoiceSchema` by the caller before it is sent.
 */
export function eInvoiceOf(
  invoice: InvoiceRecord,
  order: Pick<PlacedOrder, 'billingAddress' | 'shippingAddress'>,
  supplier: SupplierPlace,
): EInvoice | null {
  const buyerGstin = invoice.recipient.gstin;
  const goods = invoice.goods;
  if (!buyerGstin || !goods) return null;
  const against = invoice.against;
  const sellerState = invoice.supplier.gstin.slice(0, 2);
  const billing = order.billingAddress;
  const shipping = order.shippingAddress;
  const sameAddress = (a: Address, b: Address) =>
    a.address === b.address && a.city === b.city && a.pincode === b.pincode && a.state === b.state;
  const items = goods.lines.map((line, index) => {
    const tax = index === 0 ? invoice : undefined; // our invoices carry one line: its taxes are the invoice's
    return {
      SlNo: String(index + 1),
      PrdDesc: atLeast3(line.description, 300),
      IsServc: 'N' as const,
      HsnCd: line.hsnCode,
      // A credit note that lowers the value without taking a unit back (a part refund) has no quantity (optional in
      // the schema); its unit price is then the value it takes back.
      ...(line.quantity > 0 ? { Qty: line.quantity } : {}),
      Unit: 'NOS',
      // The value before tax of one unit, to the thousandth of a rupee the schema allows.
      UnitPrice: Math.round((line.grossValuePaise * 10) / Math.max(line.quantity, 1)) / 1000,
      TotAmt: rupees(line.grossValuePaise),
      Discount: rupees(line.discountPaise),
      AssAmt: rupees(line.taxablePaise),
      GstRt: line.ratePercent,
      IgstAmt: rupees(tax?.igstPaise ?? 0),
      CgstAmt: rupees(tax?.cgstPaise ?? 0),
      SgstAmt: rupees(tax?.sgstPaise ?? 0),
      TotItemVal: rupees(line.taxablePaise + (tax ? tax.igstPaise + tax.cgstPaise + tax.sgstPaise : 0)),
    };
  });
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', EcmGstin: null, IgstOnIntra: 'N' },
    DocDtls: { Typ: against ? 'CRN' : 'INV', No: invoice.invoiceNumber, Dt: indianDate(new Date(invoice.issuedAt)) },
    SellerDtls: {
      Gstin: invoice.supplier.gstin,
      LglNm: atLeast3(invoice.supplier.name, 100),
      Addr1: clip(invoice.supplier.address, 100),
      Loc: atLeast3(supplier.location, 50),
      Pin: Number(supplier.pincode),
      Stcd: sellerState,
    },
    BuyerDtls: {
      Gstin: buyerGstin,
      LglNm: atLeast3(invoice.recipient.name, 100),
      // The recipient's state is the GSTIN's (docs/decisions/0158); the place of supply is the delivery state.
      Pos: invoice.placeOfSupply.code,
      Addr1: clip(billing.address, 100),
      Loc: atLeast3(billing.city, 100),
      Pin: Number(billing.pincode),
      Stcd: buyerGstin.slice(0, 2),
    },
    ...(sameAddress(billing, shipping)
      ? {}
      : {
          ShipDtls: {
            LglNm: atLeast3(shipping.name, 100),
            Addr1: clip(shipping.address, 100),
            Loc: atLeast3(shipping.city, 100),
            Pin: Number(shipping.pincode),
            Stcd: invoice.placeOfSupply.code,
          },
        }),
    // A credit note names the invoice it reduces (CGST s.34), and why.
    ...(against
      ? {
          RefDtls: {
            InvRm: atLeast3(against.reason, 100),
            PrecDocDtls: [{ InvNo: against.invoiceNumber, InvDt: indianDate(new Date(against.issuedAt)) }],
          },
        }
      : {}),
    ItemList: items,
    ValDtls: {
      AssVal: rupees(invoice.taxablePaise),
      CgstVal: rupees(invoice.cgstPaise),
      SgstVal: rupees(invoice.sgstPaise),
      IgstVal: rupees(invoice.igstPaise),
      TotInvVal: rupees(invoice.totalPaise),
    },
  };
}
