import { z } from 'zod';
import { storedAddressSchema } from '../api/orders.js';
import { EXCHANGE_WINDOW_DAYS } from '../fulfilment.js';
import { REFUND_CHOICES, REFUND_CHOOSERS } from '../refund-choices.js';
import { defineEvent, EventRegistry } from './define.js';

const memberId = z.uuid();
const paise = z.number().int().min(0);
const address = storedAddressSchema;

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
    /**
     * A drop's reservation (issue 33, docs/decisions/0076): the unit is the member's until then, to start paying;
     * the credit is spent and the payment opened when checkout starts. Orders placed before it read as null.
     */
    reservedUntil: z.string().nullable().default(null),
    /** A unit that came back and was handed to the member as the first on its waitlist (issue 33 item 3). */
    fromWaitlist: z.boolean().default(false),
    /**
     * The retail price in force when the order was placed, one unit, as the operator recorded it with its date
     * (decision 0156): what a saving is measured against. Null when the product had none, and on older orders.
     */
    retailUnitPaise: paise.nullable().default(null),
    retailRecordedAt: z.string().nullable().default(null),
  }),
});

export const OrderPaymentStarted = defineEvent({
  type: 'OrderPaymentStarted',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    memberId,
    paymentId: z.string(),
    /** The membership credit spent when checkout started, and what is left to pay (a reservation's; else null). */
    creditPaise: paise.nullable().default(null),
    amountPaise: paise.nullable().default(null),
  }),
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

/** What payments answered when the refund was asked for; its later outcome comes as `OrderRefundSettled`. */
const refundStatus = z.enum(['pending', 'success', 'failed']);

export const OrderRefunded = defineEvent({
  type: 'OrderRefunded',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    memberId,
    refundId: z.string(),
    amountPaise: paise,
    reason: z.string(),
    /** How the money came back: to the original payment method (every refund before credits existed), or as credits. */
    method: z.enum(['fund_transfer', 'credits']).default('fund_transfer'),
    /**
     * Why: an operator cancelled the paid order as out of stock, or a payment came after its order had failed and
     * could not complete it. Absent before 2026-11-28: an order cancelled as out of stock is the former.
     */
    kind: z.enum(['out_of_stock', 'late_payment']).optional(),
    /** Payments' answer when asked (credits settle at once); before 2026-11-28 refunds were shown as refunded. */
    refundStatus: refundStatus.default('success'),
  }),
});

/**
 * Fulfilment (docs/decisions/0023): an operator's steps on one shipment of a paid order. The order's own goods are
 * shipment 1; a replacement sent for an exchange will be another shipment of the same order, with the same steps.
 * The operator is the event's actor (`admin:<id>` in its metadata).
 */
const shipmentStep = { orderId: z.string(), memberId, shipment: z.number().int().positive().default(1) };

export const OrderProcessingStarted = defineEvent({
  type: 'OrderProcessingStarted',
  version: 1,
  schema: z.object(shipmentStep),
});

export const OrderShipped = defineEvent({
  type: 'OrderShipped',
  version: 1,
  schema: z.object({ ...shipmentStep, courier: z.string(), awbNumber: z.string(), trackingUrl: z.string() }),
});

export const OrderDelivered = defineEvent({
  type: 'OrderDelivered',
  version: 1,
  /**
   * `deliveredOn`: the day the courier handed it over (YYYY-MM-DD, India's calendar), as the operator recorded it;
   * `exchangeWindowDays`: the days after it on which an exchange may be asked for (orders' EXCHANGE_WINDOW_DAYS; the
   * policy's 7 for deliveries recorded before it was carried).
   */
  schema: z.object({
    ...shipmentStep,
    deliveredOn: z.string(),
    exchangeWindowDays: z.number().int().positive().default(EXCHANGE_WINDOW_DAYS),
  }),
});

/**
 * Exchanges (docs/decisions/0025), on the order's own stream: the member asks (their actor), an operator approves
 * or refuses (`admin:<id>`). Approval opens the replacement's shipment (`shipment`, 2 and up) with its stock already
 * taken; a replacement that cannot be found refunds the member instead.
 */
const exchange = { orderId: z.string(), memberId, exchangeId: z.string() };

export const ExchangeRequested = defineEvent({
  type: 'ExchangeRequested',
  version: 1,
  schema: z.object({
    ...exchange,
    /** The delivered shipment being exchanged. */
    shipment: z.number().int().positive(),
    reason: z.string(),
    note: z.string(),
    /**
     * The product wanted in its place: the one ordered, or another version of it at the same price. `pricePaise`:
     * its price when asked for (absent from requests recorded before 2026-11-28).
     */
    productId: z.string(),
    product: z.object({ name: z.string(), brand: z.string(), images: z.array(z.string()), pricePaise: paise.optional() }),
  }),
});

/**
 * An operator's approval, recorded before any stock moves (docs/decisions/0025): from here the exchange is decided
 * (a refusal is refused), and what follows is the replacement's stock: `ExchangeApproved` with it, or
 * `ExchangeRefunded` without. `shipment`: the replacement's shipment number, whose hold key takes the stock.
 */
export const ExchangeApprovalStarted = defineEvent({
  type: 'ExchangeApprovalStarted',
  version: 1,
  schema: z.object({ ...exchange, shipment: z.number().int().min(2), productId: z.string() }),
});

export const ExchangeApproved = defineEvent({
  type: 'ExchangeApproved',
  version: 1,
  /** `shipment`: the replacement's, opened by this event; `shipsBy`: its last day to ship (YYYY-MM-DD, India). */
  schema: z.object({ ...exchange, shipment: z.number().int().min(2), productId: z.string(), shipsBy: z.string() }),
});

export const ExchangeRefused = defineEvent({
  type: 'ExchangeRefused',
  version: 1,
  schema: z.object({ ...exchange, reason: z.string() }),
});

export const ExchangeRefunded = defineEvent({
  type: 'ExchangeRefunded',
  version: 1,
  schema: z.object({
    ...exchange,
    refundId: z.string(),
    amountPaise: paise,
    reason: z.string(),
    /** Recorded before the refund's outcome was (2026-11-26): such refunds were shown as refunded. */
    refundStatus: refundStatus.default('success'),
  }),
});

/**
 * A refund of the order settled at payments (its PaymentRefunded or RefundFailed, docs/decisions/0025): recorded on
 * the order's stream by orders, once per refund and outcome, so the order shows whether the money really went back.
 */
export const OrderRefundSettled = defineEvent({
  type: 'OrderRefundSettled',
  version: 1,
  schema: z.object({ orderId: z.string(), memberId, refundId: z.string(), outcome: refundStatus.exclude(['pending']) }),
});

/**
 * A refund the gateway failed, made good (issue 32): an operator sends it again (a fund transfer under a key of its
 * own), or the member, with an active membership, takes it as credits. The choice is recorded first, once per failed
 * refund (`RefundRetryChosen`, the actor in its metadata), so the two can never both happen; then the new refund is
 * made and recorded (`RefundRetried`), settling as any refund does (`OrderRefundSettled`).
 */
export const RefundRetryChosen = defineEvent({
  type: 'RefundRetryChosen',
  version: 1,
  schema: z.object({ orderId: z.string(), memberId, retryOf: z.string(), method: z.enum(REFUND_CHOICES) }),
});

export const RefundRetried = defineEvent({
  type: 'RefundRetried',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    memberId,
    refundId: z.string(),
    retryOf: z.string(),
    method: z.enum(REFUND_CHOICES),
    amountPaise: paise,
    reason: z.string(),
    refundStatus,
  }),
});

/**
 * Out-of-stock cancellation (docs/decisions/0024): an operator cancels a paid order that cannot be fulfilled (their
 * actor in its metadata); the member chooses how the money comes back by `choiceBy`, or the deadline chooses the
 * fund transfer. `OrderRefunded` follows once the money went back (`method`).
 */

export const OrderCancelledOutOfStock = defineEvent({
  type: 'OrderCancelledOutOfStock',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    memberId,
    productId: z.string(),
    /** What the member paid at the gateway, which comes back as they choose. */
    amountPaise: paise,
    /** Membership credit the order spent, given back to the member's credit whatever they choose. */
    creditPaise: paise,
    reason: z.string(),
    /** The last instant to choose (ISO); then the fund transfer is made. */
    choiceBy: z.string(),
    /**
     * Whether credits were offered: only to a member whose membership is active (credits pay part of later orders).
     * Without them the fund transfer is chosen at once (`OrderRefundChosen` by `no_membership`).
     */
    creditsOffered: z.boolean().default(true),
  }),
});

export const OrderRefundChosen = defineEvent({
  type: 'OrderRefundChosen',
  version: 1,
  schema: z.object({ orderId: z.string(), memberId, choice: z.enum(REFUND_CHOICES), by: z.enum(REFUND_CHOOSERS) }),
});

/**
 * A sale ended with the member still waiting on the product's waitlist (issue 33 item 3): their place is closed, and
 * identity tells them so. Stream `waitlist-<productId>`.
 */
export const WaitlistClosed = defineEvent({
  type: 'WaitlistClosed',
  version: 1,
  schema: z.object({ productId: z.string(), productName: z.string(), memberId, saleEndedAt: z.string() }),
});

export const ordersEvents = new EventRegistry('orders', [
  OrderPlaced,
  OrderPaymentStarted,
  OrderCompleted,
  OrderFailed,
  OrderRefunded,
  OrderProcessingStarted,
  OrderShipped,
  OrderDelivered,
  ExchangeRequested,
  ExchangeApprovalStarted,
  ExchangeApproved,
  ExchangeRefused,
  ExchangeRefunded,
  OrderRefundSettled,
  OrderCancelledOutOfStock,
  OrderRefundChosen,
  RefundRetryChosen,
  RefundRetried,
  WaitlistClosed,
]);
