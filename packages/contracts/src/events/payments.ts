import { z } from 'zod';
import { defineEvent, EventRegistry } from './define.js';

export const SUBSCRIPTION_STATUSES = ['active', 'pending', 'expired', 'failed', 'cancelled', 'revoked'] as const;
export const PAYMENT_TYPES = ['subscription', 'product_order', 'refund'] as const;
export const PAYMENT_METHODS = ['upi', 'card', 'netbanking', 'other'] as const;

const memberId = z.uuid();
const paise = z.number().int().min(0);
const method = z.enum(PAYMENT_METHODS);

/** A member's membership changed state: the one event other services need to follow memberships. */
export const SubscriptionStatusChanged = defineEvent({
  type: 'SubscriptionStatusChanged',
  version: 1,
  schema: z.object({
    subscriptionId: z.string(),
    memberId,
    status: z.enum(SUBSCRIPTION_STATUSES),
    validUntil: z.string().nullable(),
  }),
});

// Payments ------------------------------------------------------------------------------------------------------

export const PaymentInitiated = defineEvent({
  type: 'PaymentInitiated',
  version: 2,
  schema: z.object({
    paymentId: z.string(),
    orderId: z.string(),
    memberId,
    amountPaise: paise,
    currency: z.literal('INR'),
    paymentType: z.enum(PAYMENT_TYPES),
    gateway: z.enum(['cashfree', 'emulator', 'simulator']),
    /** What the money is for: a membership's first payment, its renewal, or a product order. */
    purpose: z.enum(['membership', 'renewal', 'product_order']),
    subscriptionId: z.string().nullable(),
    timeoutAt: z.string().nullable(),
  }),
  // v1 also carried `atRiskAt`, the time of the workflow's at-risk step, which decision 0043 retired.
  upcast: {
    1: (data) => {
      const { atRiskAt: _, ...v2 } = data as Record<string, unknown>;
      return v2;
    },
  },
});

export const PaymentProcessing = defineEvent({ type: 'PaymentProcessing', version: 1, schema: z.object({ paymentId: z.string() }) });

/**
 * Retired: the payment-timeout workflow's at-risk mark. At risk is now read from a payment's age and the settings
 * whenever it is asked (decision 0043); the events recorded before still read, and nothing folds them.
 */
const PaymentAtRisk = defineEvent({
  type: 'PaymentAtRisk',
  version: 1,
  schema: z.object({ paymentId: z.string(), minutesPending: z.number().int() }),
  retired: 'decision 0043, one at-risk rule from the settings',
});

export const PaymentSucceeded = defineEvent({
  type: 'PaymentSucceeded',
  version: 1,
  schema: z.object({
    paymentId: z.string(),
    orderId: z.string(),
    memberId,
    amountPaise: paise,
    paymentType: z.enum(PAYMENT_TYPES),
    method,
    gatewayPaymentId: z.string().nullable(),
    bankReference: z.string().nullable(),
    /** It came after the payment had been failed by its timeout: reconciled, not lost. */
    late: z.boolean(),
  }),
});

export const PaymentFailed = defineEvent({
  type: 'PaymentFailed',
  version: 1,
  schema: z.object({
    paymentId: z.string(),
    orderId: z.string(),
    memberId,
    paymentType: z.enum(PAYMENT_TYPES),
    reason: z.string(),
    method: method.nullable(),
    autoFailed: z.boolean(),
    timeoutMinutes: z.number().int().nullable(),
    /** The payer called it off at checkout (Cashfree's USER_DROPPED, the simulator's Cancel): nothing was charged. */
    cancelled: z.boolean().default(false),
  }),
});

// Refunds: a refund is a payment of its own (type 'refund', its id the refund id), recorded on the stream of the
// payment it gives back, so the cap on what can be refunded is checked in that stream's transaction.

/** A refund was asked for and accepted by our rules (not more than is left to refund); the gateway settles it. */
export const RefundRequested = defineEvent({
  type: 'RefundRequested',
  version: 1,
  schema: z.object({
    /** The payment refunded. */
    paymentId: z.string(),
    refundId: z.string(),
    orderId: z.string(),
    memberId,
    amountPaise: paise,
    reason: z.string(),
    /** Set when the money came through a mandate: refunded as that subscription's payment (the gateway's payment id). */
    subscriptionPayment: z.object({ subscriptionId: z.string(), paymentId: z.string() }).nullable().default(null),
  }),
});

/**
 * The gateway took a refund and is making it (its answer PENDING or ONHOLD, issue 32): the money is on its way, as the
 * member is mailed. Not recorded for a refund the gateway settles at once (`PaymentRefunded`) or fails.
 */
export const RefundAccepted = defineEvent({
  type: 'RefundAccepted',
  version: 1,
  schema: z.object({ paymentId: z.string(), orderId: z.string(), memberId, refundId: z.string(), amountPaise: paise, reason: z.string() }),
});

/** The money of a refund went back (the gateway says SUCCESS). Older records wrote it as soon as the gateway was asked. */
export const PaymentRefunded = defineEvent({
  type: 'PaymentRefunded',
  version: 1,
  schema: z.object({ paymentId: z.string(), orderId: z.string(), memberId, refundId: z.string(), amountPaise: paise, reason: z.string() }),
});

/** The gateway failed or cancelled a refund: nothing went back, and its amount may be refunded again. */
export const RefundFailed = defineEvent({
  type: 'RefundFailed',
  version: 1,
  schema: z.object({ paymentId: z.string(), refundId: z.string(), orderId: z.string(), memberId, amountPaise: paise, reason: z.string() }),
});

// Subscriptions ---------------------------------------------------------------------------------------------------

export const SubscriptionRequested = defineEvent({
  type: 'SubscriptionRequested',
  version: 1,
  schema: z.object({
    subscriptionId: z.string(),
    memberId,
    planType: z.literal('annual'),
    frequency: z.literal('yearly'),
    amountPaise: paise,
    currency: z.literal('INR'),
    autoRenewal: z.boolean(),
    paymentId: z.string(),
    gateway: z.enum(['cashfree', 'emulator', 'simulator']),
    sessionId: z.string(),
    authorizationLink: z.string().nullable(),
  }),
});

export const MandateAuthorized = defineEvent({
  type: 'MandateAuthorized',
  version: 1,
  schema: z.object({ subscriptionId: z.string(), memberId, mandateId: z.string(), method, maxAmountPaise: paise }),
});

const cycle = {
  subscriptionId: z.string(),
  memberId,
  cycle: z.number().int().positive(),
  startDate: z.string(),
  endDate: z.string(),
  paymentId: z.string(),
};
export const SubscriptionActivated = defineEvent({ type: 'SubscriptionActivated', version: 1, schema: z.object(cycle) });
export const SubscriptionRenewed = defineEvent({ type: 'SubscriptionRenewed', version: 1, schema: z.object(cycle) });

export const RenewalNoticeSent = defineEvent({
  type: 'RenewalNoticeSent',
  version: 1,
  schema: z.object({
    subscriptionId: z.string(),
    memberId,
    cycle: z.number().int().positive(),
    attempt: z.number().int().positive(),
    paymentId: z.string(),
    amountPaise: paise,
    chargeOn: z.string(),
  }),
});

export const RenewalChargeFailed = defineEvent({
  type: 'RenewalChargeFailed',
  version: 1,
  schema: z.object({
    subscriptionId: z.string(),
    memberId,
    cycle: z.number().int(),
    attempt: z.number().int(),
    paymentId: z.string(),
    reason: z.string(),
  }),
});

export const SubscriptionFailed = defineEvent({
  type: 'SubscriptionFailed',
  version: 1,
  schema: z.object({ subscriptionId: z.string(), memberId, reason: z.string() }),
});
export const SubscriptionExpired = defineEvent({
  type: 'SubscriptionExpired',
  version: 1,
  schema: z.object({ subscriptionId: z.string(), memberId }),
});
export const SubscriptionCancelled = defineEvent({
  type: 'SubscriptionCancelled',
  version: 1,
  schema: z.object({ subscriptionId: z.string(), memberId, reason: z.string(), revoked: z.boolean() }),
});
export const AutoRenewalChanged = defineEvent({
  type: 'AutoRenewalChanged',
  version: 1,
  schema: z.object({ subscriptionId: z.string(), memberId, autoRenewal: z.boolean() }),
});

// Invoices and membership credit ----------------------------------------------------------------------------------

/**
 * A goods document's order, delivery address (CGST Rule 46(o)) and line. An invoice's line sells at least one unit;
 * a credit note's takes back the units its refund wholly paid back, none for a refund of part of a price
 * (docs/decisions/0169).
 */
const goodsOf = (quantity: z.ZodNumber) =>
  z.object({
    orderId: z.string(),
    deliveryAddress: z.string(),
    lines: z.array(
      z.object({
        description: z.string(),
        hsnCode: z.string(),
        quantity,
        unitPricePaise: paise,
        grossValuePaise: paise,
        discountPaise: paise,
        taxablePaise: paise,
        ratePercent: z.number(),
      }),
    ),
    /** Membership credit spent on the order when it is not treated as a discount: a means of payment, shown apart. */
    paidByCreditPaise: paise.default(0),
  });

export const InvoiceIssued = defineEvent({
  type: 'InvoiceIssued',
  version: 1,
  schema: z.object({
    invoiceNumber: z.string().max(16),
    paymentId: z.string(),
    memberId,
    financialYear: z.string(),
    issuedAt: z.string(),
    description: z.string(),
    sac: z.string(),
    taxablePaise: paise,
    cgstPaise: paise,
    sgstPaise: paise,
    igstPaise: paise,
    totalPaise: paise,
    placeOfSupply: z.object({ state: z.string(), code: z.string() }),
    recipient: z.object({ name: z.string(), address: z.string().nullable(), gstin: z.string().nullable(), state: z.string().nullable() }),
    supplier: z.object({ name: z.string(), address: z.string(), gstin: z.string(), state: z.string() }),
    /** The GST rate of the whole document; membership invoices issued before goods were invoiced are 18%. */
    ratePercent: z.number().min(0).max(100).default(18),
    /**
     * Goods (issue 38, docs/decisions/0093): the product order invoiced, its delivery address (CGST Rule 46(o)) and its
     * line, with the HSN code, quantity, the value before and after the membership credit's discount, and the tax.
     * Absent on a membership invoice.
     */
    goods: goodsOf(z.number().int().positive()).optional(),
  }),
});

/**
 * A GST credit note for a refund of an invoiced payment (CGST s.34, Rule 53): the invoice's particulars for the
 * amount refunded, `invoiceNumber` being the credit note's own number (its series apart from the invoices'), and
 * `against` the invoice it reduces.
 */
export const CreditNoteIssued = defineEvent({
  type: 'CreditNoteIssued',
  version: 1,
  schema: InvoiceIssued.schema.extend({
    goods: goodsOf(z.number().int().nonnegative()).optional(),
    refundId: z.string(),
    against: z.object({ invoiceNumber: z.string(), issuedAt: z.string(), reason: z.string() }),
  }),
});

export const MembershipCreditGranted = defineEvent({
  type: 'MembershipCreditGranted',
  version: 1,
  schema: z.object({ memberId, subscriptionId: z.string(), cycle: z.number().int(), amountPaise: paise, expiresAt: z.string() }),
});
export const MembershipCreditSpent = defineEvent({
  type: 'MembershipCreditSpent',
  version: 1,
  schema: z.object({ memberId, orderId: z.string(), amountPaise: paise }),
});
export const MembershipCreditReleased = defineEvent({
  type: 'MembershipCreditReleased',
  version: 1,
  schema: z.object({ memberId, orderId: z.string(), amountPaise: paise }),
});

/**
 * Credits given instead of a refund (an out-of-stock order whose member chose credits): a grant of the membership
 * credit ledger, spent like the fee's credit, one per order, expiring a year after it is given.
 */
export const RefundCreditGranted = defineEvent({
  type: 'RefundCreditGranted',
  version: 1,
  schema: z.object({ memberId, orderId: z.string(), amountPaise: paise, expiresAt: z.string() }),
});

export const paymentsEvents = new EventRegistry('payments', [
  SubscriptionStatusChanged,
  PaymentInitiated,
  PaymentProcessing,
  PaymentAtRisk,
  PaymentSucceeded,
  PaymentFailed,
  RefundRequested,
  RefundAccepted,
  PaymentRefunded,
  RefundFailed,
  SubscriptionRequested,
  MandateAuthorized,
  SubscriptionActivated,
  SubscriptionRenewed,
  RenewalNoticeSent,
  RenewalChargeFailed,
  SubscriptionFailed,
  SubscriptionExpired,
  SubscriptionCancelled,
  AutoRenewalChanged,
  InvoiceIssued,
  CreditNoteIssued,
  MembershipCreditGranted,
  MembershipCreditSpent,
  MembershipCreditReleased,
  RefundCreditGranted,
]);
