import { randomUUID } from 'node:crypto';
import type { InboxMessage } from '@elts/contracts';
import type { Kysely } from 'kysely';
import type { IdentityDb } from './tables.js';

const SHOWN = 50;

/** Puts messages in members' inboxes, in one statement; the same dedupe key twice (a restart mid-send) keeps one. */
export async function addInboxMessages(
  db: Kysely<IdentityDb>,
  messages: { memberId: string; dedupeKey: string; title: string; body: string; link: string; at: Date }[],
): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('alert_inbox')
    .values(
      messages.map((message) => ({
        id: randomUUID(),
        member_id: message.memberId,
        dedupe_key: message.dedupeKey,
        title: message.title,
        body: message.body,
        link: message.link,
        created_at: message.at,
        read_at: null,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** A member's latest messages, newest first. */
export async function inboxOf(db: Kysely<IdentityDb>, memberId: string): Promise<InboxMessage[]> {
  const rows = await db
    .selectFrom('alert_inbox')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  }));
}

/** Marks the member's unread messages read (they were shown): the inbox's "opened" in the operators' figures. */
export async function markInboxRead(db: Kysely<IdentityDb>, memberId: string, at: Date): Promise<void> {
  await db.updateTable('alert_inbox').set({ read_at: at }).where('member_id', '=', memberId).where('read_at', 'is', null).execute();
}
