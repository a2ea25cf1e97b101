import { z } from 'zod';
import { defineEvent, EventRegistry } from './define.js';

const memberId = z.uuid();
const paise = z.number().int().min(0);
const address = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

export const OrderPlaced = defineEvent({
  type: 'OrderPlaced',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    memberId,
    productId: z.string(),
    product: z.object({ name: z.string(), brand: z.string(), category: z.string(), images: z.array(z.string()) }),
    quantity: z.number().int().positive(),
    unitPricePaise: paise,
    creditPaise: paise,
    amountPaise: paise,
    customer: z.object({ email: z.string(), phone: z.string(), firstName: z.string(), lastName: z.string() }),
    shippingAddress: address,
    billingAddress: address,
    /**
     * The catalog's variant group of the product, if any: its versions count as one product for the one-of-each
     * rule (docs/decisions/0021). Orders placed before it was recorded read as null.
     */
    variantGroup: z.string().nullable().default(null),
  }),
});

export const OrderPaymentStarted = defineEvent({
  type: 'OrderPaymentStarted',
  version: 1,
  schema: z.object({ orderId: z.string(), memberId, paymentId: z.string() }),
});

export const OrderCompleted = defineEvent({
  type: 'OrderCompleted',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    memberId,
    productId: z.string(),
    quantity: z.number().int().positive(),
    amountPaise: paise,
    paymentId: z.string(),
    transactionId: z.string().nullable(),
    method: z.string().nullable(),
  }),
});

export const OrderFailed = defineEvent({
  type: 'OrderFailed',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    memberId,
    productId: z.string(),
    /** Where it stopped: no stock, the payment failed, the payment timed out, or the shopper cancelled the payment. */
    stage: z.enum(['stock', 'payment', 'timeout', 'cancelled']),
    reason: z.string(),
  }),
});

export const OrderRefunded = defineEvent({
  type: 'OrderRefunded',
  version: 1,
  schema: z.object({ orderId: z.string(), memberId, refundId: z.string(), amountPaise: paise, reason: z.string() }),
});

export const ordersEvents = new EventRegistry('orders', [OrderPlaced, OrderPaymentStarted, OrderCompleted, OrderFailed, OrderRefunded]);
