import { z } from 'zod';
import { indianMobileSchema } from '../validation/india.js';
import { PAYER_FIELD_MAX, PAYER_NAME_TOO_LONG, payerEmailSchema, payerNameFits } from '../validation/payer.js';

const text = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** `POST /subscription/create-upi-mandate`: the spec's body; the server fills what is missing from the profile. */
export const createMandateSchema = z
  .strictObject({
    first_name: text('First name').optional(),
    last_name: text('Last name').optional(),
    customer_name: text('Name', PAYER_FIELD_MAX).optional(),
    customer_email: payerEmailSchema.optional(),
    customer_phone: indianMobileSchema.optional(),
  })
  .refine((body) => body.customer_name !== undefined || payerNameFits(body.first_name ?? '', body.last_name ?? ''), {
    path: ['last_name'],
    message: PAYER_NAME_TOO_LONG,
  });

/** `POST /api/subscription/create`: the spec sends a plan label; there is one plan, the annual membership. */
export const createSubscriptionSchema = z.strictObject({
  subscriptionType: z.string().trim().max(40).optional(),
});

export const toggleAutoRenewalSchema = z.strictObject({ autoRenewal: z.boolean({ error: 'autoRenewal must be true or false' }) });
export const cancelSubscriptionSchema = z.strictObject({ reason: z.string().trim().max(500).optional() });
