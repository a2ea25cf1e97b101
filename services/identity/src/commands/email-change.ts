import { createHash, randomBytes } from 'node:crypto';
import { COPY } from '@elts/contracts';
import { type EventStore, retryOnConcurrency, tooManyRequests } from '@elts/platform';
import type { Kysely } from 'kysely';
import { contactEmailConfirmed, foldMember, memberStream } from '../domain/member.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { emailChangeEmail } from '../mail/templates.js';
import {
  claimEmailConfirmation,
  countEmailConfirmationsToday,
  dropOldEmailConfirmations,
  expireOpenEmailConfirmations,
  insertEmailConfirmation,
  lockMemberEmailChanges,
} from '../store/email-confirmations.js';
import { projectMemberEvent } from '../store/members-projection.js';
import type { IdentityDb } from '../store/tables.js';

/** Long enough to reach a mailbox that is read once a day, short enough that an old message is worth little. */
export const EMAIL_CONFIRMATION_HOURS = 24;
/** Each link is a message to someone's mailbox: a member may not use the product to flood an address. */
const CONFIRMATION_MAILS_PER_DAY = 5;
/** Used and expired rows are kept this long for the daily count, then dropped. */
const KEEP_ROWS_DAYS = 7;

const hash = (token: string) => createHash('sha256').update(token).digest();

export interface EmailChangeDeps {
  mail: MailOutbox;
  publicUrl: string;
}

/**
 * Records a requested contact address and mails it a single-use link, inside the caller's transaction. Links sent
 * earlier stop working, so only the latest address asked for can be confirmed. Whether the address is anyone
 * else's is never looked at: the answer and the mail are the same for a taken and a free address.
 */
export async function requestEmailChange(db: Kysely<IdentityDb>, deps: EmailChangeDeps, memberId: string, email: string): Promise<void> {
  // Serialises a member's own requests, so two at once cannot both slip under the daily count.
  await lockMemberEmailChanges(db, memberId);
  await dropOldEmailConfirmations(db, memberId, KEEP_ROWS_DAYS);
  if ((await countEmailConfirmationsToday(db, memberId)) >= CONFIRMATION_MAILS_PER_DAY) {
    throw tooManyRequests(60 * 60, COPY.emailChange.tooManyRequests);
  }
  await expireOpenEmailConfirmations(db, memberId);
  const token = randomBytes(32).toString('base64url');
  await insertEmailConfirmation(db, { tokenHash: hash(token), memberId, email, validHours: EMAIL_CONFIRMATION_HOURS });
  const link = `${deps.publicUrl}/user/confirm-email?token=${token}`;
  const { subject, text } = emailChangeEmail(email, link, EMAIL_CONFIRMATION_HOURS);
  await deps.mail.enqueue({ to: email, subject, text }, db as never);
}

/**
 * Applies the address a link was mailed to, once: the link is used up in the same transaction that records the
 * member's new contact address. Resolves to that address, or undefined for a token that is unknown, used, expired
 * or replaced by a later request (one answer for all, so a guesser learns nothing).
 */
export async function confirmEmailChange(events: EventStore<IdentityDb>, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return retryOnConcurrency(() =>
    events.transact(async ({ db, append, readStream }) => {
      const claimed = await claimEmailConfirmation(db, hash(token));
      if (!claimed) return undefined;
      const history = await readStream(memberStream(claimed.member_id));
      const state = foldMember(history);
      if (!state) return undefined;
      if (state.email !== claimed.email) {
        const event = { ...contactEmailConfirmed(state, claimed.email), metadata: { actor: `member:${state.id}` } };
        const stored = await append(memberStream(state.id), history.length, [event]);
        for (const applied of stored) await projectMemberEvent(db, applied);
      }
      return claimed.email;
    }),
  );
}
