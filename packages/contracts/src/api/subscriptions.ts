import { z } from 'zod';
import { indianMobileSchema } from '../validation/india.js';

const text = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max);

/** `POST /subscription/create-upi-mandate`: the spec's body; the server fills what is missing from the profile. */
export const createMandateSchema = z.strictObject({
  first_name: text('First name').optional(),
  last_name: text('Last name').optional(),
  customer_name: text('Name', 200).optional(),
  customer_email: z.string().trim().toLowerCase().max(254).pipe(z.email('Email must be a valid email address')).optional(),
  customer_phone: indianMobileSchema.optional(),
});

/** `POST /api/subscription/create`: the spec sends a plan label; there is one plan, the annual membership. */
export const createSubscriptionSchema = z.strictObject({
  subscriptionType: z.string().trim().max(40).optional(),
});

export const toggleAutoRenewalSchema = z.strictObject({ autoRenewal: z.boolean({ error: 'autoRenewal must be true or false' }) });
export const cancelSubscriptionSchema = z.strictObject({ reason: z.string().trim().max(500).optional() });
