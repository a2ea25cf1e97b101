import { COPY, type OperationTable, type ResponseOf } from '@elts/contracts';

/** What `GET /user/giveaway` answers: the member's entry if any, whether the giveaway is open to them, and after the draw what they won. */
type MemberGiveaway = ResponseOf<OperationTable['memberGiveaway']>;
type GiveawayStatus = MemberGiveaway['giveaway'];

export type GiveawayView =
  | { kind: 'won'; message: string }
  | { kind: 'entered'; message: string }
  | { kind: 'missed'; message: string }
  | { kind: 'closed'; message: string }
  | { kind: 'enter'; open: boolean; membersNeeded: number }
  | { kind: 'subscribe' };

export const GIVEAWAY_MESSAGES = {
  entered: "Congratulations! You're entered in the giveaway!",
  missed: 'Sorry, you answered incorrectly. Please try next time.',
  incomplete: 'Please answer all questions',
  incorrect: 'Some answers are incorrect. Please try next time.',
  failed: 'There was an error submitting your answers. Please try again.',
  /** After the draw, to a member who did not enter (the server refuses an entry with the same words). */
  closed: COPY.giveaway.closed,
  won: (prize: string) => `You won ${prize}! We have sent you an email about your prize.`,
} as const;

/**
 * The giveaway block's state (spec section 4, "Giveaway"): with a record, its result (and a winner hears what they
 * won); without one, ENTER NOW for an active subscriber and SUBSCRIBE NOW otherwise. ENTER NOW waits, disabled,
 * until the community is big enough; after the draw there is nothing left to enter.
 */
export function giveawayView(answer: {
  data: ReadonlyArray<Pick<MemberGiveaway['data'][number], 'passed'>>;
  // Before the draw a screen may not know of it yet: no draw and nothing won.
  giveaway: Omit<GiveawayStatus, 'drawn' | 'won'> & Partial<Pick<GiveawayStatus, 'drawn' | 'won'>>;
}): GiveawayView {
  const entry = answer.data?.[0];
  const won = answer.giveaway?.won;
  if (entry && won) return { kind: 'won', message: GIVEAWAY_MESSAGES.won(won.prize) };
  if (entry)
    return entry.passed ? { kind: 'entered', message: GIVEAWAY_MESSAGES.entered } : { kind: 'missed', message: GIVEAWAY_MESSAGES.missed };
  if (answer.giveaway?.drawn) return { kind: 'closed', message: GIVEAWAY_MESSAGES.closed };
  if (!answer.giveaway?.eligible) return { kind: 'subscribe' };
  return { kind: 'enter', open: answer.giveaway.open, membersNeeded: answer.giveaway.members_needed };
}
