import { GIVEAWAY_PRIZE_COUNT } from '@elts/contracts';
import { conflict, type EventStore } from '@elts/platform';
import { DRAW_METHOD, drawWinners, entrantsDigest, newDrawSeed } from '../domain/giveaway-draw.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { giveawayWinnerEmail } from '../mail/templates.js';
import { giveawayPrizes, lockGiveawayRun, passedEntrants, winnerAddresses } from '../store/giveaway-reads.js';
import { insertGiveawayDraw, insertGiveawayWinners } from '../store/giveaway-writes.js';
import type { MembersView } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';
import { giveawayClosedMessage } from './giveaway.js';
import { GIVEAWAY_RUN_STREAM } from './giveaway-prizes.js';

export const ALREADY_DRAWN = 'The winners have already been drawn. A giveaway is drawn once.';

export interface DrawRules {
  events: EventStore<IdentityDb>;
  members: MembersView;
  mail: MailOutbox;
  opensAtMembers: number;
  publicUrl: string;
}

/**
 * Draws the twelve winners, once: from the members who passed, by a fresh seed recorded in the event (and so in the
 * audit log) with the entrant list's digest, and mails each winner in the same transaction. The draw waits for the
 * giveaway to open, for all twelve prizes and for at least twelve members who passed; it is never run again
 * (docs/decisions/0019).
 */
export async function drawGiveaway(rules: DrawRules, adminId: string) {
  const members = await rules.members.count();
  if (members < rules.opensAtMembers) throw conflict(`${giveawayClosedMessage(rules.opensAtMembers)} The draw waits until then.`);
  return rules.events.transact(async ({ db, readStream, append }) => {
    await lockGiveawayRun(db);
    const history = await readStream(GIVEAWAY_RUN_STREAM);
    if (history.some((event) => event.type === 'GiveawayDrawn')) throw conflict(ALREADY_DRAWN);
    const prizes = await giveawayPrizes(db);
    if (prizes.length !== GIVEAWAY_PRIZE_COUNT) throw conflict(`Set all ${GIVEAWAY_PRIZE_COUNT} prizes before the draw.`);
    const entrants = await passedEntrants(db);
    if (entrants.length < GIVEAWAY_PRIZE_COUNT)
      throw conflict(
        // Worded so that any count reads right ("has 1 so far", "has 3 so far").
        `The draw needs at least ${GIVEAWAY_PRIZE_COUNT} members who answered correctly, one for each prize, and has ${entrants.length} so far.`,
      );

    const seed = newDrawSeed();
    const winners = drawWinners(seed, entrants, GIVEAWAY_PRIZE_COUNT).map((memberId, index) => ({
      slot: prizes[index]!.slot,
      memberId,
      prize: prizes[index]!.name,
    }));
    const drawn = { seed, method: DRAW_METHOD, entrantCount: entrants.length, entrantsDigest: entrantsDigest(entrants), winners };
    const [event] = await append(GIVEAWAY_RUN_STREAM, history.length, [
      { type: 'GiveawayDrawn', data: drawn, metadata: { actor: `admin:${adminId}` } },
    ]);
    const drawnAt = event!.recordedAt;
    await insertGiveawayDraw(db, {
      seed,
      method: DRAW_METHOD,
      entrantCount: entrants.length,
      entrantsDigest: drawn.entrantsDigest,
      drawnAt,
      drawnBy: adminId,
    });
    await insertGiveawayWinners(db, winners);

    const addresses = await winnerAddresses(
      db,
      winners.map((winner) => winner.memberId),
    );
    for (const winner of winners) {
      const member = addresses.find((row) => row.id === winner.memberId)!;
      const { subject, text } = giveawayWinnerEmail(member.firstname, winner.prize, rules.publicUrl);
      await rules.mail.enqueue({ to: member.email, subject, text, dedupeKey: `giveaway-winner:${winner.memberId}` }, db as never);
    }
    return { ...drawn, drawnAt: drawnAt.toISOString() };
  });
}
