import {
  type DataOf,
  GIVEAWAY_PRIZE_COUNT,
  type GiveawayPrize,
  type GiveawayPrizeInput,
  type OperationTable,
  type PrizeProblem,
  prizeProblem,
} from '@elts/contracts';

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
