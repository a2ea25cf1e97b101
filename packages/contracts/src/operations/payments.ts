import { z } from 'zod';
import { cancelSubscriptionSchema, createMandateSchema, createSubscriptionSchema, toggleAutoRenewalSchema } from '../api/subscriptions.js';
import { PAYMENT_METHODS, SUBSCRIPTION_STATUSES } from '../events/payments.js';
import { gstinSchema } from '../validation/india.js';
import { answer, done } from './answers.js';
import { operation } from './operation.js';
import { failingStepSchema, stepOperations } from './steps.js';

// Requests ---------------------------------------------------------------------------------------------------------

/** An order id as orders mints it (and Cashfree takes it). */
const orderIdSchema = z
  .string()
  .min(3)
  .max(45)
  .regex(/^[\w-]+$/, 'letters, digits, _ and - only');
const byOrder = z.object({ orderId: orderIdSchema });
const memberId = z.uuid();

/** `POST /internal/payments/checkout`: a product order's payment, asked by orders. */
const productCheckoutSchema = z.strictObject({
  orderId: orderIdSchema,
  memberId,
  amountPaise: z.number().int().positive(),
  customer: z.strictObject({ name: z.string().min(1).max(100), email: z.string().email(), phone: z.string().regex(/^[6-9]\d{9}$/) }),
  note: z.string().min(3).max(200),
});

const invoiceParams = z.object({ paymentId: z.string().min(1).max(100) });
const creditNoteParams = z.object({ refundId: z.string().min(1).max(100) });
const orderInvoiceParams = z.object({ orderId: z.string().min(1).max(64) });
/** The business a product order's tax invoice names (issue 38 item 3): its GSTIN and legal name, until it ships. */
const orderBuyerBody = z.object({
  gstin: gstinSchema,
  legalName: z
    .string({ error: 'Legal name is required, as on your GST registration' })
    .trim()
    .min(2, 'Legal name is required, as on your GST registration')
    .max(100, 'Legal name must be at most 100 characters'),
});
const orderBuyerAnswer = answer(z.object({ gstin: z.string().nullable(), legalName: z.string().nullable(), editable: z.boolean() }));
const gstReturnQuery = z.object({
  month: z.string({ error: 'Month is required, as YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM, such as 2026-11'),
});
/**
 * A document's registration with the IRP as operators see it (docs/decisions/0165): an invoice (INV) or a credit
 * note (CRN) of a B2B product order, still pending, with the IRP's last refusal or failure.
 */
const eInvoiceRegistrationSchema = z.object({
  documentNumber: z.string(),
  docType: z.enum(['INV', 'CRN']),
  orderId: z.string(),
  status: z.enum(['pending', 'registered']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** A credit note waits for its invoice's IRN before it is sent. */
  waitingForInvoice: z.boolean(),
  queuedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  irn: z.string().nullable(),
});
/** One row of a GSTR-1 section: its fields as the section names them (amounts in paise). */
const gstReturnRow = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
/** Taxable value and tax of a group of documents, in paise (credit notes taken away). */
const gstTaxAmounts = z.object({ taxablePaise: z.number(), igstPaise: z.number(), cgstPaise: z.number(), sgstPaise: z.number() });
/**
 * The offline tool's GSTR-1 document (its own field names; amounts in rupees to the paisa): the file, not an envelope.
 * A section the month has nothing for is absent, never an empty list (the portal refuses empty arrays).
 */
const gstr1Section = z.array(z.looseObject({})).min(1).optional();
const gstr1Document = z.object({
  gstin: z.string(),
  fp: z.string(),
  version: z.string(),
  hash: z.string(),
  b2b: gstr1Section,
  b2cl: gstr1Section,
  b2cs: gstr1Section,
  cdnr: gstr1Section,
  cdnur: gstr1Section,
  hsn: z.object({ hsn_b2b: gstr1Section, hsn_b2c: gstr1Section }).optional(),
  doc_issue: z.object({ doc_det: z.array(z.looseObject({})).min(1) }).optional(),
});
/** The month's totals (decision 0095): the GST page shows them, so their shape is part of the contract. */
const gstReturnTotals = z.object({
  invoices: gstTaxAmounts.extend({ count: z.number() }),
  creditNotes: gstTaxAmounts.extend({ count: z.number() }),
  byRate: z.array(gstTaxAmounts.extend({ ratePercent: z.number() })),
  byState: z.array(gstTaxAmounts.extend({ placeOfSupply: z.string() })),
  b2b: gstTaxAmounts,
  b2c: gstTaxAmounts,
});

/** The simulator's checkout page form (or JSON from a test). */
export const simulatorCheckoutForm = z.object({
  outcome: z.enum(['success', 'failure', 'cancel'], { error: 'outcome must be success, failure or cancel' }),
  method: z.enum(['upi', 'card', 'netbanking'], { error: 'method must be upi, card or netbanking' }).default('upi'),
});
/** The simulator's mandate page form (or JSON from a test). */
export const simulatorMandateForm = z.object({
  outcome: z.enum(['success', 'failure', 'cancel'], { error: 'outcome must be success, failure or cancel' }),
  upi_id: z.string().max(60).optional(),
});
/** PENDING: the bank holds the next debit past its date, until SUCCESS or FAILED is chosen for it. */
const nextChargeSchema = z.strictObject({ outcome: z.enum(['SUCCESS', 'FAILED', 'PENDING']) });

// Answers ----------------------------------------------------------------------------------------------------------

/** A payment's status as payments keeps it (product orders, memberships, renewals and refunds alike). */
const PAYMENT_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
const paymentStatus = z.enum(PAYMENT_STATUSES);
/** How the payer paid (null until the gateway says). */
const paymentMethod = z.enum(PAYMENT_METHODS).nullable();
/** Which gateway took the payment; only `cashfree` is paid in Cashfree's JS SDK, the others on their payment link. */
const gatewayKind = z.enum(['cashfree', 'emulator', 'simulator']);
/** Cashfree's environment, named beside a `cashfree` payment so the shop opens Cashfree's checkout in the same one. */
export const cashfreeModeSchema = z.enum(['sandbox', 'production']);
/** What settling a payment did (`@elts/workflows`' SettlementOutcome). */
const settlementOutcome = z.enum(['succeeded', 'succeeded_late', 'failed', 'unchanged']);
const refundStatus = z.enum(['pending', 'success', 'failed']);
const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/** A product order's payment, as orders reads it, with its open window. */
const orderPayment = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  status: paymentStatus,
  amountPaise: z.number().int(),
  method: paymentMethod,
  transactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  autoFailed: z.boolean(),
  /** A failed payment the payer called off at checkout. */
  cancelled: z.boolean(),
  createdAt: z.string(),
  /** When the payment settled (null while open). */
  processedAt: z.string().nullable(),
  /** When a payment still open fails by itself (null once settled), and the timeout it was given. */
  expiresAt: z.string().nullable(),
  timeoutSeconds: z.number().int(),
});

const refundView = z.object({
  refundId: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  status: refundStatus,
});

/** The Cron page's scheduler card (the spec's `cron_service`), on either workflow driver. */
const cronService = z.object({
  driver: z.enum(['embedded', 'temporal']),
  isRunning: z.boolean(),
  successCount: z.number().int(),
  errorCount: z.number().int(),
  lastRunTime: z.string().nullable(),
  nextRunTime: z.string().nullable(),
  jobs: z.array(z.string()),
});

/** A run of the reconciliation now: its counts on the embedded driver, the started workflow on Temporal. */
const reconciliationRun = z.union([
  z.object({ checked: z.number().int(), settled: z.number().int() }),
  z.object({ workflowId: z.string() }),
]);

/** The started payment of a membership (`POST /subscription/create-upi-mandate`): where to pay, through which gateway. */
const startedMembership = z.object({
  order_id: z.string(),
  subscription_id: z.string(),
  payment_session_id: z.string(),
  payment_link: z.string().nullable(),
  gateway: gatewayKind,
  cashfree_mode: cashfreeModeSchema.optional(),
});

/** The shopper's short view of the subscription (`GET /api/subscription/details`, the toggle and cancel answers). */
const subscriptionDetails = z.object({
  subscriptionId: z.string(),
  status: subscriptionStatus,
  planType: z.string(),
  frequency: z.string(),
  amount: z.number(),
  currency: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  autoRenewal: z.boolean(),
});

/** `GET /subscription/current`'s subscription (spec section 3), amounts in rupees with paise beside. */
const currentSubscription = z.object({
  subscription_id: z.string(),
  order_id: z.string(),
  status: subscriptionStatus,
  plan_type: z.string(),
  amount: z.number(),
  amount_paise: z.number().int(),
  currency: z.string(),
  frequency: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  days_until_expiry: z.number().int().nullable(),
  renewal_date: z.string().nullable(),
  auto_renewal: z.boolean(),
  latest_payment: z
    .object({ payment_id: z.string(), transaction_id: z.string().nullable(), status: paymentStatus, order_id: z.string() })
    .nullable(),
  mandate: z
    .object({
      mandate_id: z.string(),
      status: z.string().nullable(),
      max_amount: z.number(),
      next_execution_date: z.string().nullable(),
    })
    .nullable(),
});

/** `GET /subscription/mandate-status/{order_id}`: `status` is what the spec reads; the rest feeds the order page. */
const mandateStatus = z.object({
  order_id: z.string(),
  status: subscriptionStatus,
  subscription_status: subscriptionStatus,
  mandate_status: z.string().nullable(),
  mandate_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  payment_method: paymentMethod,
  payment_status: paymentStatus.nullable(),
  amount: z.number(),
  last_updated: z.string(),
  error: z.string().nullable(),
  /** While the payment is open: when it fails by itself (null once settled), and the payment timeout it was given. */
  payment_expires_at: z.string().nullable(),
  payment_timeout_seconds: z.number().int(),
});

const invoiceListing = z.object({
  invoice_number: z.string(),
  payment_id: z.string(),
  issued_at: z.string(),
  amount: z.number(),
  download_url: z.string(),
});

const creditNoteListing = z.object({
  credit_note_number: z.string(),
  invoice_number: z.string(),
  refund_id: z.string(),
  payment_id: z.string(),
  issued_at: z.string(),
  amount: z.number(),
  download_url: z.string(),
});

const steps = stepOperations('payments');

/** Payments: the gateway's checkouts and webhooks, memberships and their mandates, GST invoices, membership credit. */
export const paymentsOperations = {
  // The scheduler's controls for the back office (admin-bff calls these with the service token).
  paymentsFailingSteps: operation({
    ...steps.failingSteps,
    summary: "The payments scheduler's state and the workflow steps that keep failing, for the back office's Cron page",
    response: answer(
      z.object({
        cron_service: cronService,
        failing_steps: z.array(failingStepSchema),
        uptime: z.number().int(),
        memory_usage: z.object({ heapUsed: z.number(), heapTotal: z.number() }),
        server_time: z.string(),
      }),
    ),
  }),
  paymentsRetryStep: steps.retryStep,
  paymentsGiveUpStep: steps.giveUpStep,
  paymentsCronTrigger: operation({
    id: 'paymentsCronTrigger',
    method: 'POST',
    path: '/internal/cron/trigger',
    owner: 'payments',
    access: 'internal',
    summary: 'Runs the payments reconciliation now, in normal or light mode',
    body: z.object({ mode: z.enum(['normal', 'light']) }),
    response: answer(reconciliationRun),
  }),
  paymentsCronControl: operation({
    id: 'paymentsCronControl',
    method: 'POST',
    path: '/internal/cron/control',
    owner: 'payments',
    access: 'internal',
    summary: "Stops or restarts the payments scheduler's recurring runs, recording who did",
    body: z.object({
      action: z.enum(['restart', 'stop']),
      /** Who asked (admin-bff sends `admin:<id>`), for the stored stop. */
      actor: z.string().trim().min(1).max(200).default('internal'),
    }),
    response: answer(cronService),
  }),

  runPaymentsWorkflowStep: operation({
    id: 'runPaymentsWorkflowStep',
    method: 'POST',
    path: '/internal/workflow-steps/:type',
    owner: 'payments',
    access: 'internal',
    summary: "Runs one payments workflow step for the Temporal worker's activity, answering its outcome",
    params: z.object({ type: z.string() }),
    // Each step's payload has its own schema (services/payments/src/durable-steps/steps.ts), which the handler applies.
    body: z.record(z.string(), z.unknown()),
    response: answer(
      z.object({
        outcome: z.union([settlementOutcome, z.object({ checked: z.number().int(), settled: z.number().int() }), z.null()]),
      }),
    ),
  }),

  // What orders asks of payments.
  startProductCheckout: operation({
    id: 'startProductCheckout',
    method: 'POST',
    path: '/internal/payments/checkout',
    owner: 'payments',
    access: 'internal',
    summary: "Starts a product order's payment at the gateway (one per order: a repeat answers the first)",
    body: productCheckoutSchema,
    response: answer(
      z.object({
        paymentId: z.string(),
        paymentSessionId: z.string(),
        paymentLink: z.string().nullable(),
        gateway: gatewayKind,
        cashfreeMode: cashfreeModeSchema.optional(),
      }),
    ),
  }),
  orderPayment: operation({
    id: 'orderPayment',
    method: 'GET',
    path: '/internal/payments/orders/:orderId',
    owner: 'payments',
    access: 'internal',
    summary: "A product order's payment as payments knows it, with when an open one fails by itself",
    params: byOrder,
    response: answer(orderPayment),
  }),
  refreshOrderPayment: operation({
    id: 'refreshOrderPayment',
    method: 'POST',
    path: '/internal/payments/orders/:orderId/refresh',
    owner: 'payments',
    access: 'internal',
    summary: "A product order's payment after asking the gateway now (unless it was asked a moment ago)",
    params: byOrder,
    response: answer(orderPayment),
  }),
  refundOrderPayment: operation({
    id: 'refundOrderPayment',
    method: 'POST',
    path: '/internal/payments/orders/:orderId/refund',
    owner: 'payments',
    access: 'internal',
    summary: "Gives an order's payment back in full (its stock was gone when a late payment arrived)",
    params: byOrder,
    body: z.strictObject({ reason: z.string().min(3).max(200) }),
    response: answer(refundView),
  }),
  refundOrder: operation({
    id: 'refundOrder',
    method: 'POST',
    path: '/internal/payments/orders/:orderId/refunds',
    owner: 'payments',
    access: 'internal',
    summary: "Gives back part or all of an order's payment under the caller's key (the same key is the same refund)",
    params: byOrder,
    body: z.strictObject({
      key: z
        .string()
        .min(3)
        .max(40)
        .regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
      amountPaise: z.number().int().positive(),
      reason: z.string().min(3).max(200),
    }),
    response: answer(refundView),
  }),
  reserveCredit: operation({
    id: 'reserveCredit',
    method: 'POST',
    path: '/internal/credit/reserve',
    owner: 'payments',
    access: 'internal',
    summary: "Spends a member's membership credit on an order (once per order), answering how much",
    body: z.strictObject({ memberId, orderId: orderIdSchema, orderPricePaise: z.number().int().min(0) }),
    response: answer(z.object({ creditPaise: z.number().int() })),
  }),
  grantRefundCredit: operation({
    id: 'grantRefundCredit',
    method: 'POST',
    path: '/internal/credit/refund',
    owner: 'payments',
    access: 'internal',
    summary: "Gives an order's amount back as membership credit instead of a refund (once per order)",
    body: z.strictObject({ memberId, orderId: orderIdSchema, amountPaise: z.number().int().positive() }),
    response: answer(z.object({ creditId: z.string(), amountPaise: z.number().int() })),
  }),
  releaseCredit: operation({
    id: 'releaseCredit',
    method: 'POST',
    path: '/internal/credit/release',
    owner: 'payments',
    access: 'internal',
    summary: "Gives an order's spent credit back when the order fails (once)",
    body: z.strictObject({ memberId, orderId: orderIdSchema }),
    response: answer(z.object({ releasedPaise: z.number().int() })),
  }),

  // The member's membership.
  currentSubscription: operation({
    id: 'currentSubscription',
    method: 'GET',
    path: '/subscription/current',
    owner: 'payments',
    access: 'member',
    summary: "The member's latest subscription, its latest payment and mandate, and their membership credit",
    response: answer(
      z.object({
        has_subscription: z.boolean(),
        subscription: currentSubscription.nullable(),
        credit_balance: z.number(),
        credit_balance_paise: z.number().int(),
      }),
    ),
  }),
  membershipSavings: operation({
    id: 'membershipSavings',
    method: 'GET',
    path: '/subscription/savings',
    owner: 'payments',
    access: 'member',
    summary:
      "What the member's membership year saved against the recorded retail price of their paid, unrefunded orders, its fee, and their credit",
    response: answer(
      z.object({
        /** Null without an active membership: there is no year to count. */
        year: z
          .object({
            first_day: z.string(),
            last_day: z.string(),
            orders_counted: z.number().int(),
            retail_paise: z.number().int(),
            paid_paise: z.number().int(),
            credit_paise: z.number().int(),
            saving_paise: z.number().int(),
            orders_without_retail: z.number().int(),
            orders_refunded: z.number().int(),
            fee_paise: z.number().int(),
            times_fee_saved: z.number().nullable(),
          })
          .nullable(),
        credit_balance_paise: z.number().int(),
        credit_expires_at: z.string().nullable(),
      }),
    ),
  }),
  createUpiMandate: operation({
    id: 'createUpiMandate',
    method: 'POST',
    path: '/subscription/create-upi-mandate',
    owner: 'payments',
    access: 'member',
    summary: 'Starts a membership: a UPI AutoPay mandate whose authorisation pays the first year',
    body: createMandateSchema,
    response: answer(startedMembership),
  }),
  revokeMandate: operation({
    id: 'revokeMandate',
    method: 'PUT',
    path: '/subscription/revoke-mandate/:mandate_id',
    owner: 'payments',
    access: 'member',
    summary: "Revokes the member's active mandate, which ends their membership",
    params: z.object({ mandate_id: z.string().min(1).max(200) }),
    response: done,
  }),
  mandateStatus: operation({
    id: 'mandateStatus',
    method: 'GET',
    path: '/subscription/mandate-status/:order_id',
    owner: 'payments',
    access: 'member',
    summary: "A membership payment's state for the order page (a pending one is also asked of the gateway)",
    params: z.object({ order_id: z.string().min(1).max(100) }),
    response: answer(mandateStatus),
  }),
  subscriptionDetails: operation({
    id: 'subscriptionDetails',
    method: 'GET',
    path: '/api/subscription/details',
    owner: 'payments',
    access: 'member',
    summary: "The shopper's short view of their latest subscription (null when they have none)",
    response: answer(subscriptionDetails.nullable()),
  }),
  createSubscription: operation({
    id: 'createSubscription',
    method: 'POST',
    path: '/api/subscription/create',
    owner: 'payments',
    access: 'member',
    summary: "Starts a membership from the member's profile, answering where to pay",
    body: createSubscriptionSchema,
    response: answer(startedMembership.extend({ redirect_url: z.string().nullable() })),
  }),
  toggleAutoRenewal: operation({
    id: 'toggleAutoRenewal',
    method: 'POST',
    path: '/api/subscription/toggle-auto-renewal',
    owner: 'payments',
    access: 'member',
    summary: "Turns the membership's auto-renewal on or off",
    body: toggleAutoRenewalSchema,
    response: answer(subscriptionDetails),
  }),
  cancelSubscription: operation({
    id: 'cancelSubscription',
    method: 'POST',
    path: '/api/subscription/cancel',
    owner: 'payments',
    access: 'member',
    summary: "Cancels the member's membership (its mandate stays until revoked)",
    body: cancelSubscriptionSchema,
    response: answer(subscriptionDetails),
  }),

  cashfreeWebhook: operation({
    id: 'cashfreeWebhook',
    method: 'POST',
    path: '/webhooks/cashfree',
    owner: 'payments',
    access: 'signed',
    // The body is Cashfree's, read raw: the signature is checked over it with its timestamp.
    summary: "Cashfree's webhook: settles the payment or refund it names from what the gateway says now",
    headers: [
      {
        name: 'x-webhook-signature',
        required: true,
        description: 'Base64 HMAC-SHA256, keyed with the client secret, of the timestamp followed by the raw body',
      },
      { name: 'x-webhook-timestamp', required: true, description: 'Milliseconds since the epoch when Cashfree sent it', pattern: '^\\d+$' },
      { name: 'x-webhook-version', required: false, description: "The API version of the payload (Cashfree's, for example 2025-01-01)" },
    ],
    response: z.union([answer(z.object({ outcome: settlementOutcome })), answer(z.object({ status: refundStatus.nullable() })), done]),
  }),

  // GST invoices and credit notes.
  memberInvoices: operation({
    id: 'memberInvoices',
    method: 'GET',
    path: '/api/subscription/invoices',
    owner: 'payments',
    access: 'member',
    summary: "The member's latest 50 tax invoices, each with its download address",
    response: answer(z.array(invoiceListing)),
  }),
  memberInvoicePdf: operation({
    id: 'memberInvoicePdf',
    method: 'GET',
    path: '/api/subscription/invoice/:paymentId',
    owner: 'payments',
    access: 'member',
    summary: "One of the member's tax invoices, as a PDF",
    params: invoiceParams,
    produces: 'pdf',
  }),
  memberCreditNotes: operation({
    id: 'memberCreditNotes',
    method: 'GET',
    path: '/api/subscription/credit-notes',
    owner: 'payments',
    access: 'member',
    summary: "The member's latest 50 GST credit notes (refunds of invoiced payments), each with its download address",
    response: answer(z.array(creditNoteListing)),
  }),
  memberCreditNotePdf: operation({
    id: 'memberCreditNotePdf',
    method: 'GET',
    path: '/api/subscription/credit-note/:refundId',
    owner: 'payments',
    access: 'member',
    summary: "One of the member's GST credit notes, as a PDF",
    params: creditNoteParams,
    produces: 'pdf',
  }),
  adminCreditNotePdf: operation({
    id: 'adminCreditNotePdf',
    method: 'GET',
    path: '/admin/invoices/credit-notes/:refundId',
    owner: 'payments',
    access: 'admin',
    summary: "Any member's GST credit note, as a PDF",
    params: creditNoteParams,
    produces: 'pdf',
  }),
  memberOrderInvoicePdf: operation({
    id: 'memberOrderInvoicePdf',
    method: 'GET',
    path: '/api/invoices/order/:orderId',
    owner: 'payments',
    access: 'member',
    summary: "The tax invoice of one of the member's shipped product orders, as a PDF (404 until it ships)",
    params: orderInvoiceParams,
    produces: 'pdf',
  }),
  memberOrderBuyer: operation({
    id: 'memberOrderBuyer',
    method: 'GET',
    path: '/api/invoices/order/:orderId/buyer',
    owner: 'payments',
    access: 'member',
    summary: "The GSTIN and legal name one of the member's product orders will be invoiced to, and whether they may still change",
    params: orderInvoiceParams,
    response: orderBuyerAnswer,
  }),
  memberSetOrderBuyer: operation({
    id: 'memberSetOrderBuyer',
    method: 'PUT',
    path: '/api/invoices/order/:orderId/buyer',
    owner: 'payments',
    access: 'member',
    summary: "Adds or corrects the GSTIN and legal name a product order's tax invoice names, until the order ships (409 after)",
    params: orderInvoiceParams,
    body: orderBuyerBody,
    response: orderBuyerAnswer,
  }),
  adminOrderInvoicePdf: operation({
    id: 'adminOrderInvoicePdf',
    method: 'GET',
    path: '/admin/invoices/order/:orderId',
    owner: 'payments',
    access: 'admin',
    summary: 'The tax invoice of any shipped product order, as a PDF',
    params: orderInvoiceParams,
    produces: 'pdf',
  }),
  adminGstReturn: operation({
    id: 'adminGstReturn',
    method: 'GET',
    path: '/admin/gst/returns',
    owner: 'payments',
    access: 'admin',
    summary: "A month's GSTR-1 data (India time): B2B, B2CL, B2CS, HSN summary, CDNR, CDNUR and the totals by rate and state",
    query: gstReturnQuery,
    response: answer(
      z.object({
        month: z.string(),
        b2b: z.array(gstReturnRow),
        b2cl: z.array(gstReturnRow),
        b2cs: z.array(gstReturnRow),
        hsn: z.array(gstReturnRow),
        cdnr: z.array(gstReturnRow),
        cdnur: z.array(gstReturnRow),
        totals: gstReturnTotals,
      }),
    ),
  }),
  adminGstReturnCsv: operation({
    id: 'adminGstReturnCsv',
    method: 'GET',
    path: '/admin/gst/returns/:section',
    owner: 'payments',
    access: 'admin',
    summary: "One section of a month's GSTR-1 as the CSV file the GST portal's offline tool imports",
    params: z.object({
      section: z.enum(['b2b', 'b2cl', 'b2cs', 'hsn', 'cdnr', 'cdnur'], {
        error: 'Section must be one of b2b, b2cl, b2cs, hsn, cdnr, cdnur',
      }),
    }),
    query: gstReturnQuery,
    produces: 'csv',
  }),
  adminGstReturnJson: operation({
    id: 'adminGstReturnJson',
    method: 'GET',
    path: '/admin/gst/gstr1',
    owner: 'payments',
    access: 'admin',
    summary: "A month's GSTR-1 as the JSON file of the GST portal's offline tool (decision 0158), downloaded as a file",
    query: gstReturnQuery,
    response: gstr1Document,
  }),
  adminEInvoiceProblems: operation({
    id: 'adminEInvoiceProblems',
    method: 'GET',
    path: '/admin/gst/e-invoices',
    owner: 'payments',
    access: 'admin',
    summary:
      'E-invoices whose IRN registration failed or has been pending longer than E_INVOICE_LATE_MINUTES, with the last error (docs/decisions/0165)',
    response: answer(z.object({ enabled: z.boolean(), lateMinutes: z.number().int(), registrations: z.array(eInvoiceRegistrationSchema) })),
  }),
  adminEInvoiceRetry: operation({
    id: 'adminEInvoiceRetry',
    method: 'POST',
    path: '/admin/gst/e-invoices/retry',
    owner: 'payments',
    access: 'admin',
    summary: "Sends a pending e-invoice's registration again now; a registered one is left as it is (idempotent)",
    body: z.object({
      documentNumber: z
        .string({ error: 'Document number is required' })
        .trim()
        .min(1, 'Document number is required')
        .max(16, 'Document number must be at most 16 characters')
        .regex(/^[A-Za-z0-9/-]+$/, 'Document number must hold only letters, digits, / and -, such as EG/2627/000001'),
    }),
    response: answer(eInvoiceRegistrationSchema, { message: z.string() }),
  }),
  adminInvoicePdf: operation({
    id: 'adminInvoicePdf',
    method: 'GET',
    path: '/admin/invoices/:paymentId',
    owner: 'payments',
    access: 'admin',
    summary: "Any member's tax invoice, as a PDF",
    params: invoiceParams,
    produces: 'pdf',
  }),

  // The payment simulator's hosted pages (only with the simulator gateway, which production refuses).
  simulatorCss: operation({
    id: 'simulatorCss',
    method: 'GET',
    path: '/pay/simulator/simulator.css',
    owner: 'payments',
    access: 'public',
    summary: "The payment simulator's style sheet",
    produces: 'css',
    developmentOnly: true,
  }),
  simulatorCheckoutPage: operation({
    id: 'simulatorCheckoutPage',
    method: 'GET',
    path: '/pay/simulator/sessions/:sessionId',
    owner: 'payments',
    access: 'public',
    summary: "The payment simulator's checkout page for a payment session",
    params: z.object({ sessionId: z.string() }),
    produces: 'html',
    developmentOnly: true,
  }),
  simulatorCompleteCheckout: operation({
    id: 'simulatorCompleteCheckout',
    method: 'POST',
    path: '/pay/simulator/sessions/:sessionId',
    owner: 'payments',
    access: 'public',
    // The body is the page's form (simulatorCheckoutForm), or JSON from a test, read by the handler.
    summary: "Completes a simulated checkout as the payer chose, then returns to the shop's page",
    params: z.object({ sessionId: z.string() }),
    produces: 'redirect',
    status: 303,
    developmentOnly: true,
  }),
  simulatorMandatePage: operation({
    id: 'simulatorMandatePage',
    method: 'GET',
    path: '/pay/simulator/mandates/:sessionId',
    owner: 'payments',
    access: 'public',
    summary: "The payment simulator's UPI AutoPay mandate page for a subscription session",
    params: z.object({ sessionId: z.string() }),
    produces: 'html',
    developmentOnly: true,
  }),
  simulatorCompleteMandate: operation({
    id: 'simulatorCompleteMandate',
    method: 'POST',
    path: '/pay/simulator/mandates/:sessionId',
    owner: 'payments',
    access: 'public',
    // The body is the page's form (simulatorMandateForm), or JSON from a test, read by the handler.
    summary: 'Completes a simulated mandate authorisation as the payer chose, then returns to the shop',
    params: z.object({ sessionId: z.string() }),
    produces: 'redirect',
    status: 303,
    developmentOnly: true,
  }),
  simulatorNextCharge: operation({
    id: 'simulatorNextCharge',
    method: 'POST',
    path: '/pay/simulator/subscriptions/:subscriptionId/next-charge',
    owner: 'payments',
    // Anyone could otherwise make any member's next renewal fail wherever the simulator runs.
    access: 'admin',
    summary: "Sets how the simulated bank answers a mandate's next debit (an admin's control for tests and demonstrations)",
    params: z.object({ subscriptionId: z.string() }),
    body: nextChargeSchema,
    response: answer(z.object({ outcome: nextChargeSchema.shape.outcome })),
    developmentOnly: true,
  }),
};
