import { INDIAN_STATES, indianStateNamed, isValidGstin } from '@elts/contracts';
import { handle } from '@elts/platform';
import { financialYear, goodsFigures, invoiceNumber } from '../domain/invoice.js';
import { invoiceDecider } from '../domain/invoice-stream.js';
import { queueEInvoice } from '../store/e-invoices.js';
import { takeInvoiceNumber } from '../store/invoices.js';
import { findMemberProfile } from '../store/member-profiles.js';
import { findProductOrderPayment } from '../store/payment-reads.js';
import { findOrderToInvoice, type OrderBuyer, type PlacedOrder } from '../store/product-orders.js';
import { project } from '../store/projections.js';
import type { PaymentsContext } from './context.js';
import { type Recipient, supplyOf } from './invoices.js';

/** The stream of a product order's tax invoice: one per order, so issuing twice finds the first. */
export const productInvoiceStream = (orderId: string) => `invoice-order-${orderId}`;

/**
 * The business named on the order (its GSTIN and legal name, docs/decisions/0158) comes first; else a member
 * registered for GST (a valid GSTIN in their profile) is named with it. A registered recipient's state is the GSTIN's.
 */
function recipientOf(order: PlacedOrder, gst: string | undefined, buyer: OrderBuyer | null): Recipient {
  const billing = order.billingAddress;
  const address = `${billing.address}, ${billing.city}, ${billing.state} ${billing.pincode}`;
  const given = buyer?.gstin ?? gst;
  const gstin = given && isValidGstin(given) ? given : null;
  const registeredIn = gstin ? INDIAN_STATES.find((state) => state.code === gstin.slice(0, 2))?.name : undefined;
  const name = buyer && gstin === buyer.gstin ? buyer.legalName : billing.name;
  return { name, address, gstin, state: registeredIn ?? indianStateNamed(billing.state) ?? null };
}

const addressText = (address: PlacedOrder['shippingAddress']) =>
  `${address.name}, ${address.address}, ${address.city}, ${address.state} ${address.pincode}`;

/**
 * Issues the tax invoice of a paid product order whose goods have left (CGST Rule 46; docs/decisions/0093), once:
 * a second call, a redelivered event or a racing instance finds the invoice's stream and does nothing. The place of
 * supply is the delivery state (IGST Act s.10(1)(a)); the rate and HSN code are the product's when it ships.
 * An order that cannot be invoiced (unknown, unpaid, or its product without tax facts) is logged, not retried.
 */
export async function issueProductInvoice(context: PaymentsContext, orderId: string): Promise<'issued' | 'exists' | 'skipped'> {
  const { settings, logger } = context;
  const order = await findOrderToInvoice(context.db, orderId);
  const payment = await findProductOrderPayment(context.db, orderId);
  if (!order || !payment || payment.status === 'pending' || payment.status === 'failed') {
    logger.error({ orderId, paid: payment?.status ?? null }, 'a shipped order has no paid order to invoice');
    return 'skipped';
  }
  if (!order.tax) {
    logger.error(
      { orderId, productId: order.placed.productId },
      'a shipped order cannot be invoiced: its product has no HSN code or GST rate',
    );
    return 'skipped';
  }
  const { placed, tax } = order;
  const profile = await findMemberProfile(context.db, placed.memberId);
  const deliveryState = indianStateNamed(placed.shippingAddress.state);
  if (!deliveryState) logger.warn({ orderId }, 'the delivery state is not a known state; the place of supply is the supplier state');
  const { intraState, ...supply } = supplyOf(settings, deliveryState ?? null);
  const figures = goodsFigures({
    unitPricePaise: placed.unitPricePaise,
    quantity: placed.quantity,
    creditPaise: placed.creditPaise,
    ratePercent: tax.ratePercent,
    intraState,
    creditAsDiscount: settings.INVOICE_CREDIT_AS_DISCOUNT,
  });
  const { grossValuePaise, discountPaise, paidByCreditPaise, ...split } = figures;
  const recipient = recipientOf(placed, profile?.gst, order.buyer);
  const issued = await handle(
    context.events,
    invoiceDecider,
    productInvoiceStream(orderId),
    // The number is taken in the transaction that records the invoice, and only for an order that has none yet.
    async (unit, { issued }) => {
      if (issued) return {};
      const issuedAt = context.clock.now();
      const year = financialYear(issuedAt);
      const serial = await takeInvoiceNumber(unit.db, year, 'goods');
      const description = [placed.product.brand, placed.product.name].filter(Boolean).join(' ');
      return {
        invoice: {
          invoiceNumber: invoiceNumber(settings.GOODS_INVOICE_SERIES, year, serial),
          paymentId: payment.payment_id,
          memberId: placed.memberId,
          financialYear: year,
          issuedAt: issuedAt.toISOString(),
          description,
          sac: tax.hsnCode,
          ...split,
          ratePercent: tax.ratePercent,
          placeOfSupply: supply.placeOfSupply,
          recipient,
          supplier: supply.supplier,
          goods: {
            orderId,
            deliveryAddress: addressText(placed.shippingAddress),
            lines: [
              {
                description,
                hsnCode: tax.hsnCode,
                quantity: placed.quantity,
                unitPricePaise: placed.unitPricePaise,
                grossValuePaise,
                discountPaise,
                taxablePaise: split.taxablePaise,
                ratePercent: tax.ratePercent,
              },
            ],
            paidByCreditPaise,
          },
        },
      };
    },
    {
      project,
      alongside: async (unit, { events: [invoice] }) => {
        // E-invoicing on (docs/decisions/0162): a B2B invoice is queued for its IRN with the invoice itself.
        if (invoice?.type === 'InvoiceIssued' && settings.E_INVOICING && recipient.gstin)
          await queueEInvoice(unit.db, orderId, invoice.data.invoiceNumber);
      },
    },
  );
  return !issued.refusal && issued.events.length > 0 ? 'issued' : 'exists';
}
