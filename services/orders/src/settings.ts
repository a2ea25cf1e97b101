import { EXCHANGE_POLICY, INDIAN_STATE_NAMES, indianStateNamed, LAUNCH_STATES } from '@elts/contracts';
import { secret } from '@elts/platform';
import { z } from 'zod';
import { CHOICE_DAYS } from './domain/out-of-stock.js';

/** Orders' own settings. Blue Dart is used when all four of its credentials are set; else the offline directory. */
export const ordersSettings = z.object({
  SERVICEABLE_STATES: z
    .string()
    .default(LAUNCH_STATES.join(','))
    .transform((value, ctx) => {
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => !indianStateNamed(name));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown states: ${unknown.join(', ')} (use names like ${INDIAN_STATE_NAMES.slice(0, 2).join(', ')})`,
        });
        return z.NEVER;
      }
      return new Set(names.map((name) => indianStateNamed(name) as string));
    }),
  /** Most of one product a startup, business or institution with a GSTIN may buy in one order. */
  ORDER_MAX_QUANTITY: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * A reservation's time to pay (issue 33): the member starts and completes the payment within it, or the unit goes
   * back. The catalog's hold (ORDER_HOLD_MINUTES) outlasts it and the payment's own timeout.
   */
  ORDER_PAY_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  /** How long an order's stock stays held: longer than the payment timeout, so a late success finds its stock. */
  ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).default(30),
  /**
   * Most orders a member may have waiting for payment at once: each holds stock for ORDER_HOLD_MINUTES, so without a
   * cap one member could hold every unit of a drop, or many expensive ones, while others are told Out of Stock.
   */
  UNPAID_ORDERS_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(2),
  /** Days after delivery on which a member may still ask for an exchange, and within which a replacement ships (0025). */
  EXCHANGE_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(EXCHANGE_POLICY.windowDays),
  REPLACEMENT_SHIPS_WITHIN_DAYS: z.coerce.number().int().min(1).max(90).default(EXCHANGE_POLICY.replacementShipsWithinDays),
  /**
   * How long a member has to choose a fund transfer or credits for an order cancelled as out of stock, before the fund
   * transfer is made (docs/decisions/0024): three days; shorter only for demonstrations and tests.
   */
  REFUND_CHOICE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(CHOICE_DAYS * 86_400),
  /**
   * Placements one process runs at once when a drop opens; the rest wait their turn in memory (0073). About the
   * database pool's size: more only queue for connections, where a wait past the pool's timeout fails the buyer.
   */
  ORDER_PLACEMENTS_AT_ONCE: z.coerce.number().int().min(1).max(100).default(8),
  /** Placements that may wait for a turn; past that a buyer is asked to try again in a moment (503). */
  ORDER_PLACEMENTS_WAITING: z.coerce.number().int().min(0).max(100_000).default(10_000),
  /** How long a product the catalog has called out of stock is answered 'Out of Stock' without asking it again. */
  SOLD_OUT_MEMORY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How long before a drop opens its waiting room opens (issue 33 item 2, docs/decisions/0153): members who join in
   * that time are put in a random order at the opening, which anyone can recompute from the published seed.
   */
  WAITING_ROOM_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /**
   * Entrants let through to Buy Now each second from the opening, in the draw's order: the entrant of place r (from 0)
   * may buy from the opening plus floor(r / ADMITTED_PER_SECOND) seconds. About what one drop's decision answers in a
   * second, so the first turns find units and the queue ahead of the stock never piles up.
   */
  ADMITTED_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(200),
  WORKFLOW_POLL_MS: z.coerce.number().int().min(10).default(1000),
  BLUEDART_BASE_URL: z.url().default('https://apigateway.bluedart.com'),
  BLUEDART_CLIENT_ID: z.string().min(1).optional(),
  BLUEDART_CLIENT_SECRET: secret(z.string().min(1)).optional(),
  BLUEDART_LOGIN_ID: z.string().min(1).optional(),
  BLUEDART_LICENCE_KEY: secret(z.string().min(1)).optional(),
});

export type OrdersSettings = z.output<typeof ordersSettings>;
