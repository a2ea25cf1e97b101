import { z } from 'zod';
import { adminChartsAnswer, adminChartsQuery, CHART_PAGES } from '../admin-charts.js';
import { STEP_SERVICES } from '../api/cron.js';
import { PERSONAS, PROFESSIONS } from '../api/member-fields.js';
import { ORDER_STATUSES } from '../api/orders.js';
import { AUDIT_ACTION_CODES } from '../audit-actions.js';
import { PAYMENT_TYPES, SUBSCRIPTION_STATUSES } from '../events/payments.js';
import { FULFILMENT_STEPS } from '../fulfilment.js';
import { ORDER_REFUND_KINDS, ORDER_REFUND_STATES } from '../order-refunds.js';
import { REFUND_CHOICES } from '../refund-choices.js';
import { dateRangeQuerySchema } from '../validation/dates.js';
import { wholeNumber } from '../validation/numbers.js';
import { answer, pagination, specPagination } from './answers.js';
import { operation } from './operation.js';
import { paymentsOperations } from './payments.js';
import { failingStepSchema } from './steps.js';

// ---- The back office's filters (its lists send unset filters as empty strings, or 'all') ----

/** An unset filter ('' or 'all') is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), schema.optional());

/**
 * One of a filter's values, refused otherwise with a sentence naming the choices ("Status must be one of: pending,
 * active, ..."), which the page can show as it is; zod's own words quote a schema.
 */
const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` });

// Only real calendar days get past here: the service turns them into instants and day strings, and an impossible one
// (2026-01-32) would become an Invalid Date that fails deep in a query.
const listQuery = dateRangeQuerySchema.extend({
  page: wholeNumber('Page', 1, 1_000_000).default(1),
  limit: wholeNumber('Limit', 1, 100).default(20),
  searchTerm: optional(z.string().trim().max(100)),
});

/** A comma-separated list of chips (`403001,560001`), lower-cased. */
const chipList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean)
      : value,
  z.array(z.string().max(100)).max(20).default([]),
);

/** The Users page's sortable columns, by the names the page sends. */
const ADMIN_USER_SORTS = [
  'memberNumber',
  'firstname',
  'lastname',
  'email',
  'profession',
  'subscriptionType',
  'pincode',
  'age',
  'createdAt',
] as const;

const usersQuery = z.object({
  name: optional(z.string().trim().max(100)),
  email: optional(z.string().trim().max(254)),
  profession: optional(oneOf('Profession', PROFESSIONS)),
  subscriptionType: optional(oneOf('Subscription type', PERSONAS)),
  pincodes: chipList,
  need: chipList,
  greed: chipList,
  chipSearch: optional(z.string().trim().max(100)),
  sort: oneOf('Sort', ADMIN_USER_SORTS).default('createdAt'),
  order: oneOf('Order', ['asc', 'desc']).default('desc'),
  page: wholeNumber('Page', 1, 100_000).default(1),
  limit: wholeNumber('Limit', 1, 200).default(50),
});

/** A payment's status in the back office: payments' own, and 'refunded' (a success whose money went back in full). */
const ADMIN_PAYMENT_STATUSES = ['success', 'pending', 'failed', 'processing', 'refunded'] as const;

const paymentsQuery = listQuery.extend({
  // 'refunded': a success whose money went back in full (the consumer's PaymentRefunded); not a success any more.
  // 'timeout': the timed-out ones, whatever their status.
  status: optional(oneOf('Status', [...ADMIN_PAYMENT_STATUSES, 'timeout'])),
  // 'refund': a payment of its own that sends money back (PaymentInitiated with that type), not a refunded one.
  paymentType: optional(oneOf('Payment type', PAYMENT_TYPES)),
});

const productOrdersQuery = listQuery.extend({
  type: optional(z.string().max(20)),
  status: optional(oneOf('Status', ORDER_STATUSES)),
  /** Paid orders at one fulfilment step (docs/decisions/0023), for operators working through them. */
  fulfilment: optional(oneOf('Fulfilment', FULFILMENT_STEPS)),
});

const subscriptionsQuery = listQuery.extend({
  type: optional(z.string().max(20)),
  // Every status a subscription can reach (payments' SUBSCRIPTION_STATUSES), so each one can be found.
  status: optional(oneOf('Status', SUBSCRIPTION_STATUSES)),
});

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- What the back office's lists answer ----

/** The member a row belongs to, while admin-bff knows them. */
const customer = z.object({ firstname: z.string(), lastname: z.string(), email: z.string() }).nullable();

const adminUser = z.object({
  id: z.string(),
  userId: z.string(),
  memberNumber: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  gst: z.string(),
  mobile: z.string().nullable(),
  /** YYYY-MM-DD. */
  dob: z.string().nullable(),
  /** Whole years today in India; null without a date of birth. */
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  profession: z.string().nullable(),
  address: z.string().nullable(),
  professionAddress: z.string().nullable(),
  pincode: z.string().nullable(),
  subscriptionType: z.string().nullable(),
  subscriptionStatus: z.string(),
  /** The items joined with commas. */
  needList: z.string(),
  greedList: z.string(),
  createdAt: z.string(),
  profile_image: z.string().nullable(),
});

const chip = z.object({ value: z.string(), count: z.number().int() });

/** A payment as the Payments and Timeouts pages list it (spec section 3, "Payment"). */
const adminPayment = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  userId: z.string(),
  user: customer,
  /** Rupees. */
  amount: z.number(),
  amount_paise: z.number().int(),
  currency: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  status: z.enum(ADMIN_PAYMENT_STATUSES),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  metadata: z.object({ auto_failed: z.boolean(), timeout_minutes: z.number().int().nullable() }),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** Minutes since it was created while pending or processing; null once settled. */
  minutes_pending: z.number().int().nullable(),
  /** The server's at-risk rule (isPaymentAtRisk), with the payments service's thresholds, when it answered. */
  at_risk: z.boolean(),
});

const productOrder = z.object({
  orderId: z.string(),
  userId: z.string(),
  user: customer,
  customerName: z.string(),
  customerEmail: z.string(),
  /** The product as it was when ordered. */
  product: z.object({ name: z.string(), brand: z.string(), category: z.string(), images: z.array(z.string()) }),
  quantity: z.number().int(),
  /** Rupees. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  /** A paid order's fulfilment; null while unpaid. */
  fulfilment: z
    .object({
      step: z.enum(FULFILMENT_STEPS),
      courier: z.string().nullable(),
      awbNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      shippedAt: z.string().nullable(),
      /** YYYY-MM-DD. */
      deliveredOn: z.string().nullable(),
    })
    .nullable(),
  /** Cancelled as out of stock: where its refund stands (docs/decisions/0024); null otherwise. */
  refund: z
    .object({
      /** `refund_failed`: the gateway failed the fund transfer after accepting it; an operator must act. */
      state: z.enum(['awaiting_choice', 'refunding', 'refunded', 'refund_failed']),
      choice: z.enum(REFUND_CHOICES).nullable(),
      choiceBy: z.string().nullable(),
    })
    .nullable(),
  /** What its payments kept, in rupees: what was paid less what was refunded (the revenue it counts for). */
  netAmount: z.number(),
  /** Every refund of the order, whatever caused it, oldest first (issue 32). */
  refunds: z.array(
    z.object({
      refundId: z.string(),
      kind: z.enum(ORDER_REFUND_KINDS),
      method: z.enum(REFUND_CHOICES),
      /** Rupees. */
      amount: z.number(),
      state: z.enum(ORDER_REFUND_STATES),
      /** A failed refund made good: sent again or taken as credits by the member, once chosen. */
      retry: z.enum(REFUND_CHOICES).nullable(),
      retryOf: z.string().nullable(),
      askedAt: z.string().nullable(),
      settledAt: z.string().nullable(),
    }),
  ),
});

const subscription = z.object({
  subscriptionId: z.string(),
  userId: z.string(),
  user: customer,
  planType: z.string(),
  frequency: z.string(),
  /** Rupees. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  autoRenewal: z.boolean(),
  createdAt: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

const orderStats = {
  /** Rupees. */
  totalRevenue: z.number(),
  totalOrders: z.number().int(),
  completedOrders: z.number().int(),
  pendingOrders: z.number().int(),
};

/** The payments service's scheduler and its run now, as admin-bff relays them to the Cron page. */
const cronStatus = paymentsOperations.paymentsFailingSteps.response.shape.data;
const cronService = paymentsOperations.paymentsCronControl.response.shape.data;
const reconciliationRun = paymentsOperations.paymentsCronTrigger.response.shape.data;

/** A failing step as the Cron page lists it: every service's, each named by its service. */
const listedStep = failingStepSchema.extend({ service: z.enum(STEP_SERVICES) });

const stepAction = z.strictObject({
  type: z.string({ error: 'type must name the step' }).min(1, 'type must name the step').max(100),
  key: z.string({ error: 'key must name the step' }).min(1, 'key must name the step').max(300),
  service: z.enum(STEP_SERVICES, { error: 'service must be payments, orders or catalog' }).default('payments'),
});

const projectionsStatus = z.object({
  rebuilding: z.boolean(),
  /** Events each read model's consumer has still to apply, by its group. */
  pending: z.record(z.string(), z.number().int()),
});

/** How a deal drop sold (the Drops chart), from admin-bff's read model (decision 0170). */
export const dropSalesAnswer = z.object({
  drop: z.object({ id: z.string(), label: z.string(), opensAt: z.string(), closesAt: z.string() }),
  offered: z.number().int(),
  sold: z.number().int(),
  /** From the opening to the close (to now while it runs); none before it opens. */
  hours: z.array(z.object({ start: z.string(), sold: z.number().int(), soldSoFar: z.number().int() })),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      offered: z.number().int(),
      sold: z.number().int(),
      /** Whole percent, rounded down; null when nothing was offered. */
      sellThroughPercent: z.number().int().nullable(),
    }),
  ),
});

/** The back office's API (admin-bff): its lists and stat cards, the Cron page's controls, the audit log and messages. */
export const adminBffOperations = {
  adminUsers: operation({
    id: 'adminUsers',
    method: 'GET',
    path: '/admin/users',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'The members with the Users page filters, chips with their counts, sorted across pages',
    query: usersQuery,
    response: z.object({
      is_success: z.literal(true),
      message: z.string(),
      users: z.array(adminUser),
      pagination,
      chips: z.object({ pincodes: z.array(chip), need: z.array(chip), greed: z.array(chip) }),
    }),
  }),

  adminUsersExport: operation({
    id: 'adminUsersExport',
    method: 'GET',
    path: '/admin/users/export',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'Every member the Users page filters select, as a CSV file',
    query: usersQuery,
    produces: 'csv',
  }),

  adminPayments: operation({
    id: 'adminPayments',
    method: 'GET',
    path: '/admin/payments',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'The payments with the Payments page filters, newest first',
    query: paymentsQuery,
    response: z.object({ is_success: z.literal(true), payments: z.array(adminPayment), pagination }),
  }),

  adminPaymentStats: operation({
    id: 'adminPaymentStats',
    method: 'GET',
    path: '/admin/payments/stats',
    owner: 'admin-bff',
    access: 'admin',
    summary: "The Payments page's summary cards for its filters",
    // The stats of the Timed Out view cover the same days as its list (spec section 9); elsewhere, all time.
    query: paymentsQuery.extend({ days: z.coerce.number().int().min(1).max(365).optional() }),
    response: answer(
      z.object({
        /** Rupees. */
        totalRevenue: z.number(),
        totalPayments: z.number().int(),
        successfulPayments: z.number().int(),
        pendingPayments: z.number().int(),
        failedPayments: z.number().int(),
        timedOutPayments: z.number().int(),
      }),
    ),
  }),

  adminTimedOutPayments: operation({
    id: 'adminTimedOutPayments',
    method: 'GET',
    path: '/admin/payments/timeouts',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'The payments that timed out over the last days, with what was lost per payment type',
    query: paymentsQuery.extend({
      limit: z.coerce.number().int().min(1).max(100).default(10),
      days: z.coerce.number().int().min(1).max(365).default(30),
    }),
    response: z.object({
      is_success: z.literal(true),
      payments: z.array(
        adminPayment.extend({ timeout_info: z.object({ timeout_minutes: z.number().int().nullable(), auto_failed: z.boolean() }) }),
      ),
      pagination: specPagination,
      statistics: z.object({
        /** Rupees. */
        total_amount_lost: z.number(),
        by_payment_type: z.array(z.object({ paymentType: z.enum(PAYMENT_TYPES), count: z.number().int(), total_amount: z.number() })),
      }),
    }),
  }),

  adminTimeoutAnalysis: operation({
    id: 'adminTimeoutAnalysis',
    method: 'GET',
    path: '/admin/payments/timeout-analysis',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'How many payments time out over a period, which are about to, and what to do about it',
    query: z.object({
      days: z.coerce
        .number()
        .int()
        .refine((d) => [1, 7, 30, 90].includes(d), 'days must be 1, 7, 30 or 90')
        .default(7),
    }),
    response: answer(
      z.object({
        overview: z.object({
          total_payments: z.number().int(),
          successful_payments: z.number().int(),
          timed_out_payments: z.number().int(),
          /** '12.50%'. */
          success_rate: z.string(),
          timeout_rate: z.string(),
        }),
        at_risk_payments: z.object({
          /** Every payment at risk now (the list holds the first 100). */
          count: z.number().int(),
          payments: z.array(
            z.object({
              paymentId: z.string(),
              orderId: z.string(),
              paymentType: z.enum(PAYMENT_TYPES),
              /** Rupees. */
              amount: z.number(),
              minutes_since_creation: z.number().int(),
            }),
          ),
          /** The rule's thresholds (the payments service's PAYMENT_AT_RISK_SECONDS and PAYMENT_TIMEOUT_SECONDS). */
          window: z.object({ at_risk_after_seconds: z.number().int(), timeout_after_seconds: z.number().int() }),
        }),
        /** The server's advice, each with how urgent it is: the page colours its cards by these. */
        recommendations: z.array(
          z.object({
            type: z.enum(['timeout_rate', 'at_risk', 'success_rate', 'healthy']),
            message: z.string(),
            severity: z.enum(['high', 'medium', 'low']),
          }),
        ),
      }),
    ),
  }),

  adminProductOrders: operation({
    id: 'adminProductOrders',
    method: 'GET',
    path: '/admin/product-orders',
    owner: 'admin-bff',
    access: 'admin',
    summary: "The Orders page's product orders with their filters, fulfilment and refunds, newest first",
    query: productOrdersQuery,
    response: z.object({ is_success: z.literal(true), orders: z.array(productOrder), pagination }),
  }),

  adminProductOrderStats: operation({
    id: 'adminProductOrderStats',
    method: 'GET',
    path: '/admin/product-orders/stats',
    owner: 'admin-bff',
    access: 'admin',
    summary: "The product orders tab's stat cards for its filters",
    query: productOrdersQuery,
    response: answer(z.object(orderStats)),
  }),

  adminSubscriptions: operation({
    id: 'adminSubscriptions',
    method: 'GET',
    path: '/admin/subscriptions',
    owner: 'admin-bff',
    access: 'admin',
    summary: "The Orders page's subscriptions with their filters, newest first",
    query: subscriptionsQuery,
    response: z.object({ is_success: z.literal(true), orders: z.array(subscription), pagination }),
  }),

  adminSubscriptionStats: operation({
    id: 'adminSubscriptionStats',
    method: 'GET',
    path: '/admin/subscriptions/stats',
    owner: 'admin-bff',
    access: 'admin',
    summary: "The subscriptions tab's stat cards, one per status (docs/decisions/0145)",
    query: subscriptionsQuery,
    response: answer(
      z.object({
        ...orderStats,
        activeSubscriptions: z.number().int(),
        failedSubscriptions: z.number().int(),
        cancelledSubscriptions: z.number().int(),
        revokedSubscriptions: z.number().int(),
      }),
    ),
  }),

  adminCronStatus: operation({
    id: 'adminCronStatus',
    method: 'GET',
    path: '/admin/cron/status',
    owner: 'admin-bff',
    access: 'admin',
    summary: "The payments scheduler's state and every service's failing steps, for the Cron page",
    // Payments' status (spec section 3, "Cron status"), with every service's failing steps, each named by its service.
    response: answer(cronStatus.extend({ failing_steps: z.array(listedStep) })),
  }),

  adminCronTrigger: operation({
    id: 'adminCronTrigger',
    method: 'POST',
    path: '/admin/cron/trigger',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'Runs the payments reconciliation now, in normal or light mode',
    body: z.strictObject({ mode: z.enum(['normal', 'light'], { error: 'mode must be normal or light' }) }),
    response: answer(reconciliationRun, { message: z.string() }),
  }),

  adminCronControl: operation({
    id: 'adminCronControl',
    method: 'POST',
    path: '/admin/cron/control',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'Stops or restarts the scheduled payment checks',
    body: z.strictObject({ action: z.enum(['restart', 'stop'], { error: 'action must be restart or stop' }) }),
    response: answer(cronService, { message: z.string() }),
  }),

  adminCronStepRetry: operation({
    id: 'adminCronStepRetry',
    method: 'POST',
    path: '/admin/cron/steps/retry',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'Runs a failing workflow step again now, in the service it belongs to',
    body: stepAction,
    response: answer(failingStepSchema, { message: z.string() }),
  }),

  adminCronStepGiveUp: operation({
    id: 'adminCronStepGiveUp',
    method: 'POST',
    path: '/admin/cron/steps/give-up',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'Gives up a failing workflow step, in the service it belongs to',
    body: stepAction,
    response: answer(failingStepSchema, { message: z.string() }),
  }),

  adminAudit: operation({
    id: 'adminAudit',
    method: 'GET',
    path: '/admin/audit',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'Every admin write, newest first: who, what, on which record, when; filtered by operator, action and days',
    query: dateRangeQuerySchema.extend({
      page: wholeNumber('Page', 1, 1_000_000).default(1),
      limit: wholeNumber('Limit', 1, 100).default(20),
      /** An operator's admin id. */
      operator: optional(z.uuid({ error: 'Operator must be one of the operators listed.' })),
      action: optional(oneOf('Action', AUDIT_ACTION_CODES)),
    }),
    response: answer(
      z.array(
        z.object({
          id: z.number().int(),
          /** `admin:<id>`, as recorded. */
          actor: z.string(),
          /** The operator's username, null when identity cannot say (an account since removed, identity away). */
          operator: z.string().nullable(),
          action: z.string(),
          target: z.string(),
          /** What the write changed, as it was and as it became (any JSON). */
          before: z.unknown(),
          after: z.unknown(),
          at: z.string(),
        }),
      ),
      { pagination, operators: z.array(z.object({ id: z.string(), username: z.string() })) },
    ),
  }),

  adminMessages: operation({
    id: 'adminMessages',
    method: 'GET',
    path: '/admin/messages',
    owner: 'admin-bff',
    access: 'admin',
    summary: 'What visitors sent through the contact form, newest first',
    query: pageQuery,
    response: answer(
      z.array(
        z.object({
          messageId: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          phone: z.string(),
          option: z.string(),
          message: z.string(),
          receivedAt: z.string(),
        }),
      ),
      { pagination },
    ),
  }),

  adminRebuildProjections: operation({
    id: 'adminRebuildProjections',
    method: 'POST',
    path: '/admin/projections/rebuild',
    owner: 'admin-bff',
    access: 'admin',
    summary: "Rebuilds the back office's read models from the event history",
    response: answer(projectionsStatus, { message: z.string() }),
  }),

  adminProjectionsStatus: operation({
    id: 'adminProjectionsStatus',
    method: 'GET',
    path: '/admin/projections/status',
    owner: 'admin-bff',
    access: 'admin',
    summary: "Whether the back office's read models are rebuilding, and the events each has still to apply",
    response: answer(projectionsStatus),
  }),

  adminCharts: operation({
    id: 'adminCharts',
    method: 'GET',
    path: '/admin/charts/:page',
    owner: 'admin-bff',
    access: 'admin',
    summary: "A back-office page's charts over a period, from the daily aggregates, with the period before beside",
    params: z.object({ page: z.enum(CHART_PAGES, { error: `Page must be one of: ${CHART_PAGES.join(', ')}.` }) }),
    query: adminChartsQuery,
    response: answer(adminChartsAnswer),
  }),

  adminDropSales: operation({
    id: 'adminDropSales',
    method: 'GET',
    path: '/admin/charts/drops/:id',
    owner: 'admin-bff',
    access: 'admin',
    summary:
      "How a deal drop sold, from the read model the catalogue's and orders' events keep: units sold in each of its hours and so far against the units it offered, and each product's sell-through",
    params: z.object({ id: z.string().min(1).max(64) }),
    response: answer(dropSalesAnswer),
  }),
};
