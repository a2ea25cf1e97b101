import { createHash, randomBytes } from 'node:crypto';
import { COPY } from '@elts/contracts';
import { type Clock, type EventStore, handle, tooManyRequests } from '@elts/platform';
import type { Kysely } from 'kysely';
import { memberDecider, memberStream } from '../domain/member.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { emailChangeEmail, mobileChangeText } from '../mail/templates.js';
import type { TextMessageSender } from '../notify/text-messages.js';
import {
  type ContactChannel,
  claimContactConfirmation,
  countContactConfirmationsToday,
  dropOldContactConfirmations,
  expireOpenContactConfirmations,
  insertContactConfirmation,
  lockMemberContactChanges,
  memberOfContactConfirmation,
} from '../store/contact-confirmations.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';

/** Long enough to reach a mailbox that is read once a day, short enough that an old message is worth little. */
export const CONTACT_CONFIRMATION_HOURS = 24;
/** Each link is a message to someone's mailbox or phone: a member may not use the product to flood either. */
const CONFIRMATIONS_PER_DAY = 5;
/** Used and expired rows are kept this long for the daily count, then dropped. */
const KEEP_ROWS_DAYS = 7;

const hash = (token: string) => createHash('sha256').update(token).digest();

export interface ContactChangeDeps {
  mail: MailOutbox;
  texts: TextMessageSender;
  publicUrl: string;
  clock: Clock;
}

/** A link to send by text message once the transaction that recorded it has committed. */
export interface PendingText {
  to: string;
  text: string;
  dedupeKey: string;
}

/** Where each channel's link is opened, and what a refusal of too many says. */
const CHANNELS: Record<ContactChannel, { path: string; tooMany: string }> = {
  email: { path: '/user/confirm-email', tooMany: COPY.emailChange.tooManyRequests },
  mobile: { path: '/user/confirm-mobile', tooMany: COPY.mobileChange.tooManyRequests },
};

/**
 * Records a requested contact address (a new email, or a new mobile as ten digits) and makes it a single-use link,
 * inside the caller's transaction. Links sent earlier on the same channel stop working, so only the latest address
 * asked for can be confirmed. Whether the address is anyone else's is never looked at: the answer and the message
 * are the same for a taken and a free one (docs/decisions/0018). The mail to a new email is queued in the
 * transaction; the text to a new mobile is returned, to be sent once the transaction has committed (the text port
 * writes outside it).
 */
export async function requestContactChange(
  db: Kysely<IdentityDb>,
  deps: ContactChangeDeps,
  memberId: string,
  channel: ContactChannel,
  address: string,
): Promise<PendingText | undefined> {
  // Serialises a member's own requests, so two at once cannot both slip under the daily count.
  await lockMemberContactChanges(db, memberId);
  const now = deps.clock.now();
  await dropOldContactConfirmations(db, memberId, KEEP_ROWS_DAYS, now);
  if ((await countContactConfirmationsToday(db, memberId, channel, now)) >= CONFIRMATIONS_PER_DAY) {
    throw tooManyRequests(60 * 60, CHANNELS[channel].tooMany);
  }
  await expireOpenContactConfirmations(db, memberId, channel, now);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hash(token);
  await insertContactConfirmation(db, { tokenHash, memberId, channel, address, validHours: CONTACT_CONFIRMATION_HOURS, now });
  const link = `${deps.publicUrl}${CHANNELS[channel].path}?token=${token}`;
  if (channel === 'mobile') {
    return {
      to: `+91${address}`,
      text: mobileChangeText(address, link, CONTACT_CONFIRMATION_HOURS),
      dedupeKey: `mobile-change:${tokenHash.toString('hex')}`,
    };
  }
  const { subject, text } = emailChangeEmail(address, link, CONTACT_CONFIRMATION_HOURS);
  await deps.mail.enqueue({ to: address, subject, text }, db as never);
  return undefined;
}

/**
 * Applies the address a link was sent to, once: the link is used up in the same transaction that records the
 * member's new contact. Resolves to that address, or undefined for a token that is unknown, used, expired, replaced
 * by a later request or of the other channel (one answer for all, so a guesser learns nothing).
 */
export async function confirmContactChange(
  events: EventStore<IdentityDb>,
  channel: ContactChannel,
  token: string,
  at: Date,
): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokenHash = hash(token);
  const memberId = await events.transact(({ db }) => memberOfContactConfirmation(db, tokenHash));
  if (!memberId) return undefined;
  let claimed: string | undefined;
  const confirmed = await handle(
    events,
    memberDecider,
    memberStream(memberId),
    // The link is used up in the transaction that records the new contact.
    async ({ db }) => {
      const row = await claimContactConfirmation(db, tokenHash, channel, at);
      claimed = row?.member_id === memberId ? row.address : undefined;
      return { kind: 'confirm-contact' as const, channel, address: claimed };
    },
    { metadata: { actor: `member:${memberId}` }, project: projectMemberEvent },
  );
  return confirmed.refusal || !confirmed.state ? undefined : claimed;
}
