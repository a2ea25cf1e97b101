import { type Kysely, sql } from 'kysely';
import type { WaitingRowColumns } from './outbox-claims.js';
import type { IdentityDb } from './tables.js';

/** WhatsApp's tables (docs/decisions/0160): members' opt-ins and the WhatsApp outbox. */
export interface WhatsAppTables {
  whatsapp_opt_ins: {
    id: string;
    member_id: string;
    mobile: string;
    wording: string;
    opted_in_at: Date;
    opted_out_at: Date | null;
  };
  whatsapp_outbox: WaitingRowColumns & { category: 'MARKETING' | 'UTILITY'; provider_message_id: string | null };
  /** What Meta's status webhook said of each message (docs/decisions/0168). */
  whatsapp_statuses: {
    provider_message_id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    at: Date;
    error: string | null;
    received_at: Date;
  };
}

export type OutboxWhatsApp = WhatsAppTables['whatsapp_outbox'];

/** The member's standing opt-in (the latest, not withdrawn), if any. */
export function currentOptIn(db: Kysely<IdentityDb>, memberId: string) {
  return db
    .selectFrom('whatsapp_opt_ins')
    .select(['mobile', 'wording', 'opted_in_at'])
    .where('member_id', '=', memberId)
    .where('opted_out_at', 'is', null)
    .orderBy('opted_in_at', 'desc')
    .executeTakeFirst();
}

/** The mobile of each of these members' standing opt-in (the latest), in one read; members without one are absent. */
export async function standingOptInMobiles(db: Kysely<IdentityDb>, memberIds: string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('whatsapp_opt_ins')
    .select(['member_id', 'mobile'])
    .distinctOn('member_id')
    .where('member_id', 'in', memberIds)
    .where('opted_out_at', 'is', null)
    .orderBy('member_id')
    .orderBy('opted_in_at', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.member_id, row.mobile]));
}

export async function recordOptIn(
  db: Kysely<IdentityDb>,
  optIn: { id: string; memberId: string; mobile: string; wording: string; at: Date },
): Promise<void> {
  await db
    .insertInto('whatsapp_opt_ins')
    .values({
      id: optIn.id,
      member_id: optIn.memberId,
      mobile: optIn.mobile,
      wording: optIn.wording,
      opted_in_at: optIn.at,
      opted_out_at: null,
    })
    .execute();
}

/** Withdraws the member's standing opt-ins at `at` (kept, with the time, as the record of consent). */
export async function recordOptOut(db: Kysely<IdentityDb>, memberId: string, at: Date): Promise<void> {
  await db
    .updateTable('whatsapp_opt_ins')
    .set({ opted_out_at: at })
    .where('member_id', '=', memberId)
    .where('opted_out_at', 'is', null)
    .execute();
}

/**
 * Records what Meta's status webhook said of messages (docs/decisions/0168), one row per message and status: a status
 * delivered again records nothing more. How many were new. A failure also marks its message's outbox row failed.
 */
export async function recordWhatsAppStatuses(
  db: Kysely<IdentityDb>,
  statuses: { messageId: string; status: WhatsAppTables['whatsapp_statuses']['status']; at: Date; error: string | null }[],
  receivedAt: Date,
): Promise<number> {
  if (statuses.length === 0) return 0;
  // Committed before the outbox is marked, never in one transaction with it: a send whose answer is stored meanwhile
  // then finds this failure when it marks its own row (markFailedMessages, after its 'sent').
  const inserted = await db
    .insertInto('whatsapp_statuses')
    .values(
      statuses.map((status) => ({
        provider_message_id: status.messageId,
        status: status.status,
        at: status.at,
        error: status.error,
        received_at: receivedAt,
      })),
    )
    .onConflict((oc) => oc.columns(['provider_message_id', 'status']).doNothing())
    .executeTakeFirst();
  const failed = statuses.filter((status) => status.status === 'failed').map((status) => status.messageId);
  await markFailedMessages(db, failed);
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * Meta took these messages and then said it could not deliver them: their outbox rows, sent, become failed with
 * Meta's error. Run after a status is recorded and after a send's answer is stored, as either may come first.
 */
export async function markFailedMessages(db: Kysely<IdentityDb>, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await sql`
    update whatsapp_outbox o set status = 'failed', last_error = coalesce(s.error, 'WhatsApp could not deliver the message')
    from whatsapp_statuses s
    where s.provider_message_id = o.provider_message_id and s.status = 'failed'
      and o.status = 'sent' and o.provider_message_id in (${sql.join(messageIds)})`.execute(db);
}
