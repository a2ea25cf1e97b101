import type { Kysely } from 'kysely';

export interface TextMessageTables {
  text_message_outbox: { id: string; dedupe_key: string; recipient: string; body_text: string; created_at: Date };
}

/** Keeps a message unless one with its dedupe key is kept already; whether it was kept. */
export async function keepTextMessage(
  db: Kysely<TextMessageTables>,
  message: { id: string; dedupeKey: string; recipient: string; bodyText: string; createdAt: Date },
): Promise<boolean> {
  const kept = await db
    .insertInto('text_message_outbox')
    .values({
      id: message.id,
      dedupe_key: message.dedupeKey,
      recipient: message.recipient,
      body_text: message.bodyText,
      created_at: message.createdAt,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return kept !== undefined;
}

/** The latest messages, newest first. */
export function recentTextMessages(db: Kysely<TextMessageTables>, limit: number) {
  return db
    .selectFrom('text_message_outbox')
    .select(['id', 'recipient', 'body_text', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
