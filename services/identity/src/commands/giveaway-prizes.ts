import { catalogOperations, type GiveawayPrize, type GiveawayPrizesRequest } from '@elts/contracts';
import { badRequest, conflict, type EventStore, InternalCallError, type InternalClient } from '@elts/platform';
import { giveawayPrizes, lockGiveawayRun } from '../store/giveaway-reads.js';
import { replaceGiveawayPrizes } from '../store/giveaway-writes.js';
import type { IdentityDb } from '../store/tables.js';

export const GIVEAWAY_RUN_STREAM = 'giveaway-run';
export const PRIZES_LOCKED = 'The prizes cannot change after the winners have been drawn.';

export interface PrizeRules {
  events: EventStore<IdentityDb>;
  /** The catalogue, asked for a product prize's name and image when it is set. */
  catalog: () => InternalClient;
}

/** A product prize as the catalogue has the product now: its name, its brand as the description, its first image. */
async function productPrize(catalog: InternalClient, slot: number, productId: string): Promise<GiveawayPrize> {
  try {
    const product = await catalog.operation(catalogOperations.productForOrder, { params: { id: productId } });
    return { slot, name: product.name, description: product.brand, imageUrl: product.images[0] ?? null, productId: product.id };
  } catch (error) {
    if (error instanceof InternalCallError && error.status === 404)
      throw badRequest(`Prize ${slot}: no product in the catalogue has the id ${productId}.`);
    throw error;
  }
}

/**
 * Sets all twelve prizes at once, replacing any set before, until the draw (after it they are what was won). The
 * catalogue is asked before the transaction, so no lock is held while it answers.
 */
export async function setGiveawayPrizes(rules: PrizeRules, adminId: string, request: GiveawayPrizesRequest): Promise<GiveawayPrize[]> {
  const prizes = await Promise.all(
    [...request.prizes]
      .sort((a, b) => a.slot - b.slot)
      .map((prize) =>
        prize.kind === 'product'
          ? productPrize(rules.catalog(), prize.slot, (prize.productId ?? '').trim())
          : {
              slot: prize.slot,
              name: (prize.name ?? '').trim(),
              description: (prize.description ?? '').trim(),
              imageUrl: (prize.imageUrl ?? '').trim(),
              productId: null,
            },
      ),
  );
  await rules.events.transact(async ({ db, readStream, append }) => {
    await lockGiveawayRun(db);
    const history = await readStream(GIVEAWAY_RUN_STREAM);
    if (history.some((event) => event.type === 'GiveawayDrawn')) throw conflict(PRIZES_LOCKED);
    const [event] = await append(GIVEAWAY_RUN_STREAM, history.length, [
      { type: 'GiveawayPrizesSet', data: { prizes }, metadata: { actor: `admin:${adminId}` } },
    ]);
    await replaceGiveawayPrizes(db, prizes, event!.recordedAt, adminId);
  });
  return giveawayPrizes(rules.events.db);
}
