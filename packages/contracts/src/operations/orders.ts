import { z } from 'zod';
import { ORDER_STATUSES, orderPayloadSchema, storedAddressSchema } from '../api/orders.js';
import { EXCHANGE_REASONS, EXCHANGE_STATES } from '../exchanges.js';
import { exchangeRefusalSchema, exchangeRequestSchema } from '../exchanges-schema.js';
import { FULFILMENT_STEPS } from '../fulfilment.js';
import { bulkFulfilmentSchema, fulfilmentStepSchema } from '../fulfilment-schema.js';
import { ORDER_REFUND_KINDS, ORDER_REFUND_STATES } from '../order-refunds.js';
import { REFUND_CHOICES, REFUND_CHOOSERS } from '../refund-choices.js';
import { PINCODE_PATTERN } from '../validation/india.js';
import { answer, specPagination } from './answers.js';
import { operation } from './operation.js';
import { cashfreeModeSchema } from './payments.js';
import { stepOperations } from './steps.js';

const orderId = z.object({ id: z.string().min(1).max(64) });
const orderRefundId = orderId.extend({ refundId: z.string().min(1).max(128) });
/** An order's id, or (approve, refuse) an exchange's. */
const exchangeOrderId = z.object({ id: z.string().min(1).max(80) });

const address = storedAddressSchema;

const status = z.enum(ORDER_STATUSES);
const at = z.string().nullable();
/** A member's place on a product's waitlist: 1 is next. */
const waitlistPlace = z.object({ product_id: z.string(), position: z.number().int(), joined_at: z.string() });
const orderProduct = z.object({ id: z.string(), name: z.string(), brand: z.string(), category: z.string(), images: z.array(z.string()) });

/** A shipment's way to the member (`FulfilmentView`): each step with when it happened, the courier's details once shipped. */
const fulfilmentSchema = z.object({
  step: z.enum(FULFILMENT_STEPS),
  timeline: z.array(z.object({ step: z.enum(FULFILMENT_STEPS), done: z.boolean(), at })),
  courier: at,
  awb_number: at,
  tracking_url: at,
  delivered_on: at,
  expected_delivery_on: at,
});

/** An out-of-stock cancellation's refund (docs/decisions/0024), null for an order not cancelled so. */
const refundSchema = z.object({
  state: z.enum(['awaiting_choice', 'refunding', 'refunded', 'refund_failed']),
  reason: z.string(),
  amount: z.number(),
  amount_paise: z.number().int(),
  cancelled_at: z.string(),
  choice_by: z.string(),
  choice: z.enum(REFUND_CHOICES).nullable(),
  chosen_by: z.enum(REFUND_CHOOSERS).nullable(),
  refunded_at: at,
  /** While credits may be chosen (an active membership, before the deadline): the last day they could be spent. */
  credits_until: at,
});

/**
 * Every refund of an order, whatever caused it (issue 32): the member's order page and history cards show each with
 * its state, the same words as the back office (ORDER_REFUND_* in contracts).
 */
const refundLineSchema = z.object({
  refund_id: z.string(),
  kind: z.enum(ORDER_REFUND_KINDS),
  method: z.enum(REFUND_CHOICES),
  amount: z.number(),
  amount_paise: z.number().int(),
  state: z.enum(ORDER_REFUND_STATES),
  /** A failed refund being made good: sent again (`fund_transfer`) or taken as credits, once chosen. */
  retry: z.enum(REFUND_CHOICES).nullable(),
  /** On the refund that makes a failed one good: the failed one. */
  retry_of: at,
  asked_at: at,
  settled_at: at,
});

/** One exchange (`ExchangeView`) as the member's order page and the operators' queue read it. */
const exchangeSchema = z.object({
  exchange_id: z.string(),
  order_id: z.string(),
  state: z.enum(EXCHANGE_STATES),
  reason: z.enum(EXCHANGE_REASONS),
  note: z.string(),
  requested_at: z.string(),
  decided_at: at,
  refusal_reason: at,
  product: z.object({ id: z.string(), name: z.string(), brand: z.string(), images: z.array(z.string()), price: z.number().nullable() }),
  ships_by: at,
  replacement: z.object({ shipment: z.number().int(), fulfilment: fulfilmentSchema }).nullable(),
  refund: z.object({ refund_id: z.string(), amount: z.number() }).nullable(),
});

const paymentStatus = z.enum(['pending', 'processing', 'success', 'failed']).nullable();

/**
 * The retail price in force when the order was placed, for its quantity, and when the operator recorded it
 * (decision 0156): null when the product had none recorded. A saving is measured against it, never without it.
 */
const retailPriceSchema = z.object({ amount: z.number(), amount_paise: z.number().int(), recorded_at: z.string() }).nullable();

/** One order for the Order Status page: the spec's order status fields, and its fulfilment. */
const orderStatusSchema = z.object({
  order_id: z.string(),
  status,
  payment_status: paymentStatus,
  payment_info: z.object({
    payment_id: at,
    status: paymentStatus,
    transaction_id: at,
    payment_method: at,
    processed_at: at,
  }),
  transaction_id: at,
  payment_method: at,
  amount: z.number(),
  amount_paise: z.number().int(),
  credit_applied: z.number(),
  quantity: z.number().int(),
  last_updated: z.string(),
  product: orderProduct,
  payment_details: z.object({ txn_id: at, payment_method: at }),
  customer_info: z.object({ name: z.string() }),
  local_order: z.object({ shipping_address: address }),
  /** While its unit is reserved and no payment has started: until when the member may still pay (Pay now, Cancel). */
  pay_until: at,
  error: at,
  payment_expires_at: at,
  payment_timeout_seconds: z.number().nullable(),
  fulfilment: fulfilmentSchema.nullable(),
  retail_price: retailPriceSchema,
});

/** An order as the spec's history cards read it, with its fulfilment once paid, or its refund once cancelled. */
const orderCardSchema = z.object({
  order_id: z.string(),
  status,
  amount: z.number(),
  amount_paise: z.number().int(),
  credit_applied: z.number(),
  quantity: z.number().int(),
  created_at: z.string(),
  product: orderProduct,
  payment_info: z.object({ transaction_id: at, payment_method: at }),
  shipping_address: z.object({ name: z.string(), city: z.string() }),
  fulfilment: fulfilmentSchema.nullable(),
  refund: refundSchema.nullable(),
  refunds: z.array(refundLineSchema),
  /** As on the Order Status page: an unpaid reservation offers Pay now and Cancel until then. */
  pay_until: at,
  retail_price: retailPriceSchema,
});

/** The member's refund choice page of an order cancelled as out of stock. */
const refundPageSchema = z.object({
  order_id: z.string(),
  product: z.object({ name: z.string(), brand: z.string() }),
  status,
  refund: refundSchema,
});

/** A reservation: the unit is the member's; checkout opens with `orderCheckout` (issue 33, docs/decisions/0076). */
const reservedOrder = {
  order_id: z.string(),
  payment_session_id: z.null(),
  payment_link: z.null(),
};

/** An order's checkout, opened (or opened again: the same session while it lasts). */
const openedCheckout = {
  order_id: z.string(),
  payment_session_id: z.string(),
  payment_link: z.string().nullable(),
};

const steps = stepOperations('orders');

/** Product orders (the order saga), their fulfilment, exchanges and refunds, and delivery serviceability. */
export const ordersOperations = {
  checkPincode: operation({
    id: 'checkPincode',
    method: 'GET',
    path: '/shipping/bluedart/pincode/:pincode',
    owner: 'orders',
    access: 'public',
    summary: 'Whether Blue Dart delivers to a pincode, with its place names',
    params: z.object({ pincode: z.string().regex(PINCODE_PATTERN, 'Pincode must be 6 digits and cannot start with 0') }),
    response: answer(
      z.object({ pincodeDescription: z.string(), cityDescription: z.string(), state: z.string(), serviceable: z.boolean() }),
    ),
  }),

  orderForServices: operation({
    id: 'orderForServices',
    method: 'GET',
    path: '/internal/orders/:id',
    owner: 'orders',
    access: 'internal',
    summary: "An order as orders keeps it, for another service's mail (the confirmation, shipping updates)",
    params: orderId,
    response: answer(
      z.object({
        orderId: z.string(),
        memberId: z.string(),
        status: z.enum(ORDER_STATUSES),
        product: z.object({ name: z.string(), brand: z.string() }),
        quantity: z.number().int(),
        amountPaise: z.number().int(),
        creditPaise: z.number().int(),
        shippingAddress: address,
      }),
    ),
  }),

  placeOrder: operation({
    id: 'placeOrder',
    method: 'POST',
    path: '/product/order',
    owner: 'orders',
    access: 'member',
    summary:
      'Reserves a unit of a product for the member: the order, with until when it may be paid (an Idempotency-Key header makes a repeat the same reservation); its checkout opens with orderCheckout',
    signInMessage: 'Please login to continue with your order',
    headers: [
      {
        name: 'Idempotency-Key',
        required: false,
        description: 'A repeat with the same key from the same member answers the same order instead of placing another',
        pattern: '^[\\w-]{8,100}$',
      },
    ],
    body: orderPayloadSchema,
    response: answer(
      z.object({
        ...reservedOrder,
        status: z.literal('reserved'),
        reserved_until: z.string(),
        seconds_left: z.number().int(),
        amount: z.number(),
      }),
      reservedOrder,
    ),
  }),
  orderCheckout: operation({
    id: 'orderCheckout',
    method: 'POST',
    path: '/product/order/:id/checkout',
    owner: 'orders',
    access: 'member',
    summary: "Pay now: spends the member's credit and opens the payment of a reserved order (the same one again while it lasts)",
    signInMessage: 'Please login to continue with your order',
    params: orderId,
    response: answer(
      z.object({
        ...openedCheckout,
        gateway: z.string(),
        cashfree_mode: cashfreeModeSchema.optional(),
        amount: z.number(),
        credit_applied: z.number(),
      }),
      openedCheckout,
    ),
  }),
  cancelOrder: operation({
    id: 'cancelOrder',
    method: 'POST',
    path: '/product/order/:id/cancel',
    owner: 'orders',
    access: 'member',
    summary: 'Cancels an order not yet paid: its unit and credit go back at once, and a payment that still arrives is refunded',
    params: orderId,
    response: answer(z.object({ order_id: z.string(), status })),
  }),
  joinWaitlist: operation({
    id: 'joinWaitlist',
    method: 'POST',
    path: '/product/waitlist',
    owner: 'orders',
    access: 'member',
    summary:
      "Puts the member on a sold-out product's waitlist with their order details: a unit that comes back becomes their reservation, in turn, with a mail",
    signInMessage: 'Please login to continue with your order',
    body: orderPayloadSchema,
    response: answer(waitlistPlace),
  }),
  leaveWaitlist: operation({
    id: 'leaveWaitlist',
    method: 'DELETE',
    path: '/product/waitlist/:productId',
    owner: 'orders',
    access: 'member',
    summary: "Takes the member off a product's waitlist",
    params: z.object({ productId: z.string().min(1).max(64) }),
    response: answer(z.object({ product_id: z.string(), left: z.boolean() })),
  }),
  myWaitlists: operation({
    id: 'myWaitlists',
    method: 'GET',
    path: '/product/waitlist',
    owner: 'orders',
    access: 'member',
    summary: 'The waitlists the member is on, with their place on each',
    response: answer(z.object({ places: z.array(waitlistPlace) })),
  }),
  waitlistLengths: operation({
    id: 'waitlistLengths',
    method: 'GET',
    path: '/admin/waitlists',
    owner: 'orders',
    access: 'admin',
    summary: "How many members wait on each product's waitlist, for the operators' live view (products with none are left out)",
    response: answer(z.object({ waitlists: z.array(z.object({ product_id: z.string(), waiting: z.number().int() })) })),
  }),
  orderHistory: operation({
    id: 'orderHistory',
    method: 'GET',
    path: '/product/orders/user',
    owner: 'orders',
    access: 'member',
    summary: "The member's orders, newest first, a page at a time (Failed lists cancelled ones too)",
    query: z.object({
      page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(10),
      status: z.enum(['completed', 'pending', 'failed', 'cancelled', 'all', '']).optional(),
    }),
    response: answer(
      z.object({
        orders: z.array(orderCardSchema),
        pagination: specPagination,
      }),
    ),
  }),
  orderStatus: operation({
    id: 'orderStatus',
    method: 'GET',
    path: '/product/order/:id',
    owner: 'orders',
    access: 'member',
    summary: "One of the member's orders for the Order Status page: its payment, fulfilment, exchanges and refund",
    params: orderId,
    response: answer(
      orderStatusSchema.extend({
        exchanges: z.array(exchangeSchema),
        exchange: z.object({ available_until: at, unavailable_reason: at, variant_group: at }),
        refund: refundSchema.nullable(),
        refunds: z.array(refundLineSchema),
      }),
    ),
  }),
  orderGatewayStatus: operation({
    id: 'orderGatewayStatus',
    method: 'GET',
    path: '/product/order/:id/gateway-status',
    owner: 'orders',
    access: 'member',
    summary: "Asks the payment gateway how the order's payment stands now, and applies it",
    params: orderId,
    response: answer(orderStatusSchema),
  }),

  fulfilOrder: operation({
    id: 'fulfilOrder',
    method: 'POST',
    path: '/admin/fulfilment/:id',
    owner: 'orders',
    access: 'admin',
    summary: "Moves one order's shipment (its own, or an exchange's replacement) one fulfilment step on",
    params: orderId,
    body: fulfilmentStepSchema,
    response: answer(z.object({ order_id: z.string(), fulfilment: fulfilmentSchema.nullable() })),
  }),
  fulfilOrders: operation({
    id: 'fulfilOrders',
    method: 'POST',
    path: '/admin/fulfilment',
    owner: 'orders',
    access: 'admin',
    summary: 'Moves several orders one fulfilment step on each; a refusal stops none of the others',
    body: bulkFulfilmentSchema,
    response: answer(z.object({ updated: z.array(z.string()), refused: z.array(z.object({ order_id: z.string(), message: z.string() })) })),
  }),
  cancelOutOfStock: operation({
    id: 'cancelOutOfStock',
    method: 'POST',
    path: '/admin/order-cancellations/:id',
    owner: 'orders',
    access: 'admin',
    summary: 'Cancels a paid order as out of stock and asks the member how to get the money back',
    params: orderId,
    response: answer(z.object({ order_id: z.string(), status: z.literal('cancelled'), refund: refundSchema.nullable() })),
  }),
  orderRefund: operation({
    id: 'orderRefund',
    method: 'GET',
    path: '/product/order/:id/refund',
    owner: 'orders',
    access: 'member',
    summary: "The refund of the member's order cancelled as out of stock, and the choice it waits for",
    params: orderId,
    response: answer(refundPageSchema),
  }),
  chooseRefund: operation({
    id: 'chooseRefund',
    method: 'POST',
    path: '/product/order/:id/refund',
    owner: 'orders',
    access: 'member',
    summary: 'The member chooses a fund transfer or membership credit for an out-of-stock refund',
    params: orderId,
    body: z.strictObject({ choice: z.enum(REFUND_CHOICES, { error: 'Choose a fund transfer or credits.' }) }),
    response: answer(refundPageSchema),
  }),

  retryFailedRefund: operation({
    id: 'retryFailedRefund',
    method: 'POST',
    path: '/admin/orders/:id/refunds/:refundId/retry',
    owner: 'orders',
    access: 'admin',
    summary: 'Sends a refund the payment gateway failed again, to the original payment method under a key of its own',
    params: orderRefundId,
    response: answer(z.object({ order_id: z.string(), refunds: z.array(refundLineSchema) })),
  }),
  refundAsCredits: operation({
    id: 'refundAsCredits',
    method: 'POST',
    path: '/product/order/:id/refunds/:refundId/credits',
    owner: 'orders',
    access: 'member',
    summary: 'The member takes a refund the payment gateway failed as membership credit instead (an active membership only)',
    params: orderRefundId,
    response: answer(z.object({ order_id: z.string(), refunds: z.array(refundLineSchema) })),
  }),

  requestExchange: operation({
    id: 'requestExchange',
    method: 'POST',
    path: '/product/order/:id/exchange',
    owner: 'orders',
    access: 'member',
    summary: 'The member asks to exchange a delivered order, within its exchange window',
    params: exchangeOrderId,
    body: exchangeRequestSchema,
    response: answer(exchangeSchema),
    status: 201,
  }),
  exchangeQueue: operation({
    id: 'exchangeQueue',
    method: 'GET',
    path: '/admin/exchanges',
    owner: 'orders',
    access: 'admin',
    summary: "The operators' exchange queue (open ones by default), oldest first, with each order's customer",
    query: z.object({
      /**
       * `open` (the default): waiting for a decision or for the replacement to be delivered, or a refund that failed
       * (an operator must act); `all`: every one.
       */
      state: z
        .enum(['open', 'all', ...EXCHANGE_STATES], { error: `State must be open, all or one of: ${EXCHANGE_STATES.join(', ')}` })
        .default('open'),
      page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: answer(
      z.object({
        exchanges: z.array(
          exchangeSchema.extend({
            order: z
              .object({
                /** The member's account name and email (what they typed into the order when the account has none). */
                customer_name: z.string(),
                customer_email: z.string(),
                product: z.object({ name: z.string(), brand: z.string(), category: z.string(), images: z.array(z.string()) }),
                quantity: z.number().int(),
                /** What one unit cost when ordered (rupees), beside the replacement's own price. */
                unit_price: z.number(),
                amount: z.number(),
              })
              .optional(),
          }),
        ),
        pagination: z.object({ page: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() }),
      }),
    ),
  }),
  approveExchange: operation({
    id: 'approveExchange',
    method: 'POST',
    path: '/admin/exchanges/:id/approve',
    owner: 'orders',
    access: 'admin',
    summary: 'Approves an exchange: its replacement waits to be processed, or the member is refunded when none is in stock',
    params: exchangeOrderId,
    response: answer(exchangeSchema),
  }),
  refuseExchange: operation({
    id: 'refuseExchange',
    method: 'POST',
    path: '/admin/exchanges/:id/refuse',
    owner: 'orders',
    access: 'admin',
    summary: 'Refuses an exchange, mailing the member the reason',
    params: exchangeOrderId,
    body: exchangeRefusalSchema,
    response: answer(exchangeSchema),
  }),

  ordersFailingSteps: steps.failingSteps,
  ordersRetryStep: steps.retryStep,
  ordersGiveUpStep: steps.giveUpStep,
};
