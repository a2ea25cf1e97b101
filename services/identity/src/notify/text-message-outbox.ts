import { randomUUID } from 'node:crypto';
import type { Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { TextMessage, TextMessageSender } from './text-messages.js';

export interface TextMessageTables {
  text_message_outbox: { id: string; dedupe_key: string; recipient: string; body_text: string; created_at: Date };
}

/**
 * The embedded notifications adapter: with no SMS provider, a message is kept here (and written to the log) instead
 * of being sent, so development and tests can read what members would have received.
 */
export class TextMessageOutbox implements TextMessageSender {
  constructor(
    private readonly db: Kysely<TextMessageTables>,
    private readonly logger: Logger,
  ) {}

  async send(message: TextMessage): Promise<void> {
    const kept = await this.db
      .insertInto('text_message_outbox')
      .values({ id: randomUUID(), dedupe_key: message.dedupeKey, recipient: message.to, body_text: message.text, created_at: new Date() })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (kept) this.logger.info({ to: message.to, body: message.text }, 'text message (no SMS provider configured)');
  }

  /** The latest messages, newest first (the development outbox and tests). */
  recent(limit = 50) {
    return this.db
      .selectFrom('text_message_outbox')
      .select(['id', 'recipient', 'body_text', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
