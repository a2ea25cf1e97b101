import {
  catalogEvents,
  OrderPaymentStarted,
  OrderPlaced,
  OrderShipped,
  ordersEvents,
  ProductCreated,
  ProductUpdated,
} from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely, Transaction } from 'kysely';
import type { PaymentsContext } from '../commands/context.js';
import { issueProductInvoice } from '../commands/product-invoices.js';
import { saveProductOrder, saveProductOrderPrice, saveProductTaxFacts } from '../store/product-orders.js';
import type { PaymentsDb } from '../store/tables.js';

/** From catalog: each product's HSN code and GST rate, for the invoices of its orders. */
export function productTaxFactsConsumer(db: Kysely<PaymentsDb>) {
  const save = (
    data: { productId: string; product: { hsnCode: string | null; gstRatePercent: number | null } },
    trx: Transaction<PaymentsDb>,
  ) => saveProductTaxFacts(trx, data.productId, data.product);
  return new EventConsumer('payments.product-tax-facts', catalogEvents, db)
    .on(ProductCreated, (data, _event, trx) => save(data, trx))
    .on(ProductUpdated, (data, _event, trx) => save(data, trx));
}

/**
 * From orders: each order as placed, and its tax invoice when its goods ship (docs/decisions/0093). Only the first
 * shipment is a supply; a replacement sent for an exchange is not invoiced again.
 */
export function productOrdersConsumer(context: PaymentsContext) {
  return (
    new EventConsumer('payments.product-orders', ordersEvents, context.db)
      .on(OrderPlaced, async (data, _event, trx) => saveProductOrder(trx, data))
      // A reservation's credit is spent when its checkout opens (issue 33): the invoice's discount is that credit.
      .on(OrderPaymentStarted, async (data, _event, trx) => {
        if (typeof data.amountPaise === 'number')
          await saveProductOrderPrice(trx, data.orderId, { creditPaise: data.creditPaise ?? 0, amountPaise: data.amountPaise });
      })
      .step(OrderShipped, async (data) => {
        if (data.shipment === 1) await issueProductInvoice(context, data.orderId);
      })
  );
}
