import { COPY, type GiveawayEntryRequest, giveawayAnswersCorrect } from '@elts/contracts';
import { ConcurrencyError, conflict, createStream, type EventStore, forbidden } from '@elts/platform';
import type { IdentityEvent } from '../domain/member.js';
import { giveawayDraw, lockGiveawayRun, memberPrize } from '../store/giveaway-reads.js';
import { insertGiveawayEntry } from '../store/giveaway-writes.js';
import type { MembersView } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';

export const giveawayStream = (memberId: string) => `giveaway-${memberId}`;

const ALREADY_ENTERED = 'You have already entered the giveaway.';

export const giveawayClosedMessage = (opensAtMembers: number) =>
  `The giveaway opens once the community reaches ${opensAtMembers.toLocaleString('en-IN')} members.`;

export interface GiveawayRules {
  events: EventStore<IdentityDb>;
  members: MembersView;
  opensAtMembers: number;
}

export async function giveawayStatus(rules: GiveawayRules, memberId: string) {
  const db = rules.events.db;
  const [count, status, draw, won] = await Promise.all([
    rules.members.count(),
    rules.members.subscriptionStatus(memberId),
    giveawayDraw(db),
    memberPrize(db, memberId),
  ]);
  return {
    // Open to entries once the community is big enough, until the draw closes it.
    open: count >= rules.opensAtMembers && draw === undefined,
    members_needed: Math.max(0, rules.opensAtMembers - count),
    eligible: status === 'active',
    drawn: draw !== undefined,
    won: won ? { slot: won.slot, prize: won.name } : null,
  };
}

/**
 * One attempt per member, for active subscribers, once the community is big enough and until the draw. Correctness
 * is decided here from the answers; whatever the client claims is ignored. The stream's expected version 0 makes
 * "one attempt" atomic; the giveaway run's lock puts each entry wholly before or after a draw.
 */
export async function enterGiveaway(rules: GiveawayRules, memberId: string, entry: GiveawayEntryRequest): Promise<boolean> {
  const status = await giveawayStatus(rules, memberId);
  if (status.drawn) throw forbidden(COPY.giveaway.closed);
  if (!status.open) throw forbidden(giveawayClosedMessage(rules.opensAtMembers));
  if (!status.eligible) throw forbidden('Only active subscribers can enter the giveaway.');
  const passed = giveawayAnswersCorrect(entry);
  try {
    await rules.events.transact(async (unit) => {
      await lockGiveawayRun(unit.db);
      if (await giveawayDraw(unit.db)) throw forbidden(COPY.giveaway.closed);
      const entered: IdentityEvent = {
        type: 'GiveawayEntered',
        data: { memberId, passed, answers: { q1: entry.q1, q2: entry.q2, q3: entry.q3 } },
      };
      const [event] = await createStream(unit, giveawayStream(memberId), () => [entered], { metadata: { actor: `member:${memberId}` } });
      if (!event) throw conflict(ALREADY_ENTERED);
      await insertGiveawayEntry(unit.db, { memberId, passed, enteredAt: event.recordedAt });
    });
  } catch (error) {
    if (error instanceof ConcurrencyError) throw conflict(ALREADY_ENTERED);
    throw error;
  }
  return passed;
}
