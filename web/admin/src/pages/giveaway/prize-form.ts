import {
  countOf,
  type DataOf,
  GIVEAWAY_PRIZE_COUNT,
  type GiveawayPrize,
  type GiveawayPrizeInput,
  type OperationTable,
  type PrizeProblem,
  prizeProblem,
} from '@elts/contracts';
import { formatCount } from '@elts/ui';

/** One slot of the prizes form, every field as typed. */
export interface PrizeDraft {
  slot: number;
  kind: 'product' | 'custom';
  productId: string;
  name: string;
  description: string;
  imageUrl: string;
}

/** What `GET /admin/giveaway` answers. */
export type AdminGiveaway = DataOf<OperationTable['adminGiveaway']>;

export const PRIZE_KINDS = [
  { value: 'product', label: 'A product from the catalogue' },
  { value: 'custom', label: 'A described prize' },
] as const;

/** The twelve slots as saved, each unset slot a product still to choose. */
export function draftsOf(prizes: readonly GiveawayPrize[]): PrizeDraft[] {
  return Array.from({ length: GIVEAWAY_PRIZE_COUNT }, (_, index) => {
    const slot = index + 1;
    const saved = prizes.find((prize) => prize.slot === slot);
    if (!saved) return { slot, kind: 'product', productId: '', name: '', description: '', imageUrl: '' };
    return saved.productId
      ? { slot, kind: 'product', productId: saved.productId, name: '', description: '', imageUrl: '' }
      : { slot, kind: 'custom', productId: '', name: saved.name, description: saved.description, imageUrl: saved.imageUrl ?? '' };
  });
}

/** The draft as `PUT /admin/giveaway/prizes` takes it: only the fields of its kind. */
export function inputOf(draft: PrizeDraft): GiveawayPrizeInput {
  return draft.kind === 'product'
    ? { slot: draft.slot, kind: 'product', productId: draft.productId }
    : { slot: draft.slot, kind: 'custom', name: draft.name, description: draft.description, imageUrl: draft.imageUrl };
}

/** Each slot's problem, by slot: the same sentences the server refuses a save with. */
export function draftProblems(drafts: readonly PrizeDraft[]): Map<number, PrizeProblem> {
  const problems = new Map<number, PrizeProblem>();
  for (const draft of drafts) {
    const problem = prizeProblem(inputOf(draft));
    if (problem) problems.set(draft.slot, problem);
  }
  return problems;
}

export const slotLabel = (slot: number) => `Prize ${String(slot).padStart(2, '0')}`;

/**
 * Why the draw cannot run now, in the words the page shows beside its disabled button (the server's own rules, so
 * the button is never offered for a draw the server would refuse): the giveaway must be open, all the prizes set, and
 * at least one member who passed for each prize. Empty when it can run.
 */
export function drawBlockers(overview: Pick<AdminGiveaway, 'open' | 'opensAtMembers' | 'members' | 'prizes' | 'counts'>): string[] {
  const blockers: string[] = [];
  if (!overview.open)
    blockers.push(
      `The giveaway opens at ${formatCount(overview.opensAtMembers)} members; there are ${formatCount(overview.members)} so far.`,
    );
  if (overview.prizes.length < GIVEAWAY_PRIZE_COUNT)
    blockers.push(`Set all ${GIVEAWAY_PRIZE_COUNT} prizes first (${overview.prizes.length} of ${GIVEAWAY_PRIZE_COUNT} are set).`);
  if (overview.counts.passed < GIVEAWAY_PRIZE_COUNT)
    blockers.push(
      `At least ${GIVEAWAY_PRIZE_COUNT} members must answer correctly, one for each prize (${countOf(overview.counts.passed, 'member')} so far).`,
    );
  return blockers;
}
