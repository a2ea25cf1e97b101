import type { GiveawayPrize } from '@elts/contracts';
import type { Kysely } from 'kysely';
import type { IdentityDb } from './tables.js';

export async function insertGiveawayEntry(
  db: Kysely<IdentityDb>,
  entry: { memberId: string; passed: boolean; enteredAt: Date },
): Promise<void> {
  await db
    .insertInto('giveaway_entries')
    .values({ member_id: entry.memberId, passed: entry.passed, entered_at: entry.enteredAt })
    .execute();
}

/** Replaces every prize with these. */
export async function replaceGiveawayPrizes(db: Kysely<IdentityDb>, prizes: GiveawayPrize[], setAt: Date, setBy: string): Promise<void> {
  await db.deleteFrom('giveaway_prizes').execute();
  await db
    .insertInto('giveaway_prizes')
    .values(
      prizes.map((prize) => ({
        slot: prize.slot,
        product_id: prize.productId,
        name: prize.name,
        description: prize.description,
        image_url: prize.imageUrl,
        set_at: setAt,
        set_by: setBy,
      })),
    )
    .execute();
}

export async function insertGiveawayDraw(
  db: Kysely<IdentityDb>,
  draw: { seed: string; method: string; entrantCount: number; entrantsDigest: string; drawnAt: Date; drawnBy: string },
): Promise<void> {
  await db
    .insertInto('giveaway_draw')
    .values({
      seed: draw.seed,
      method: draw.method,
      entrant_count: draw.entrantCount,
      entrants_digest: draw.entrantsDigest,
      drawn_at: draw.drawnAt,
      drawn_by: draw.drawnBy,
    })
    .execute();
}

export async function insertGiveawayWinners(db: Kysely<IdentityDb>, winners: { slot: number; memberId: string }[]): Promise<void> {
  await db
    .insertInto('giveaway_winners')
    .values(winners.map((winner) => ({ slot: winner.slot, member_id: winner.memberId })))
    .execute();
}
