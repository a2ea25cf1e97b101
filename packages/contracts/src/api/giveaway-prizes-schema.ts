import { z } from 'zod';
import {
  GIVEAWAY_PRIZE_COUNT,
  PRIZE_DESCRIPTION_MAX_LENGTH,
  PRIZE_IMAGE_URL_MAX_LENGTH,
  PRIZE_NAME_MAX_LENGTH,
  PRIZE_SLOTS_MESSAGE,
  prizeProblem,
} from './giveaway-prizes.js';

// Generous outer limits: prizeProblem's sentences say what is wrong; these only keep absurd bodies out.
const text = (max: number) =>
  z
    .string()
    .max(max * 4, 'This prize text is far too long.')
    .optional();

/** A prize as an operator sets it (GiveawayPrizeInput). */
export const prizeInputSchema = z.strictObject({
  slot: z
    .number({ error: PRIZE_SLOTS_MESSAGE })
    .int(PRIZE_SLOTS_MESSAGE)
    .min(1, PRIZE_SLOTS_MESSAGE)
    .max(GIVEAWAY_PRIZE_COUNT, PRIZE_SLOTS_MESSAGE),
  kind: z.enum(['product', 'custom'], { error: 'Each prize is either a product from the catalogue or a described prize.' }),
  productId: z.string().max(64, 'This product id is too long.').optional(),
  name: text(PRIZE_NAME_MAX_LENGTH),
  description: text(PRIZE_DESCRIPTION_MAX_LENGTH),
  imageUrl: text(PRIZE_IMAGE_URL_MAX_LENGTH),
});

/** `PUT /admin/giveaway/prizes`: all twelve at once, slots 1 to 12 each exactly once. */
export const giveawayPrizesRequestSchema = z
  .strictObject({
    prizes: z.array(prizeInputSchema, { error: PRIZE_SLOTS_MESSAGE }).length(GIVEAWAY_PRIZE_COUNT, PRIZE_SLOTS_MESSAGE),
  })
  .superRefine(({ prizes }, context) => {
    const slots = new Set(prizes.map((prize) => prize.slot));
    if (slots.size !== GIVEAWAY_PRIZE_COUNT) {
      context.addIssue({ code: 'custom', path: ['prizes'], message: PRIZE_SLOTS_MESSAGE });
      return;
    }
    prizes.forEach((prize, index) => {
      const problem = prizeProblem(prize);
      if (problem) context.addIssue({ code: 'custom', path: ['prizes', index, problem.field], message: problem.message });
    });
  });

export type GiveawayPrizesRequest = z.output<typeof giveawayPrizesRequestSchema>;

/** A prize as it is kept and shown (GiveawayPrize). */
export const giveawayPrizeSchema = z.object({
  slot: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  productId: z.string().nullable(),
});

/** `GET /user/giveaway/results` (GiveawayResults). */
export const giveawayResultsSchema = z.object({
  prizes: z.array(giveawayPrizeSchema),
  drawn_at: z.string().nullable(),
  winners: z.array(z.object({ slot: z.number().int(), prize: z.string(), name: z.string() })),
});
