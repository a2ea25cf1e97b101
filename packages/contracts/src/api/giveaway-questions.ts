/**
 * The giveaway's three questions and the answers that win (spec section 5). Apart from the entry's schema, so the
 * giveaway block shows its questions without loading zod.
 */
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
