import { z } from 'zod';
import { AWB_PATTERN, FULFILMENT_MESSAGES } from './fulfilment.js';
import { calendarDateSchema } from './validation/dates.js';

/**
 * The operator's fulfilment requests, checked at the edge. Apart from fulfilment.ts so that a page importing the
 * fulfilment words and dates (the member's order page) does not load the schema library.
 */

function isHttpsAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
}

const courier = z
  .string({ error: FULFILMENT_MESSAGES.courier })
  .trim()
  .min(2, FULFILMENT_MESSAGES.courier)
  .max(60, 'Courier must be at most 60 characters');
const awbNumber = z
  .string({ error: FULFILMENT_MESSAGES.awb })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => AWB_PATTERN.test(value), FULFILMENT_MESSAGES.awb);
const trackingUrl = z
  .string({ error: FULFILMENT_MESSAGES.trackingLink })
  .trim()
  .max(500, 'Tracking link must be at most 500 characters')
  .refine(isHttpsAddress, FULFILMENT_MESSAGES.trackingLink);

/** Which shipment of the order moves: its own goods (1, when absent) or an exchange's replacement (docs/decisions/0025). */
const shipment = z
  .number({ error: 'Shipment must be a whole number from 1' })
  .int('Shipment must be a whole number from 1')
  .min(1, 'Shipment must be a whole number from 1')
  .max(100, 'Shipment must be at most 100')
  .optional();

const processingStep = z.strictObject({ step: z.literal('processing'), shipment });
const shippedStep = z.strictObject({ step: z.literal('shipped'), shipment, courier, awb_number: awbNumber, tracking_url: trackingUrl });
const deliveredStep = z.strictObject({ step: z.literal('delivered'), shipment, delivered_on: calendarDateSchema('Delivery date') });

/** `POST /admin/fulfilment/{orderId}`: the next step of one order. */
export const fulfilmentStepSchema = z.discriminatedUnion('step', [processingStep, shippedStep, deliveredStep], {
  error: 'Step must be processing, shipped or delivered',
});
export type FulfilmentStepRequest = z.output<typeof fulfilmentStepSchema>;

/** Most orders one bulk request may move: a page of the Orders list is 20. */
export const BULK_FULFILMENT_LIMIT = 100;

const orderId = z.string({ error: 'Order ID is required' }).trim().min(1, 'Order ID is required').max(64);

/** `POST /admin/fulfilment`: several orders at once, each with its own step (each shipment has its own AWB number). */
export const bulkFulfilmentSchema = z.strictObject({
  orders: z
    .array(
      z.discriminatedUnion(
        'step',
        [
          processingStep.extend({ order_id: orderId }),
          shippedStep.extend({ order_id: orderId }),
          deliveredStep.extend({ order_id: orderId }),
        ],
        { error: 'Step must be processing, shipped or delivered' },
      ),
      { error: 'Orders must be a list' },
    )
    .min(1, 'Choose at least one order')
    .max(BULK_FULFILMENT_LIMIT, `At most ${BULK_FULFILMENT_LIMIT} orders at once`)
    .refine((orders) => new Set(orders.map((order) => order.order_id)).size === orders.length, 'Each order may appear only once'),
});
export type BulkFulfilmentRequest = z.output<typeof bulkFulfilmentSchema>;
