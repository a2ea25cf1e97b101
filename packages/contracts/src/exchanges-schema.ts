import { z } from 'zod';
import { EXCHANGE_POLICY, EXCHANGE_REASON_LABELS, EXCHANGE_REASONS } from './exchanges.js';

/**
 * The exchange requests, checked at the edge. Apart from exchanges.ts so that a page importing the words does not
 * load the schema library.
 */

const reasons = EXCHANGE_REASONS.map((reason) => EXCHANGE_REASON_LABELS[reason]).join(', ');

/** `POST /product/order/{id}/exchange`: the member's request. */
export const exchangeRequestSchema = z.strictObject({
  reason: z.enum(EXCHANGE_REASONS, { error: `Reason must be one of: ${reasons}` }),
  note: z
    .string({ error: 'Please describe the problem' })
    .trim()
    .min(10, 'Please describe the problem in at least 10 characters')
    .max(EXCHANGE_POLICY.noteMaxLength, `The note can be at most ${EXCHANGE_POLICY.noteMaxLength} characters`),
  /** Another version of the product (same variant group); the product ordered when absent. */
  product_id: z.string().trim().min(1).max(64).optional(),
});
export type ExchangeRequest = z.output<typeof exchangeRequestSchema>;

/** `POST /admin/exchanges/{exchangeId}/refuse`: why, in words the member is mailed. */
export const exchangeRefusalSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(5, 'Please give the member a reason of at least 5 characters')
    .max(EXCHANGE_POLICY.refusalMaxLength, `The reason can be at most ${EXCHANGE_POLICY.refusalMaxLength} characters`),
});
