import type { Kysely } from 'kysely';
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
