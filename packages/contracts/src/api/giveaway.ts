import { z } from 'zod';
import { GIVEAWAY_QUESTIONS } from './giveaway-questions.js';

const answer = z.strictObject({ question: z.string().max(500), answer: z.string().trim().min(1, 'Please answer all questions').max(500) });

/** `POST /user/giveaway`: the client's `isCorrect` is accepted for compatibility and ignored. */
export const giveawayEntrySchema = z.strictObject({
  q1: answer,
  q2: answer,
  q3: answer,
  isCorrect: z.boolean().optional(),
});

export type GiveawayEntryRequest = z.output<typeof giveawayEntrySchema>;

export function giveawayAnswersCorrect(entry: Pick<GiveawayEntryRequest, 'q1' | 'q2' | 'q3'>): boolean {
  return GIVEAWAY_QUESTIONS.every(({ key, correct }) => entry[key].answer === correct);
}
