import { z } from 'zod';
import { indianStateNamed } from '../india-states.js';
import { indianMobileSchema, PINCODE_PATTERN } from '../validation/india.js';
import { PAYER_NAME_TOO_LONG, payerEmailSchema, payerNameFits } from '../validation/payer.js';

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const deliveryAddress = z.strictObject({
  name: required('Name', 100),
  phone: indianMobileSchema,
  address: required('Address', 500),
  city: required('City', 100),
  state: required('State', 100)
    .refine((value) => Boolean(indianStateNamed(value)), "State must be one of India's states and union territories")
    .transform((value) => indianStateNamed(value) as string),
  pincode: z
    .union([z.number().int(), z.string().trim()])
    .transform((value) => String(value))
    .refine((value) => PINCODE_PATTERN.test(value), 'Pincode must be 6 digits and cannot start with 0'),
});

export type DeliveryAddress = z.output<typeof deliveryAddress>;

/** A delivery address as orders keeps it and tells others (events, answers): already checked, so plain text. */
export const storedAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

/**
 * `POST /product/order`: the spec's order payload. The client's `amount` is accepted for compatibility and never
 * used: the price comes from the catalog. The billing address defaults to the shipping one.
 */
export const orderPayloadSchema = z
  .strictObject({
    amount: z.number().optional(),
    customer_email: payerEmailSchema,
    customer_phone: indianMobileSchema,
    first_name: required('First name', 100),
    last_name: required('Last name', 100),
    product_id: required('Product', 64),
    quantity: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(100).default(1),
    description: z.string().trim().max(500).optional(),
    return_url: z.string().trim().max(500).optional(),
    shipping_address: deliveryAddress,
    billing_address: deliveryAddress.optional(),
  })
  .refine((order) => payerNameFits(order.first_name, order.last_name), {
    path: ['last_name'],
    message: PAYER_NAME_TOO_LONG,
  });

export type OrderPayload = z.output<typeof orderPayloadSchema>;

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
