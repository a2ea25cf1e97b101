/** What `GET /user/giveaway` answers: the member's entry if any, and whether the giveaway is open to them. */
export interface GiveawayAnswer {
  data?: Array<{ passed: boolean }>;
  giveaway?: { open: boolean; members_needed: number; eligible: boolean };
}

export type GiveawayView =
  | { kind: 'entered'; message: string }
  | { kind: 'missed'; message: string }
  | { kind: 'enter'; open: boolean; membersNeeded: number }
  | { kind: 'subscribe' };

export const GIVEAWAY_MESSAGES = {
  entered: "Congratulations! You're entered in the giveaway!",
  missed: 'Sorry, you answered incorrectly. Please try next time.',
  incomplete: 'Please answer all questions',
  incorrect: 'Some answers are incorrect. Please try next time.',
  failed: 'There was an error submitting your answers. Please try again.',
} as const;

/**
 * The giveaway block's state (spec section 4, "Giveaway"): with a record, its result; without one, ENTER NOW for an
 * active subscriber and SUBSCRIBE NOW otherwise. ENTER NOW waits, disabled, until the community is big enough.
 */
export function giveawayView(answer: GiveawayAnswer): GiveawayView {
  const entry = answer.data?.[0];
  if (entry)
    return entry.passed ? { kind: 'entered', message: GIVEAWAY_MESSAGES.entered } : { kind: 'missed', message: GIVEAWAY_MESSAGES.missed };
  if (!answer.giveaway?.eligible) return { kind: 'subscribe' };
  return { kind: 'enter', open: answer.giveaway.open, membersNeeded: answer.giveaway.members_needed };
}
