import { z } from 'zod';

/** The giveaway's three questions and the answers that win (spec section 5). */
export const GIVEAWAY_QUESTIONS = [
  {
    key: 'q1',
    question: 'What are we building?',
    options: ['Most organized consumer community in the world', 'A discount coupon website', 'A social network for shoppers'],
    correct: 'Most organized consumer community in the world',
  },
  {
    key: 'q2',
    question: 'What does the dealsboard do?',
    options: ["Discover deals based on person's preference", 'Show the same deals to everyone', 'Compare prices across shops'],
    correct: "Discover deals based on person's preference",
  },
  {
    key: 'q3',
    question: 'Which personas can members choose?',
    options: ['Save & Splurge', 'Buy & Sell', 'Spend & Earn'],
    correct: 'Save & Splurge',
  },
] as const;

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
