import { atRiskBeforeTimeout, gstinSchema, indianStateNamed, paymentTimeoutSettings } from '@elts/contracts';
import { settings as platformSettings, secret } from '@elts/platform';
import {
  DEFAULT_CHARGE_CHECK_PLAN,
  DEFAULT_FAILING_AFTER_ATTEMPTS,
  MIN_NOTICE_TO_CHARGE_SECONDS,
  optionalTemporalSettings,
} from '@elts/workflows';
import { z } from 'zod';
import { eInvoicingComplete, eInvoicingSettings } from './e-invoicing/settings.js';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Payments' own settings. Cashfree is used when its credentials are set; otherwise the production adapter on the
 * Cashfree emulator in this process (never in production; decision 0092).
 */
export const paymentsSettings = z
  .object({
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    CASHFREE_CLIENT_ID: z.string().min(1).optional(),
    CASHFREE_CLIENT_SECRET: secret(z.string().min(1)).optional(),
    CASHFREE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** Overrides the environment's base URL (a local fake in tests). */
    CASHFREE_BASE_URL: z.url().optional(),
    /**
     * Where the Cashfree emulator serves its checkout and mandate pages (`<emulator>/pay/simulator`), with
     * CASHFREE_BASE_URL at `<emulator>/pg`: members are sent to pay there. Never in production.
     */
    CASHFREE_HOSTED_PAGES_URL: z.url().optional(),
    /** PAYMENT_AT_RISK_SECONDS, PAYMENT_TIMEOUT_SECONDS: the timeout, and the at-risk rule admin-bff reports by. */
    ...paymentTimeoutSettings,
    /** A membership cycle; unset means one calendar year. Tests shorten it. */
    MEMBERSHIP_PERIOD_SECONDS: z.coerce.number().int().positive().optional(),
    RENEWAL_LEAD_SECONDS: seconds(6 * 24 * 3600),
    RENEWAL_NOTICE_TO_CHARGE_SECONDS: seconds(25 * 3600),
    RENEWAL_RETRY_SECONDS: seconds(24 * 3600),
    RENEWAL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(3),
    /** After a renewal charge's date, when its outcome is first asked for. */
    RENEWAL_CHECK_DELAY_SECONDS: seconds(600),
    /** How many times a raised renewal charge is asked about (hourly after the first) before its checks stop. */
    RENEWAL_MAX_CHECKS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_CHARGE_CHECK_PLAN.maxChecks),
    RECONCILE_EVERY_SECONDS: seconds(300),
    /** Set: the workflows run on Temporal (the worker runs them); unset: on the embedded driver. */
    ...optionalTemporalSettings,
    /** How often the embedded workflow driver looks for due steps. */
    WORKFLOW_POLL_MS: z.coerce.number().int().min(10).default(1000),
    /** After how many failed attempts a step (still retried) is listed as failing on the Cron page (decision 0034). */
    STEP_FAILING_AFTER_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_FAILING_AFTER_ATTEMPTS),
    /** Normal reconciliation asks the gateway about payments pending longer than this. */
    RECONCILE_PENDING_AFTER_SECONDS: seconds(120),
    SUPPLIER_NAME: z.string().min(1).default('ELTS Club'),
    SUPPLIER_ADDRESS: z.string().min(1).default('Panaji, Goa 403001'),
    SUPPLIER_GSTIN: gstinSchema.default('30AABCE1234F1ZI'),
    SUPPLIER_STATE: z
      .string()
      .default('Goa')
      .refine((name) => Boolean(indianStateNamed(name)), 'must be an Indian state or union territory')
      .transform((name) => indianStateNamed(name) as string),
    /** Services Accounting Code on invoices; confirm with the company's accountant (docs/decisions/0017-membership-credit-invoices-renewals.md). */
    SAC_CODE: z
      .string()
      .regex(/^\d{4,8}$/)
      .default('999599'),
    INVOICE_SERIES: z
      .string()
      .regex(/^[A-Z]{1,4}$/)
      .default('EC'),
    /** The product orders' invoice series (docs/decisions/0093), apart from the membership's. */
    GOODS_INVOICE_SERIES: z
      .string()
      .regex(/^[A-Z]{1,4}$/)
      .default('EG'),
    /**
     * Membership credit spent on an order is a discount that lowers the taxable value (true), or a means of payment
     * the full price is taxed through (false): an accountant's reading (docs/decisions/0094).
     */
    INVOICE_CREDIT_AS_DISCOUNT: platformSettings.booleanFlag.default(true),
    /** E_INVOICING (off by default), the IRP's credentials, the supplier's town and pincode (docs/decisions/0162). */
    ...eInvoicingSettings,
  })
  .refine(...eInvoicingComplete)
  .refine((s) => s.GOODS_INVOICE_SERIES !== s.INVOICE_SERIES, {
    path: ['GOODS_INVOICE_SERIES'],
    message: 'must differ from INVOICE_SERIES (each series is numbered on its own)',
  })
  .refine(
    (s) =>
      s.RENEWAL_LEAD_SECONDS >=
      s.RENEWAL_MAX_ATTEMPTS * (s.RENEWAL_NOTICE_TO_CHARGE_SECONDS + s.RENEWAL_CHECK_DELAY_SECONDS) +
        (s.RENEWAL_MAX_ATTEMPTS - 1) * s.RENEWAL_RETRY_SECONDS,
    { path: ['RENEWAL_LEAD_SECONDS'], message: 'must leave time for every renewal attempt before the cycle ends' },
  )
  .refine(...atRiskBeforeTimeout);

export type PaymentsSettings = z.output<typeof paymentsSettings>;

/**
 * What production refuses although the schema allows it (tests and demonstrations shorten the durations): the
 * Cashfree emulator, which takes no real money, and a pre-debit notice shorter than RBI's 24 hours before a renewal charge.
 */
export function productionSettingsProblems(settings: PaymentsSettings, usesCashfree: boolean): string[] {
  const problems: string[] = [];
  if (!usesCashfree)
    problems.push('CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET: required in production (the Cashfree emulator takes no real money)');
  if (settings.CASHFREE_HOSTED_PAGES_URL)
    problems.push('CASHFREE_HOSTED_PAGES_URL: not in production (it points payments at the Cashfree emulator)');
  if (settings.RENEWAL_NOTICE_TO_CHARGE_SECONDS < MIN_NOTICE_TO_CHARGE_SECONDS)
    problems.push(
      `RENEWAL_NOTICE_TO_CHARGE_SECONDS: at least ${MIN_NOTICE_TO_CHARGE_SECONDS} in production (RBI: the pre-debit notice comes 24 hours before the charge)`,
    );
  return problems;
}
