import type { Kysely } from 'kysely';
import { claimDueRows } from './outbox-claims.js';

export interface MailTables {
  mail_outbox: {
    id: string;
    dedupe_key: string | null;
    recipient: string;
    subject: string;
    body_text: string;
    /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: Record<string, string> | null;
    /** Not sent before this (a member's quiet hours); null: at once. */
    send_after: Date | null;
    status: 'pending' | 'sending' | 'sent' | 'logged' | 'failed';
    attempts: number;
    claimed_at: Date | null;
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
  };
}

export type OutboxMail = MailTables['mail_outbox'];

/** A message as the outbox is given it. */
export interface PendingMail {
  id: string;
  dedupeKey: string | null;
  recipient: string;
  subject: string;
  bodyText: string;
  createdAt: Date;
  headers?: Record<string, string>;
  sendAfter?: Date;
}

/** Adds pending messages in one statement; one whose dedupe key is already there is dropped. */
export async function insertPendingMail(db: Kysely<MailTables>, mails: PendingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(
      mails.map((mail) => ({
        id: mail.id,
        dedupe_key: mail.dedupeKey,
        recipient: mail.recipient,
        subject: mail.subject,
        body_text: mail.bodyText,
        headers: mail.headers ? (JSON.stringify(mail.headers) as never) : null,
        send_after: mail.sendAfter ?? null,
        status: 'pending' as const,
        attempts: 0,
        claimed_at: null,
        last_error: null,
        created_at: mail.createdAt,
        sent_at: null,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Claims the messages due at `now` (the outbox's rule, `claimDueRows`). */
export function claimPendingMail(db: Kysely<MailTables>, claimTimeout: string, now: Date): Promise<OutboxMail[]> {
  return claimDueRows<OutboxMail>(db as never, 'mail_outbox', claimTimeout, now);
}

export async function updateMail(db: Kysely<MailTables>, id: string, values: Partial<OutboxMail>): Promise<void> {
  await db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
}

/** The latest messages, newest first. */
export function recentMail(db: Kysely<MailTables>, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'body_text', 'status', 'created_at', 'sent_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
