import { randomUUID } from 'node:crypto';
import type { Clock, Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import { keepTextMessage, recentTextMessages, type TextMessageTables } from '../store/text-message-outbox.js';
import type { TextMessage, TextMessageSender } from './text-messages.js';

export type { TextMessageTables };

/**
 * The embedded notifications adapter: with no SMS provider, a message is kept here (and written to the log) instead
 * of being sent, so development and tests can read what members would have received.
 */
export class TextMessageOutbox implements TextMessageSender {
  constructor(
    private readonly db: Kysely<TextMessageTables>,
    private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  async send(message: TextMessage): Promise<void> {
    const kept = await keepTextMessage(this.db, {
      id: randomUUID(),
      dedupeKey: message.dedupeKey,
      recipient: message.to,
      bodyText: message.text,
      createdAt: this.clock.now(),
    });
    if (kept) this.logger.info({ to: message.to, body: message.text }, 'text message (no SMS provider configured)');
  }

  /** The latest messages, newest first (the development outbox and tests). */
  recent(limit = 50) {
    return recentTextMessages(this.db, limit);
  }
}
