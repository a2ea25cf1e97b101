import { z } from 'zod';

/**
 * How long a payment may stay unsettled: at risk after PAYMENT_AT_RISK_SECONDS, failed by the timeout after
 * PAYMENT_TIMEOUT_SECONDS. Settings rather than constants, so tests can shorten them.
 */
export const workflowDurations = z
  .object({
    PAYMENT_AT_RISK_SECONDS: z.coerce.number().int().positive().default(720),
    PAYMENT_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(900),
  })
  .refine((d) => d.PAYMENT_AT_RISK_SECONDS < d.PAYMENT_TIMEOUT_SECONDS, {
    message: 'PAYMENT_AT_RISK_SECONDS must be less than PAYMENT_TIMEOUT_SECONDS',
    path: ['PAYMENT_AT_RISK_SECONDS'],
  });

export type WorkflowDurations = z.output<typeof workflowDurations>;
