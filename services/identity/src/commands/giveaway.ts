import { type GiveawayEntryRequest, giveawayAnswersCorrect } from '@elts/contracts';
import { AppError, ConcurrencyError, type EventStore, forbidden } from '@elts/platform';
import type { MembersView } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';

export const giveawayStream = (memberId: string) => `giveaway-${memberId}`;

export interface GiveawayRules {
  events: EventStore<IdentityDb>;
  members: MembersView;
  opensAtMembers: number;
}

export async function giveawayStatus(rules: GiveawayRules, memberId: string) {
  const [count, status] = await Promise.all([rules.members.count(), rules.members.subscriptionStatus(memberId)]);
  return { open: count >= rules.opensAtMembers, members_needed: Math.max(0, rules.opensAtMembers - count), eligible: status === 'active' };
}

/**
 * One attempt per member, for active subscribers, once the community is big enough. Correctness is decided here from
 * the answers; whatever the client claims is ignored. The stream's expected version 0 makes "one attempt" atomic.
 */
export async function enterGiveaway(rules: GiveawayRules, memberId: string, entry: GiveawayEntryRequest): Promise<boolean> {
  const status = await giveawayStatus(rules, memberId);
  if (!status.open)
    throw forbidden(`The giveaway opens once the community reaches ${rules.opensAtMembers.toLocaleString('en-IN')} members.`);
  if (!status.eligible) throw forbidden('Only active subscribers can enter the giveaway.');
  const passed = giveawayAnswersCorrect(entry);
  try {
    await rules.events.transact(async ({ db, append }) => {
      const [event] = await append(giveawayStream(memberId), 0, [
        {
          type: 'GiveawayEntered',
          data: { memberId, passed, answers: { q1: entry.q1, q2: entry.q2, q3: entry.q3 } },
          metadata: { actor: `member:${memberId}` },
        },
      ]);
      await db.insertInto('giveaway_entries').values({ member_id: memberId, passed, entered_at: event!.recordedAt }).execute();
    });
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new AppError(409, 'conflict', 'You have already entered the giveaway.');
    throw error;
  }
  return passed;
}
