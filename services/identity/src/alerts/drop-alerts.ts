import type { AlertChannel, DropAlertOutcome } from '@elts/contracts';
import type { Clock } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { Mail, MailOutbox, MailTables } from '../mail/mail-outbox.js';
import { addInboxMessages } from '../store/alert-inbox.js';
import { type AlertRecipient, alertRecipientsOf } from '../store/alert-preferences.js';
import { lockDropAlerts, momentsSentTo, recordAlertsSent } from '../store/alert-sends.js';
import type { IdentityDb } from '../store/tables.js';
import { pushSubscriptionsOfMembers } from '../store/web-push.js';
import { channelsFor, type DropMoment, itemAlerts, promotionalAllowed, sendAfter } from './alert-rules.js';
import { type AlertMatch, alertOpenPath, dropAlertMailText, dropAlertTitle } from './drop-alert-mail.js';
import type { DropAlertPushes } from './drop-alert-push.js';
import type { DropAlertWhatsApp } from './drop-alert-whatsapp.js';

/** One moment of one drop, and each member's products that matched their lists (the catalog's call). */
export interface DropMomentAlerts {
  dropId: string;
  moment: DropMoment;
  opensAt: Date;
  members: { memberId: string; matches: AlertMatch[] }[];
}

/**
 * Members decided in one transaction: each batch is a few reads and a few multi-row inserts whatever its size, and
 * its rows stay well under PostgreSQL's 65,535 parameters a statement (a mail has 12 columns).
 */
const BATCH = 500;

/** A member's message as their choices shape it, before the drop's sends are read. */
interface Shaped {
  memberId: string;
  recipient: AlertRecipient;
  matches: AlertMatch[];
  channels: AlertChannel[];
  devices: { id: string }[];
}

/**
 * Queues one drop message per member on the channels they chose (docs/decisions/0088, 0168): only the items of lists
 * they hear about and have not muted, never an empty message, the opening only to members who asked to be woken, at
 * most two promotional messages per drop, and quiet hours delaying what makes a sound. Members are decided in batches:
 * one read of their addresses and choices, one of their devices and opt-ins, then, in one transaction under the drop's
 * lock, one read of the drop's sends and one multi-row insert per table (the send records, keyed by member, drop and
 * moment; the inbox; each outbox). Made again after a restart or a kill -9 mid-batch, a message is neither lost (the
 * batch's transaction wrote all of it or none; the outboxes deliver it) nor repeated (the send record answers
 * `already_sent`).
 */
export class DropAlerts {
  constructor(
    private readonly db: Kysely<IdentityDb>,
    private readonly mail: MailOutbox,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    /** Web Push, when offered (a VAPID key pair). */
    private readonly pushes?: DropAlertPushes,
    /** WhatsApp, when the Cloud API is set up. */
    private readonly whatsapp?: DropAlertWhatsApp,
  ) {}

  /** What became of each member given, counted by outcome. */
  async queue(call: DropMomentAlerts): Promise<Partial<Record<DropAlertOutcome, number>>> {
    const outcomes: Partial<Record<DropAlertOutcome, number>> = {};
    const count = (outcome: DropAlertOutcome) => {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    };
    // A member named twice in one call gets one message: the first decides, the repeat was sent it.
    const byMember = new Map<string, AlertMatch[]>();
    for (const member of call.members) {
      if (byMember.has(member.memberId)) count('already_sent');
      else byMember.set(member.memberId, member.matches);
    }
    const members = [...byMember].map(([memberId, matches]) => ({ memberId, matches }));
    for (let start = 0; start < members.length; start += BATCH)
      for (const outcome of await this.queueBatch(call, members.slice(start, start + BATCH))) count(outcome);
    return outcomes;
  }

  private async queueBatch(call: DropMomentAlerts, members: DropMomentAlerts['members']): Promise<DropAlertOutcome[]> {
    const now = this.clock.now();
    const recipients = await alertRecipientsOf(
      this.db,
      members.map((member) => member.memberId),
    );
    const outcomes: DropAlertOutcome[] = [];
    const shaped: Shaped[] = [];
    for (const member of members) {
      const recipient = recipients.get(member.memberId);
      const decided = recipient ? shapeMessage(recipient, member.matches, call.moment) : 'no_channel';
      if (typeof decided === 'string') outcomes.push(decided);
      else if (recipient) shaped.push({ memberId: member.memberId, recipient, ...decided, devices: [] });
    }
    // Web Push needs a device and WhatsApp a standing opt-in: a member left with no channel hears nothing.
    const reach = await this.reach(shaped);
    const ready: Shaped[] = [];
    for (const member of shaped) {
      const devices = reach.devices.get(member.memberId) ?? [];
      const channels = member.channels.filter(
        (channel) => (channel !== 'push' || devices.length > 0) && (channel !== 'whatsapp' || reach.whatsapp.has(member.memberId)),
      );
      if (channels.length === 0) outcomes.push('no_channel');
      else ready.push({ ...member, channels, devices });
    }
    if (ready.length === 0) return outcomes;
    const queued = await this.db.transaction().execute(async (trx) => {
      await lockDropAlerts(trx, call.dropId);
      const sent = await momentsSentTo(
        trx,
        call.dropId,
        ready.map((member) => member.memberId),
      );
      const going = ready.filter((member) => {
        const moments = sent.get(member.memberId) ?? [];
        if (moments.includes(call.moment)) outcomes.push('already_sent');
        else if (!promotionalAllowed(moments.length)) outcomes.push('capped');
        return !moments.includes(call.moment) && promotionalAllowed(moments.length);
      });
      await this.write(trx, call, going, now);
      return going;
    });
    outcomes.push(...queued.map(() => 'queued' as const));
    if (queued.some((member) => member.channels.includes('push'))) this.pushes?.kick();
    if (queued.some((member) => member.channels.includes('whatsapp'))) this.whatsapp?.kick();
    return outcomes;
  }

  /** The devices of the members who chose Web Push, and those who chose WhatsApp and can be reached on it. */
  private async reach(members: Shaped[]) {
    const choosing = (channel: AlertChannel) =>
      members.filter((member) => member.channels.includes(channel)).map((member) => member.memberId);
    const [devices, whatsapp] = await Promise.all([
      this.pushes ? pushSubscriptionsOfMembers(this.db, choosing('push')) : new Map<string, { id: string }[]>(),
      this.whatsapp ? this.whatsapp.reachableOf(choosing('whatsapp')) : new Set<string>(),
    ]);
    return { devices, whatsapp };
  }

  /** The batch's send records, inbox messages and outbox rows, one statement each, in the caller's transaction. */
  private async write(trx: Kysely<IdentityDb>, call: DropMomentAlerts, members: Shaped[], now: Date): Promise<void> {
    const on = (channel: AlertChannel) => members.filter((member) => member.channels.includes(channel));
    const titleOf = (member: Shaped) => dropAlertTitle(call.moment, member.matches.length, now, call.opensAt);
    const dedupeKey = (member: Shaped) => `drop-alert:${call.dropId}:${call.moment}:${member.memberId}`;
    const waiting = (member: Shaped) => ({
      memberId: member.memberId,
      dropId: call.dropId,
      moment: call.moment,
      opensAt: call.opensAt,
      matches: member.matches,
      sendAfter: sendAfter(now, member.recipient.preferences, call.moment),
    });
    await recordAlertsSent(trx, {
      memberIds: members.map((member) => member.memberId),
      dropId: call.dropId,
      moment: call.moment,
      at: now,
    });
    await addInboxMessages(
      trx,
      on('inbox').map((member) => ({
        memberId: member.memberId,
        dedupeKey: dedupeKey(member),
        title: titleOf(member),
        body: member.matches.map((match) => match.productName).join(', '),
        link: '/profile',
        at: now,
      })),
    );
    await this.mail.enqueueMany(
      on('email').map((member) => this.mailOf(call, member, titleOf(member), `${dedupeKey(member)}:email`, now)),
      trx as unknown as Kysely<MailTables>,
    );
    await this.pushes?.enqueue(
      trx,
      on('push').map((member) => ({ message: waiting(member), devices: member.devices })),
    );
    await this.whatsapp?.enqueue(trx, on('whatsapp').map(waiting));
  }

  private mailOf(call: DropMomentAlerts, member: Shaped, title: string, dedupeKey: string, now: Date): Mail {
    const { email } = member.recipient;
    // `shapeMessage` chooses mail only for a member with a key.
    const key = member.recipient.key as string;
    // Each link names the drop: an unsubscribe from it counts in the drop's figures (docs/decisions/0164).
    const link = (what: Record<string, string>) =>
      `${this.publicUrl}/alerts/unsubscribe?${new URLSearchParams({ m: member.memberId, k: key, ...what, d: call.dropId })}`;
    const stopChannelUrl = link({ channel: 'email' });
    const open = { memberId: member.memberId, key, dropId: call.dropId, moment: call.moment, channel: 'email' as const };
    return {
      to: email,
      subject: title,
      text: dropAlertMailText({
        title,
        matches: member.matches,
        boardUrl: `${this.publicUrl}${alertOpenPath(open)}`,
        stopChannelUrl,
        stopItemUrl: (match) => link({ item: match.item }),
      }),
      dedupeKey,
      // RFC 8058: the mail client's one-click unsubscribe POSTs this body to the https link.
      headers: { 'List-Unsubscribe': `<${stopChannelUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      sendAfter: sendAfter(now, member.recipient.preferences, call.moment),
    };
  }
}

/**
 * A member's message by their choices alone (pure): the items still alerting them, and the channels they turned on
 * that can carry it (mail needs a confirmed address and their unsubscribe key); or why there is none.
 */
export function shapeMessage(
  recipient: AlertRecipient,
  offered: AlertMatch[],
  moment: DropMoment,
): DropAlertOutcome | { matches: AlertMatch[]; channels: AlertChannel[] } {
  const { preferences } = recipient;
  const matches = offered.filter((match) => itemAlerts(preferences, match.list, match.item));
  if (matches.length === 0) return 'nothing_to_say';
  if (moment === 'opening' && !preferences.wakeAtOpening) return 'not_asked';
  const channels = channelsFor(preferences).filter((channel) => channel !== 'email' || (recipient.email && recipient.key));
  return channels.length === 0 ? 'no_channel' : { matches, channels };
}
